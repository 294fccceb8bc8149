/**
 * The checkout's shape rules (worker/checkout/rules.ts): currency codes and order ids, each once.
 * The amount rule is the v3 client's and is tested with it (test/worker/v3/decimal-amount.test.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENCY_CODE, CURRENCY_CODE_MESSAGE, DECIMAL_AMOUNT, ORDER_ID, ORDER_ID_MESSAGE, currencyCode, orderId } from "../../../worker/checkout/rules.js";

describe("CURRENCY_CODE", () => {
  it.each(["EUR", "BTC", "USDT", "LTC", "U2", "ABCDEFGHIJ", "1INCH"])("takes %j", (text) => {
    expect(CURRENCY_CODE.test(text)).toBe(true);
    expect(currencyCode.safeParse(text).success).toBe(true);
  });

  it.each(["eur", "Eur", "E", "ABCDEFGHIJK", "US-D", "BTC ", "", "ÉUR", "EUR\n"])("refuses %j", (text) => {
    expect(CURRENCY_CODE.test(text)).toBe(false);
    expect(currencyCode.safeParse(text).error?.issues[0]?.message).toBe(CURRENCY_CODE_MESSAGE);
  });
});

describe("ORDER_ID", () => {
  it.each(["o", "1001", "order-1", "A.b_c:d-e", "x".repeat(64), "0"])("takes %j", (text) => {
    expect(ORDER_ID.test(text)).toBe(true);
    expect(orderId.safeParse(text).success).toBe(true);
  });

  it.each(["", "-1", ".hidden", "_x", ":x", "x".repeat(65), "a/b", "a b", "a?b", "é", "a\n"])("refuses %j", (text) => {
    expect(ORDER_ID.test(text)).toBe(false);
    expect(orderId.safeParse(text).error?.issues[0]?.message).toBe(ORDER_ID_MESSAGE);
  });

  it("takes every amount and every currency code (the fuzz relies on it to make values that fit no field)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(DECIMAL_AMOUNT), fc.stringMatching(CURRENCY_CODE)), (text) => {
        expect(ORDER_ID.test(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
