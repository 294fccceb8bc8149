/**
 * The amounts the Worker derives for the element (view-amounts.ts): unit cases, and properties
 * (fast-check) against two oracles: exact integer arithmetic (BigInt), and the element's own
 * arithmetic before it moved here (widget/state/amounts.ts and status.ts, ported below as they were).
 */
import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  derivedAmounts,
  paymentProgress,
  remainingTransferAmount,
  scaleOf,
  uriWithAmount,
} from "../../../../worker/checkout/payments/view-amounts.js";
import { toView } from "../../../../worker/checkout/payments/view.js";
import { newPayment } from "../support/payments.js";

const RUNS = 2000;

describe("remainingTransferAmount", () => {
  it("computes the remainder exactly where floats would not", () => {
    // 0.3 - 0.1 in floats is 0.19999999999999998
    expect(remainingTransferAmount({ transferAmount: "0.30000000", paidTransferAmount: "0.10000000" })).toBe(
      "0.20000000",
    );
    expect(remainingTransferAmount({ transferAmount: "0.00041234", paidTransferAmount: "0.00030000" })).toBe(
      "0.00011234",
    );
    expect(remainingTransferAmount({ transferAmount: "1.00000001", paidTransferAmount: "0.00000001" })).toBe(
      "1.00000000",
    );
  });

  it("keeps the longer scale of its inputs and never goes below zero", () => {
    expect(remainingTransferAmount({ transferAmount: "0.001", paidTransferAmount: "0.00012345" })).toBe("0.00087655");
    expect(remainingTransferAmount({ transferAmount: "0.001", paidTransferAmount: "0.002" })).toBe("0.000");
    expect(remainingTransferAmount({ transferAmount: "25.00" })).toBe("25.00");
  });

  it("counts a missing or malformed amount as zero and never writes a negative zero", () => {
    expect(remainingTransferAmount({ transferAmount: "0.5", paidTransferAmount: "" })).toBe("0.5");
    expect(remainingTransferAmount({ transferAmount: "0.5", paidTransferAmount: "1e-3" })).toBe("0.5");
    expect(remainingTransferAmount({ transferAmount: "-0.00", paidTransferAmount: "0" })).toBe("0.00");
  });
});

describe("paymentProgress", () => {
  it("splits progress into accepted and pending shares of the transfer amount", () => {
    const p = paymentProgress({
      transferAmount: "0.12345678",
      acceptedPaidTransferAmount: "0.02469135",
      pendingPaidTransferAmount: "0.03703704",
      paidTransferAmount: "0.06172839",
    });
    expect(p.acceptedPercent).toBe("19.99"); // 0.02469135 / 0.12345678 = 19.99999...%, rounded down
    expect(p.pendingPercent).toBe("30.01"); // (accepted + pending) = 50.00%, minus the accepted part
    expect([p.accepted, p.pending, p.paid, p.total]).toEqual(["0.02469135", "0.03703704", "0.06172839", "0.12345678"]);
  });

  it("caps the bar at 100 % when more than asked was paid", () => {
    const p = paymentProgress({
      transferAmount: "0.00100000",
      acceptedPaidTransferAmount: "0.00080000",
      pendingPaidTransferAmount: "0.00080000",
      paidTransferAmount: "0.00160000",
    });
    expect([p.acceptedPercent, p.pendingPercent]).toEqual(["80.00", "20.00"]);
  });

  it("treats missing amounts as zero and a zero transfer amount as no progress", () => {
    const p = paymentProgress({ transferAmount: "0", acceptedPaidTransferAmount: "", pendingPaidTransferAmount: "" });
    expect([p.acceptedPercent, p.pendingPercent, p.accepted, p.pending, p.paid, p.total]).toEqual([
      "0.00",
      "0.00",
      "0",
      "0",
      "0",
      "0",
    ]);
  });

  it("writes the four amounts at the longest scale, so the progress text lines up", () => {
    const p = paymentProgress({
      transferAmount: "0.00041234",
      acceptedPaidTransferAmount: "0",
      pendingPaidTransferAmount: "0.0001",
      paidTransferAmount: "0.0001",
    });
    expect([p.accepted, p.pending, p.paid, p.total]).toEqual(["0.00000000", "0.00010000", "0.00010000", "0.00041234"]);
  });

  it("counts negative amounts as nothing paid", () => {
    const p = paymentProgress({
      transferAmount: "1.00",
      acceptedPaidTransferAmount: "-0.50",
      pendingPaidTransferAmount: "0.25",
      paidTransferAmount: "-0.25",
    });
    expect([p.acceptedPercent, p.pendingPercent]).toEqual(["0.00", "25.00"]);
  });

  it("rounds down exactly, also where a 20-digit quotient would round up", () => {
    // 0.999999999999999999999 (21 nines) of 1: a quotient rounded to decimal.js's default 20 significant digits is 1, i.e. 100 %.
    const p = paymentProgress({ transferAmount: "1", acceptedPaidTransferAmount: "0.999999999999999999999" });
    expect(p.acceptedPercent).toBe("99.99");
  });
});

