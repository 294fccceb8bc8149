/**
 * The queue consumer's ledger step (ledger/record-batch.ts, called by events/webhook-consumer.ts):
 * the payment events of one queue batch are one D1 batch; payout events stay out; and a failed
 * write keeps every message in the queue (its ack becomes a retry) while the webhooks still go
 * out once: when the message comes back, the ledger is written and no endpoint gets it again.
 */
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { payoutEvent } from "../../../../worker/checkout/events/build.js";
import { LEDGER_RETRY_SECONDS } from "../../../../worker/checkout/ledger/record-batch.js";
import { consumeWebhooks } from "../../../../worker/checkout/events/webhook-consumer.js";
import { consumeEvents, eventsOf, ledgerDb, paymentRow, transactionRows } from "../support/ledger.js";
import { batchOf, freshShopId, RecordingMessage, shopsWithCopy, testEnv } from "../support/merchant.js";
import { newPayment, withStatus } from "../support/payments.js";
import { WEBHOOK_URL } from "../support/test-env.js";
import { useStubs } from "../support/stubs.js";

const stubs = useStubs();

/** The ledger, with its batches counted (and failing while `fail` is set). */
function watchedLedger() {
  const db = ledgerDb();
  const calls = { batches: 0, statements: 0, fail: false };
  const ledger = {
    prepare: (sql: string) => db.prepare(sql),
    batch: (statements: D1PreparedStatement[]) => {
      calls.batches += 1;
      calls.statements += statements.length;
      if (calls.fail) return Promise.reject(new Error("D1_ERROR: the database is overloaded"));
      return db.batch(statements);
    },
  } as unknown as D1Database;
  return { calls, ledger };
}

/** A shop of its own with one endpoint, and the bindings with the watched ledger. */
function setup() {
  const shop = freshShopId("ledger");
  const watched = watchedLedger();
  const env: Env = {
    ...testEnv,
    SHOPS: shopsWithCopy(shop, { webhooks: [{ url: WEBHOOK_URL, secret: "DEMO_WEBHOOK_SECRET" }] }),
    LEDGER: watched.ledger,
  };
  return { shop, env, calls: watched.calls };
}

describe("the consumer's ledger step", () => {
  it("writes the payment events of a queue batch in one D1 batch, and leaves payout events out", async () => {
    const { shop, env, calls } = setup();
    const a = newPayment();
    const b = newPayment();
    const now = Date.now();
    const historyA = eventsOf(shop, "order-a", [
      { payment: a, at: new Date(now - 2000) },
      { payment: withStatus(a, "CONFIRMED"), at: new Date(now - 1000) },
    ]);
    const historyB = eventsOf(shop, "order-b", [{ payment: b, at: new Date(now) }]);
    const payout = payoutEvent({
      shop,
      previousStatus: null,
      version: 1,
      payout: { payoutId: "po_1", status: "CREATED" },
      now: new Date(),
    });
    const messages = [...historyA, ...historyB, payout].map((event) => new RecordingMessage({ shop, event }));
    await consumeWebhooks(batchOf(messages), env);

    expect(calls.batches).toBe(1);
    expect(messages.map((m) => [m.acked, m.retries])).toEqual(messages.map(() => [1, []]));
    expect(await paymentRow(shop, a.paymentId)).toMatchObject({ status: "CONFIRMED", version: 2, order_id: "order-a" });
    expect(await transactionRows(shop, a.paymentId)).toMatchObject([
      { transaction_id: `tx_${a.paymentId}`, state: "ACCEPTED", paid_transfer_amount: "0.00041667", version: 2 },
    ]);
    expect(await paymentRow(shop, b.paymentId)).toMatchObject({ status: "NEW", version: 1, final_at: null });
    const { results } = await ledgerDb()
      .prepare("SELECT payment_id FROM ledger_payments WHERE shop_id = ? ORDER BY payment_id")
      .bind(shop)
      .all<{ payment_id: string }>();
    expect(results.map((r) => r.payment_id)).toEqual([a.paymentId, b.paymentId].sort());
  });

  it("keeps the messages when the write fails (retried after LEDGER_RETRY_SECONDS), and writes them when they come back, without a second webhook", async () => {
    const { shop, env, calls } = setup();
    const payment = newPayment();
    const [event] = eventsOf(shop, "order-1", [{ payment, at: new Date() }]);
    if (!event) throw new Error("no event");
    calls.fail = true;
    const [failed] = await consumeEvents(shop, [event], env);
    expect(failed).toMatchObject({ acked: 0, retries: [{ delaySeconds: LEDGER_RETRY_SECONDS }] });
    expect(stubs.receiver.eventsOf(payment.paymentId)).toHaveLength(1);
    expect(await paymentRow(shop, payment.paymentId)).toBeNull();

    calls.fail = false;
    const [again] = await consumeEvents(shop, [event], env);
    expect(again).toMatchObject({ acked: 1, retries: [] });
    expect(await paymentRow(shop, payment.paymentId)).toMatchObject({ status: "NEW", event_id: event.id });
    expect(stubs.receiver.eventsOf(payment.paymentId)).toHaveLength(1);
  });
});
