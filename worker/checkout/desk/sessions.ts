/**
 * Sign-in links and sessions over their Durable Objects (desk-session-object.ts), and the
 * session cookie.
 *
 * - A link's token travels in the URL's fragment (`/dashboard/sign-in#<token>`), which browsers
 *   send to no server: it stays out of access logs, Referer headers and link-preview fetchers.
 *   Only its SHA-256 names its stored record.
 * - The cookie holds a random session id, signed (HMAC-SHA256, hono's signed cookies) with
 *   DASHBOARD_SESSION_KEY; the session is stored under the id's hash. Over https it is
 *   `__Host-desk_session` with Secure; on plain http (127.0.0.1 for the demo) `desk_session`.
 *   HttpOnly, SameSite=Strict, Path=/, and it lasts no longer than the session's absolute end.
 */
import type { Context } from "hono";
import { generateCookie, getSignedCookie, setSignedCookie } from "hono/cookie";
import type { DeskSignInLink } from "../dashboard-wire.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import { randomToken, tokenHash } from "./desk-secrets.js";
import { newLink, newSession, type StoredIdentity, type StoredSession } from "./session-rules.js";

export const COOKIE_NAME = "desk_session";

/** The page of the dashboard that reads a link's token from its fragment and signs in. */
export const SIGN_IN_PAGE = "/dashboard/sign-in";

/** The object that holds the link or session whose secret hashes to `hash`. */
export function deskObject(env: Env, kind: "link" | "session", hash: string) {
  return env.DESK_SESSIONS.get(env.DESK_SESSIONS.idFromName(`${kind}:${hash}`));
}

/** A new single-use sign-in link for `identity`, on PUBLIC_URL or the request's origin. */
export async function createSignInLink(
  env: Env,
  identity: StoredIdentity,
  requestUrl: string,
  now = Date.now(),
): Promise<DeskSignInLink> {
  const token = randomToken();
  const link = newLink(identity, now);
  await deskObject(env, "link", await tokenHash(token)).create(link);
  const base = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(requestUrl).origin;
  return { url: `${base}${SIGN_IN_PAGE}#${token}`, expiresAt: new Date(link.expiresAt).toISOString() };
}

const LINK_REFUSED = {
  unknown: "This sign-in link is not valid: ask for a new one (crypto-checkout dashboard login).",
  used: "This sign-in link has been used already (each works once): ask for a new one (crypto-checkout dashboard login).",
  expired:
    "This sign-in link has expired (links last 10 minutes): ask for a new one (crypto-checkout dashboard login).",
} as const;

/** The identity of a link's token, consuming the link; 401 unauthenticated naming why not. */
export async function useSignInLink(env: Env, token: string, now = Date.now()): Promise<StoredIdentity> {
  const outcome = await deskObject(env, "link", await tokenHash(token)).consumeLink(now);
  if (!outcome.ok) throw new CheckoutError(401, "unauthenticated", LINK_REFUSED[outcome.reason]);
  return outcome.identity;
}

const isHttps = (c: Context<AppEnv>) => new URL(c.req.url).protocol === "https:";

/** The cookie's options: `__Host-` and Secure over https, never readable by script, sent to this site only. */
function cookieOptions(c: Context<AppEnv>, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: "Strict" as const,
    path: "/",
    maxAge: maxAgeSeconds,
    ...(isHttps(c) ? { prefix: "host" as const, secure: true } : {}),
  };
}

/** A new session for `identity`, its cookie set on the response. */
export async function startSession(
  c: Context<AppEnv>,
  key: string,
  identity: StoredIdentity,
  now = Date.now(),
): Promise<StoredSession> {
  const id = randomToken();
  const session = newSession(identity, randomToken(), now);
  await deskObject(c.env, "session", await tokenHash(id)).create(session);
  await setSignedCookie(c, COOKIE_NAME, id, key, cookieOptions(c, Math.floor((session.expiresAt - now) / 1000)));
  return session;
}

/** The session id of the request's cookie when its signature holds, else undefined. */
async function cookieSessionId(c: Context<AppEnv>, key: string): Promise<string | undefined> {
  const value = await getSignedCookie(c, key, COOKIE_NAME, isHttps(c) ? "host" : undefined);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The request's session, its idle end moved; undefined without a (validly signed) cookie, "ended"
 * when the cookie's session has ended or was signed out (the answer should clear the cookie).
 */
export async function currentSession(
  c: Context<AppEnv>,
  key: string,
  now = Date.now(),
): Promise<{ id: string; session: StoredSession } | "ended" | undefined> {
  const id = await cookieSessionId(c, key);
  if (!id) return undefined;
  const outcome = await deskObject(c.env, "session", await tokenHash(id)).touch(now);
  return outcome.ok ? { id, session: outcome.session } : "ended";
}

/** Ends the session with this id server-side (the answer should clear the cookie). */
export async function endSession(env: Env, id: string): Promise<void> {
  await deskObject(env, "session", await tokenHash(id)).end();
}

/** The Set-Cookie value that removes the session cookie from the browser. */
export function clearedCookie(c: Context<AppEnv>): string {
  const { prefix, ...options } = cookieOptions(c, 0);
  return generateCookie(COOKIE_NAME, "", { ...options, ...(prefix ? { prefix } : {}) });
}
