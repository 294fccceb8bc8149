/**
 * The payment links' pure rules (links/link-rules.ts), for all inputs: an open link takes exactly
 * the amounts within its limits, a fixed link only its own amount; each use of a reusable link is
 * an order of its own and a single-use link always the same one; a link's state follows its
 * disabling, its use and its expiry.
 */
import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CheckoutError } from "../../../../worker/checkout/http/errors.js";
import {
  createLinkSchema,
  decideUse,
  linkState,
  MAX_WALLET_MESSAGE,
  newLink,
  walletMessageOf,
} from "../../../../worker/checkout/links/link-rules.js";

const NOW = new Date("2026-11-27T12:00:00Z");
const SEED = { seed: 20261127, numRuns: 300 };

const decimalText = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, "0")}`);

const link = (body: Record<string, unknown>) => newLink(createLinkSchema.parse(body), NOW);

describe("link rules", () => {
  it("an open link takes an amount exactly when it lies within its limits", () => {
    fc.assert(
      fc.property(decimalText, decimalText, decimalText, (a, b, amount) => {
        const [min, max] = new Decimal(a).lte(b) ? [a, b] : [b, a];
        fc.pre(new Decimal(min).gt(0));
        const open = link({ description: "d", priceCurrency: "EUR", minAmount: min, maxAmount: max });
        const inside = new Decimal(amount).gte(min) && new Decimal(amount).lte(max);
        let taken: string | undefined;
        try {
          taken = decideUse(open, { transferCurrency: "BTC", amount }, NOW).priceAmount;
        } catch (err) {
          expect(err).toBeInstanceOf(CheckoutError);
          expect((err as CheckoutError).code).toBe("amount_out_of_range");
        }
        expect(taken !== undefined).toBe(inside);
        if (inside) expect(taken).toBe(amount);
      }),
      SEED,
    );
  });

  it("a fixed link pays its own amount, however the page writes it, and refuses any other", () => {
    fc.assert(
      fc.property(decimalText, decimalText, (price, other) => {
        fc.pre(new Decimal(price).gt(0));
        const fixed = link({ description: "d", priceCurrency: "EUR", priceAmount: price });
        expect(decideUse(fixed, { transferCurrency: "BTC" }, NOW).priceAmount).toBe(price);
        expect(decideUse(fixed, { transferCurrency: "BTC", amount: `${price}0` }, NOW).priceAmount).toBe(price);
        if (!new Decimal(other).eq(price))
          expect(() => decideUse(fixed, { transferCurrency: "BTC", amount: other }, NOW)).toThrow(/fixed/);
      }),
      SEED,
    );
  });

  it("a reusable link's uses are orders of their own; a single-use link's are one", () => {
    const reusable = link({ description: "d", priceCurrency: "EUR", priceAmount: "1", orderPrefix: "shop.x" });
    const orders = new Set(
      Array.from({ length: 500 }, () => decideUse(reusable, { transferCurrency: "BTC" }, NOW).orderId),
    );
    expect(orders.size).toBe(500);
    for (const id of orders) expect(id).toMatch(/^shop\.x-[0-9a-f]{20}$/);
    const single = link({ description: "d", priceCurrency: "EUR", priceAmount: "1", singleUse: true });
    const ids = new Set(Array.from({ length: 50 }, () => decideUse(single, { transferCurrency: "BTC" }, NOW).orderId));
    expect([...ids]).toEqual([single.orderId]);
  });

  it("a link's state: disabled over used over expired over live", () => {
    const base = link({ description: "d", priceCurrency: "EUR", priceAmount: "1", expiresAt: "2026-11-28T00:00:00Z" });
    expect(linkState(base, NOW)).toBe("live");
    expect(linkState(base, new Date("2026-11-28T00:00:00Z"))).toBe("expired");
    expect(linkState({ ...base, usedAt: NOW.toISOString() }, new Date("2026-12-01T00:00:00Z"))).toBe("used");
    expect(linkState({ ...base, usedAt: NOW.toISOString(), disabledAt: NOW.toISOString() }, NOW)).toBe("disabled");
  });

  it("a link's wallet message is its description, cut with an ellipsis past the service's length", () => {
    expect(walletMessageOf("Consultation")).toBe("Consultation");
    const exact = "é".repeat(MAX_WALLET_MESSAGE);
    expect(walletMessageOf(exact)).toBe(exact);
    const long = "€".repeat(MAX_WALLET_MESSAGE + 1);
    const cut = walletMessageOf(long);
    expect([...cut]).toHaveLength(MAX_WALLET_MESSAGE);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.startsWith("€".repeat(MAX_WALLET_MESSAGE - 1))).toBe(true);
  });
});
