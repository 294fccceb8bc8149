/**
 * Countdown math from the server's clock (pure). The customer's wall clock is never used:
 * remaining = expirationTime - (serverTime + (monotonicNow - receivedAt)), where receivedAt and
 * monotonicNow come from performance.now(), so a wrong clock or a throttled background tab
 * changes nothing. Both times must be RFC 3339 date-times (datetime.ts): a malformed
 * expirationTime gives no countdown at all rather than a wrong one.
 */
import { parseRfc3339 } from "../../worker/checkout/wire.js";

/** Last stretch in which the countdown shows a warning. */
export const WARNING_MS = 2 * 60 * 1000;

export interface ClockAnchor {
  /** Server time of the view, in ms since the epoch (parseRfc3339 of serverTime). */
  serverTimeMs: number;
  /** performance.now() when that view arrived. */
  receivedAt: number;
}

export interface Countdown {
  remainingMs: number;
  warning: boolean;
  over: boolean;
}

export function anchorFrom(serverTime: string, receivedAt: number): ClockAnchor | undefined {
  const serverTimeMs = parseRfc3339(serverTime);
  return serverTimeMs === undefined ? undefined : { serverTimeMs, receivedAt };
}

/** True when the view's expirationTime can drive a countdown (it is an RFC 3339 date-time). */
export function hasExpiry(expirationTime: string | undefined): expirationTime is string {
  return parseRfc3339(expirationTime) !== undefined;
}

/** Undefined when expirationTime is not an RFC 3339 date-time: then no countdown is shown. */
export function countdown(expirationTime: string, anchor: ClockAnchor, monotonicNow: number): Countdown | undefined {
  const expiresMs = parseRfc3339(expirationTime);
  if (expiresMs === undefined) return undefined;
  const serverNow = anchor.serverTimeMs + (monotonicNow - anchor.receivedAt);
  const remainingMs = Math.max(0, expiresMs - serverNow);
  return { remainingMs, warning: remainingMs > 0 && remainingMs <= WARNING_MS, over: remainingMs === 0 };
}

/** Whole seconds left, split for display: {hours, minutes, seconds}. Rounded up, so 0 means over. */
export function splitDuration(ms: number): { hours: number; minutes: number; seconds: number } {
  const total = Math.ceil(ms / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
