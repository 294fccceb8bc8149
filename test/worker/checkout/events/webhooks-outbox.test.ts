/**
 * The PaymentObject's transactional outbox: the event of a stored snapshot is written in the same
 * transaction as the snapshot, survives a Queue that refuses it, and is sent by the object's alarm;
 * a change that is not applied (duplicate, older) writes none; an object that stores nothing has no
 * outbox at all. The Queue binding the objects use is the one the tests see (one isolate), so a
 * refusal is `vi.spyOn(env.WEBHOOK_EVENTS, "sendBatch")` rejecting once.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { batchBySize } from "../../../../worker/checkout/events/outbox.js";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { newPayment } from "../support/payments.js";
import { createOpen, eventDetail, notify, testEnv } from "../support/merchant.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import { freshOrderId, settle } from "../support/orders.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

const SHOP = "demo-open";
let upstream: UpstreamStub;
let receiver: WebhookReceiver;
const touched: DurableObjectStub[] = [];

beforeEach(() => {
  upstream = installUpstreamStub();
  receiver = installWebhookReceiver();
});
afterEach(async () => {
  vi.restoreAllMocks();
  receiver.restore();
  upstream.restore();
  for (const stub of touched.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

function stubOf(paymentId: string): DurableObjectStub {
  const stub = testEnv.PAYMENTS.get(testEnv.PAYMENTS.idFromName(`${SHOP}:${paymentId}`));
  touched.push(stub);
  return stub;
}

interface Stored {
  tables: string[];
  versions: number[];
  outbox: { failures: number; type: string }[];
  /** Outbox rows ever written (SQLite's AUTOINCREMENT counter): every event the object made. */
  written: number;
  alarm: number | null;
}

function storedIn(stub: DurableObjectStub): Promise<Stored> {
  return runInDurableObject(stub, async (_i, state) => {
    const sql = state.storage.sql;
    const tables = sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
      )
      .toArray()
      .map((r) => r.name);
    const versions = tables.includes("snapshots")
      ? sql
          .exec<{ version: number }>("SELECT version FROM snapshots ORDER BY version")
          .toArray()
          .map((r) => r.version)
      : [];
    const outbox = tables.includes("outbox")
      ? sql
          .exec<{ failures: number; message: string }>("SELECT failures, message FROM outbox ORDER BY seq")
          .toArray()
          .map((r) => ({ failures: r.failures, type: (JSON.parse(r.message) as { event: PaymentEvent }).event.type }))
      : [];
    const written = tables.includes("outbox")
      ? (sql.exec<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'outbox'").toArray()[0]?.seq ?? 0)
      : 0;
    return { tables, versions, outbox, written, alarm: await state.storage.getAlarm() };
  });
}

