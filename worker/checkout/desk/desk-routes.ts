/**
 * The dashboard's sign-in routes (docs/dashboard.md, "Signing in"):
 * - POST   /dashboard/api/session {token}: a sign-in link's token becomes a session (cookie);
 *          rate-limited per client (DESK_SIGN_IN_LIMITER), same-origin only;
 * - GET    /dashboard/api/session: the session (DeskSession); with Cloudflare Access and no
 *          session yet, one is made from the Access JWT;
 * - DELETE /dashboard/api/session: sign-out, the session deleted server-side;
 * - GET    /demo/api/dashboard-sign-in (demo mode only): a fresh operator link, followed at once;
 * and `deskAuth` in front of every /dashboard/api/shops/* route (the data routes).
 * And the handlers of the link-making routes, mounted behind their authentication by
 * routes/desk-api.ts (the shop's backend token, or the admin token).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { DeskSession, DeskSignInLink } from "../dashboard-wire.js";
import { demoServed } from "../demo/demo-routes.js";
import type { Env } from "../env.js";
import { clientKey } from "../http/client-key.js";
import { CheckoutError } from "../http/errors.js";
import { jsonBody, limitBody, type AppEnv } from "../http/plumbing.js";
import { log } from "../http/log.js";
import { shopId } from "../rules.js";
import { getShop } from "../shops/shop-source.js";
import { assertOwnPage, authenticate, deskAuth, unauthenticated, type Signedin } from "./desk-auth.js";
import { sessionKey, TOKEN } from "./desk-secrets.js";
import { allShopIds, currentIdentity } from "./desk-identity.js";
import {
  clearedCookie,
  createSignInLink,
  currentSession,
  endSession,
  startSession,
  useSignInLink,
} from "./sessions.js";

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_SIGN_IN_BODY = 1024;
/** Seconds a client waits after too many sign-in attempts (the limiter's period). */
const SIGN_IN_RETRY_AFTER_SECONDS = 60;

export const signInBodySchema = z.strictObject({
  token: z.string().regex(TOKEN, "must be the token of a sign-in link (the part after # in its URL)"),
});

/** POST /admin/dashboard/sign-in-links: one shop, or every shop for the platform's operator. */
export const adminLinkSchema = z.union([
  z.strictObject({ shop: shopId }),
  z.strictObject({ operator: z.literal(true) }),
]);

/** DeskSession of a signed-in request: the identity with each shop's name and environment. */
async function sessionView(env: Env, signedIn: Required<Pick<Signedin, "identity" | "session">>): Promise<DeskSession> {
  const { identity, session } = signedIn;
  const shops = await Promise.all(
    identity.shops.map(async (id) => {
      try {
        const shop = await getShop(env, id);
        return { id: shop.id, name: shop.name, environment: shop.environment };
      } catch {
        // A shop that cannot be served right now is left out of the list (its own routes say why).
        return undefined;
      }
    }),
  );
  return {
    identity: { email: identity.email, via: identity.via, operator: identity.operator },
    shops: shops.filter((shop) => shop !== undefined),
    csrfToken: session.csrfToken,
    expiresAt: new Date(session.expiresAt).toISOString(),
    idleExpiresAt: new Date(session.idleExpiresAt).toISOString(),
  };
}

/** 429 rate_limited once a client has tried to sign in too often. */
async function limitSignIns(c: Context<AppEnv>): Promise<void> {
  const { success } = await c.env.DESK_SIGN_IN_LIMITER.limit({ key: clientKey(c.req.header("CF-Connecting-IP")) });
  if (!success)
    throw new CheckoutError(429, "rate_limited", "Too many sign-in attempts from this client; try again in a minute.", {
      "Retry-After": String(SIGN_IN_RETRY_AFTER_SECONDS),
    });
}

export const deskRoutes = new Hono<AppEnv>();

deskRoutes.use("/dashboard/api/*", async (c, next) => {
  sessionKey(c.env);
  await next();
});

// Every route of a shop's data (routes/dashboard-api.ts, mounted after this) is signed in: `c.var.desk`.
deskRoutes.use("/dashboard/api/shops/*", deskAuth);

deskRoutes.post("/dashboard/api/session", limitBody(MAX_SIGN_IN_BODY), async (c, next) => {
  assertOwnPage(c);
  await limitSignIns(c);
  await next();
});

deskRoutes.post("/dashboard/api/session", jsonBody(signInBodySchema), async (c) => {
  const key = sessionKey(c.env);
  const identity = await useSignInLink(c.env, c.req.valid("json").token);
  // A browser that was signed in already leaves that session behind: it ends now.
  const previous = await currentSession(c, key);
  if (previous && previous !== "ended") await endSession(c.env, previous.id);
  const current = await currentIdentity(c.env, identity);
  if (!current) throw unauthenticated("This sign-in link's shop is no longer served: ask for a new link.");
  const session = await startSession(c, key, identity);
  log("info", "desk_signed_in", {
    requestId: c.get("requestId"),
    via: identity.via,
    operator: identity.operator,
    shops: identity.shops.length,
  });
  return c.json(await sessionView(c.env, { identity: current, session }), 200, NO_STORE);
});

deskRoutes.get("/dashboard/api/session", async (c) => {
  const signedIn = await authenticate(c, { makeSession: true });
  if (!signedIn.session) throw unauthenticated();
  return c.json(await sessionView(c.env, { identity: signedIn.identity, session: signedIn.session }), 200, NO_STORE);
});

deskRoutes.delete("/dashboard/api/session", async (c) => {
  const { sessionId } = await authenticate(c, { makeSession: false });
  if (sessionId) await endSession(c.env, sessionId);
  return c.body(null, 204, { ...NO_STORE, "Set-Cookie": clearedCookie(c) });
});

/** POST /api/shops/{shop}/dashboard/sign-in-links (behind the shop's backend token). */
export async function shopSignInLink(c: Context<AppEnv>): Promise<Response> {
  sessionKey(c.env);
  const shop = await getShop(c.env, c.req.param("shop") ?? "");
  const link: DeskSignInLink = await createSignInLink(
    c.env,
    { email: null, via: "link", operator: false, shops: [shop.id] },
    c.req.url,
  );
  return c.json(link, 201, NO_STORE);
}

/** POST /admin/dashboard/sign-in-links (behind the admin token), body validated by adminLinkSchema. */
export async function adminSignInLink(c: Context<AppEnv>, body: z.output<typeof adminLinkSchema>): Promise<Response> {
  sessionKey(c.env);
  const identity =
    "shop" in body
      ? { email: null, via: "link" as const, operator: false, shops: [(await getShop(c.env, body.shop)).id] }
      : { email: null, via: "link" as const, operator: true, shops: [] };
  return c.json(await createSignInLink(c.env, identity, c.req.url), 201, NO_STORE);
}

/**
 * GET /demo/api/dashboard-sign-in: the demo's way into the dashboard whenever the reader clicks,
 * a fresh operator link followed at once. Demo mode only (every shop is then a sandbox shop).
 */
deskRoutes.get("/demo/api/dashboard-sign-in", async (c) => {
  if (!(await demoServed(c.env))) throw new CheckoutError(404, "not_found", "No such route.");
  sessionKey(c.env);
  if (!(await allShopIds(c.env)).length) throw new CheckoutError(404, "unknown_shop", "The demo has no shops.");
  const link = await createSignInLink(c.env, { email: null, via: "link", operator: true, shops: [] }, c.req.url);
  c.header("Cache-Control", "no-store");
  return c.redirect(link.url, 303);
});
