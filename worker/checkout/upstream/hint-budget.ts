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
