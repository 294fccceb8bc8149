/**
 * The webhook Queue's consumer, called with hand-built batches whose messages record ack and
 * retry, so that each decision is checked exactly: the delay of the retry policy, the dead-letter
 * queue after the schedule, endpoints that already took an event, the endpoints' `events`
 * filter, the dead-letter queue's own consumer. Each test uses a shop of its own (a copy of
 * demo-open with its own endpoints under WEBHOOK_URL), so its event log starts empty.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { paymentEvent, payoutEvent } from "../../../../worker/checkout/events/build.js";
import { EventLog, SHOP_EVENTS_STORAGE } from "../../../../worker/checkout/events/event-log.js";
import { upgradeStorage } from "../../../../worker/checkout/storage-version.js";
import type { EventDetail, WebhookEvent } from "../../../../worker/checkout/backend-wire.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import { toView } from "../../../../worker/checkout/payments/view.js";
import { consumeWebhooks, WEBHOOK_DEAD_LETTER_QUEUE } from "../../../../worker/checkout/events/webhook-consumer.js";
import { newPayment, withStatus } from "../support/payments.js";
import { batchOf, freshShopId, RecordingMessage, recordingQueue, shopsWithCopy, testEnv } from "../support/merchant.js";
import { WEBHOOK_URL } from "../support/test-env.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

let receiver: WebhookReceiver;
/** The event logs a test wrote to: a waiting delivery sets their alarm (its lease), removed after. */
const touched: DurableObjectStub[] = [];
beforeEach(() => {
  receiver = installWebhookReceiver();
});
afterEach(async () => {
  receiver.restore();
  for (const stub of touched.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

const URL_A = `${WEBHOOK_URL}?a`;
const URL_B = `${WEBHOOK_URL}?b`;

interface Setup {
  shop: string;
  env: Env;
  deadLetters: ReturnType<typeof recordingQueue>["sent"];
  detail: (eventId: string) => Promise<EventDetail>;
}

/** A fresh shop with these endpoints, and the bindings the consumer runs with. */
function setup(webhooks: Record<string, unknown>[], vars: Partial<Env> = {}): Setup {
  const shop = freshShopId("consumer");
  const dlq = recordingQueue();
  const env: Env = { ...testEnv, SHOPS: shopsWithCopy(shop, { webhooks }), WEBHOOK_DEAD_LETTERS: dlq.queue, ...vars };
  touched.push(shopEvents(env, shop).stub);
  const detail = async (eventId: string) => {
    const found = await shopEvents(env, shop).detail(eventId);
    if (!found) throw new Error(`no event ${eventId} in ${shop}'s log`);
    return found as EventDetail;
  };
  return { shop, env, deadLetters: dlq.sent, detail };
}

const endpoint = (url: string, events?: string[]) => ({
  url,
  secret: "DEMO_WEBHOOK_SECRET",
  ...(events ? { events } : {}),
});

function paymentChange(shop: string, status = "NEW"): WebhookEvent {
  const payment = newPayment();
  const previous = status === "NEW" ? undefined : toView(payment, 1, new Date());
  return paymentEvent({
    shop,
    orderId: "order-1",
    previous,
    view: toView(withStatus(payment, status), previous ? 2 : 1, new Date()),
  });
}

const message = (shop: string, event: WebhookEvent, attempts = 1) => new RecordingMessage({ shop, event }, attempts);

describe("consumeWebhooks: a failed delivery", () => {
  it.each([
    [0, [4, 24, 96, 480, 1440, 2880, 5760, 11520, 23040, 23040, 23040]],
    [1 - 1e-9, [6, 36, 144, 720, 2160, 4320, 8640, 17280, 34560, 34560, 34560]],
  ])(
    "is retried with the policy's delay for each attempt the event log counts (random %s), and dead-lettered after the last step",
    async (random, delays) => {
      const s = setup([endpoint(URL_A)], { WEBHOOK_RETRY_SCHEDULE: "" });
      receiver.failUrl(URL_A, "http503");
      const event = paymentChange(s.shop);
      // The Queue's own attempt counter is 1 every time (as for messages queued again by a lease):
      // the schedule follows the attempts recorded in the event log.
      const messages = Array.from({ length: delays.length + 1 }, () => message(s.shop, event, 1));
      for (const [i, m] of messages.entries()) {
        const started = Date.now();
        await consumeWebhooks(batchOf([m]), s.env, () => random);
        const ended = Date.now();
        if (i === delays.length) break;
        expect(m.retries).toEqual([{ delaySeconds: delays[i] }]);
        const { endpoints, delivery } = await s.detail(event.id);
        expect(delivery).toBe("retrying");
        expect(endpoints).toMatchObject([
          {
            url: URL_A,
            state: "retrying",
            attempts: i + 1,
            lastStatus: 503,
            lastError: "HTTP 503: down for maintenance",
          },
        ]);
        // The event log's next attempt is the policy's delay after the moment the consumer decided,
        // which lies within its call: the delay it scheduled is bounded by the call, not by a margin.
        const nextAt = Date.parse(endpoints[0]?.nextAttemptAt ?? "");
        const delayMs = (delays[i] ?? 0) * 1000;
        expect(nextAt - delayMs).toBeGreaterThanOrEqual(started);
        expect(nextAt - delayMs).toBeLessThanOrEqual(ended);
      }
      const last = messages.at(-1);
      expect(last).toMatchObject({ acked: 1, retries: [] });
      expect(receiver.to(URL_A)).toHaveLength(12);
      expect(s.deadLetters).toEqual([{ shop: s.shop, event }]);
      expect(await s.detail(event.id)).toMatchObject({
        delivery: "dead",
        endpoints: [{ state: "dead", attempts: 12, nextAttemptAt: null }],
      });
    },
  );

  it("is not POSTed again to an endpoint that took it; the message is acked once every endpoint has", async () => {
    const s = setup([endpoint(URL_A), endpoint(URL_B)]);
    receiver.failUrl(URL_A, "http503");
    const event = paymentChange(s.shop);
    const first = message(s.shop, event, 1);
    await consumeWebhooks(batchOf([first]), s.env, () => 0.5);
    expect(first).toMatchObject({ acked: 0, retries: [{ delaySeconds: 0 }] });
    expect(await s.detail(event.id)).toMatchObject({
      delivery: "retrying",
      endpoints: [
        { url: URL_A, state: "retrying" },
        { url: URL_B, state: "delivered", attempts: 1 },
      ],
    });

    const second = message(s.shop, event, 2);
    await consumeWebhooks(batchOf([second]), s.env, () => 0.5);
    expect(second.retries).toHaveLength(1);
    receiver.failUrl(URL_A, undefined);
    const third = message(s.shop, event, 3);
    await consumeWebhooks(batchOf([third]), s.env, () => 0.5);
    expect(third).toMatchObject({ acked: 1, retries: [] });

    expect(receiver.to(URL_A).map((d) => d.answered)).toEqual([503, 503, 200]);
    expect(receiver.to(URL_B).map((d) => d.answered)).toEqual([200]);
    expect(new Set(receiver.deliveries.map((d) => d.headers["webhook-id"]))).toEqual(new Set([event.id]));
    const detail = await s.detail(event.id);
    expect(detail).toMatchObject({
      delivery: "delivered",
      endpoints: [
        { url: URL_A, state: "delivered", attempts: 3 },
        { url: URL_B, state: "delivered", attempts: 1 },
      ],
    });
    expect(detail.attempts.map((a) => [a.url, a.status])).toEqual([
      [URL_A, 503],
      [URL_B, 200],
      [URL_A, 503],
      [URL_A, 200],
    ]);
  });

  it("is dead at the endpoint that never took it, delivered at the one that did", async () => {
    const s = setup([endpoint(URL_A), endpoint(URL_B)]);
    receiver.failUrl(URL_A, "network");
    const event = paymentChange(s.shop, "CONFIRMED");
    const messages = [1, 2, 3, 4].map((n) => message(s.shop, event, n));
    for (const m of messages) await consumeWebhooks(batchOf([m]), s.env, () => 0);
    expect(messages.map((m) => [m.acked, m.retries.length])).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
      [1, 0],
    ]);
    expect(s.deadLetters).toEqual([{ shop: s.shop, event }]);
    expect(receiver.to(URL_A)).toHaveLength(4);
    expect(receiver.to(URL_B)).toHaveLength(1);
    expect(await s.detail(event.id)).toMatchObject({
      delivery: "dead",
      endpoints: [
        {
          url: URL_A,
          state: "dead",
          attempts: 4,
          lastStatus: null,
          lastError: "network error: Network connection lost.",
        },
        { url: URL_B, state: "delivered" },
      ],
    });
  });
});

describe("consumeWebhooks: endpoints and messages", () => {
  it("POSTs an event only to the endpoints whose `events` filter takes its type", async () => {
    const s = setup([endpoint(URL_A), endpoint(URL_B, ["payment.confirmed"])]);
    const created = paymentChange(s.shop);
    const confirmed = paymentChange(s.shop, "CONFIRMED");
    const payout = payoutEvent({
      shop: s.shop,
      previousStatus: null,
      version: 1,
      payout: { payoutId: "po_1", status: "CREATED" },
      now: new Date(),
    });
    const messages = [created, confirmed, payout].map((event) => message(s.shop, event));
    await consumeWebhooks(batchOf(messages), s.env, () => 0);
    expect(messages.map((m) => m.acked)).toEqual([1, 1, 1]);
    expect(
      receiver
        .to(URL_A)
        .map((d) => d.event.id)
        .sort(),
    ).toEqual([created.id, confirmed.id, payout.id].sort());
    expect(receiver.to(URL_B).map((d) => d.event.type)).toEqual(["payment.confirmed"]);
    expect((await s.detail(created.id)).endpoints.map((e) => e.url)).toEqual([URL_A]);
    expect((await s.detail(confirmed.id)).endpoints.map((e) => e.url)).toEqual([URL_A, URL_B]);
  });

  it("acks an event no endpoint takes without POSTing it, and records it with delivery none", async () => {
    const s = setup([endpoint(URL_A, ["payment.confirmed"])]);
    const event = paymentChange(s.shop);
    const m = message(s.shop, event);
    await consumeWebhooks(batchOf([m]), s.env, () => 0);
    expect(m).toMatchObject({ acked: 1, retries: [] });
    expect(receiver.deliveries).toEqual([]);
    expect(await s.detail(event.id)).toMatchObject({ delivery: "none", endpoints: [], attempts: [] });
  });

  it("acks a body that is not a webhook message, and retries one of a shop it does not know", async () => {
    const s = setup([endpoint(URL_A)]);
    const garbage = new RecordingMessage({ hello: "world" });
    const unknownShop = message("no-such-shop", paymentChange("no-such-shop"));
    await consumeWebhooks(batchOf([garbage, unknownShop]), s.env, () => 0);
    expect(garbage).toMatchObject({ acked: 1, retries: [] });
    expect(unknownShop).toMatchObject({ acked: 0, retries: [undefined] });
    expect(receiver.deliveries).toEqual([]);
  });

  it("marks the deliveries dead when a message reaches the dead-letter queue's consumer", async () => {
    const s = setup([endpoint(URL_A)]);
    receiver.failUrl(URL_A, "http503");
    const event = paymentChange(s.shop);
    await consumeWebhooks(batchOf([message(s.shop, event)]), s.env, () => 0);
    expect((await s.detail(event.id)).delivery).toBe("retrying");
    const dead = message(s.shop, event);
    await consumeWebhooks(batchOf([dead], WEBHOOK_DEAD_LETTER_QUEUE), s.env, () => 0);
    expect(dead).toMatchObject({ acked: 1, retries: [] });
    expect(receiver.to(URL_A)).toHaveLength(1);
    expect(await s.detail(event.id)).toMatchObject({
      delivery: "dead",
      endpoints: [{ state: "dead", lastError: "HTTP 503: down for maintenance", nextAttemptAt: null }],
    });
  });

  it("records an event the log never saw when it reaches the dead-letter queue (its shop was broken meanwhile), so it can be redelivered", async () => {
    const s = setup([endpoint(URL_A)]);
    const event = paymentChange(s.shop);
    const dead = message(s.shop, event);
    await consumeWebhooks(batchOf([dead], WEBHOOK_DEAD_LETTER_QUEUE), s.env, () => 0);
    expect(dead).toMatchObject({ acked: 1, retries: [] });
    expect(receiver.deliveries).toEqual([]);
    expect((await s.detail(event.id)).event).toEqual(event);
  });
});

describe("the event log's storage", () => {
  it("adds the columns a table of an older release lacks (lease_until, round_attempts) and keeps its rows", async () => {
    const stub = shopEvents(testEnv, freshShopId("migrate")).stub;
    touched.push(stub);
    const columns = await runInDurableObject(stub, (_i, state) => {
      const sql = state.storage.sql;
      // As a release before storage versions left it: no version recorded.
      sql.exec("DROP TABLE storage_version");
      sql.exec("DROP TABLE deliveries");
      sql.exec(
        "CREATE TABLE deliveries (event_id TEXT NOT NULL, url TEXT NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_status INTEGER, last_error TEXT, last_attempt_at INTEGER, next_attempt_at INTEGER, delivered_at INTEGER, PRIMARY KEY (event_id, url))",
      );
      sql.exec("INSERT INTO deliveries (event_id, url, state) VALUES ('evt_old', 'https://old.example', 'delivered')");
      expect(upgradeStorage(sql, SHOP_EVENTS_STORAGE)).toBe(1);
      new EventLog(sql);
      return {
        names: sql
          .exec<{ name: string }>("SELECT name FROM pragma_table_info('deliveries')")
          .toArray()
          .map((c) => c.name),
        rows: sql.exec("SELECT event_id, round_attempts, lease_until FROM deliveries").toArray(),
      };
    });
    expect(columns.names).toEqual(expect.arrayContaining(["lease_until", "round_attempts"]));
    expect(columns.rows).toEqual([{ event_id: "evt_old", round_attempts: 0, lease_until: null }]);
  });
});
