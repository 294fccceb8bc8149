/**
 * The amounts the element shows, derived from a payment's transfer amounts (pure, decimal.js;
 * never a JavaScript float): what remains to be paid, the wallet link for it, the accepted and
 * pending shares of the progress bar. The Worker computes them for every view (view.ts) so that
 * the element compares and subtracts nothing and bundles no decimal library; it only formats the
 * decimal strings it receives. All amounts are in the transfer currency, as the payment service
 * compares them. See docs/architecture.md, "Contracts".
 */
import DecimalBase from "decimal.js";
import type { DecimalString, DerivedAmounts, PaymentProgress } from "../wire.js";

/**
 * decimal.js rounds the result of every operation to `precision` significant digits (20 by
 * default): an amount of 15 integer and 18 fraction digits minus another would be rounded. With
 * this precision, sums, differences and products of amounts are exact; the one division is an
 * integer division (divToInt), exact as well.
 */
const Decimal = DecimalBase.clone({ precision: 1e9 });
type Decimal = DecimalBase;

/** The fields of a payment the derivation reads; the paid amounts may be missing ("0"). */
export interface AmountsSource {
  transferAmount: DecimalString;
  paidTransferAmount?: DecimalString;
  pendingPaidTransferAmount?: DecimalString;
  acceptedPaidTransferAmount?: DecimalString;
  paymentUri?: string;
}

/** A plain decimal, as the v3 client keeps upstream amounts ("25.00", "-1", "0.00000001"). */
const PLAIN = /^-?\d+(\.\d+)?$/;

/** Number of digits after the decimal point ("25.00" -> 2); 0 for anything that is not a plain decimal. */
export function scaleOf(amount: string | undefined): number {
  if (amount === undefined || !PLAIN.test(amount)) return 0;
  const dot = amount.indexOf(".");
  return dot < 0 ? 0 : amount.length - dot - 1;
}

/** The amount as a Decimal; a missing amount, or anything that is not a plain decimal, counts as zero. */
function dec(amount: string | undefined): Decimal {
  return new Decimal(amount !== undefined && PLAIN.test(amount) ? amount : "0");
}

/** toFixed without a negative zero ("-0.00" would be shown as such). */
function fixed(value: Decimal, scale: number): DecimalString {
  return (value.isZero() ? new Decimal(0) : value).toFixed(scale);
}

const clamp = (value: Decimal, low: DecimalBase.Value, high: DecimalBase.Value): Decimal =>
  Decimal.max(Decimal.min(value, high), low);

/**
 * `part` of `total` in percent, two decimals, rounded down, within 0..100: exactly
 * floor(10000 * part / total) / 100 (an integer division, not a quotient rounded to some precision).
 */
function percentOf(part: Decimal, total: Decimal): Decimal {
  if (total.lessThanOrEqualTo(0)) return new Decimal(0);
  return clamp(part.times(10000).divToInt(total), 0, 10000).times("0.01");
}

/** What the customer still has to send: transferAmount - paidTransferAmount, at least zero, at the longer scale of the two. */
export function remainingTransferAmount(source: AmountsSource): DecimalString {
  const scale = Math.max(scaleOf(source.transferAmount), scaleOf(source.paidTransferAmount));
  return fixed(Decimal.max(dec(source.transferAmount).minus(dec(source.paidTransferAmount)), 0), scale);
}

/**
 * Progress towards transferAmount. Accepted counts first and is capped at the total; pending fills
 * at most what accepted left; negative amounts count as zero. acceptedPercent + pendingPercent
 * never passes 100 (over-payment shows a full bar).
 */
export function paymentProgress(source: AmountsSource): PaymentProgress {
  const total = dec(source.transferAmount);
  const accepted = dec(source.acceptedPaidTransferAmount);
  const pending = dec(source.pendingPaidTransferAmount);
  const paid = dec(source.paidTransferAmount);
  const scale = Math.max(
    scaleOf(source.transferAmount),
    scaleOf(source.acceptedPaidTransferAmount),
    scaleOf(source.pendingPaidTransferAmount),
    scaleOf(source.paidTransferAmount),
  );
  const room = Decimal.max(total, 0);
  const cappedAccepted = clamp(accepted, 0, room);
  const cappedPending = clamp(pending, 0, room.minus(cappedAccepted));
  const acceptedPercent = percentOf(cappedAccepted, total);
  const pendingPercent = percentOf(cappedAccepted.plus(cappedPending), total).minus(acceptedPercent);
  return {
    acceptedPercent: fixed(acceptedPercent, 2),
    pendingPercent: fixed(pendingPercent, 2),
    accepted: fixed(accepted, scale),
    pending: fixed(pending, scale),
    paid: fixed(paid, scale),
    total: fixed(total, scale),
  };
}

/**
 * The same URI with its `amount` query parameter set to `amount` (BIP 21 style) and put first,
 * other parameters kept byte for byte. Without a paymentUri there is nothing to adjust.
 */
export function uriWithAmount(paymentUri: string | undefined, amount: DecimalString): string | undefined {
  if (!paymentUri) return undefined;
  const [base, query] = splitOnce(paymentUri, "?");
  const params = query ? query.split("&").filter((p) => p.length > 0) : [];
  const kept = params.filter((p) => splitOnce(p, "=")[0].toLowerCase() !== "amount");
  return `${base}?${[`amount=${amount}`, ...kept].join("&")}`;
}

function splitOnce(value: string, separator: string): [string, string | undefined] {
  const at = value.indexOf(separator);
  return at < 0 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

/** Everything the view carries beyond the payment's content (wire.ts, DerivedAmounts). */
export function derivedAmounts(source: AmountsSource): DerivedAmounts {
  const remaining = remainingTransferAmount(source);
  const derived: DerivedAmounts = {
    remainingTransferAmount: remaining,
    hasPaid: dec(source.paidTransferAmount).greaterThan(0),
    hasPending: dec(source.pendingPaidTransferAmount).greaterThan(0),
    progress: paymentProgress(source),
  };
  const uri = uriWithAmount(source.paymentUri, remaining);
  if (uri !== undefined) derived.remainderPaymentUri = uri;
  return derived;
}
