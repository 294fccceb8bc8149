/**
 * The checkout's shape rules (worker/checkout/rules.ts): currency codes, the ids and the http(s)
 * URL check, each once. The amount rule is the v3 client's and is tested with it
 * (test/worker/v3/decimal-amount.test.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newEventId } from "../../../worker/checkout/events/build.js";
import {
  CURRENCY_CODE,
  CURRENCY_CODE_MESSAGE,
  DECIMAL_AMOUNT,
  EVENT_ID,
  ORDER_ID,
  ORDER_ID_MESSAGE,
  PAYMENT_ID,
  SHOP_ID,
  SHOP_ID_MESSAGE,
  currencyCode,
  isHttpUrl,
  orderId,
  parseHttpUrl,
  shopId,
} from "../../../worker/checkout/rules.js";
import * as wire from "../../../worker/checkout/wire.js";

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

describe("SHOP_ID", () => {
  it.each(["a", "demo-open", "demo_signed", "acme42", "x".repeat(64), "0"])("takes %j", (text) => {
    expect(SHOP_ID.test(text)).toBe(true);
    expect(shopId.safeParse(text).success).toBe(true);
  });

  it.each(["", "-a", "a-", "_a", "a_", "Acme", "a.b", "a b", "x".repeat(65), "é"])("refuses %j", (text) => {
    expect(SHOP_ID.test(text)).toBe(false);
    expect(shopId.safeParse(text).error?.issues[0]?.message).toBe(SHOP_ID_MESSAGE);
  });
});

describe("PAYMENT_ID", () => {
  it.each(["p_1", "pay_7Hk2", "9b2f0c4e-6a1d-4c3b-8e7f-123456789abc", "x".repeat(128)])("takes %j", (text) => {
    expect(PAYMENT_ID.test(text)).toBe(true);
  });

  it.each(["", "-p", "_p", "p.1", "p/1", "x".repeat(129)])("refuses %j", (text) => {
    expect(PAYMENT_ID.test(text)).toBe(false);
  });
});

describe("EVENT_ID", () => {
  it("takes every id the Worker makes, and nothing else of the kind", () => {
    for (let i = 0; i < 100; i++) expect(EVENT_ID.test(newEventId())).toBe(true);
    for (const text of [
      "",
      "evt_",
      `evt_${"A".repeat(32)}`,
      `evt_${"0".repeat(31)}`,
      `evt_${"0".repeat(33)}`,
      `ev_${"0".repeat(32)}`,
    ]) {
      expect(EVENT_ID.test(text), text).toBe(false);
    }
  });
});

describe("parseHttpUrl and isHttpUrl", () => {
  it.each([
    ["https://shop.example/x", true],
    ["http://localhost:8787/", true],
    ["HTTPS://SHOP.EXAMPLE/", true],
    ["javascript:alert(1)", false],
    ["data:text/html,hi", false],
    ["ftp://shop.example/", false],
    ["//shop.example/x", false],
    ["/relative", false],
    ["not a url", false],
    ["", false],
  ])("%j -> %s", (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
    expect(parseHttpUrl(value) !== undefined).toBe(expected);
  });

  it("returns the parsed URL, so that callers read its parts without parsing again", () => {
    expect(parseHttpUrl("https://u:p@shop.example:8443/a?b#c")).toMatchObject({
      origin: "https://shop.example:8443",
      username: "u",
      hash: "#c",
    });
  });

  it("is false for anything that is not a string", () => {
    for (const value of [undefined, null, 42, {}, new URL("https://shop.example/")])
      expect(isHttpUrl(value)).toBe(false);
  });

  it("takes every http(s) URL and refuses every other scheme", () => {
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        expect(isHttpUrl(url)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/), fc.webUrl(), (scheme, url) => {
        const other = url.replace(/^https?/, scheme);
        expect(isHttpUrl(other)).toBe(scheme === "http" || scheme === "https");
      }),
    );
  });
});

describe("the element, demo and console share the Worker's rules (wire.ts, the one module they may import values from)", () => {
  it("are the same objects, not copies", () => {
    expect(wire.SHOP_ID).toBe(SHOP_ID);
    expect(wire.ORDER_ID).toBe(ORDER_ID);
    expect(wire.PAYMENT_ID).toBe(PAYMENT_ID);
    expect(wire.CURRENCY_CODE).toBe(CURRENCY_CODE);
    expect(wire.DECIMAL_AMOUNT).toBe(DECIMAL_AMOUNT);
    expect(wire.parseHttpUrl).toBe(parseHttpUrl);
    expect(wire.isHttpUrl).toBe(isHttpUrl);
  });
});
