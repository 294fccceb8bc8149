/**
 * The ledger's retention (ledger/retention.ts): LEDGER_RETENTION_DAYS after a payment's last
 * change (default 3650 days), whatever the objects keep. The daily cron (the Worker's
 * `scheduled()`, called here as the platform calls it) prunes in steps until nothing is older;
 * the queue consumer prunes a step with every batch it writes, so a local `wrangler dev`, which
 * runs no cron by itself, prunes too.
 */
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import worker from "../../../../worker/checkout/index.js";
import {
  DEFAULT_LEDGER_RETENTION_DAYS,
  ledgerRetentionMs,
  PRUNE_STEP_ROWS,
} from "../../../../worker/checkout/ledger/retention.js";
import { consumeEvents, eventsOf, ledgerDb, paymentRow, transactionRows } from "../support/ledger.js";
import { freshShopId, shopsWithCopy, testEnv } from "../support/merchant.js";
import { newPayment, withStatus } from "../support/payments.js";
import { WEBHOOK_URL } from "../support/test-env.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `count` payments of `shop`, each with one transaction, last changed at `updatedAt` (written as SQL: many rows fast). */
async function seed(shop: string, prefix: string, count: number, updatedAt: number): Promise<void> {
  const db = ledgerDb();
  await db.batch([
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
         INSERT INTO ledger_payments (shop_id, payment_id, order_id, status, price_amount, price_currency,
           transfer_amount, transfer_currency, paid_price_amount, pending_paid_price_amount,
           accepted_paid_price_amount, paid_transfer_amount, pending_paid_transfer_amount,
           accepted_paid_transfer_amount, address, created_at, updated_at, final_at, version, event_id, view)
         SELECT ?1, ?2 || i, 'order-' || i, 'CONFIRMED', '25.00', 'EUR', '0.00041667', 'BTC', '25.00', '0', '25.00',
           '0.00041667', '0', '0.00041667', 'tb1qexample', ?4, ?4, ?4, 2, 'evt_' || i, '{}' FROM n`,
      )
      .bind(shop, prefix, count, updatedAt),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
         INSERT INTO ledger_transactions (shop_id, payment_id, position, transaction_id, state, version, updated_at)
         SELECT ?1, ?2 || i, 0, 'tx_' || i, 'ACCEPTED', 2, ?4 FROM n`,
      )
      .bind(shop, prefix, count, updatedAt),
  ]);
}

async function count(table: string, shop: string, prefix: string): Promise<number> {
  const row = await ledgerDb()
    .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE shop_id = ? AND payment_id LIKE ? || '%'`)
    .bind(shop, prefix)
    .first<{ n: number }>();
  return row?.n ?? -1;
}

describe("LEDGER_RETENTION_DAYS", () => {
  it.each([
    [undefined, DEFAULT_LEDGER_RETENTION_DAYS],
    ["", DEFAULT_LEDGER_RETENTION_DAYS],
    ["0", DEFAULT_LEDGER_RETENTION_DAYS],
    ["-5", DEFAULT_LEDGER_RETENTION_DAYS],
    ["ten", DEFAULT_LEDGER_RETENTION_DAYS],
    ["30", 30],
    [" 1.5 ", 1.5],
  ])("%j keeps a payment %s days after its last change", (value, days) => {
    expect(ledgerRetentionMs(value)).toBe(days * DAY_MS);
  });
  it("is ten years by default", () => {
    expect(DEFAULT_LEDGER_RETENTION_DAYS).toBe(3650);
  });
});

describe("the daily cron", () => {
  it("deletes every payment and transaction last changed before the retention, over several steps, and keeps the newer ones", async () => {
    const shop = freshShopId("retention");
    const now = Date.now();
    const old = PRUNE_STEP_ROWS * 2 + 100;
    await seed(shop, "pay_old_", old, now - 31 * DAY_MS);
    await seed(shop, "pay_new_", 5, now - 29 * DAY_MS);
    expect(await count("ledger_payments", shop, "pay_old_")).toBe(old);

    const env: Env = { ...testEnv, LEDGER_RETENTION_DAYS: "30" };
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 3 * * *" }), env);

    expect(await count("ledger_payments", shop, "pay_old_")).toBe(0);
    expect(await count("ledger_transactions", shop, "pay_old_")).toBe(0);
    expect(await count("ledger_payments", shop, "pay_new_")).toBe(5);
    expect(await count("ledger_transactions", shop, "pay_new_")).toBe(5);
  });

  it("keeps everything with the default retention", async () => {
    const shop = freshShopId("retention");
    await seed(shop, "pay_", 3, Date.now() - 3649 * DAY_MS);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() }), testEnv);
    expect(await count("ledger_payments", shop, "pay_")).toBe(3);
  });
});

describe("the queue consumer", () => {
  it("prunes with each batch it writes: a payment last changed before the retention goes, a recent one stays", async () => {
    const shop = freshShopId("retention");
    const env: Env = {
      ...testEnv,
      SHOPS: shopsWithCopy(shop, { webhooks: [{ url: WEBHOOK_URL, secret: "DEMO_WEBHOOK_SECRET" }] }),
      LEDGER_RETENTION_DAYS: "30",
    };
    const stale = newPayment();
    const fresh = newPayment();
    await seed(shop, "pay_stale_", 2, Date.now() - 40 * DAY_MS);
    await consumeEvents(
      shop,
      [
        ...eventsOf(shop, "order-stale", [
          { payment: withStatus(stale, "EXPIRED"), at: new Date(Date.now() - 31 * DAY_MS) },
        ]),
        ...eventsOf(shop, "order-fresh", [{ payment: fresh, at: new Date() }]),
      ],
      env,
    );
    expect(await paymentRow(shop, stale.paymentId)).toBeNull();
    expect(await transactionRows(shop, stale.paymentId)).toEqual([]);
    expect(await count("ledger_payments", shop, "pay_stale_")).toBe(0);
    expect(await paymentRow(shop, fresh.paymentId)).toMatchObject({ status: "NEW" });
  });
});
