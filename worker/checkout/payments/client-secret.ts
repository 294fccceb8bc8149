/**
 * A payment's client secret: what the page that created the payment holds, and what every public
 * read of the payment (the GET route and the stream) must present. Crypto-random, 192 bits,
 * base64url (32 characters). It is stored with the payment (PaymentObject), answered only to the
 * create that made the payment (and to a signed create with the same terms, and the shop's
 * backend), and never written to a log line, a webhook event or the ledger.
 */
import { tokenMatches } from "../http/bearer.js";

/** The query parameter that carries the secret on a read and on the stream (no preflight, fits a WebSocket URL). */
export const CLIENT_SECRET_PARAM = "clientSecret";

const SECRET_BYTES = 24;

/** A fresh secret: 24 random bytes as base64url without padding. */
export function newClientSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * Whether `given` is the payment's secret, compared in constant time (http/bearer.ts). No stored
 * secret (an unknown payment, or one created before payments had secrets) matches anything;
 * neither does a missing or empty one.
 */
export function isClientSecret(given: string | undefined, stored: string | null): Promise<boolean> {
  return tokenMatches(given || undefined, stored ?? undefined);
}
