/**
 * One webhook POST: the event's JSON body signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`) with
 * the endpoint's `whsec_` secret, by the `standardwebhooks` library. The timestamp is the time
 * of this attempt, so a retry a day later is still inside a receiver's tolerance. A 2xx answer
 * is a delivery; anything else, a timeout or a network error is a failed attempt. Redirects are
 * not followed (a receiver that moved answers 3xx: a failure the shop sees in the log). An event
 * of a payment created through this Worker also carries `X-Request-Id`, the id of the create's
 * request, outside the signed body (docs/webhooks.md). A production shop's endpoint on an address
 * the shop's schema refuses (shops/webhook-target.ts) is refused here again, before any request:
 * its attempt keeps a fixed class of error, never an answer of what sits at that address.
 */
import { Webhook } from "standardwebhooks";
import type { WebhookEvent } from "../backend-wire.js";
import type { ShopConfig } from "../shops/shop-schema.js";
import { refusedTarget } from "../shops/webhook-target.js";

export const USER_AGENT = "crypto-checkout-webhooks/1";
/** Default time a receiver has to answer (WEBHOOK_TIMEOUT_MS overrides it). */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's error answer is kept in the delivery log. */
const MAX_ERROR_TEXT = 200;

export interface AttemptResult {
  url: string;
  ok: boolean;
  /** Milliseconds since the epoch when the attempt started. */
  at: number;
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** The three Standard Webhooks headers for `body`, signed with `secret` at `at`. */
export function signatureHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

export function webhookTimeoutMs(value: unknown): number {
  const ms = typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : DEFAULT_WEBHOOK_TIMEOUT_MS;
  return Math.min(60_000, Math.max(100, ms));
}

/**
 * How many bytes of a receiver's error answer are read: enough for MAX_ERROR_TEXT characters of
 * UTF-8; the rest is cancelled unread, so an endpoint that streams without end holds neither the
 * memory nor the time of the batch its event came in.
 */
export const MAX_ERROR_BYTES = 4 * MAX_ERROR_TEXT;

/** The first `maxBytes` bytes of `body` (or all of it, if shorter); the rest is cancelled, never read. */
export async function readPrefix(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const prefix = new Uint8Array(maxBytes);
  let length = 0;
  try {
    while (length < maxBytes) {
      const { done, value } = await reader.read();
      if (done) return prefix.subarray(0, length);
      const taken = value.subarray(0, maxBytes - length);
      prefix.set(taken, length);
      length += taken.length;
    }
    return prefix;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

async function errorText(response: Response): Promise<string> {
  try {
    const bytes = await readPrefix(response.body, MAX_ERROR_BYTES);
    const text = new TextDecoder().decode(bytes).replace(/\s+/g, " ").trim();
    return `HTTP ${response.status}${text ? `: ${text.slice(0, MAX_ERROR_TEXT)}` : ""}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}

export async function deliverEvent(
  event: WebhookEvent,
  url: string,
  secret: string,
  timeoutMs: number,
  requestId: string | undefined,
  environment: ShopConfig["environment"],
): Promise<AttemptResult> {
  const body = JSON.stringify(event);
  const at = Date.now();
  const refused = environment === "production" ? refusedTarget(url) : undefined;
  if (refused)
    return {
      url,
      ok: false,
      at,
      status: null,
      durationMs: 0,
      error: `refused target: a ${refused} address, never sent (a production shop's webhooks go to public addresses)`,
    };
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
    ...(requestId === undefined ? {} : { "X-Request-Id": requestId }),
    ...signatureHeaders(secret, event.id, new Date(at), body),
  };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const durationMs = Date.now() - at;
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel();
      return { url, ok: true, at, status: response.status, durationMs, error: null };
    }
    return { url, ok: false, at, status: response.status, durationMs, error: await errorText(response) };
  } catch (err) {
    const durationMs = Date.now() - at;
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    return {
      url,
      ok: false,
      at,
      status: null,
      durationMs,
      error: timedOut
        ? `no answer within ${timeoutMs} ms`
        : `network error: ${err instanceof Error ? err.message : String(err)}`.slice(0, MAX_ERROR_TEXT),
    };
  }
}
