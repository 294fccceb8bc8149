/**
 * The list's queries use the ledger's indexes (ledger/ledger-query.ts, pageQuery): SQLite's plan
 * of each, as EXPLAIN QUERY PLAN reports it on the test ledger with the migrations applied. No
 * timing here (`npm run bench` measures the list with 100,000 payments); a plan that walks the
 * whole shop, or sorts it, is what made a page slow there.
 */
import { describe, expect, it } from "vitest";
import { pageQuery, type PaymentFilter, type Position } from "../../../../worker/checkout/ledger/ledger-query.js";
import { ledgerDb } from "../support/ledger.js";

async function planOf(filter: PaymentFilter, after?: Position): Promise<string[]> {
  const { sql, params } = pageQuery("shop-a", filter, after, 50);
  const { results } = await ledgerDb()
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

describe("the ledger list's query plans", () => {
  it("walks the creation index in the list's order for a page and for a cursor, without a sort", async () => {
    for (const plan of [await planOf({}), await planOf({}, { createdAt: 1_700_000_000_000, paymentId: "pay_1" })]) {
      expect(plan.join("\n")).toMatch(/SEARCH p USING INDEX ledger_payments_created \(shop_id=\?/);
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE FOR ORDER BY|SCAN/);
    }
  });

  it("walks the status index for one status, without a sort", async () => {
    const plan = (await planOf({ statuses: ["INVALID"] })).join("\n");
    expect(plan).toMatch(/SEARCH p USING INDEX ledger_payments_status \(shop_id=\? AND status=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY|SCAN p/);
  });

  it("finds a search's matches on the indexes first and reads only their rows, by primary key", async () => {
    const plan = (await planOf({ q: "order-042" })).join("\n");
    for (const index of [
      "ledger_payments_order (shop_id=? AND order_id>? AND order_id<?)",
      "sqlite_autoindex_ledger_payments_1 (shop_id=? AND payment_id>? AND payment_id<?)",
      "ledger_payments_address (shop_id=? AND address>? AND address<?)",
      "ledger_transactions_id (shop_id=? AND transaction_id>? AND transaction_id<?)",
      "SEARCH p USING INDEX sqlite_autoindex_ledger_payments_1 (shop_id=? AND payment_id=?)",
    ])
      expect(plan).toContain(index);
    expect(plan).not.toMatch(/ledger_payments_created|SCAN p\b/);
  });
});
