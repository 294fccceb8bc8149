/**
 * Exact amounts in the ledger's SQL (ledger/decimal-sql.ts): the amount range of the list and the
 * totals per day, currency and status (GET /api/shops/{shop}/ledger/totals) compare and sum
 * decimal strings exactly, never through a float. Properties (fast-check) against decimal.js, and
 * the routes with their refusals.
 */
import Decimal from "decimal.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LedgerPaymentList, LedgerTotals } from "../../../../worker/checkout/backend-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { sortKey } from "../../../../worker/checkout/ledger/decimal-sql.js";
import { totals } from "../../../../worker/checkout/ledger/ledger-totals.js";
import { recordBatch } from "../../../../worker/checkout/ledger/record-batch.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { errorOf } from "../support/http.js";
import { eventsOf, ledgerDb } from "../support/ledger.js";
import { backend, freshShopId, RecordingMessage, shopsWithCopy, testEnv, tokenOf } from "../support/merchant.js";
import { newPayment, withStatus } from "../support/payments.js";

/** decimal.js with room for every digit of the sums (its default precision is 20 significant digits). */
const Exact = Decimal.clone({ precision: 80 });

const amount = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }))
  .map(([units, fraction]) => (fraction === undefined ? String(units) : `${units}.${fraction}`));

async function write(shop: string, payments: [Payment, number][]): Promise<void> {
  const events = payments.flatMap(([payment, at]) =>
    eventsOf(shop, `order-${payment.paymentId}`, [{ payment, at: new Date(at) }]),
  );
  await recordBatch(
    testEnv,
    events.map((event) => new RecordingMessage({ shop, event })),
  );
}

function shopOf() {
  const shop = freshShopId("ledger-sum");
  const bindings: Partial<Env> = { SHOPS: shopsWithCopy(shop, {}) };
  const get = (path: string) => backend(`/api/shops/${shop}/ledger/${path}`, {}, tokenOf("demo-open"), bindings);
  return { shop, get };
}

const DAY1 = Date.parse("2026-11-01T10:00:00Z");
const DAY2 = Date.parse("2026-11-02T23:59:59.999Z");

describe("amounts in SQL", () => {
  it("sort keys order amounts as decimal.js does (2,000 pairs)", () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        // SQLite compares the keys as bytes, as < does here.
        const byKey = sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0;
        expect(byKey).toBe(new Exact(a).comparedTo(b));
      }),
      { numRuns: 2000 },
    );
  });

  it("sums in D1 equal decimal.js sums, at the longest scale (200 sets)", async () => {
    const shop = freshShopId("ledger-sum");
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(amount, { minLength: 1, maxLength: 12 }), async (amounts) => {
        run += 1;
        const day = DAY1 + run * 86_400_000;
        await write(
          shop,
          amounts.map((priceAmount, i) => [newPayment({ paymentId: `pay_${run}_${i}`, priceAmount }), day]),
        );
        const [total, ...rest] = await totals(ledgerDb(), shop, { from: day, to: day + 1 });
        expect(rest).toEqual([]);
        const scale = Math.max(...amounts.map((a) => a.split(".")[1]?.length ?? 0));
        const expected = amounts.reduce((sum, a) => sum.plus(a), new Exact(0)).toFixed(scale);
        expect(total).toMatchObject({ count: amounts.length, priceAmount: expected, paidPriceAmount: "0" });
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe("GET /api/shops/{shop}/ledger/payments?minAmount=&maxAmount=", () => {
  it("keeps the payments whose price amount is in the range, bounds included, compared exactly", async () => {
    const s = shopOf();
    const prices = ["9.99", "10", "10.000000000000000001", "100.5", "1000"];
    await write(
      s.shop,
      prices.map((priceAmount, i) => [newPayment({ paymentId: `pay_${i}`, priceAmount }), DAY1 + i]),
    );
    const amounts = async (query: string) => {
      const response = await s.get(`payments?${query}`);
      const list = (await response.json()) as LedgerPaymentList;
      return list.payments.map((p) => p.priceAmount).sort((a, b) => new Exact(a).comparedTo(b));
    };
    expect(await amounts("minAmount=10.00")).toEqual(["10", "10.000000000000000001", "100.5", "1000"]);
    expect(await amounts("maxAmount=10")).toEqual(["9.99", "10"]);
    expect(await amounts("minAmount=10.000000000000000001&maxAmount=100.5")).toEqual([
      "10.000000000000000001",
      "100.5",
    ]);
    const refused = await s.get("payments?minAmount=1e3");
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toContain("minAmount");
  });
});

describe("GET /api/shops/{shop}/ledger/totals", () => {
  it("counts and sums per UTC day, price currency and status, exactly", async () => {
    const s = shopOf();
    const confirmed = (id: string, priceAmount: string, priceCurrency = "EUR") => ({
      ...withStatus(newPayment({ paymentId: id, priceAmount, priceCurrency }), "CONFIRMED"),
      paidPriceAmount: priceAmount,
    });
    await write(s.shop, [
      [confirmed("pay_1", "0.10"), DAY1],
      [confirmed("pay_2", "0.20"), DAY1 + 1000],
      [newPayment({ paymentId: "pay_3", priceAmount: "5.5" }), DAY1],
      [confirmed("pay_4", "7", "USD"), DAY1],
      [confirmed("pay_5", "1.005"), DAY2],
      [confirmed("pay_6", "99"), DAY2 + 1],
    ]);
    const response = await s.get("totals?from=2026-11-01T00:00:00Z&to=2026-11-03T00:00:00Z");
    expect(response.status).toBe(200);
    expect((await response.json()) as LedgerTotals).toEqual({
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-03T00:00:00.000Z",
      totals: [
        {
          day: "2026-11-01",
          currency: "EUR",
          status: "CONFIRMED",
          count: 2,
          priceAmount: "0.30",
          paidPriceAmount: "0.30",
        },
        { day: "2026-11-01", currency: "EUR", status: "NEW", count: 1, priceAmount: "5.5", paidPriceAmount: "0" },
        { day: "2026-11-01", currency: "USD", status: "CONFIRMED", count: 1, priceAmount: "7", paidPriceAmount: "7" },
        {
          day: "2026-11-02",
          currency: "EUR",
          status: "CONFIRMED",
          count: 1,
          priceAmount: "1.005",
          paidPriceAmount: "1.005",
        },
      ],
    });
    const filtered = await s.get("totals?from=2026-11-01T00:00:00Z&to=2026-11-04T00:00:00Z&status=NEW&currency=EUR");
    expect(((await filtered.json()) as LedgerTotals).totals).toEqual([
      { day: "2026-11-01", currency: "EUR", status: "NEW", count: 1, priceAmount: "5.5", paidPriceAmount: "0" },
    ]);
  });

  it.each([
    ["from=2026-11-01T00:00:00Z", "to"],
    ["from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z", "to"],
    ["from=2025-01-01T00:00:00Z&to=2026-11-01T00:00:00Z", "to"],
  ])("refuses %s with 400 naming %s", async (query, field) => {
    const response = await shopOf().get(`totals?${query}`);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain(field);
  });

  it("refuses another shop's token", async () => {
    const response = await backend(
      "/api/shops/demo-signed/ledger/totals?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z",
      {},
      tokenOf("demo-open"),
    );
    expect(response.status).toBe(401);
  });
});
