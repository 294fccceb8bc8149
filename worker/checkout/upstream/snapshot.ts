/**
 * Should an incoming payment snapshot replace the stored one? Pure; the PaymentObject stores what
 * this decides.
 *
 * Every snapshot carries a source time in milliseconds since the epoch:
 * - a notification: its envelope `timestamp` (the upstream's clock when it generated the snapshot);
 * - a poll (GET /v3/payments/{id}) or the creation response: the Worker's clock when the request
 *   was SENT. The upstream answered with a state at least that new, so a notification generated
 *   before the request was sent is older than the poll's answer and is dropped; one generated
 *   while the request was in flight counts as newer (a poll never beats a notification it raced).
 *
 * Rules, in order:
 * 1. nothing stored: apply as version 1 (or the version after the last one a forgotten snapshot
 *    had, so versions never go back);
 * 2. same content as stored (see `contentFingerprint`): a duplicate, dropped; the stored source
 *    time moves forward to the incoming one if that is later, so older snapshots stay older;
 * 3. a stored final status (CONFIRMED, EXPIRED, INVALID) never changes: an incoming snapshot with
 *    another status is dropped, whatever its time;
 * 4. incoming source time later than stored: apply as version + 1; earlier: dropped as older;
 *    equal time: dropped, unless the incoming status is final and the stored one is not.
 *
 * The two clocks (upstream and Worker) are assumed to agree within a second or so (both use NTP).
 * A skew can only misorder a notification and a poll that are closer in time than the skew; the
 * next poll (while anyone watches) or the next notification (every status change sends one)
 * brings the current state again, and rule 3 keeps a final status whatever the skew.
 */

import { parseRfc3339 } from "../../v3/datetime.js";
import { isFinalPaymentStatus as isFinalStatus } from "../../v3/types.js";

/** CONFIRMED, EXPIRED and INVALID are final: no later snapshot changes the status. */
export { isFinalPaymentStatus as isFinalStatus } from "../../v3/types.js";

/** What the decision needs to know about a snapshot. */
export interface SnapshotMeta {
  status: string;
  /** Milliseconds since the epoch (see the module comment). */
  sourceTime: number;
  /** `contentFingerprint(payment)`. */
  fingerprint: string;
}

export interface StoredMeta extends SnapshotMeta {
  version: number;
}

export type SnapshotDecision =
  | { action: "apply"; version: number; sourceTime: number }
  | { action: "duplicate"; sourceTime: number }
  | { action: "older" }
  | { action: "final" };

export function decideSnapshot(
  stored: StoredMeta | undefined,
  incoming: SnapshotMeta,
  forgottenVersion = 0,
): SnapshotDecision {
  if (!stored) return { action: "apply", version: forgottenVersion + 1, sourceTime: incoming.sourceTime };
  if (incoming.fingerprint === stored.fingerprint) {
    return { action: "duplicate", sourceTime: Math.max(stored.sourceTime, incoming.sourceTime) };
  }
  const storedFinal = isFinalStatus(stored.status);
  if (storedFinal && incoming.status !== stored.status) return { action: "final" };
  const newer =
    incoming.sourceTime > stored.sourceTime ||
    (incoming.sourceTime === stored.sourceTime && !storedFinal && isFinalStatus(incoming.status));
  if (!newer) return { action: "older" };
  return { action: "apply", version: stored.version + 1, sourceTime: incoming.sourceTime };
}

/**
 * An RFC 3339 date-time (the spec's `string(date-time)`) as milliseconds since the epoch, or
 * undefined for anything else: the one place the Worker turns upstream times into numbers
 * (snapshot order, payout order, the expiry poll). Strict (worker/v3/datetime.ts): an offset
 * (`Z` or `±HH:MM`) is required, and forms `Date.parse` also takes ("Nov 22 2026", "2026-11-22",
 * "2026/11/22 10:00", "1700000000000") or rolls over ("2026-02-30T...") are refused.
 */
export function parseTime(value: string | undefined): number | undefined {
  return parseRfc3339(value);
}
