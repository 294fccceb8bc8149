/**
 * Dashboard sessions: the cookie (signed, HttpOnly, SameSite=Strict, `__Host-` and Secure over
 * https), idle and absolute expiry (times moved in storage, no waiting), sign-out that ends the
 * session server-side, the sign-in rate limit, and no secret in any answer or log line.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DeskSession } from "../../../../worker/checkout/dashboard-wire.js";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../../../worker/checkout/desk/session-rules.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { callWith, errorOf } from "../support/http.js";
import {
  cookieOf,
  deskCall,
  postSignIn,
  runDeskAlarm,
  sessionIdOf,
  shopLink,
  signedIn,
  storedKeys,
  storedRecord,
  tokenOf,
} from "../support/desk-sign-in.js";
import { TEST_SECRETS } from "../support/test-env.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the session cookie", () => {
  it("over https is __Host-, Secure, HttpOnly, SameSite=Strict, Path=/, and lasts at most the session's 12 hours", async () => {
    const response = await postSignIn(tokenOf(await shopLink()));
    const line = response.headers.getSetCookie().find((l) => l.startsWith("__Host-desk_session="));
    expect(line).toBeDefined();
    expect(line).toContain("Secure");
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Strict");
    expect(line).toContain("Path=/");
    expect(line).not.toContain("Domain");
    expect(line).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
  });

  it("on plain http (127.0.0.1) has no prefix and no Secure, and works there", async () => {
    const origin = "http://127.0.0.1:8787";
    const link = await shopLink();
    const response = await callWith({}, `${origin}/dashboard/api/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({ token: tokenOf(link) }),
    });
    expect(response.status).toBe(200);
    const line = response.headers.getSetCookie().find((l) => l.startsWith("desk_session="));
    expect(line).toBeDefined();
    expect(line).not.toContain("Secure");
    expect(line).toContain("HttpOnly");
    const again = await callWith({}, `${origin}/dashboard/api/session`, { headers: { Cookie: cookieOf(response) } });
    expect(again.status).toBe(200);
  });

  it("is refused when its signature does not hold, or it is signed with another key", async () => {
    const { cookie } = await signedIn();
    const [name, value = ""] = cookie.split("=");
    const tampered = `${name}=${encodeURIComponent(`${decodeURIComponent(value).slice(0, 42)}x${decodeURIComponent(value).slice(43)}`)}`;
    expect((await deskCall("/dashboard/api/session", { cookie: tampered })).status).toBe(401);
    const otherKey = await deskCall("/dashboard/api/session", {
      cookie,
      bindings: { DASHBOARD_SESSION_KEY: "another_key_of_at_least_32_characters_xx" },
    });
    expect(otherKey.status).toBe(401);
    expect((await deskCall("/dashboard/api/session", { cookie })).status).toBe(200);
  });
});

describe("a cookie that is not one of ours", () => {
  it("is 401, never a server error, whatever it holds", async () => {
    const junk = [
      "__Host-desk_session=",
      "__Host-desk_session=no-dot-at-all",
      "__Host-desk_session=%E0%A4%A",
      `__Host-desk_session=${"a".repeat(5000)}.${"b".repeat(44)}`,
      "__Host-desk_session=x.y; __Host-desk_session=z.w",
      "desk_session=plain-name-on-https.sig",
    ];
    for (const cookie of junk) {
      const response = await deskCall("/dashboard/api/session", { cookie });
      expect(response.status, cookie.slice(0, 60)).toBe(401);
      expect((await errorOf(response)).code).toBe("unauthenticated");
    }
  });
});

describe("GET /dashboard/api/session", () => {
  it("answers the session with a CSRF token, and each request moves the idle end, never the absolute one", async () => {
    const { cookie, session } = await signedIn();
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(session.expiresAt) - Date.parse(session.idleExpiresAt)).toBeGreaterThan(0);
    await storedRecord("session", sessionIdOf(cookie), (record) =>
      record.kind === "session" ? { ...record, idleExpiresAt: Date.now() + 60_000 } : record,
    );
    const response = await deskCall("/dashboard/api/session", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const again = (await response.json()) as DeskSession;
    expect(Date.parse(again.idleExpiresAt) - Date.now()).toBeGreaterThan(SESSION_IDLE_MS - 5000);
    expect(again.expiresAt).toBe(session.expiresAt);
    expect(again.csrfToken).toBe(session.csrfToken);
  });

  it("is 401 unauthenticated without a cookie", async () => {
    const response = await deskCall("/dashboard/api/session");
    expect(response.status).toBe(401);
    const error = await errorOf(response);
    expect(error.code).toBe("unauthenticated");
    expect(error.message).toContain("crypto-checkout dashboard login");
  });
});

describe("expiry", () => {
  it("ends a session idle for 30 minutes: refused, and its record deleted", async () => {
    const { cookie } = await signedIn();
    const id = sessionIdOf(cookie);
    await storedRecord("session", id, (record) => ({ ...record, idleExpiresAt: Date.now() - 1 }));
    const response = await deskCall("/dashboard/api/session", { cookie });
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().some((l) => l.includes("Max-Age=0"))).toBe(true);
    expect(await storedKeys("session", id)).toEqual([]);
  });

  it("ends a session 12 hours after it began however active it was", async () => {
    const { cookie } = await signedIn();
    const id = sessionIdOf(cookie);
    await storedRecord("session", id, (record) => ({
      ...record,
      expiresAt: Date.now() - 1,
      idleExpiresAt: Date.now() + 60_000,
    }));
    expect((await deskCall("/dashboard/api/session", { cookie })).status).toBe(401);
    expect(await storedKeys("session", id)).toEqual([]);
  });

  it("deletes an ended session by its alarm even when no request comes", async () => {
    const { cookie } = await signedIn();
    const id = sessionIdOf(cookie);
    await storedRecord("session", id, (record) => ({ ...record, idleExpiresAt: Date.now() - 1 }));
    expect(await runDeskAlarm("session", id)).toBe(true);
    expect(await storedKeys("session", id)).toEqual([]);
  });
});

describe("sign-out", () => {
  it("ends the session server-side: the old cookie opens nothing any more", async () => {
    const { cookie, session } = await signedIn();
    const out = await deskCall("/dashboard/api/session", { method: "DELETE", cookie, csrf: session.csrfToken });
    expect(out.status).toBe(204);
    expect(
      out.headers.getSetCookie().some((l) => l.startsWith("__Host-desk_session=;") && l.includes("Max-Age=0")),
    ).toBe(true);
    expect(await storedKeys("session", sessionIdOf(cookie))).toEqual([]);
    const after = await deskCall("/dashboard/api/session", { cookie });
    expect(after.status).toBe(401);
  });

  it("signing in again from the same browser ends the session it had", async () => {
    const first = await signedIn();
    const response = await postSignIn(tokenOf(await shopLink()), { cookie: first.cookie });
    expect(response.status).toBe(200);
    expect(cookieOf(response)).not.toBe(first.cookie);
    expect(await storedKeys("session", sessionIdOf(first.cookie))).toEqual([]);
  });
});

describe("the sign-in rate limit", () => {
  it("answers 429 with Retry-After once a client has tried too often", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    let limited: Response | undefined;
    for (let i = 0; i < 15 && !limited; i += 1) {
      const response = await postSignIn("B".repeat(43), { ip });
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(401);
    }
    if (!limited) throw new Error("15 sign-in attempts from one client were never limited");
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await errorOf(limited)).code).toBe("rate_limited");
  });

  it("counts every client apart, by its address (IPv6 by its /64), before the token is looked at", async () => {
    const keys: string[] = [];
    const limiter: RateLimit = {
      limit: ({ key }: RateLimitOptions) => (keys.push(key), Promise.resolve({ success: false })),
    };
    const token = tokenOf(await shopLink());
    const response = await postSignIn(token, {
      ip: "2001:db8:1:2:3:4:5:6",
      bindings: { DESK_SIGN_IN_LIMITER: limiter } as Partial<Env>,
    });
    expect(response.status).toBe(429);
    expect(keys).toEqual(["2001:db8:1:2::/64"]);
    // The refused attempt did not use the link.
    expect((await postSignIn(token)).status).toBe(200);
  });
});

describe("secrets", () => {
  it("never appear in an answer or a log line: the link's token, the session id, the CSRF token, the key", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const link = await shopLink();
    const token = tokenOf(link);
    const signIn = await postSignIn(token);
    const body = await signIn.text();
    const cookie = cookieOf(signIn);
    const id = sessionIdOf(cookie);
    const { csrfToken } = JSON.parse(body) as DeskSession;
    const read = await (await deskCall("/dashboard/api/session", { cookie })).text();
    await deskCall("/dashboard/api/session", { method: "DELETE", cookie, csrf: "wrong" });
    await postSignIn(token);
    vi.restoreAllMocks();
    expect(lines.length).toBeGreaterThan(3);
    const logs = lines.join("\n");
    for (const secret of [token, id, csrfToken, TEST_SECRETS.DASHBOARD_SESSION_KEY]) expect(logs).not.toContain(secret);
    for (const secret of [token, id, TEST_SECRETS.DASHBOARD_SESSION_KEY]) {
      expect(body).not.toContain(secret);
      expect(read).not.toContain(secret);
    }
  });
});
