/**
 * A shop's session never reads another shop: its session lists that shop alone, and deskShop
 * (the one check every dashboard route of a shop makes) refuses any other shop's id with the same
 * 404 as a shop that does not exist. An operator's session sees every shop. Shown on a tiny route
 * built the way the dashboard's data routes are (deskAuth, then deskShop).
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { deskAuth, deskShop } from "../../../../worker/checkout/desk/desk-auth.js";
import { toCheckoutError } from "../../../../worker/checkout/http/errors.js";
import type { AppEnv } from "../../../../worker/checkout/http/plumbing.js";
import { errorOf, ORIGIN } from "../support/http.js";
import { deskCall, signedIn } from "../support/desk-sign-in.js";
import { addShop, registryId } from "../support/registry.js";

const probe = new Hono<AppEnv>();
probe.get("/dashboard/api/shops/:shop/probe", deskAuth, (c) => c.json({ shop: deskShop(c), desk: c.get("desk") }));
probe.post("/dashboard/api/shops/:shop/probe", deskAuth, (c) => c.json({ shop: deskShop(c) }));
probe.onError((err) => toCheckoutError(err).toResponse());

async function probeCall(shop: string, cookie: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return probe.fetch(
    new Request(`${ORIGIN}/dashboard/api/shops/${shop}/probe`, { ...init, headers }),
    env,
    createExecutionContext(),
  );
}

describe("one shop's session", () => {
  it("lists its own shop alone, reads it, and gets 404 for every other shop", async () => {
    const { cookie, session } = await signedIn("demo-open");
    expect(session.shops).toEqual([{ id: "demo-open", name: "Demo Shop (open pricing)", environment: "sandbox" }]);
    const own = await probeCall("demo-open", cookie);
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ shop: "demo-open", desk: { operator: false, shops: ["demo-open"] } });
    for (const other of ["demo-signed", "no-such-shop", "DEMO-OPEN", "demo-open%20"]) {
      const response = await probeCall(other, cookie);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("unknown_shop");
    }
  });

  it("is refused before the route runs without a cookie, and for a state change without the CSRF token", async () => {
    const { cookie, session } = await signedIn("demo-signed");
    expect((await probeCall("demo-signed", "")).status).toBe(401);
    expect((await probeCall("demo-signed", cookie, { method: "POST", headers: { Origin: ORIGIN } })).status).toBe(403);
    const allowed = await probeCall("demo-signed", cookie, {
      method: "POST",
      headers: { Origin: ORIGIN, "X-CSRF-Token": session.csrfToken },
    });
    expect(allowed.status).toBe(200);
  });
});

describe("an operator's session", () => {
  it("sees every shop of both sources, including one added after it signed in", async () => {
    const { cookie, session } = await signedIn("operator");
    expect(session.identity).toEqual({ email: null, via: "link", operator: true });
    const ids = session.shops.map((shop) => shop.id);
    expect(ids).toEqual(expect.arrayContaining(["demo-open", "demo-signed"]));
    const added = await addShop(registryId("desk"));
    const response = await probeCall(added.shop.id, cookie);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { desk: { shops: string[] } }).desk.shops).toContain(added.shop.id);
  });
});

describe("the Worker's routes of a shop's data (/dashboard/api/shops/*)", () => {
  it("are behind deskAuth: 401 before any route without a session, CSRF-checked for a state change", async () => {
    const none = await deskCall("/dashboard/api/shops/demo-open/overview");
    expect(none.status).toBe(401);
    expect((await errorOf(none)).code).toBe("unauthenticated");
    const { cookie } = await signedIn("demo-open");
    const forged = await deskCall("/dashboard/api/shops/demo-open/webhooks/ping", { method: "POST", cookie });
    expect(forged.status).toBe(403);
    expect((await errorOf(forged)).code).toBe("csrf_refused");
  });
});
