/**
 * Who is signed in to the dashboard, for every route under /dashboard/api:
 * - `deskAuth` (middleware) sets `c.var.desk` from the session cookie or, for a read without a
 *   session, from a verified Cloudflare Access JWT; anything else is 401 unauthenticated. For a
 *   state-changing request it also refuses a foreign Origin and a missing or wrong CSRF token
 *   (csrf.ts, 403). Without DASHBOARD_SESSION_KEY, 404 naming the fix.
 * - `deskShop(c)` is the one check that the route's `:shop` is one this identity may see (404
 *   unknown_shop otherwise, the same answer as a shop that does not exist).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { DeskIdentity } from "../dashboard-wire.js";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import { accessEmail } from "./access.js";
import { ownOrigins } from "../http/own-origins.js";
import { assertCsrfToken, assertSameOrigin, CSRF_HEADER, isStateChanging } from "./csrf.js";
import { sessionKey } from "./desk-secrets.js";
import { accessIdentity, currentIdentity } from "./desk-identity.js";
import { clearedCookie, currentSession, endSession, startSession } from "./sessions.js";
import type { StoredSession } from "./session-rules.js";

const NOT_SIGNED_IN =
  "Not signed in to the dashboard: open a sign-in link (crypto-checkout dashboard login --shop <id>), or sign in through Cloudflare Access.";

export const unauthenticated = (message = NOT_SIGNED_IN, headers?: HeadersInit) =>
  new CheckoutError(401, "unauthenticated", message, headers);

/** 403 unless a state-changing request comes from this Worker's own page (the sign-in POST checks this alone). */
export function assertOwnPage(c: Context<AppEnv>): void {
  assertSameOrigin(c.req.header("Origin"), ownOrigins(c.env, c.req.url));
}

export interface Signedin {
  identity: DeskIdentity;
  /** The session (with its CSRF token and ends); undefined for a read authenticated by Access alone. */
  session?: StoredSession;
  /** The session's id (its cookie's value) when the request came with one. */
  sessionId?: string;
}

/**
 * The request's identity: its session's, else (reads only) Access's, making a session for it
 * when `makeSession`; 401 when neither. A state-changing request must pass the CSRF checks.
 */
export async function authenticate(c: Context<AppEnv>, options: { makeSession: boolean }): Promise<Signedin> {
  const key = sessionKey(c.env);
  const changing = isStateChanging(c.req.method);
  if (changing) assertOwnPage(c);
  const current = await currentSession(c, key);
  const clear = { "Set-Cookie": clearedCookie(c) };
  if (current === "ended")
    throw unauthenticated(
      "This dashboard session has ended (signed out, or idle for 30 minutes, or 12 hours old): sign in again.",
      clear,
    );
  if (current) {
    if (changing) await assertCsrfToken(c.req.header(CSRF_HEADER), current.session.csrfToken);
    const identity = await currentIdentity(c.env, current.session.identity);
    if (!identity) {
      await endSession(c.env, current.id);
      throw unauthenticated("This session may see no shop any more, so it has ended: sign in again.", clear);
    }
    return { identity, session: current.session, sessionId: current.id };
  }
  if (changing) throw unauthenticated();
  const email = await accessEmail(c.env, c.req.raw, c.get("requestId"));
  if (email === undefined) throw unauthenticated();
  const identity = await accessIdentity(c.env, email);
  if (!identity)
    throw unauthenticated(
      `No shop lists ${email} among its dashboardUsers, and it is not in DASHBOARD_OPERATORS: ask the platform's operator to add it.`,
    );
  if (!options.makeSession) return { identity };
  return { identity, session: await startSession(c, key, identity) };
}

/** Sets `c.var.desk` (see above); a request already authenticated passes through. */
export const deskAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("desk")) c.set("desk", (await authenticate(c, { makeSession: false })).identity);
  await next();
};

/** The route's `:shop` when the signed-in identity may see it; 404 unknown_shop otherwise (401 when nobody is signed in). */
export function deskShop(c: Context<AppEnv>): string {
  const desk = c.get("desk");
  if (!desk) throw unauthenticated();
  const shop = c.req.param("shop");
  if (!shop || !desk.shops.includes(shop))
    throw new CheckoutError(404, "unknown_shop", "No shop with this id among the shops this session may see.");
  return shop;
}
