/**
 * Exact refund arithmetic: decimal.js with a precision that never rounds an amount (as in
 * payments/view-amounts.ts), and the one rule for what a refund amount may look like.
 */
import DecimalBase from "decimal.js";
import { DECIMAL_AMOUNT, type DecimalString } from "../../v3/types.js";

/** Sums and differences of amounts of 15 integer and 18 fraction digits stay exact. */
export const Decimal = DecimalBase.clone({ precision: 1e9 });
export type Decimal = DecimalBase;

/** A refund amount: the payment service's request amount (no sign, no exponent) and above zero. */
export function isRefundAmount(value: string): boolean {
  return DECIMAL_AMOUNT.test(value) && new Decimal(value).gt(0);
}

/** An upstream amount as a Decimal; missing or not a plain decimal counts as zero. */
export function amountOf(value: DecimalString | undefined): Decimal {
  return value !== undefined && /^-?\d+(\.\d+)?$/.test(value) ? new Decimal(value) : new Decimal(0);
}

/** A Decimal as a plain decimal string (never an exponent), never below zero. */
export function plain(value: Decimal): DecimalString {
  return Decimal.max(value, 0).toFixed();
}

/** Whether two decimal strings name the same amount ("1.50" and "1.5" do). */
export function sameAmount(a: DecimalString | undefined, b: DecimalString | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (!/^-?\d+(\.\d+)?$/.test(a) || !/^-?\d+(\.\d+)?$/.test(b)) return false;
  return new Decimal(a).eq(b);
}
