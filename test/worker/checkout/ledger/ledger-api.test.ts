/**
 * The ledger API of the shop's backend (routes/ledger-api.ts): the list's filters, its one search
 * box (exact or prefix, on order id, payment id, address and transaction id), its stable order and
 * cursor paging; the CSV export (RFC 4180, formula cells neutralized, streamed over several
 * pages); and a shop's token reading only that shop. Each test has a shop of its own (a copy of
 * demo-open with the same backend token), written through the consumer's ledger step.
 */
import { describe, expect, it } from "vitest";
import type { LedgerPaymentList } from "../../../../worker/checkout/backend-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { csvCell, EXPORT_PAGE_ROWS } from "../../../../worker/checkout/ledger/ledger-csv.js";
import { recordBatch } from "../../../../worker/checkout/ledger/record-batch.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { errorOf } from "../support/http.js";
import { eventsOf, ledgerDb } from "../support/ledger.js";
import { backend, freshShopId, RecordingMessage, shopsWithCopy, testEnv, tokenOf } from "../support/merchant.js";
import { newPayment, transaction, withStatus } from "../support/payments.js";

const DAY1 = Date.parse("2026-11-01T10:00:00Z");
const DAY2 = Date.parse("2026-11-02T10:00:00Z");
const DAY3 = Date.parse("2026-11-03T10:00:00Z");

/** A fresh shop, its bindings, and calls of its ledger API with its token. */
function shopOf() {
  const shop = freshShopId("ledger-api");
  const bindings: Partial<Env> = { SHOPS: shopsWithCopy(shop, {}) };
  const get = (path: string) => backend(`/api/shops/${shop}/ledger/${path}`, {}, tokenOf("demo-open"), bindings);
  const list = async (query: string): Promise<LedgerPaymentList> => {
    const response = await get(`payments?${query}`);
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    return (await response.json()) as LedgerPaymentList;
  };
  const ids = async (query: string) => (await list(query)).payments.map((p) => p.paymentId);
  /** Writes each payment as created at `at` (one event, version 1). */
  const write = async (...payments: [Payment, number, string?][]) => {
    const events = payments.flatMap(([payment, at, orderId]) =>
      eventsOf(shop, orderId ?? `order-${payment.paymentId}`, [{ payment, at: new Date(at) }]),
    );
    await recordBatch(
      testEnv,
      events.map((event) => new RecordingMessage({ shop, event })),
    );
  };
  return { shop, bindings, get, list, ids, write };
}

/** Four payments: a (NEW, EUR/BTC, day 1), b (CONFIRMED, EUR/LTC, day 2), c and d (EXPIRED and CONFIRMED, USD/BTC, day 3, same millisecond). */
async function fourPayments() {
  const s = shopOf();
  await s.write(
    [newPayment({ paymentId: "pay_a", address: "bc1qaaaa" }), DAY1, "NW-1001"],
    [
      {
        ...withStatus(newPayment({ paymentId: "pay_b", address: "ltc1bbbb" }), "CONFIRMED"),
        transferCurrency: "LTC",
        transactions: [transaction({ transactionId: "tx_beta_1", state: "ACCEPTED" })],
      },
      DAY2,
      "NW-1002",
    ],
    [{ ...withStatus(newPayment({ paymentId: "pay_c" }), "EXPIRED"), priceCurrency: "USD" }, DAY3, "NW-2001"],
    [{ ...withStatus(newPayment({ paymentId: "pay_d" }), "CONFIRMED"), priceCurrency: "USD" }, DAY3, "NW-2002"],
  );
  return s;
}

