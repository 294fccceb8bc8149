/**
 * The backfill (POST /api/shops/{shop}/ledger/backfill, what `crypto-checkout ledger backfill`
 * pages through): the shop's event log, page by page, written to the payments ledger, for the
 * payments made before the ledger existed. Only the shop's own log, with its own token.
 */
import { describe, expect, it } from "vitest";
import type { LedgerBackfill } from "../../../../worker/checkout/backend-wire.js";
import { errorOf } from "../support/http.js";
import { ledgerDb, paymentRow, transactionRows } from "../support/ledger.js";
import { backend, createOpen, notify, tokenOf } from "../support/merchant.js";
import { freshOrderId } from "../support/orders.js";
import { withStatus } from "../support/payments.js";
import { useStubs } from "../support/stubs.js";

const stubs = useStubs();

async function forget(shop: string, paymentIds: string[]): Promise<void> {
  const db = ledgerDb();
  await db.batch(
    paymentIds.flatMap((id) => [
      db.prepare("DELETE FROM ledger_payments WHERE shop_id = ? AND payment_id = ?").bind(shop, id),
      db.prepare("DELETE FROM ledger_transactions WHERE shop_id = ? AND payment_id = ?").bind(shop, id),
    ]),
  );
}

/** Every page of the shop's backfill, 2 events a page. */
async function backfill(shop: string): Promise<LedgerBackfill[]> {
  const pages: LedgerBackfill[] = [];
  let after = "0";
  for (;;) {
    const response = await backend(`/api/shops/${shop}/ledger/backfill?after=${after}&limit=2`, { method: "POST" });
    expect(response.status).toBe(200);
    const page = (await response.json()) as LedgerBackfill;
    pages.push(page);
    if (!page.hasMore) return pages;
    after = page.next;
  }
}

describe("POST /api/shops/{shop}/ledger/backfill", () => {
  it("rebuilds the shop's payments from its event log, written by the shop's token", async () => {
    const paid = await createOpen(freshOrderId("backfill"));
    const created = stubs.upstream.payments.get(paid.paymentId);
    if (!created) throw new Error("the stub has no such payment");
    const confirmed = stubs.upstream.update(paid.paymentId, withStatus(created, "CONFIRMED"));
    await notify("demo-open", "v3/payment", confirmed, new Date(Date.now() + 1000));
    const open = await createOpen(freshOrderId("backfill"));
    await stubs.receiver.until(
      (r) => r.eventsOf(paid.paymentId).length === 2 && r.eventsOf(open.paymentId).length === 1,
    );
    const before = await paymentRow("demo-open", paid.paymentId);
    const transactionsBefore = await transactionRows("demo-open", paid.paymentId);
    expect(before).toMatchObject({ status: "CONFIRMED", version: 2 });
    expect(transactionsBefore).toMatchObject([{ state: "ACCEPTED", version: 2 }]);
    await forget("demo-open", [paid.paymentId, open.paymentId]);
    expect(await paymentRow("demo-open", paid.paymentId)).toBeNull();

    const pages = await backfill("demo-open");
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((p) => p.read <= 2 && p.written <= p.read)).toBe(true);
    expect(pages.reduce((n, p) => n + p.written, 0)).toBeGreaterThanOrEqual(3);
    expect(await paymentRow("demo-open", paid.paymentId)).toEqual(before);
    expect(await transactionRows("demo-open", paid.paymentId)).toEqual(transactionsBefore);
    expect(await paymentRow("demo-open", open.paymentId)).toMatchObject({ status: "NEW", version: 1 });
  });

  it("refuses another shop's token", async () => {
    const response = await backend("/api/shops/demo-signed/ledger/backfill", { method: "POST" }, tokenOf("demo-open"));
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("unauthorized");
  });

  it("says what to do when the Worker has no ledger", async () => {
    const response = await backend("/api/shops/demo-open/ledger/backfill", { method: "POST" }, tokenOf("demo-open"), {
      LEDGER: undefined,
    });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).message).toMatch(/LEDGER D1 binding/);
  });
});