describe("uriWithAmount", () => {
  it("sets or replaces the amount parameter and keeps the others byte for byte", () => {
    expect(uriWithAmount("bitcoin:bc1qxyz?amount=0.00041234&label=Demo%20shop", "0.00011234")).toBe(
      "bitcoin:bc1qxyz?amount=0.00011234&label=Demo%20shop",
    );
    expect(uriWithAmount("bitcoin:bc1qxyz", "0.1")).toBe("bitcoin:bc1qxyz?amount=0.1");
    expect(uriWithAmount("bitcoin:bc1qxyz?label=a&AMOUNT=1&&message=b", "0.2")).toBe(
      "bitcoin:bc1qxyz?amount=0.2&label=a&message=b",
    );
    expect(uriWithAmount(undefined, "0.1")).toBe(undefined);
    expect(uriWithAmount("", "0.1")).toBe(undefined);
  });
});

describe("derivedAmounts in toView", () => {
  it("are in every view, computed from its amounts", () => {
    const view = toView(
      newPayment({
        status: "UNDERPAID",
        transferAmount: "0.00041667",
        paidTransferAmount: "0.0002",
        acceptedPaidTransferAmount: "0.0002",
        pendingPaidTransferAmount: "0",
        paymentUri: "bitcoin:tb1qexample?amount=0.00041667&label=Shop",
      }),
      3,
      new Date(),
    );
    expect(view.remainingTransferAmount).toBe("0.00021667");
    expect(view.remainderPaymentUri).toBe("bitcoin:tb1qexample?amount=0.00021667&label=Shop");
    expect([view.hasPaid, view.hasPending]).toEqual([true, false]);
    expect(view.progress).toEqual({
      acceptedPercent: "47.99",
      pendingPercent: "0.00",
      accepted: "0.00020000",
      pending: "0.00000000",
      paid: "0.00020000",
      total: "0.00041667",
    });
  });

  it("leave remainderPaymentUri out without a paymentUri, and read missing paid amounts as zero", () => {
    const {
      paymentUri: _uri,
      paidTransferAmount: _paid,
      pendingPaidTransferAmount: _pending,
      ...payment
    } = newPayment();
    const view = toView(payment, 1, new Date());
    expect(view).not.toHaveProperty("remainderPaymentUri");
    expect(view.remainingTransferAmount).toBe(payment.transferAmount);
    expect([view.hasPaid, view.hasPending]).toEqual([false, false]);
  });
});

// ---- Properties ----

/** A non-negative decimal string of up to `intDigits` integer and `maxScale` fraction digits. */
const amount = (maxScale: number, intDigits: number) =>
  fc
    .record({
      int: fc.bigInt({ min: 0n, max: 10n ** BigInt(intDigits) - 1n }),
      scale: fc.nat({ max: maxScale }),
      frac: fc.bigInt({ min: 0n, max: 10n ** BigInt(maxScale) - 1n }),
    })
    .map(({ int, scale, frac }) => {
      if (scale === 0) return int.toString();
      return `${int}.${(frac % 10n ** BigInt(scale)).toString().padStart(scale, "0")}`;
    });

/** An amount near another one (equal, a little above or below), where the edge cases are. */
const amounts = (maxScale: number, intDigits: number) =>
  fc
    .record({
      transferAmount: amount(maxScale, intDigits),
      acceptedPaidTransferAmount: amount(maxScale, intDigits),
      pendingPaidTransferAmount: amount(maxScale, intDigits),
      paidTransferAmount: amount(maxScale, intDigits),
      shape: fc.constantFrom("free", "accepted-is-total", "sum-is-total", "paid-is-sum", "zero-total"),
    })
    .map(({ shape, ...a }) => {
      const sum = new Decimal(a.acceptedPaidTransferAmount).plus(a.pendingPaidTransferAmount).toFixed();
      if (shape === "accepted-is-total") return { ...a, acceptedPaidTransferAmount: a.transferAmount };
      if (shape === "sum-is-total") return { ...a, transferAmount: sum, paidTransferAmount: sum };
      if (shape === "paid-is-sum") return { ...a, paidTransferAmount: sum };
      if (shape === "zero-total") return { ...a, transferAmount: "0" };
      return a;
    });

/** A decimal string as an integer of units of 10^-scale. */
function units(value: string, scale: number): bigint {
  const [int = "0", frac = ""] = value.split(".");
  return BigInt(int + frac.padEnd(scale, "0"));
}

/** floor(10000 * part / total) as a percent string with two decimals, in BigInt arithmetic. */
function exactPercent(part: bigint, total: bigint): string {
  if (total <= 0n) return "0.00";
  const hundredths = (10000n * part) / total;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
}

const minB = (a: bigint, b: bigint) => (a < b ? a : b);
const maxB = (a: bigint, b: bigint) => (a > b ? a : b);