describe("GET /api/shops/{shop}/ledger/payments", () => {
  it("lists newest first (same time: by payment id), with the ledger's exact fields", async () => {
    const s = await fourPayments();
    const all = await s.list("");
    expect(all.payments.map((p) => p.paymentId)).toEqual(["pay_d", "pay_c", "pay_b", "pay_a"]);
    expect(all.next).toBeNull();
    expect(all.payments[2]).toEqual({
      paymentId: "pay_b",
      orderId: "NW-1002",
      status: "CONFIRMED",
      priceAmount: "25.00",
      priceCurrency: "EUR",
      transferAmount: "0.00041667",
      transferCurrency: "LTC",
      paidPriceAmount: "0",
      pendingPaidPriceAmount: "0",
      acceptedPaidPriceAmount: "0",
      paidTransferAmount: "0.00041667",
      pendingPaidTransferAmount: "0",
      acceptedPaidTransferAmount: "0.00041667",
      address: "ltc1bbbb",
      createdAt: "2026-11-02T10:00:00.000Z",
      updatedAt: "2026-11-02T10:00:00.000Z",
      finalAt: "2026-11-02T10:00:00.000Z",
      version: 1,
    });
  });

  it.each([
    ["status=CONFIRMED", ["pay_d", "pay_b"]],
    ["status=CONFIRMED,EXPIRED", ["pay_d", "pay_c", "pay_b"]],
    ["currency=LTC", ["pay_b"]],
    ["currency=USD", ["pay_d", "pay_c"]],
    ["currency=EUR&status=NEW", ["pay_a"]],
    ["from=2026-11-02T00:00:00Z", ["pay_d", "pay_c", "pay_b"]],
    ["from=2026-11-02T00:00:00Z&to=2026-11-03T10:00:00Z", ["pay_b"]],
    ["to=2026-11-01T10:00:00.001Z", ["pay_a"]],
  ])("filters by %s", async (query, expected) => {
    const s = await fourPayments();
    expect(await s.ids(query)).toEqual(expected);
  });

  it.each([
    ["an order id", "NW-1001", ["pay_a"]],
    ["an order id's prefix", "NW-1", ["pay_b", "pay_a"]],
    ["a payment id", "pay_c", ["pay_c"]],
    ["a payment id's prefix", "pay_", ["pay_d", "pay_c", "pay_b", "pay_a"]],
    ["an address's prefix", "ltc1", ["pay_b"]],
    ["a transaction id", "tx_beta_1", ["pay_b"]],
    ["a transaction id's prefix", "tx_beta", ["pay_b"]],
    ["nothing it holds", "NW-3", []],
    ["a middle part (no match: exact or prefix only)", "1001", []],
  ])("searches %s (q=%s)", async (_what, q, expected) => {
    const s = await fourPayments();
    expect(await s.ids(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it("pages with the cursor of each answer, through payments of the same millisecond, each once", async () => {
    const s = await fourPayments();
    const seen: string[] = [];
    let query = "limit=1";
    for (let page = 0; page < 10; page += 1) {
      const answer = await s.list(query);
      seen.push(...answer.payments.map((p) => p.paymentId));
      if (!answer.next) break;
      query = `limit=1&cursor=${answer.next}`;
    }
    expect(seen).toEqual(["pay_d", "pay_c", "pay_b", "pay_a"]);
    const filtered = await s.list("limit=1&status=CONFIRMED");
    expect(filtered.payments.map((p) => p.paymentId)).toEqual(["pay_d"]);
    expect(await s.ids(`limit=1&status=CONFIRMED&cursor=${filtered.next}`)).toEqual(["pay_b"]);
  });

  it.each([
    ["cursor=not-a-cursor", "cursor"],
    ["limit=500", "limit"],
    ["status=confirmed", "status"],
    ["currency=eur", "currency"],
    ["from=2026-11-02", "from"],
    ["sort=amount", "sort"],
  ])("refuses %s with 400 naming the field", async (query, field) => {
    const s = shopOf();
    const response = await s.get(`payments?${query}`);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain(field);
  });

  it("shows a shop only its own payments, and refuses another shop's token", async () => {
    const s = await fourPayments();
    const other = shopOf();
    await other.write([newPayment({ paymentId: "pay_a", address: "bc1qother" }), DAY1, "NW-1001"]);
    expect(await other.ids("")).toEqual(["pay_a"]);
    expect((await other.list("q=NW-1001")).payments).toMatchObject([{ address: "bc1qother" }]);
    expect((await s.list("q=NW-1001")).payments).toMatchObject([{ address: "bc1qaaaa" }]);
    const crossed = await backend(`/api/shops/demo-signed/ledger/payments`, {}, tokenOf("demo-open"));
    expect(crossed.status).toBe(401);
    const csv = await backend(`/api/shops/demo-signed/ledger/payments.csv`, {}, tokenOf("demo-open"));
    expect(csv.status).toBe(401);
  });
});

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["0.00041667", "0.00041667"],
    ["-5.25", "-5.25"],
    ['=HYPERLINK("http://evil","x")', '"\'=HYPERLINK(""http://evil"",""x"")"'],
    ["+1+2", "'+1+2"],
    ["-1+2", "'-1+2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", '"\'\rcmd"'],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["Zürich €", "Zürich €"],
  ])("%j becomes %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
  it("leaves an empty cell for null", () => {
    expect(csvCell(null)).toBe("");
  });
});

describe("GET /api/shops/{shop}/ledger/payments.csv", () => {
  it("exports the filtered list as RFC 4180 CSV with a header, exact amounts and neutralized formula cells", async () => {
    const s = shopOf();
    await s.write(
      [newPayment({ paymentId: "pay_x", address: '=HYPERLINK("http://evil","x")' }), DAY1, "NW-1"],
      [
        {
          ...newPayment({ paymentId: "pay_y", address: 'Zürich, "€"\nline' }),
          transferAmount: "12345678.123456789012",
        },
        DAY2,
        "NW-2",
      ],
      [{ ...withStatus(newPayment({ paymentId: "pay_z" }), "EXPIRED") }, DAY3, "NW-3"],
    );
    const response = await s.get("payments.csv?status=NEW");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${s.shop}-payments.csv"`);
    const text = new TextDecoder().decode(await response.arrayBuffer());
    const created = (day: number) => new Date(day).toISOString();
    expect(text).toBe(
      [
        "payment_id,order_id,status,price_amount,price_currency,transfer_amount,transfer_currency,paid_transfer_amount,accepted_paid_transfer_amount,pending_paid_transfer_amount,paid_price_amount,accepted_paid_price_amount,pending_paid_price_amount,address,created_at,updated_at,final_at,version",
        `pay_y,NW-2,NEW,25.00,EUR,12345678.123456789012,BTC,0,0,0,0,0,0,"Zürich, ""€""\nline",${created(DAY2)},${created(DAY2)},,1`,
        `pay_x,NW-1,NEW,25.00,EUR,0.00041667,BTC,0,0,0,0,0,0,"'=HYPERLINK(""http://evil"",""x"")",${created(DAY1)},${created(DAY1)},,1`,
        "",
      ].join("\r\n"),
    );
  });

  it(`streams an export of more rows than one page (${EXPORT_PAGE_ROWS}) in the list's order, each row once`, async () => {
    const s = shopOf();
    const count = EXPORT_PAGE_ROWS * 2 + 7;
    await ledgerDb()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO ledger_payments (shop_id, payment_id, order_id, status, price_amount, price_currency,
           transfer_amount, transfer_currency, paid_price_amount, pending_paid_price_amount,
           accepted_paid_price_amount, paid_transfer_amount, pending_paid_transfer_amount,
           accepted_paid_transfer_amount, address, created_at, updated_at, final_at, version, event_id, view)
         SELECT ?1, printf('pay_%05d', i), 'order-' || i, 'NEW', '1.00', 'EUR', '0.00001', 'BTC', '0', '0', '0',
           '0', '0', '0', 'bc1q', ?3 + (i / 3), ?3 + (i / 3), NULL, 1, 'evt_' || i, '{}' FROM n`,
      )
      .bind(s.shop, count, DAY1)
      .run();
    const response = await s.get("payments.csv");
    const lines = (await response.text()).split("\r\n");
    expect(lines.at(-1)).toBe("");
    const ids = lines.slice(1, -1).map((line) => line.split(",")[0]);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    const expected = Array.from({ length: count }, (_, k) => {
      const i = k + 1;
      return { id: `pay_${String(i).padStart(5, "0")}`, at: Math.floor(i / 3) };
    })
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect(ids).toEqual(expected);
  });
});
