/**
 * The shop's event log keeps an event EVENT_RETENTION_DAYS (default 90) after it was recorded:
 * every event recorded prunes a few older ones with their deliveries and attempts, never one that
 * is still being delivered (a delivery holding a lease).
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import { paymentEvent } from "../../../../worker/checkout/events/build.js";
import {
  DEFAULT_EVENT_RETENTION_DAYS,
  PRUNE_STEP_EVENTS,
  shopEvents,
} from "../../../../worker/checkout/events/shop-events-object.js";
import { toView } from "../../../../worker/checkout/payments/view.js";
import { DAY_MS } from "../../../../worker/checkout/rules.js";
import { freshShopId, testEnv } from "../support/merchant.js";
import { newPayment } from "../support/payments.js";

const touched: DurableObjectStub[] = [];
afterEach(async () => {
  for (const stub of touched.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

const created = (shop: string): PaymentEvent =>
  paymentEvent({ shop, orderId: "order-1", previous: undefined, view: toView(newPayment(), 1, new Date()) });

/** The log's events, their deliveries and attempts, counted in its own storage. */
const counts = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_i, state) =>
    Object.fromEntries(
      ["events", "deliveries", "attempts"].map((table) => [
        table,
        state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).one().n,
      ]),
    ),
  );

describe("the event log's retention", () => {
  it("prunes events older than the retention, with their deliveries and attempts, as new ones are recorded", async () => {
    const shop = freshShopId("retention");
    const log = shopEvents(testEnv, shop);
    touched.push(log.stub);
    const old = Array.from({ length: PRUNE_STEP_EVENTS + 5 }, () => created(shop));
    for (const event of old) {
      await log.record(event, ["https://receiver.example/a"]);
      await log.finish(
        event.id,
        [{ url: "https://receiver.example/a", ok: true, at: Date.now(), status: 200, durationMs: 3, error: null }],
        null,
      );
    }
    const inFlight = created(shop);
    await log.record(inFlight, ["https://receiver.example/a"]);
    // All of them recorded a day past the retention; the in-flight one still holds its lease.
    const past = Date.now() - (DEFAULT_EVENT_RETENTION_DAYS + 1) * DAY_MS;
    await runInDurableObject(log.stub, (_i, state) =>
      state.storage.sql.exec("UPDATE events SET recorded_at = ?", past),
    );

    const fresh = created(shop);
    await log.record(fresh, []);
    // One step: PRUNE_STEP_EVENTS events gone, oldest first, with their rows.
    expect(await counts(log.stub)).toEqual({ events: 5 + 1 + 1, deliveries: 5 + 1, attempts: 5 });
    expect(await log.detail(old[0]?.id ?? "")).toBeNull();
    expect(await log.detail(old.at(-1)?.id ?? "")).not.toBeNull();

    await log.record(created(shop), []);
    expect(await counts(log.stub)).toEqual({ events: 1 + 1 + 1, deliveries: 1, attempts: 0 });
    // Still delivering: kept until its delivery ends, whatever its age.
    expect(await log.detail(inFlight.id)).toMatchObject({ delivery: "pending" });
    expect(await log.detail(fresh.id)).not.toBeNull();
  });
});
