/**
 * Exact amount arithmetic for the element (pure, decimal.js; never a JavaScript float).
 * All amounts are compared in the transfer currency, as the payment service does.
 */
import Decimal from "decimal.js";
import type { DecimalString, PaymentView } from "../../worker/checkout/wire.js";

export interface Progress {
  /** Share of transferAmount accepted, in percent (0..100), as a decimal string. */
  acceptedPercent: DecimalString;
  /** Share of transferAmount pending, in percent, never past 100 together with accepted. */
  pendingPercent: DecimalString;
  accepted: DecimalString;
  pending: DecimalString;
  paid: DecimalString;
  total: DecimalString;
  /** transferAmount - paidTransferAmount, never below zero. */
  remaining: DecimalString;
}

/** Number of digits after the decimal point of a decimal string ("25.00" -> 2). */
export function scaleOf(amount: DecimalString): number {
  const dot = amount.indexOf(".");
  return dot < 0 ? 0 : amount.length - dot - 1;
}

const dec = (amount: DecimalString | undefined): Decimal => new Decimal(amount && amount.length > 0 ? amount : "0");

/** Percent with two decimals, rounded down so that the two parts never exceed 100. */
function percentOf(part: Decimal, total: Decimal): DecimalString {
  if (total.lessThanOrEqualTo(0)) return "0.00";
  return Decimal.min(part.div(total).times(100), 100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** Progress of a payment towards its transferAmount: accepted and pending parts, what remains. */
export function paymentProgress(view: PaymentView): Progress {
  const total = dec(view.transferAmount);
  const accepted = dec(view.acceptedPaidTransferAmount);
  const pending = dec(view.pendingPaidTransferAmount);
  const paid = dec(view.paidTransferAmount);
  const scale = Math.max(
    scaleOf(view.transferAmount),
    scaleOf(view.acceptedPaidTransferAmount),
    scaleOf(view.pendingPaidTransferAmount),
    scaleOf(view.paidTransferAmount),
  );
  const cappedAccepted = Decimal.min(accepted, total);
  const cappedPending = Decimal.min(pending, Decimal.max(total.minus(cappedAccepted), 0));
  const acceptedPercent = percentOf(cappedAccepted, total);
  const pendingPercent = Decimal.min(
    new Decimal(percentOf(cappedAccepted.plus(cappedPending), total)).minus(acceptedPercent),
    new Decimal(100).minus(acceptedPercent),
  ).toFixed(2);
  return {
    acceptedPercent,
    pendingPercent,
    accepted: accepted.toFixed(scale),
    pending: pending.toFixed(scale),
    paid: paid.toFixed(scale),
    total: total.toFixed(scale),
    remaining: remainingAmount(view),
  };
}

/** What the customer still has to send: transferAmount - paidTransferAmount, at least zero. */
export function remainingAmount(view: PaymentView): DecimalString {
  const scale = Math.max(scaleOf(view.transferAmount), scaleOf(view.paidTransferAmount));
  return Decimal.max(dec(view.transferAmount).minus(dec(view.paidTransferAmount)), 0).toFixed(scale);
}

/** True when the string is a plain non-negative decimal ("25", "0.00012345"). */
export function isDecimalString(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value);
}
