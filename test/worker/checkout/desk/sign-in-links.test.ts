/**
 * Sign-in links: made server to server (the shop's backend token, or the admin token), single
 * use, ten minutes, only their hash stored; the URL carries the token in its fragment.
 */
import { describe, expect, it } from "vitest";
import type { DeskSession, DeskSignInLink } from "../../../../worker/checkout/dashboard-wire.js";
import { tokenHash } from "../../../../worker/checkout/desk/desk-secrets.js";
import { SIGN_IN_LINK_TTL_MS } from "../../../../worker/checkout/desk/session-rules.js";
import { errorOf, callWith, ORIGIN } from "../support/http.js";
import { admin } from "../support/registry.js";
import {
  operatorLink,
  postSignIn,
  runDeskAlarm,
  shopLink,
  storedKeys,
  storedRecord,
  tokenOf,
} from "../support/desk-sign-in.js";
import { TEST_SECRETS } from "../support/test-env.js";

describe("sign-in links", () => {
  it("are made with the shop's backend token, on the request's origin, the token in the fragment", async () => {
    const before = Date.now();
    const link = await shopLink("demo-open");
    const url = new URL(link.url);
    expect(url.origin).toBe(ORIGIN);
    expect(url.pathname).toBe("/dashboard/sign-in");
    expect(url.search).toBe("");
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(link.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(SIGN_IN_LINK_TTL_MS - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(SIGN_IN_LINK_TTL_MS);
  });

  it("are on PUBLIC_URL when it is set", async () => {
    const link = await shopLink("demo-open", { PUBLIC_URL: "https://pay.example.com/ignored/path" });
    expect(link.url).toMatch(/^https:\/\/pay\.example\.com\/dashboard\/sign-in#[A-Za-z0-9_-]{43}$/);
  });

  it("store only the token's hash, and the shop they open", async () => {
    const link = await shopLink("demo-signed");
    const token = tokenOf(link);
    const record = await storedRecord("link", token);
    expect(record).toMatchObject({
      kind: "link",
      usedAt: null,
      identity: { via: "link", operator: false, shops: ["demo-signed"] },
    });
    expect(JSON.stringify(record)).not.toContain(token);
    expect(await tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuse a missing or another shop's backend token", async () => {
    const none = await callWith({}, "/api/shops/demo-open/dashboard/sign-in-links", { method: "POST" });
    expect(none.status).toBe(401);
    const other = await callWith({}, "/api/shops/demo-open/dashboard/sign-in-links", {
      method: "POST",
      headers: { Authorization: `Bearer ${TEST_SECRETS.DEMO_SIGNED_BACKEND_TOKEN}` },
    });
    expect(other.status).toBe(401);
    expect((await errorOf(other)).code).toBe("unauthorized");
  });

  it("are made with the admin token for one shop or for the operator's view of every shop", async () => {
    const one = await admin("/admin/dashboard/sign-in-links", { body: { shop: "demo-signed" } });
    expect(one.status).toBe(201);
    const oneLink = (await one.json()) as DeskSignInLink;
    expect((await storedRecord("link", tokenOf(oneLink)))?.identity).toMatchObject({
      operator: false,
      shops: ["demo-signed"],
    });

    const every = await operatorLink();
    expect((await storedRecord("link", tokenOf(every)))?.identity).toMatchObject({ operator: true });

    const unknown = await admin("/admin/dashboard/sign-in-links", { body: { shop: "no-such-shop" } });
    expect(unknown.status).toBe(404);
    const bad = await admin("/admin/dashboard/sign-in-links", { body: { operator: false } });
    expect(bad.status).toBe(400);
    const noToken = await admin("/admin/dashboard/sign-in-links", { body: { operator: true } }, null);
    expect(noToken.status).toBe(401);
  });

  it("work once: the second use of a link is refused", async () => {
    const token = tokenOf(await shopLink());
    const first = await postSignIn(token);
    expect(first.status).toBe(200);
    const session = (await first.json()) as DeskSession;
    expect(session.shops.map((shop) => shop.id)).toEqual(["demo-open"]);
    expect(session.identity).toEqual({ email: null, via: "link", operator: false });

    const second = await postSignIn(token);
    expect(second.status).toBe(401);
    const error = await errorOf(second);
    expect(error.code).toBe("unauthenticated");
    expect(error.message).toContain("used already");
    expect(
      second.headers.getSetCookie().some((line) => /desk_session=[^;]+/.test(line) && !/Max-Age=0/.test(line)),
    ).toBe(false);
  });

  it("work once even when used twice at the same moment", async () => {
    const token = tokenOf(await shopLink());
    const answers = await Promise.all([postSignIn(token), postSignIn(token), postSignIn(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it("are refused once expired, and their record is deleted by its alarm", async () => {
    const token = tokenOf(await shopLink());
    await storedRecord("link", token, (record) => ({ ...record, expiresAt: Date.now() - 1 }));
    const response = await postSignIn(token);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toContain("expired");
  });

  it("refuse a token that was never made, and a malformed one", async () => {
    const unknown = await postSignIn("A".repeat(43));
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).message).toContain("not valid");
    const malformed = await postSignIn("short");
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).message).toContain("token");
  });

  it("leave nothing behind once their time is over (the object's alarm deletes the record)", async () => {
    const token = tokenOf(await shopLink());
    expect(await storedKeys("link", token)).toEqual(["record"]);
    // Not due yet: the alarm keeps the record.
    expect(await runDeskAlarm("link", token)).toBe(true);
    expect(await storedKeys("link", token)).toEqual(["record"]);
    await storedRecord("link", token, (record) => ({ ...record, expiresAt: Date.now() - 1 }));
    expect(await runDeskAlarm("link", token)).toBe(true);
    expect(await storedKeys("link", token)).toEqual([]);
  });

  it("answer 404 naming the fix while DASHBOARD_SESSION_KEY is unset", async () => {
    const response = await callWith(
      { DASHBOARD_SESSION_KEY: undefined },
      "/api/shops/demo-open/dashboard/sign-in-links",
      {
        method: "POST",
        headers: { Authorization: `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN}` },
      },
    );
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toContain("DASHBOARD_SESSION_KEY");
    const session = await callWith({ DASHBOARD_SESSION_KEY: undefined }, "/dashboard/api/session");
    expect(session.status).toBe(404);
    expect((await errorOf(session)).message).toContain("DASHBOARD_SESSION_KEY");
  });
});
