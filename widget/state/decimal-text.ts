/**
 * Decimal strings as text (pure): the element reads their shape and their number of digits, and
 * never computes with them. Amounts it shows are the Worker's (PaymentView's derived fields).
 */
import type { DecimalString } from "../../worker/checkout/wire.js";

/** Number of digits after the decimal point of a decimal string ("25.00" -> 2). */
export function scaleOf(amount: DecimalString): number {
  const dot = amount.indexOf(".");
  return dot < 0 ? 0 : amount.length - dot - 1;
}

/** True when the string is a plain non-negative decimal ("25", "0.00012345"). */
export function isDecimalString(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value);
}
