/**
 * The refunds of a payment never add up to more than what the payment service accepted for it, in
 * the transfer currency (pure, exact decimals). docs/refunds.md, "The invariant".
 *
 * - A refund holds its amount from the moment it is requested until it ends cancelled, expired or
 *   failed, which release it (no money left, and none can leave: refund-state.ts).
 * - A transfer-currency refund holds exactly its amount. A price-currency refund holds a
 *   transfer-currency estimate: the one given when it was requested until it is approved, then
 *   the amount its approval was checked with (never less than its payout's transfer amount, the
 *   service's own estimate), and once sent what the payout sent.
 * - The caller asks `fitsNewRefund` before it creates a refund, `fitsAmountChange` before a
 *   new amount, and `fitsApproval` before an approval (with the service's current estimate for a
 *   price-currency refund); each answers whether it fits and what remains refundable.
 *
 * The accepted amount is `acceptedPaidTransferAmount`: pending amounts may still vanish (spec 2.1).
 */
import type { DecimalString } from "../../v3/types.js";
import { isReleased, type Refund } from "./refund.js";
import { amountOf, Decimal, isRefundAmount, plain } from "./refund-money.js";

/** What a refund holds of its payment, in the transfer currency (zero once released). */
export function heldTransferAmount(refund: Refund): Decimal {
  if (isReleased(refund.state)) return new Decimal(0);
  if (refund.denomination === "transfer") return amountOf(refund.amount);
  if (refund.state === "sent" && refund.payout?.transferAmount !== undefined) {
    return amountOf(refund.payout.transferAmount);
  }
  return amountOf(refund.approvedTransferAmount ?? refund.estimatedTransferAmount);
}

export interface RefundTotals {
  /** What the payment service accepted for the payment. */
  accepted: DecimalString;
  /** What the payment's refunds hold (requested to sent). */
  held: DecimalString;
  /** What is left to refund; never below zero. */
  remaining: DecimalString;
}

/** The running totals of one payment's refunds. */
export function refundTotals(accepted: DecimalString | undefined, refunds: readonly Refund[]): RefundTotals {
  const held = sumHeld(refunds);
  return { accepted: plain(amountOf(accepted)), held: plain(held), remaining: plain(amountOf(accepted).minus(held)) };
}

export type Fit =
  /**
   * `remaining`: what stays refundable once this refund holds `transferAmount`, the amount that
   * was checked (for an approval, the transfer amount the approve event names: refund-state.ts).
   */
  | { fits: true; remaining: DecimalString; transferAmount: DecimalString }
  /** `remaining`: what is refundable now (without this refund's amount), and why it does not fit. */
  | { fits: false; remaining: DecimalString; message: string };

/** Does a new refund of `transferAmount` (a price-currency refund: its estimate) fit? */
export function fitsNewRefund(
  accepted: DecimalString | undefined,
  refunds: readonly Refund[],
  transferAmount: DecimalString,
): Fit {
  return fitsBeside(accepted, refunds, transferAmount, undefined);
}

/** Does refund `refundId` still fit with a new amount (in the transfer currency, or its estimate)? */
export function fitsAmountChange(
  accepted: DecimalString | undefined,
  refunds: readonly Refund[],
  refundId: string,
  transferAmount: DecimalString,
): Fit {
  return fitsBeside(accepted, refunds, transferAmount, refundId);
}

/**
 * May refund `refundId` be approved? A transfer-currency refund is checked at its amount; a
 * price-currency one at `estimate`, the transfer amount the payment service estimates for it now
 * (required: without it nothing is approved), or at its payout's transfer amount when that is more.
 */
export function fitsApproval(
  accepted: DecimalString | undefined,
  refunds: readonly Refund[],
  refundId: string,
  estimate?: DecimalString,
): Fit {
  const refund = refunds.find((r) => r.id === refundId);
  const remaining = plain(amountOf(accepted).minus(sumHeld(refunds.filter((r) => r.id !== refundId))));
  if (!refund) return { fits: false, remaining, message: `No refund ${refundId} for this payment.` };
  if (isReleased(refund.state)) return { fits: false, remaining, message: `The refund is ${refund.state}.` };
  if (refund.denomination === "transfer") return fitsBeside(accepted, refunds, refund.amount, refundId);
  if (estimate === undefined) {
    return {
      fits: false,
      remaining,
      message: "A price-currency refund is approved only with a current estimate of its transfer amount.",
    };
  }
  const payoutAmount = refund.payout?.transferAmount;
  const checked =
    isRefundAmount(estimate) &&
    payoutAmount !== undefined &&
    isRefundAmount(payoutAmount) &&
    new Decimal(payoutAmount).gt(estimate)
      ? payoutAmount
      : estimate;
  return fitsBeside(accepted, refunds, checked, refundId);
}

function sumHeld(refunds: readonly Refund[]): Decimal {
  return refunds.reduce((sum, refund) => sum.plus(heldTransferAmount(refund)), new Decimal(0));
}

function fitsBeside(
  accepted: DecimalString | undefined,
  refunds: readonly Refund[],
  transferAmount: DecimalString,
  replacing: string | undefined,
): Fit {
  const available = amountOf(accepted).minus(sumHeld(refunds.filter((r) => r.id !== replacing)));
  const remaining = plain(available);
  if (!isRefundAmount(transferAmount)) {
    return { fits: false, remaining, message: "The amount must be a decimal above zero, with no sign or exponent." };
  }
  if (available.lt(transferAmount)) {
    return {
      fits: false,
      remaining,
      message: `Only ${remaining} can still be refunded of this payment; ${transferAmount} is more.`,
    };
  }
  return { fits: true, remaining: plain(available.minus(transferAmount)), transferAmount };
}
