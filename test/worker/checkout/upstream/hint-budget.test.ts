/**
 * The per-shop budget of hint-driven upstream reads (GCRA): `burst` slots at once, then one per
 * interval; every call gets a slot (deferred, never refused), and no window holds more slots than
 * the budget allows, whatever the times of the calls.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HINT_BUDGET,
  nextHintSlot,
  nextPayoutRead,
  PAYOUT_READ_SPACING_MS,
  type HintBudget,
} from "../../../../worker/checkout/upstream/hint-budget.js";

const NOW = 1_700_000_000_000;

/** The slots of calls made at `times` (ascending), from an empty budget. */
function slots(times: number[], budget: HintBudget): number[] {
  let tat: number | undefined;
  return times.map((now) => {
    const slot = nextHintSlot(tat, now, budget);
    tat = slot.tat;
    return slot.at;
  });
}

describe("nextHintSlot", () => {
  it("gives `burst` reads at once, then one per interval", () => {
    const at = slots(
      Array.from({ length: HINT_BUDGET.burst + 3 }, () => NOW),
      HINT_BUDGET,
    );
    expect(at.slice(0, HINT_BUDGET.burst)).toEqual(Array.from({ length: HINT_BUDGET.burst }, () => NOW));
    expect(at.slice(HINT_BUDGET.burst)).toEqual([1, 2, 3].map((k) => NOW + k * HINT_BUDGET.intervalMs));
  });

  it("fills up again as time passes: one slot per interval, up to the burst", () => {
    const budget = { burst: 3, intervalMs: 1_000 };
    expect(
      slots(
        [NOW, NOW, NOW, NOW, NOW + 2_000, NOW + 2_000, NOW + 60_000, NOW + 60_000, NOW + 60_000, NOW + 60_000],
        budget,
      ),
    ).toEqual([
      NOW,
      NOW,
      NOW,
      NOW + 1_000,
      NOW + 2_000,
      NOW + 3_000,
      NOW + 60_000,
      NOW + 60_000,
      NOW + 60_000,
      NOW + 61_000,
    ]);
  });

  it("never gives a slot before the call, and never more than burst + w / interval slots in a window of w", () => {
    fc.assert(
      fc.property(
        fc.record({ burst: fc.integer({ min: 1, max: 100 }), intervalMs: fc.integer({ min: 1, max: 10_000 }) }),
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 0, max: 100_000 }),
        (budget, gaps, window) => {
          let t = NOW;
          const times = gaps.map((gap) => (t += gap));
          const at = slots(times, budget);
          at.forEach((slot, i) => expect(slot).toBeGreaterThanOrEqual(times[i] ?? 0));
          const sorted = [...at].sort((a, b) => a - b);
          for (const start of sorted) {
            const inWindow = sorted.filter((s) => s >= start && s < start + window).length;
            expect(inWindow).toBeLessThanOrEqual(budget.burst + Math.floor(window / budget.intervalMs) + 1);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

describe("nextPayoutRead", () => {
  it("reads a payout at once the first time, then no sooner than the spacing after its last read", () => {
    expect(nextPayoutRead(undefined, NOW)).toBe(NOW);
    expect(nextPayoutRead(NOW - 1, NOW)).toBe(NOW - 1 + PAYOUT_READ_SPACING_MS);
    expect(nextPayoutRead(NOW - PAYOUT_READ_SPACING_MS - 5, NOW)).toBe(NOW);
  });

  it("joins a hint to a read not yet begun, which then sees what the hint announced", () => {
    expect(nextPayoutRead(NOW, NOW)).toBe("coalesced");
    expect(nextPayoutRead(NOW + 900, NOW)).toBe("coalesced");
  });

  it("for any times of hints, gives every hint a read at or after it and reads at most once per spacing", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 200 }), (gaps) => {
        let last: number | undefined;
        const reads: number[] = [];
        let now = NOW;
        for (const gap of gaps) {
          now += gap;
          const decision = nextPayoutRead(last, now);
          if (decision === "coalesced") {
            // A read is still to come: it begins after this hint arrived.
            expect(last).toBeGreaterThanOrEqual(now);
          } else {
            expect(decision).toBeGreaterThanOrEqual(now);
            last = decision;
            reads.push(decision);
          }
        }
        reads.slice(1).forEach((at, i) => expect(at - (reads[i] ?? 0)).toBeGreaterThanOrEqual(PAYOUT_READ_SPACING_MS));
      }),
      { seed: 20261127, numRuns: 500 },
    );
  });
});
