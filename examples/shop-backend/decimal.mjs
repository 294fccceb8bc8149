// @ts-check
/**
 * Exact comparison of decimal strings ("49.90", "0.00083", "0"), without floats and without a
 * decimal library. Pure.
 *
 * Floats are not good enough for money: 0.1 + 0.2 !== 0.3, and a price such as
 * "123456789012345.123456789" has more digits than a double holds.
 */

/** A non-negative decimal string as the payment service writes it: digits, optionally a dot and more digits. */
const DECIMAL_STRING = /^(\d+)(?:\.(\d+))?$/;

/**
 * Amounts a merchant may put into an order token: no leading zeros, at most 15 integer and 18
 * fraction digits (what the checkout and the payment service accept).
 */
export const PRICE_AMOUNT = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,18})?$/;

/**
 * Whether `value` is a non-negative decimal string that compareDecimals accepts.
 *
 * @param {unknown} value
 * @returns {value is string}
 */
export function isDecimalString(value) {
  return typeof value === "string" && DECIMAL_STRING.test(value);
}

/**
 * The canonical parts of a decimal string: the integer part without leading zeros ("" for 0) and
 * the fraction part without trailing zeros ("" when it is whole). Throws a TypeError when `value`
 * is not a decimal string.
 *
 * @param {string} value
 * @returns {{ whole: string, fraction: string }}
 */
export function normalizeDecimal(value) {
  const match = DECIMAL_STRING.exec(value);
  if (!match) throw new TypeError("not a decimal string");
  const whole = (match[1] ?? "").replace(/^0+/, "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  return { whole, fraction };
}

/**
 * -1, 0 or 1 as `a` is less than, equal to or greater than `b` (numerically: "49.9" equals
 * "49.90", "010" equals "10"). Throws a TypeError when either is not a decimal string.
 *
 * @param {string} a
 * @param {string} b
 * @returns {-1 | 0 | 1}
 */
export function compareDecimals(a, b) {
  const x = normalizeDecimal(a);
  const y = normalizeDecimal(b);
  // Without leading zeros, a longer integer part is the bigger number.
  if (x.whole.length !== y.whole.length) return x.whole.length < y.whole.length ? -1 : 1;
  if (x.whole !== y.whole) return x.whole < y.whole ? -1 : 1;
  // Same integer part: compare the fractions digit by digit, the shorter one padded with zeros.
  const width = Math.max(x.fraction.length, y.fraction.length);
  const fx = x.fraction.padEnd(width, "0");
  const fy = y.fraction.padEnd(width, "0");
  if (fx === fy) return 0;
  return fx < fy ? -1 : 1;
}

/**
 * Whether two decimal strings are the same amount.
 *
 * @param {string} a
 * @param {string} b
 */
export function decimalsEqual(a, b) {
  return compareDecimals(a, b) === 0;
}
