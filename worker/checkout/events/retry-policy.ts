/**
 * When a webhook delivery that failed is tried again, and when it is given up. Pure.
 *
 * Attempt 1 is made as soon as the event is taken from the queue. After failed attempt n
 * (n >= 1) the next one waits `schedule[n - 1]` seconds, with +-20 % jitter so that receivers
 * coming back from an outage are not hit by every event in the same second. After the last
 * step of the schedule fails the delivery is dead-lettered.
 *
 * The production schedule (`DEFAULT_RETRY_SCHEDULE`): 5 s, 30 s, 2 min, 10 min, 30 min, 1 h,
 * 2 h, 4 h, 8 h, 8 h, 8 h: 12 attempts over about 31.7 hours (at least 25.4 h with the jitter),
 * so a receiver that is down for a whole day still gets every event. The
 * WEBHOOK_RETRY_SCHEDULE var replaces it (seconds, comma-separated; "1,1,2" for the demo and the
 * tests). A Queue delay is at most 12 hours, so each step is capped there.
 */

export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [
  5, 30, 120, 600, 1800, 3600, 7200, 14400, 28800, 28800, 28800,
];
/** The longest delay a Queue message can be given (seconds). */
export const MAX_DELAY_SECONDS = 43_200;
export const JITTER = 0.2;

/**
 * Most steps a schedule may have: one message is retried at most `max_retries` (20, wrangler.toml)
 * times before the Queue itself dead-letters it, so a schedule stays below that.
 */
export const MAX_RETRY_STEPS = 19;
const SCHEDULE = new RegExp(`^\\d{1,6}(?:\\s*,\\s*\\d{1,6}){0,${MAX_RETRY_STEPS - 1}}$`);

/** The schedule from a WEBHOOK_RETRY_SCHEDULE value; the default when it is missing or malformed. */
export function retrySchedule(value: unknown): readonly number[] {
  if (typeof value !== "string" || !SCHEDULE.test(value.trim())) return DEFAULT_RETRY_SCHEDULE;
  return value
    .trim()
    .split(",")
    .map((step) => Math.min(MAX_DELAY_SECONDS, Number(step.trim())));
}

export type RetryDecision = { action: "retry"; delaySeconds: number } | { action: "dead" };

/**
 * After failed attempt number `attempt` (1-based): wait and retry, or give up.
 * `random` is a number in [0, 1) (Math.random in production, fixed in tests).
 */
export function afterFailure(attempt: number, schedule: readonly number[], random: number): RetryDecision {
  const step = schedule[attempt - 1];
  if (step === undefined) return { action: "dead" };
  const factor = 1 - JITTER + 2 * JITTER * Math.min(Math.max(random, 0), 1);
  return { action: "retry", delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.round(step * factor)) };
}

/** Total attempts a delivery gets: the first and one per step. */
export function maxAttempts(schedule: readonly number[]): number {
  return schedule.length + 1;
}

/** Default grace after a delivery's due time before its event is queued again (WEBHOOK_LEASE_SECONDS). */
export const DEFAULT_LEASE_SECONDS = 300;

/**
 * How long past its due time a waiting delivery may go unanswered by the Queue before the shop's
 * event log queues the event again (milliseconds; 5 to 86,400 s, default 300 s).
 */
export function leaseMs(value: unknown): number {
  const seconds = typeof value === "string" && /^\d{1,5}$/.test(value) ? Number(value) : DEFAULT_LEASE_SECONDS;
  return Math.min(86_400, Math.max(5, seconds)) * 1000;
}

/** How often a log with held events (its shop disabled) checks whether the shop is enabled again. */
export const HELD_CHECK_MS = 10 * 60_000;

/**
 * The next check of held events after `now`: every HELD_CHECK_MS from when the oldest was held,
 * so that a stream of new held events does not keep pushing the check away.
 */
export function nextHeldCheck(oldestSince: number, now: number): number {
  return oldestSince + Math.max(1, Math.ceil((now - oldestSince) / HELD_CHECK_MS)) * HELD_CHECK_MS;
}
