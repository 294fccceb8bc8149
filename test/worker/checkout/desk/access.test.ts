/**
 * Cloudflare Access: the JWT in Cf-Access-Jwt-Assertion is verified against the team's key set
 * (keys made here, served as `{team}/cdn-cgi/access/certs` through the isolate's fetch), issuer
 * and audience, RS256 and expiry; its email maps to the shops whose dashboardUsers list it (the
 * SHOPS var's and the registry's), or to every shop for DASHBOARD_OPERATORS. GET session with a
 * valid token and no session makes one.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DeskSession } from "../../../../worker/checkout/dashboard-wire.js";
import { deskAuth, deskShop } from "../../../../worker/checkout/desk/desk-auth.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { toCheckoutError } from "../../../../worker/checkout/http/errors.js";
import type { AppEnv } from "../../../../worker/checkout/http/plumbing.js";
import { callWith, errorOf, ORIGIN } from "../support/http.js";
import { cookieOf, deskCall } from "../support/desk-sign-in.js";
import { addShop, admin, registryId } from "../support/registry.js";

const TEAM = "https://desk-test.cloudflareaccess.com";
const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";
const KID = "access-key-1";

let signingKey: CryptoKey;
/** A key of the same id that the team does not publish: its signatures do not verify. */
let strangerKey: CryptoKey;
let publicJwk: JWK;
let certsFetched = 0;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  signingKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  strangerKey = (await generateKeyPair("RS256")).privateKey;
});