describe("properties", () => {
  it(`remaining = max(0, transfer - paid) exactly; percentages are floor(10000 * share / total) / 100 within 0..100 (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(amounts(18, 15), (a) => {
        const scale = Math.max(
          ...[a.transferAmount, a.acceptedPaidTransferAmount, a.pendingPaidTransferAmount, a.paidTransferAmount].map(
            scaleOf,
          ),
        );
        const [total, accepted, pending, paid] = [
          a.transferAmount,
          a.acceptedPaidTransferAmount,
          a.pendingPaidTransferAmount,
          a.paidTransferAmount,
        ].map((v) => units(v, scale)) as [bigint, bigint, bigint, bigint];
        const derived = derivedAmounts(a);
        const remaining = units(derived.remainingTransferAmount, scale);
        expect(remaining).toBe(maxB(0n, total - paid));
        expect(scaleOf(derived.remainingTransferAmount)).toBe(
          Math.max(scaleOf(a.transferAmount), scaleOf(a.paidTransferAmount)),
        );
        const cappedAccepted = minB(accepted, total);
        const cappedPending = minB(pending, total - cappedAccepted);
        const { acceptedPercent, pendingPercent } = derived.progress;
        expect(acceptedPercent).toBe(exactPercent(cappedAccepted, total));
        const both = new Decimal(acceptedPercent).plus(pendingPercent);
        expect(new Decimal(pendingPercent).greaterThanOrEqualTo(0)).toBe(true);
        expect(both.toFixed(2)).toBe(exactPercent(cappedAccepted + cappedPending, total));
        expect(both.lessThanOrEqualTo(100)).toBe(true);
        expect(derived.hasPaid).toBe(paid > 0n);
        expect(derived.hasPending).toBe(pending > 0n);
        for (const value of [
          derived.progress.accepted,
          derived.progress.pending,
          derived.progress.paid,
          derived.progress.total,
        ])
          expect(scaleOf(value)).toBe(scale);
        expect(units(derived.progress.total, scale)).toBe(total);
      }),
      { numRuns: RUNS },
    );
  });

  it(`agree with the element's former arithmetic on amounts of up to 8 decimals (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        amounts(8, 6),
        fc.constantFrom(undefined, "bitcoin:bc1qxyz?amount=1&label=Shop", "litecoin:ltc1q?label=a"),
        (a, paymentUri) => {
          const view = { ...a, paymentUri };
          const derived = derivedAmounts(view);
          const old = formerProgress(view);
          expect(derived.progress).toEqual({
            acceptedPercent: old.acceptedPercent,
            pendingPercent: old.pendingPercent,
            accepted: old.accepted,
            pending: old.pending,
            paid: old.paid,
            total: old.total,
          });
          expect(derived.remainingTransferAmount).toBe(old.remaining);
          expect(derived.remainderPaymentUri).toBe(uriWithAmount(paymentUri, old.remaining));
          expect(derived.hasPaid).toBe(new Decimal(a.paidTransferAmount).greaterThan(0));
          expect(derived.hasPending).toBe(new Decimal(a.pendingPaidTransferAmount).greaterThan(0));
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---- The element's arithmetic before it moved to the Worker (widget/state/amounts.ts), as the oracle ----

interface FormerSource {
  transferAmount: string;
  acceptedPaidTransferAmount: string;
  pendingPaidTransferAmount: string;
  paidTransferAmount: string;
}

function formerScaleOf(amount: string): number {
  const dot = amount.indexOf(".");
  return dot < 0 ? 0 : amount.length - dot - 1;
}

const formerDec = (amount: string | undefined): Decimal => new Decimal(amount && amount.length > 0 ? amount : "0");

function formerPercentOf(part: Decimal, total: Decimal): string {
  if (total.lessThanOrEqualTo(0)) return "0.00";
  return Decimal.min(part.div(total).times(100), 100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

function formerRemaining(view: FormerSource): string {
  const scale = Math.max(formerScaleOf(view.transferAmount), formerScaleOf(view.paidTransferAmount));
  return Decimal.max(formerDec(view.transferAmount).minus(formerDec(view.paidTransferAmount)), 0).toFixed(scale);
}

function formerProgress(view: FormerSource) {
  const total = formerDec(view.transferAmount);
  const accepted = formerDec(view.acceptedPaidTransferAmount);
  const pending = formerDec(view.pendingPaidTransferAmount);
  const paid = formerDec(view.paidTransferAmount);
  const scale = Math.max(
    formerScaleOf(view.transferAmount),
    formerScaleOf(view.acceptedPaidTransferAmount),
    formerScaleOf(view.pendingPaidTransferAmount),
    formerScaleOf(view.paidTransferAmount),
  );
  const cappedAccepted = Decimal.min(accepted, total);
  const cappedPending = Decimal.min(pending, Decimal.max(total.minus(cappedAccepted), 0));
  const acceptedPercent = formerPercentOf(cappedAccepted, total);
  const pendingPercent = Decimal.min(
    new Decimal(formerPercentOf(cappedAccepted.plus(cappedPending), total)).minus(acceptedPercent),
    new Decimal(100).minus(acceptedPercent),
  ).toFixed(2);
  return {
    acceptedPercent,
    pendingPercent,
    accepted: accepted.toFixed(scale),
    pending: pending.toFixed(scale),
    paid: paid.toFixed(scale),
    total: total.toFixed(scale),
    remaining: formerRemaining(view),
  };
}
