/**
 * The one error type of the checkout Worker and the one place that turns any error into a
 * response. Bodies are always `{"error":{"code","message"}}`; a 500 never carries details.
 */
import { HTTPException } from "hono/http-exception";
import { V3Error } from "../v3/errors.js";
import type { ErrorBody, ErrorCode } from "./wire.js";

export type { ErrorCode };

export class CheckoutError extends Error {
  override readonly name = "CheckoutError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }
}

/** A JSON error response with the given status, code and message. */
export function jsonError(status: number, code: ErrorCode, message: string, headers?: HeadersInit, requestId?: string): Response {
  const body: ErrorBody = { error: { code, message } };
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  if (requestId) h.set("X-Request-Id", requestId);
  return new Response(JSON.stringify(body), { status, headers: h });
}

/**
 * Maps an upstream failure to the checkout's public error: the upstream cannot be reached or is
 * down (timeout 504; network, 5xx, 429: 502 upstream_unavailable); it answered something this
 * Worker cannot use (4xx, a malformed body: 502 upstream_error); anything else is ours (500).
 */
export function fromV3Error(err: V3Error): CheckoutError {
  switch (err.kind) {
    case "timeout":
      return new CheckoutError(504, "upstream_unavailable", "The payment service did not answer in time.");
    case "network":
      return new CheckoutError(502, "upstream_unavailable", "The payment service cannot be reached.");
    case "http":
      if (err.retryable) return new CheckoutError(502, "upstream_unavailable", "The payment service is unavailable.");
      return new CheckoutError(502, "upstream_error", "The payment service refused the request.");
    case "invalid_response":
      return new CheckoutError(502, "upstream_error", "The payment service gave an unexpected answer.");
    default:
      return new CheckoutError(500, "internal_error", "Internal error.");
  }
}

/** The normalised form of any thrown value: a CheckoutError (unknown errors become internal_error). */
export function toCheckoutError(err: unknown): CheckoutError {
  if (err instanceof CheckoutError) return err;
  if (err instanceof V3Error) return fromV3Error(err);
  // hono's own refusals (a malformed JSON body, for example) are client errors.
  if (err instanceof HTTPException && err.status < 500) return new CheckoutError(err.status, "invalid_request", err.message || "Invalid request.");
  return new CheckoutError(500, "internal_error", "Internal error.");
}

/** The response for any thrown value. */
export function errorResponse(err: unknown, requestId?: string): Response {
  const e = toCheckoutError(err);
  return jsonError(e.status, e.code, e.message, e.headers, requestId);
}
