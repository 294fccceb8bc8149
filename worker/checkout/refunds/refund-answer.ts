/**
 * What the refunds' object answers across the Durable Object RPC boundary: an HTTP status and a
 * JSON body, ready for the route to send. An error body is the Worker's (wire.ts `ErrorBody`),
 * with the extra fields a refund error carries: `refusal` (refund-state.ts's code) on
 * `refund_refused`, `problem` (refund-address.ts) on `invalid_address`, `remaining` on
 * `refund_amount_exceeded`. Being plain data, an answer can be kept for an Idempotency-Key.
 */
import { ERROR_KINDS, isRetryable, type ErrorCode } from "../wire.js";
import { toCheckoutError } from "../http/errors.js";
import type { Refusal } from "./refund-state.js";

export interface Answer {
  status: number;
  body: unknown;
}

export const answer = (status: number, body: unknown): Answer => ({ status, body });

export function errorAnswer(
  status: number,
  code: ErrorCode,
  message: string,
  extra: Record<string, string> = {},
): Answer {
  const kind = ERROR_KINDS[code];
  return { status, body: { error: { code, message, kind, retryable: isRetryable(kind), ...extra } } };
}

/** A refusal of the state machine: an invalid address is 422 invalid_address, anything else 409 refund_refused. */
export function refusalAnswer(refusal: Refusal): Answer {
  if (refusal.code === "invalid_address")
    return errorAnswer(422, "invalid_address", refusal.message, { problem: refusal.addressProblem ?? "format" });
  const status = refusal.code === "invalid_request" || refusal.code === "estimate_required" ? 422 : 409;
  return errorAnswer(status, "refund_refused", refusal.message, { refusal: refusal.code });
}

/** Any thrown value as an answer (an upstream failure: 502/504 upstream_*). */
export function thrownAnswer(err: unknown): Answer {
  const e = toCheckoutError(err);
  return errorAnswer(e.status, e.code, e.message);
}

export const refundNotFound = (): Answer =>
  errorAnswer(404, "refund_not_found", "This payment has no refund with this id.");

/** Whether an answer may be kept for its Idempotency-Key: not when trying again could change it. */
export const keepable = (a: Answer): boolean => a.status < 500 && a.status !== 429;
