/**
 * Limits of the payment stream (WebSocket), so that one client cannot hold a payment's Durable
 * Object open with thousands of sockets:
 * - at most MAX_VIEWERS_PER_PAYMENT open streams per payment (default 100: a checkout has one to
 *   a few); a further upgrade is refused with 429 too_many_viewers and Retry-After;
 * - at most STREAM_LIMITER's rate of stream connects per (shop, client) (60 a minute in
 *   wrangler.toml), the client being its IPv4 address or IPv6 /64 (client-key.ts), 429
 *   rate_limited beyond it;
 * - a viewer may send only the ping protocol ("ping"); anything else closes its socket (1008).
 */
import { clientKey } from "../http/client-key.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";

export const DEFAULT_MAX_VIEWERS = 100;
export const VIEWERS_RETRY_AFTER_SECONDS = 30;
export const STREAM_RETRY_AFTER_SECONDS = 60;
/** The close code for a viewer that sent something other than the ping protocol. */
export const POLICY_VIOLATION = 1008;

/** MAX_VIEWERS_PER_PAYMENT as a number (1 to 10,000; the default when missing or malformed). */
export function maxViewers(value: Env["MAX_VIEWERS_PER_PAYMENT"]): number {
  if (typeof value !== "string" || !/^\d{1,5}$/.test(value)) return DEFAULT_MAX_VIEWERS;
  return Math.min(10_000, Math.max(1, Number(value)));
}

/** The per-client connect limit of the stream route (the STREAM_LIMITER binding): throws 429 rate_limited. */
export async function limitStreamConnects(env: Env, shopId: string, request: Request): Promise<void> {
  const { success } = await env.STREAM_LIMITER.limit({
    key: `${shopId}|${clientKey(request.headers.get("CF-Connecting-IP"))}`,
  });
  if (!success) {
    throw new CheckoutError(429, "rate_limited", "Too many stream connections; try again in a minute.", {
      "Retry-After": String(STREAM_RETRY_AFTER_SECONDS),
    });
  }
}
