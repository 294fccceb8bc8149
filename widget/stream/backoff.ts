/** Reconnect delays (pure): exponential backoff with jitter. */

export interface BackoffOptions {
  /** Delay before the first retry, ms. */
  baseMs: number;
  /** Upper bound of any delay, ms. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 30_000 };

/**
 * Delay before retry number `attempt` (1, 2, 3...): base * 2^(attempt-1), capped, then "equal
 * jitter": half fixed, half random, so many clients that lost the same server spread out.
 * `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, random: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random);
}
