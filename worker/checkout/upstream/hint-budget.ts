/**
 * The per-shop budget of hint-driven upstream reads. A hint (a notification without an HMAC key,
 * one whose signature does not verify, or one of an unknown type, for a payment the Worker holds)
 * makes the payment's object read the payment from the service. Each object already spaces its
 * own reads; this budget caps a shop's hint-driven reads over all its payments, so a flood of
 * hints naming many payments costs the shop's upstream quota no more than `burst` reads at once
 * and one per `intervalMs` after that. Over the cap a read is deferred, never dropped: the
 * object is given a later time (a slot) and its alarm reads then (payments/poll-policy.ts,
 * `refetchNotBefore`); each shop has its own budget, so other shops are unaffected.
 *
 * Pure: the generic cell rate algorithm (GCRA). The state is one number, the theoretical arrival
 * time `tat`; the shop's ShopEventsObject keeps it and hands out the slots one at a time.
 */

export interface HintBudget {
  /** Reads allowed at once when the budget is full. */
  burst: number;
  /** Then one read per this many milliseconds. */
  intervalMs: number;
}

/** 50 at once, then 5 a second per shop: far above what a shop's honest notifications ask for. */
export const HINT_BUDGET: HintBudget = { burst: 50, intervalMs: 200 };

export interface HintSlot {
  /** When the read may happen (ms since the epoch): `now` when within the budget, later otherwise. */
  at: number;
  /** The budget's state after this read (store it for the next call). */
  tat: number;
}

/**
 * The slot of the next hint-driven read asked for at `now`, given the stored `tat` (undefined:
 * none yet). Whatever the calls, at most `burst + w / intervalMs` slots fall in any window of
 * `w` milliseconds, and every call gets a slot.
 */
export function nextHintSlot(tat: number | undefined, now: number, budget: HintBudget = HINT_BUDGET): HintSlot {
  const base = Math.max(tat ?? now, now);
  const at = Math.max(now, base - (budget.burst - 1) * budget.intervalMs);
  return { at, tat: base + budget.intervalMs };
}

/**
 * How far apart two hint-driven reads of one own payout are (notifications/hooks.ts): a burst of
 * hints naming a payout this Worker created costs one read, and the hints that arrive once that
 * read has begun one more, this long after it.
 */
export const PAYOUT_READ_SPACING_MS = 2_000;

/**
 * When a hint about an own payout is read from the service, given when its last read was set
 * (`last`, undefined: never): at once the first time, else no sooner than `spacingMs` after the
 * last one; "coalesced" when a read set for now or later is still to come, since it begins after
 * this hint arrived and so sees what the hint announced. Every hint is answered by a read at or
 * after its arrival, and reads of one payout are at least `spacingMs` apart.
 */
export function nextPayoutRead(
  last: number | undefined,
  now: number,
  spacingMs: number = PAYOUT_READ_SPACING_MS,
): number | "coalesced" {
  if (last !== undefined && last >= now) return "coalesced";
  return last === undefined ? now : Math.max(now, last + spacingMs);
}
