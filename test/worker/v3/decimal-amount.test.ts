/**
 * The request amount rule (DECIMAL_AMOUNT in worker/v3/types.ts, checked by decimal.ts), the one the checkout uses too:
 * tables of what it takes and refuses, and a property that it takes exactly the canonical
 * toFixed() texts of non-negative decimals within its bounds.
 */
import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DECIMAL_AMOUNT,
  DECIMAL_AMOUNT_MESSAGE,
  decimalAmount,
  positiveDecimalAmount,
} from "../../../worker/v3/decimal.js";

const MAX_INTEGER_DIGITS = 15;
const MAX_FRACTION_DIGITS = 18;

/** Digits after the point as written ("25.00" -> 2, "25" -> 0). */
const places = (text: string) => (text.includes(".") ? text.length - text.indexOf(".") - 1 : 0);

/** The rule in other words: a non-negative decimal written exactly as toFixed writes it, within the bounds. */
function canonical(text: string): boolean {
  let value: Decimal;
  try {
    value = new Decimal(text);
  } catch {
    return false;
  }
  return (
    !value.isNegative() &&
    value.toFixed(places(text)) === text &&
    value.lt(new Decimal(10).pow(MAX_INTEGER_DIGITS)) &&
    places(text) <= MAX_FRACTION_DIGITS
  );
}

describe("DECIMAL_AMOUNT", () => {
  it.each([
    "0",
    "0.0",
    "0.00",
    "1",
    "25",
    "25.00",
    "0.5",
    "0.000000000000000001",
    "999999999999999",
    "999999999999999.999999999999999999",
    "100.10",
  ])("takes %j", (text) => {
    expect(DECIMAL_AMOUNT.test(text)).toBe(true);
    expect(decimalAmount.safeParse(text).success).toBe(true);
  });

  it.each([
    ["leading zeros", "0025.00"],
    ["a leading zero before an integer", "01"],
    ["two zeros", "00"],
    ["a sign", "-1"],
    ["a plus sign", "+1"],
    ["an exponent", "1e3"],
    ["no integer digits", ".5"],
    ["no fraction digits", "5."],
    ["a comma", "1,5"],
    ["spaces", " 1"],
    ["a newline", "1\n"],
    ["the empty string", ""],
    ["16 integer digits", "1000000000000000"],
    ["19 fraction digits", "0.0000000000000000001"],
    ["non-ASCII digits", "１"],
  ])("refuses %s (%j)", (_why, text) => {
    expect(DECIMAL_AMOUNT.test(text)).toBe(false);
    expect(decimalAmount.safeParse(text).error?.issues[0]?.message).toBe(DECIMAL_AMOUNT_MESSAGE);
  });

  it("positiveDecimalAmount also refuses zero", () => {
    expect(["1", "0.00000001", "25.00"].map((t) => positiveDecimalAmount.safeParse(t).success)).toEqual([
      true,
      true,
      true,
    ]);
    expect(["0", "0.000", "-1", "1e3", "01"].map((t) => positiveDecimalAmount.safeParse(t).success)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("takes the toFixed() text of every decimal within the bounds", () => {
    const decimals = fc.record({
      integer: fc.bigInt({ min: 0n, max: 10n ** BigInt(MAX_INTEGER_DIGITS) - 1n }),
      fraction: fc.bigInt({ min: 0n, max: 10n ** BigInt(MAX_FRACTION_DIGITS) - 1n }),
      digits: fc.integer({ min: 0, max: MAX_FRACTION_DIGITS }),
    });
    fc.assert(
      fc.property(decimals, ({ integer, fraction, digits }) => {
        // Written out, not computed: Decimal's default precision (20 digits) would round the sum.
        const value = new Decimal(`${integer}.${fraction.toString().padStart(MAX_FRACTION_DIGITS, "0")}`);
        const text = value.toFixed(digits, Decimal.ROUND_DOWN);
        expect(DECIMAL_AMOUNT.test(text)).toBe(true);
        expect(new Decimal(text).toFixed(digits)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it("takes exactly the canonical texts: any string, written from digits, points, signs and exponents", () => {
    const units = fc.constantFrom("0", "0", "1", "5", "9", "9", ".", "-", "+", "e", " ");
    const anyText = fc.string({ unit: units, maxLength: 40 });
    const nearBounds = fc
      .tuple(fc.integer({ min: 0, max: MAX_INTEGER_DIGITS + 1 }), fc.integer({ min: 0, max: MAX_FRACTION_DIGITS + 1 }))
      .map(([i, f]) => `${"9".repeat(i) || "0"}${f ? `.${"0".repeat(f)}` : ""}`);
    fc.assert(
      fc.property(fc.oneof(anyText, nearBounds), (text) => {
        expect(DECIMAL_AMOUNT.test(text)).toBe(canonical(text));
      }),
      { numRuns: 5000 },
    );
  });
});
