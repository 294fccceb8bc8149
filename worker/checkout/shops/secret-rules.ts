/**
 * What a secret's value must look like, per kind. Pure; config.ts reports a problem at start by
 * shop and field (the value itself is never part of the message).
 *
 * - webhookSecret: the Standard Webhooks form `whsec_<base64>`, 24 to 64 bytes once decoded
 *   (the scheme's recommended range), so that any receiver's library accepts it as it is.
 * - backendToken: at least 32 characters of the Bearer token alphabet (RFC 6750 b64token), so
 *   that it can be sent as `Authorization: Bearer <token>` and is not guessable.
 * - notificationHmacKey, orderSigningKey: HMAC-SHA256 keys, at least 32 bytes (the hash's size;
 *   a shorter key is easier to guess than the MAC it makes).
 */
export type SecretKind = "apiKeySecret" | "notificationHmacKey" | "orderSigningKey" | "backendToken" | "webhookSecret";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const MIN_WEBHOOK_SECRET_BYTES = 24;
export const MAX_WEBHOOK_SECRET_BYTES = 64;
export const MIN_BACKEND_TOKEN_LENGTH = 32;
export const MIN_HMAC_KEY_BYTES = 32;

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** The bytes of a `whsec_` secret, or undefined when it is not one. */
export function webhookSecretBytes(value: string): Uint8Array | undefined {
  if (!value.startsWith(WEBHOOK_SECRET_PREFIX)) return undefined;
  const encoded = value.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return undefined;
  try {
    return Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Why `value` is not acceptable as a secret of this kind (a phrase after "which"), or undefined. */
export function secretProblem(kind: SecretKind, value: string): string | undefined {
  if (kind === "webhookSecret") {
    const bytes = webhookSecretBytes(value);
    if (!bytes) return `is not of the form ${WEBHOOK_SECRET_PREFIX}<base64>`;
    if (bytes.length < MIN_WEBHOOK_SECRET_BYTES || bytes.length > MAX_WEBHOOK_SECRET_BYTES) {
      return `must decode to ${MIN_WEBHOOK_SECRET_BYTES}-${MAX_WEBHOOK_SECRET_BYTES} bytes, not ${bytes.length}`;
    }
  }
  if (kind === "notificationHmacKey" || kind === "orderSigningKey") {
    const bytes = new TextEncoder().encode(value).length;
    if (bytes < MIN_HMAC_KEY_BYTES) return `is shorter than ${MIN_HMAC_KEY_BYTES} bytes (${bytes})`;
  }
  if (kind === "backendToken") {
    if (value.length < MIN_BACKEND_TOKEN_LENGTH) return `is shorter than ${MIN_BACKEND_TOKEN_LENGTH} characters`;
    if (!B64TOKEN.test(value)) return "holds characters a Bearer token cannot carry (use A-Z a-z 0-9 - . _ ~ + /)";
  }
  return undefined;
}
