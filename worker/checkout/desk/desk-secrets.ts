/**
 * The dashboard's secrets and how they are kept: the random tokens of sign-in links, sessions and
 * CSRF, the SHA-256 hash under which a link or session is stored (only the hash: the storage
 * never holds what opens it), and the Worker secret DASHBOARD_SESSION_KEY that signs the
 * session cookie. Without that key the dashboard's API is off (404 naming the fix).
 */
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { registerSecret } from "../http/log.js";

/** Shortest DASHBOARD_SESSION_KEY accepted (an HMAC-SHA256 key: 32 bytes of randomness, as base64 44 characters). */
export const MIN_SESSION_KEY_LENGTH = 32;

/** 32 random bytes as base64url (43 characters): a link's token, a session id, a CSRF token. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The shape of randomToken's output. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The hex SHA-256 of a token: the name its link or session is stored under. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** DASHBOARD_SESSION_KEY, registered with the log scrubber; 404 not_found naming the fix when it is unset or short. */
export function sessionKey(env: Pick<Env, "DASHBOARD_SESSION_KEY">): string {
  const key = env.DASHBOARD_SESSION_KEY;
  if (typeof key !== "string" || key.length < MIN_SESSION_KEY_LENGTH)
    throw new CheckoutError(
      404,
      "not_found",
      `The dashboard is off: set the Worker secret DASHBOARD_SESSION_KEY (${MIN_SESSION_KEY_LENGTH} characters or more, e.g. openssl rand -base64 32 | npx wrangler secret put DASHBOARD_SESSION_KEY; locally in .dev.vars, which npm run demo fills in).`,
    );
  registerSecret(key);
  return key;
}