let realFetch: typeof fetch;
beforeEach(() => {
  realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === `${TEAM}/cdn-cgi/access/certs`) {
      certsFetched += 1;
      return Response.json({ keys: [publicJwk], public_cert: { kid: KID, cert: "-----BEGIN CERTIFICATE-----" } });
    }
    return realFetch(input, init);
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

/** SHOPS of wrangler.toml with dashboardUsers for the demo shops. */
function shopsWithUsers(): string {
  const shops = JSON.parse(String((env as unknown as Env).SHOPS)) as Record<string, unknown>[];
  return JSON.stringify(
    shops.map((shop) =>
      shop.id === "demo-open"
        ? { ...shop, dashboardUsers: ["Alice@Example.com", "both@example.com"] }
        : { ...shop, dashboardUsers: ["both@example.com"] },
    ),
  );
}

const ACCESS: Partial<Env> = {
  ACCESS_TEAM_DOMAIN: TEAM,
  ACCESS_AUD: AUD,
  DASHBOARD_OPERATORS: "ops@example.com, Boss@Example.com",
};

function bindings(): Partial<Env> {
  return { ...ACCESS, SHOPS: shopsWithUsers() };
}

interface TokenOptions {
  email?: string | null;
  issuer?: string;
  audience?: string;
  key?: CryptoKey;
  expires?: number | string;
}

async function accessToken(options: TokenOptions = {}): Promise<string> {
  const claims = options.email === null ? {} : { email: options.email ?? "alice@example.com" };
  return new SignJWT({ ...claims, type: "app" })
    .setProtectedHeader({ alg: "RS256", kid: KID })
    .setIssuer(options.issuer ?? TEAM)
    .setAudience([options.audience ?? AUD])
    .setSubject("user-1")
    .setIssuedAt()
    .setExpirationTime(options.expires ?? "5m")
    .sign(options.key ?? signingKey);
}

function withAccess(token: string, over: Partial<Env> = bindings()): Promise<Response> {
  return callWith(over, "/dashboard/api/session", { headers: { "Cf-Access-Jwt-Assertion": token } });
}

describe("a valid Access JWT", () => {
  it("makes a session on GET /dashboard/api/session: the email's shops, a cookie that then works alone", async () => {
    const response = await withAccess(await accessToken({ email: "ALICE@example.com" }));
    expect(response.status).toBe(200);
    const session = (await response.json()) as DeskSession;
    expect(session.identity).toEqual({ email: "alice@example.com", via: "access", operator: false });
    expect(session.shops.map((shop) => shop.id)).toEqual(["demo-open"]);
    const again = await deskCall("/dashboard/api/session", { cookie: cookieOf(response), bindings: bindings() });
    expect(again.status).toBe(200);
    expect(((await again.json()) as DeskSession).csrfToken).toBe(session.csrfToken);
    expect(certsFetched).toBeGreaterThan(0);
  });

  it("of a person listed by two shops sees both", async () => {
    const response = await withAccess(await accessToken({ email: "both@example.com" }));
    expect(((await response.json()) as DeskSession).shops.map((shop) => shop.id)).toEqual(["demo-open", "demo-signed"]);
  });

  it("of an operator (DASHBOARD_OPERATORS) sees every shop", async () => {
    const response = await withAccess(await accessToken({ email: "boss@example.com" }));
    expect(response.status).toBe(200);
    const session = (await response.json()) as DeskSession;
    expect(session.identity.operator).toBe(true);
    expect(session.shops.map((shop) => shop.id)).toEqual(expect.arrayContaining(["demo-open", "demo-signed"]));
  });

  it("of a registry shop's dashboard user sees that shop (dashboardUsers set through the admin API)", async () => {
    const id = registryId("access");
    await addShop(id);
    const patch = await admin(`/admin/shops/${id}`, {
      method: "PATCH",
      body: { dashboardUsers: ["Carol@Example.com"] },
    });
    expect(patch.status).toBe(200);
    const invalid = await admin(`/admin/shops/${id}`, { method: "PATCH", body: { dashboardUsers: ["not an email"] } });
    expect(invalid.status).toBe(400);
    const response = await withAccess(await accessToken({ email: "carol@example.com" }), ACCESS);
    expect(response.status).toBe(200);
    expect(((await response.json()) as DeskSession).shops.map((shop) => shop.id)).toEqual([id]);
  });

  it("authenticates a read of a shop's data route without a session (deskAuth), for its own shops only", async () => {
    const probe = new Hono<AppEnv>();
    probe.get("/dashboard/api/shops/:shop/probe", deskAuth, (c) => c.json({ shop: deskShop(c) }));
    probe.onError((err) => toCheckoutError(err).toResponse());
    const token = await accessToken();
    const call = (shop: string) =>
      probe.fetch(
        new Request(`${ORIGIN}/dashboard/api/shops/${shop}/probe`, { headers: { "Cf-Access-Jwt-Assertion": token } }),
        { ...(env as unknown as Env), ...bindings() },
        createExecutionContext(),
      );
    expect((await call("demo-open")).status).toBe(200);
    expect((await call("demo-signed")).status).toBe(404);
  });
});

describe("an Access JWT is refused", () => {
  const cases: [string, () => Promise<string>, string][] = [
    ["with another audience", () => accessToken({ audience: "another-application" }), "audience"],
    ["from another issuer", () => accessToken({ issuer: "https://other-team.cloudflareaccess.com" }), "issued by"],
    ["signed by a key the team does not publish", () => accessToken({ key: strangerKey }), "signature"],
    ["once expired", () => accessToken({ expires: Math.floor(Date.now() / 1000) - 120 }), "expired"],
    ["without an email (a service token)", () => accessToken({ email: null }), "names no email"],
  ];
  for (const [name, make, cause] of cases) {
    it(name, async () => {
      const lines: string[] = [];
      vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
      const token = await make();
      const response = await withAccess(token);
      expect(response.status).toBe(401);
      const error = await errorOf(response);
      expect(error.code).toBe("unauthenticated");
      expect(error.message).toContain(cause);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(lines.join("\n")).not.toContain(token);
    });
  }

  it("when its email is listed by no shop and is no operator", async () => {
    const response = await withAccess(await accessToken({ email: "mallory@example.com" }));
    expect(response.status).toBe(401);
    const error = await errorOf(response);
    expect(error.message).toContain("mallory@example.com");
    expect(error.message).toContain("dashboardUsers");
  });

  it("is not even looked at while Access is not configured (anyone could send the header)", async () => {
    const response = await withAccess(await accessToken({ email: "boss@example.com" }), { SHOPS: shopsWithUsers() });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toContain("Not signed in");
  });

  it("while ACCESS_TEAM_DOMAIN is not an https team domain: 500, and the log names the fix", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const response = await withAccess(await accessToken(), {
      ...bindings(),
      ACCESS_TEAM_DOMAIN: "http://desk-test.example",
    });
    expect(response.status).toBe(500);
    expect((await errorOf(response)).message).not.toContain("desk-test");
    expect(lines.some((line) => line.includes('"event":"config_invalid"') && line.includes("ACCESS_TEAM_DOMAIN"))).toBe(
      true,
    );
  });

  it("does not stand in for a session on a state-changing request", async () => {
    const response = await callWith(bindings(), "/dashboard/api/session", {
      method: "DELETE",
      headers: { "Cf-Access-Jwt-Assertion": await accessToken(), Origin: ORIGIN },
    });
    expect(response.status).toBe(401);
  });
});
