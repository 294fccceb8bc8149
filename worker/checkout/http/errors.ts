/**
 * The one error type of the checkout Worker, the one place that turns any error into a response,
 * and the one shape errors take across the Durable Object RPC boundary (`Result`: class
 * instances do not survive it, only their message would). Bodies are always
 * `{"error":{"code","message","kind","retryable"}}` (wire.ts, ErrorBody); a 500 never carries details.
 */
import { HTTPException } from "hono/http-exception";
import { V3Error } from "../../v3/errors.js";
import { ERROR_KINDS, isRetryable } from "../wire.js";
import type { ErrorBody, ErrorCode, FieldError } from "../wire.js";

export type { ErrorCode };

export class CheckoutError extends Error {
  override readonly name = "CheckoutError";
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers?: HeadersInit,
    /** The fields of a refused body, each with what is wrong with it. */
    readonly fields?: FieldError[],
  ) {
    super(message);
  }

  /** The JSON error response for this error. */
  toResponse(requestId?: string): Response {
    return jsonError(this.status, this.code, this.message, this.headers, requestId, this.fields);
  }
}

/** Seconds a client is told to wait (Retry-After) when this Worker's own storage cannot be reached. */
export const SERVICE_RETRY_AFTER_SECONDS = 30;

/** 503 service_unavailable with Retry-After: this Worker's own storage (D1) cannot be reached for now. */
export function serviceUnavailable(message: string): CheckoutError {
  return new CheckoutError(503, "service_unavailable", message, { "Retry-After": String(SERVICE_RETRY_AFTER_SECONDS) });
}

/** A value or the public error that prevented it, as it crosses the Durable Object RPC boundary. */
export type Result<T> =
  { ok: true; value: T } | { ok: false; error: { status: number; code: ErrorCode; message: string } };

/**
 * Runs `fn` inside a Durable Object and returns its outcome as a Result: any thrown value becomes
 * its public error (toCheckoutError); `onServerError` sees the 5xx ones (to log them with context).
 */
export async function settle<T>(
  fn: () => Promise<T> | T,
  onServerError?: (error: CheckoutError, cause: unknown) => void,
): Promise<Result<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    const e = toCheckoutError(err);
    if (e.status >= 500) onServerError?.(e, err);
    return { ok: false, error: { status: e.status, code: e.code, message: e.message } };
  }
}

/** The value of a Result, or its error thrown as the CheckoutError it was. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  const { status, code, message } = result.error;
  // Headers do not cross the boundary; the one error whose header follows from its code gets it back.
  if (code === "service_unavailable") throw serviceUnavailable(message);
  throw new CheckoutError(status, code, message);
}

/** A JSON error response with the given status, code and message (and the fields at fault). */
export function jsonError(
  status: number,
  code: ErrorCode,
  message: string,
  headers?: HeadersInit,
  requestId?: string,
  fields?: FieldError[],
): Response {
  const kind = ERROR_KINDS[code];
  const error: ErrorBody["error"] = { code, message, kind, retryable: isRetryable(kind) };
  if (fields?.length) error.fields = fields;
  const body: ErrorBody = { error };
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
  if (err instanceof HTTPException && err.status < 500)
    return new CheckoutError(err.status, "invalid_request", err.message || "Invalid request.");
  return new CheckoutError(500, "internal_error", "Internal error.");
}
