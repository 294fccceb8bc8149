/**
 * How long an OrderObject keeps its order (pure rules). Every create of the order is activity;
 * the object's alarm is set to the last activity + the retention period. When the alarm fires and
 * the period has passed, the object deletes its storage: a later create for that order starts
 * fresh, and the backend API no longer knows the order. The period does not end early when the
 * latest payment is final: until it ends, a repeated create must keep returning a CONFIRMED
 * payment rather than make a second one.
 */

import { retentionDaysMs } from "../rules.js";

export const DEFAULT_ORDER_RETENTION_DAYS = 90;

/** ORDER_RETENTION_DAYS (a positive number of days, fractions allowed) in milliseconds; default 90 days. */
export const orderRetentionMs = (value: string | undefined): number =>
  retentionDaysMs(value, DEFAULT_ORDER_RETENTION_DAYS);

export type RetentionDecision = { expired: true } | { expired: false; at: number };

/** At `now`, an order last active at `lastActivity` is expired, or is to be looked at again `at`. */
export function retentionDecision(lastActivity: number, now: number, retentionMs: number): RetentionDecision {
  const at = lastActivity + retentionMs;
  return now >= at ? { expired: true } : { expired: false, at };
}
