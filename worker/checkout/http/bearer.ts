/**
 * Bearer tokens (RFC 6750), for the shop backend's API (backend-auth.ts) and the admin API
 * (admin-auth.ts): the token of an `Authorization` header, the 401 with its challenge, and the
 * comparison in constant time (hono's timingSafeEqual compares SHA-256 digests).
 */
import { timingSafeEqual } from "hono/utils/buffer";
import { CheckoutError } from "./errors.js";

// The scheme name is case-insensitive (RFC 9110 section 11.1): "bearer <token>" is the same credential.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header ?? "")?.[1] || undefined;
}

/** 401 unauthorized with the Bearer challenge of `realm`. */
export function unauthorized(realm: string, message: string): CheckoutError {
  return new CheckoutError(401, "unauthorized", message, { "WWW-Authenticate": `Bearer realm="${realm}"` });
}

/** Whether `given` is `expected`, compared in constant time; never with an unset expectation. */
export async function tokenMatches(given: string | undefined, expected: string | undefined): Promise<boolean> {
  return given !== undefined && expected !== undefined && expected !== "" && (await timingSafeEqual(given, expected));
}
