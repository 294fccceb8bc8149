/**
 * The dashboard's pure rules: what is left to pay (exact, never below zero), the overview's range
 * of whole UTC days, an endpoint's success rate, and that a `ping` goes to every endpoint.
 */
import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { overviewRange } from "../../../../worker/checkout/desk/desk-overview.js";
import { remainingPriceAmount } from "../../../../worker/checkout/desk/desk-payment.js";
import { endpointsFor } from "../../../../worker/checkout/events/endpoints.js";
import { successRate } from "../../../../worker/checkout/events/event-log-reads.js";

/** A decimal string such as the ledger holds: up to 12 integer and 18 fraction digits. */
const amount = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }), fc.nat({ max: 18 }))
  .map(([whole, fraction, scale]) =>
    scale === 0 ? String(whole) : `${whole}.${fraction.toString().padStart(18, "0").slice(0, scale)}`,
  );

describe("remainingPriceAmount", () => {
  it.each([
    ["25.00", "0", "25"],
    ["25.00", "10.005", "14.995"],
    ["25.00", "25.00", "0"],
    ["25.00", "30", "0"],
    ["0.000000000000000003", "0.000000000000000001", "0.000000000000000002"],
  ])("%s - %s is %s", (price, accepted, expected) => {
    expect(remainingPriceAmount(price, accepted)).toBe(expected);
  });

  it("is price - accepted exactly, or 0 when that is not above zero, for any amounts", () => {
    fc.assert(
      fc.property(amount, amount, (price, accepted) => {
        const rest = remainingPriceAmount(price, accepted);
        const exact = new Decimal(price).minus(accepted);
        expect(new Decimal(rest).equals(exact.gt(0) ? exact : 0)).toBe(true);
        expect(rest).not.toMatch(/e|^-/);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("overviewRange", () => {
  const DAY = 86_400_000;
  it("covers the last `days` whole UTC days, today included", () => {
    const now = Date.parse("2026-11-25T06:30:00Z");
    expect(overviewRange(now, 30)).toEqual({
      from: Date.parse("2026-10-27T00:00:00Z"),
      to: Date.parse("2026-11-26T00:00:00Z"),
    });
    expect(overviewRange(Date.parse("2026-11-25T00:00:00Z"), 1)).toEqual({
      from: Date.parse("2026-11-25T00:00:00Z"),
      to: Date.parse("2026-11-25T00:00:00Z") + DAY,
    });
  });
});

describe("successRate", () => {
  it("is delivered over final deliveries, null before any", () => {
    expect(successRate({ pending: 3, retrying: 2, delivered: 0, dead: 0, shop_disabled: 0 })).toBeNull();
    expect(successRate({ pending: 0, retrying: 5, delivered: 3, dead: 1, shop_disabled: 0 })).toBe(0.75);
    expect(successRate({ pending: 0, retrying: 0, delivered: 0, dead: 2, shop_disabled: 0 })).toBe(0);
  });
});

describe("endpointsFor", () => {
  it("sends a ping to every endpoint, whatever types it takes; other types by the filter", () => {
    const shop = {
      webhooks: [
        { url: "https://a.example/", events: ["payment.confirmed" as const] },
        { url: "https://b.example/", events: undefined },
      ],
    };
    expect(endpointsFor(shop, "ping").map((e) => e.url)).toEqual(["https://a.example/", "https://b.example/"]);
    expect(endpointsFor(shop, "payment.created").map((e) => e.url)).toEqual(["https://b.example/"]);
  });
});