describe("the outbox of a PaymentObject", () => {
  it("keeps the event when the Queue refuses it, next to the stored snapshot, and its alarm sends it", async () => {
    const sendBatch = vi
      .spyOn(testEnv.WEBHOOK_EVENTS, "sendBatch")
      .mockRejectedValueOnce(new Error("queue unavailable"));
    const before = Date.now();
    const view = await createOpen(freshOrderId("outbox"));
    expect(sendBatch).toHaveBeenCalledTimes(1);
    const stub = stubOf(view.paymentId);
    const stored = await storedIn(stub);
    expect(stored.versions).toEqual([1]);
    expect(stored.outbox).toEqual([{ failures: 1, type: "payment.created" }]);
    // The alarm is set for the outbox's next try (about a second), long before the payment's expiry.
    expect(stored.alarm).not.toBeNull();
    expect(stored.alarm ?? 0).toBeGreaterThanOrEqual(before);
    const expiresAt = Date.parse(view.expirationTime ?? "");
    expect(expiresAt).toBeGreaterThan(Date.now() + 60_000);
    expect(stored.alarm ?? 0).toBeLessThan(expiresAt - 60_000);
    expect(receiver.eventsOf(view.paymentId)).toEqual([]);

    // The alarm sends what is due (the row waits its retry time, so run it until it has).
    await vi.waitFor(
      async () => {
        await runDurableObjectAlarm(stub);
        expect((await storedIn(stub)).outbox).toEqual([]);
      },
      { timeout: 5000, interval: 250 },
    );
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    expect(receiver.eventsOf(view.paymentId)).toMatchObject([
      { type: "payment.created", data: { version: 1, payment: { paymentId: view.paymentId } } },
    ]);
    // Only the one event was ever written: the refusal did not make a second one.
    expect((await storedIn(stub)).written).toBe(1);
  });

  it("puts the event in the shop's event log before the Queue: a message the Queue accepted and lost is queued again from there", async () => {
    // The Queue accepts the first message and loses it (a local Queue, kept in memory, whose process died).
    const sendBatch = vi
      .spyOn(testEnv.WEBHOOK_EVENTS, "sendBatch")
      .mockResolvedValueOnce({ metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } } });
    const view = await createOpen(freshOrderId("lost"));
    expect(sendBatch).toHaveBeenCalledTimes(1);
    expect((await storedIn(stubOf(view.paymentId))).outbox).toEqual([]);
    const [lost] = sendBatch.mock.calls[0]?.[0] ?? [];
    const event = (lost?.body as { event: PaymentEvent }).event;
    expect(event).toMatchObject({ type: "payment.created", data: { payment: { paymentId: view.paymentId } } });

    // The shop's event log has it, waiting, with a lease that sets its alarm.
    expect(await eventDetail(SHOP, event.id)).toMatchObject({ delivery: "pending", attempts: [] });
    const events = shopEvents(testEnv, SHOP).stub;
    touched.push(events);
    const lease = await runInDurableObject(events, (_i, state) =>
      state.storage.sql
        .exec<{ lease_until: number }>("SELECT lease_until FROM deliveries WHERE event_id = ?", event.id)
        .one(),
    );
    expect(lease.lease_until).toBeGreaterThan(Date.now());

    // The lease runs out (moved in storage rather than waited for): the log queues it again, and it arrives.
    await runInDurableObject(events, (_i, state) =>
      state.storage.sql.exec("UPDATE deliveries SET lease_until = ? WHERE event_id = ?", Date.now() - 1, event.id),
    );
    expect(await runDurableObjectAlarm(events)).toBe(true);
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    expect(receiver.eventsOf(view.paymentId)[0]?.id).toBe(event.id);
  });

  it("writes no event for a duplicate or an older notification", async () => {
    const view = await createOpen(freshOrderId("dup"));
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const unconfirmedAt = new Date(Date.now() + 1000);
    const payment = upstream.update(view.paymentId, { status: "UNCONFIRMED" });
    expect(await notify(SHOP, "v3/payment", payment, unconfirmedAt)).toEqual({ status: 200, outcome: "apply" });
    expect(await notify(SHOP, "v3/payment", payment, unconfirmedAt)).toEqual({ status: 200, outcome: "duplicate" });
    const older = { ...payment, status: "UNDERPAID", paidPriceAmount: "10.00" };
    expect(await notify(SHOP, "v3/payment", older, new Date(unconfirmedAt.getTime() - 500))).toEqual({
      status: 200,
      outcome: "older",
    });
    const stub = stubOf(view.paymentId);
    expect(await storedIn(stub)).toMatchObject({ versions: [1, 2], written: 2 });

    await settle(upstream, SHOP, view.paymentId, "CONFIRMED");
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 3);
    const events = receiver.eventsOf(view.paymentId) as PaymentEvent[];
    expect(events.map((e) => [e.type, e.data.version])).toEqual([
      ["payment.created", 1],
      ["payment.unconfirmed", 2],
      ["payment.confirmed", 3],
    ]);
    expect((await storedIn(stub)).written).toBe(3);
  });

  it("makes no event when the notification repeats the stored snapshot in a later envelope", async () => {
    const view: PaymentView = await createOpen(freshOrderId("same"));
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const payment = upstream.payments.get(view.paymentId);
    expect(await notify(SHOP, "v3/payment", payment ?? {}, new Date(Date.now() + 5000))).toEqual({
      status: 200,
      outcome: "duplicate",
    });
    expect(await storedIn(stubOf(view.paymentId))).toMatchObject({ versions: [1], written: 1, outbox: [] });
  });

  it("keeps its alarm for an event still waiting for the Queue when a final payment's snapshots are forgotten", async () => {
    const view = await createOpen(freshOrderId("forget"));
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    vi.spyOn(testEnv.WEBHOOK_EVENTS, "sendBatch").mockRejectedValue(new Error("queue unavailable"));
    await settle(upstream, SHOP, view.paymentId, "CONFIRMED");
    const stub = stubOf(view.paymentId);
    expect((await storedIn(stub)).outbox).toEqual([{ failures: 1, type: "payment.confirmed" }]);
    // The retention time after the final status has passed (moved in storage rather than waited for).
    await runInDurableObject(stub, (_i, state) =>
      state.storage.sql.exec("UPDATE snapshots SET applied_at = ?", Date.now() - 400 * 24 * 60 * 60_000),
    );
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const after = await storedIn(stub);
    expect(after.tables).not.toContain("snapshots");
    expect(after.outbox).toHaveLength(1);
    expect(after.alarm).not.toBeNull();
  });

  it("does not exist in an object that never stored a payment", async () => {
    const unknown = newPayment({ status: "CONFIRMED" });
    expect(await notify(SHOP, "v3/payment", unknown, new Date())).toEqual({ status: 200, outcome: "unknown" });
    expect(await storedIn(stubOf(unknown.paymentId))).toEqual({
      tables: [],
      versions: [],
      outbox: [],
      written: 0,
      alarm: null,
    });
  });
});

describe("the outbox's batches", () => {
  it("stay within the byte budget of one sendBatch, at least one message each, in order", () => {
    const rows = [3, 4, 5, 1].map((kb, i) => ({ seq: i, message: "x".repeat(kb * 1000) }));
    expect(batchBySize(rows, 8000).map((r) => r.seq)).toEqual([0, 1]);
    expect(batchBySize(rows.slice(2), 8000).map((r) => r.seq)).toEqual([2, 3]);
    expect(batchBySize([{ seq: 9, message: "y".repeat(20_000) }], 8000).map((r) => r.seq)).toEqual([9]);
    expect(batchBySize([], 8000)).toEqual([]);
  });
});
