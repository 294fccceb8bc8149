/**
 * One webhook POST: the event's JSON body signed the Standard Webhooks way (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`) with
 * the endpoint's `whsec_` secret, by the `standardwebhooks` library. The timestamp is the time
 * of this attempt, so a retry a day later is still inside a receiver's tolerance. A 2xx answer
 * is a delivery; anything else, a timeout or a network error is a failed attempt. Redirects are
 * not followed (a receiver that moved answers 3xx: a failure the shop sees in the log).
 */
import { Webhook } from "standardwebhooks";
import type { WebhookEvent } from "../backend-wire.js";

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

async function errorText(response: Response): Promise<string> {
  try {
    const text = (await response.text()).replace(/\s+/g, " ").trim();
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
): Promise<AttemptResult> {
  const body = JSON.stringify(event);
  const at = Date.now();
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": USER_AGENT,
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
