/**
 * Webhook delivery end to end, through the real Queue and its consumer (WEBHOOK_RETRY_SCHEDULE
 * "0,0,0": four attempts, retries at once): failures of every kind are retried and logged per
 * attempt, a receiver that never answers 2xx ends dead and in the dead-letter queue, an event
 * whose Queue message was lost is queued again by the shop's event log, and the backend API's
 * redeliver sends an event again under the same webhook-id.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventDetail, PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import { paymentEvent } from "../../../../worker/checkout/events/build.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import { toView } from "../../../../worker/checkout/payments/view.js";
import { newPayment } from "../support/payments.js";
import { backend, createOpen, eventDetail, testEnv } from "../support/merchant.js";
import { errorOf } from "../support/http.js";
import { freshOrderId } from "../support/orders.js";
import { TEST_SECRETS, WEBHOOK_URL } from "../support/test-env.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { installWebhookReceiver, type Delivery, type WebhookReceiver } from "../support/webhook-receiver.js";

const SHOP = "demo-open";
let upstream: UpstreamStub;
let receiver: WebhookReceiver;
let logs: { event: string; [field: string]: unknown }[];

beforeEach(() => {
  upstream = installUpstreamStub();
  receiver = installWebhookReceiver();
  logs = [];
  const original = console.log.bind(console);
  vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    try {
      logs.push(JSON.parse(String(line)) as { event: string });
    } catch {
      original(line);
    }
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  receiver.restore();
  upstream.restore();
});

/** Every POST of the payment.created event of this payment. */
const triesOf = (paymentId: string): Delivery[] =>
  receiver.deliveries.filter(
    (d) => d.event.type === "payment.created" && (d.event as PaymentEvent).data.payment.paymentId === paymentId,
  );

/** The event log's entry once `check` holds for it (the consumer records after each round). */
async function detailWhen(eventId: string, check: (detail: EventDetail) => boolean): Promise<EventDetail> {
  let last: EventDetail | undefined;
  await vi.waitFor(
    async () => {
      last = await eventDetail(SHOP, eventId);
      if (!check(last)) throw new Error(`event log: ${JSON.stringify(last.endpoints)}`);
    },
    { timeout: 8000, interval: 50 },
  );
  if (!last) throw new Error("unreachable");
  return last;
}

describe("webhook delivery through the Queue", () => {
  it("retries a 503, a timeout and a dropped connection, and logs every attempt", async () => {
    receiver.fail("http503", 1);
    receiver.fail("timeout", 1);
    receiver.fail("network", 1);
    const view = await createOpen(freshOrderId("retry"));
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1, 8000);
    const tries = triesOf(view.paymentId);
    expect(tries.map((d) => d.answered)).toEqual([503, 0, 0, 200]);
    const eventId = tries[0]?.event.id ?? "";
    expect(tries.every((d) => d.headers["webhook-id"] === eventId)).toBe(true);

    const detail = await detailWhen(eventId, (d) => d.delivery === "delivered");
    expect(detail.endpoints).toMatchObject([
      { url: WEBHOOK_URL, state: "delivered", attempts: 4, lastStatus: 200, lastError: null, nextAttemptAt: null },
    ]);
    expect(detail.attempts.map((a) => [a.status, a.error])).toEqual([
      [503, "HTTP 503: down for maintenance"],
      [null, "no answer within 1000 ms"],
      [null, "network error: Network connection lost."],
      [200, null],
    ]);
    const timedOut = detail.attempts[1];
    expect(timedOut?.durationMs).toBeGreaterThanOrEqual(1000);
    expect(
      detail.attempts.every(
        (a) =>
          a.url === WEBHOOK_URL &&
          Number.isInteger(a.durationMs) &&
          a.durationMs >= 0 &&
          !Number.isNaN(Date.parse(a.at)),
      ),
    ).toBe(true);
  });

  it("gives up after the schedule: the event is dead, in the dead-letter queue, with one attempt per try", async () => {
    const deadLetters = vi.spyOn(testEnv.WEBHOOK_DEAD_LETTERS, "send");
    receiver.failAlways("http503");
    const view = await createOpen(freshOrderId("dead"));
    await receiver.until(() => triesOf(view.paymentId).length === 4, 8000);
    const eventId = triesOf(view.paymentId)[0]?.event.id ?? "";

    const detail = await detailWhen(eventId, (d) => d.delivery === "dead");
    expect(detail.endpoints).toMatchObject([
      { url: WEBHOOK_URL, state: "dead", attempts: 4, lastStatus: 503, nextAttemptAt: null, deliveredAt: null },
    ]);
    expect(detail.attempts).toHaveLength(4);
    expect(detail.attempts.map((a) => [a.status, a.error])).toEqual(
      Array.from({ length: 4 }, () => [503, "HTTP 503: down for maintenance"]),
    );
    expect(triesOf(view.paymentId)).toHaveLength(4);

    expect(deadLetters).toHaveBeenCalledTimes(1);
    expect(deadLetters.mock.calls[0]?.[0]).toMatchObject({
      shop: SHOP,
      event: { id: eventId, type: "payment.created" },
    });
    // The dead-letter queue's consumer took it too.
    await vi.waitFor(
      () => expect(logs.some((l) => l.event === "webhook_dead_letter" && l.eventId === eventId)).toBe(true),
      { timeout: 5000, interval: 50 },
    );
    const list = await backend(`/api/shops/${SHOP}/events?after=${Number(detail.cursor) - 1}&limit=1`);
    expect(((await list.json()) as { events: EventDetail[] }).events).toMatchObject([
      { event: { id: eventId }, delivery: "dead" },
    ]);
  });

  it("redelivers an event on request, under the same webhook-id, and logs the new attempt", async () => {
    const view = await createOpen(freshOrderId("redeliver"));
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const first = receiver.accepted().find((d) => (d.event as PaymentEvent).data.payment?.paymentId === view.paymentId);
    const eventId = first?.event.id ?? "";
    await detailWhen(eventId, (d) => d.delivery === "delivered");

    const response = await backend(`/api/shops/${SHOP}/events/${eventId}/redeliver`, { method: "POST" });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ eventId, queued: [WEBHOOK_URL] });
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 2);
    const [one, two] = receiver.accepted().filter((d) => d.event.id === eventId);
    expect(two?.headers["webhook-id"]).toBe(eventId);
    expect(two?.body).toBe(one?.body);
    expect(Number(two?.headers["webhook-timestamp"])).toBeGreaterThanOrEqual(Number(one?.headers["webhook-timestamp"]));

    const detail = await detailWhen(eventId, (d) => d.attempts.length === 2);
    expect(detail).toMatchObject({ delivery: "delivered", endpoints: [{ state: "delivered", attempts: 2 }] });
  });

  it("queues an event again when its Queue message was lost (the delivery's lease ran out)", async () => {
    const payment = newPayment();
    const event = paymentEvent({
      shop: SHOP,
      orderId: "lost-order",
      previous: undefined,
      view: toView(payment, 1, new Date()),
    });
    const events = shopEvents(testEnv, SHOP).stub;
    // The consumer took the message and recorded the event, then its message was lost before any POST.
    expect(await events.record(event, [WEBHOOK_URL])).toEqual([{ url: WEBHOOK_URL, roundAttempts: 0 }]);
    const { alarm, lease } = await runInDurableObject(events, async (_i, state) => ({
      alarm: await state.storage.getAlarm(),
      lease: state.storage.sql
        .exec<{ lease_until: number }>("SELECT lease_until FROM deliveries WHERE event_id = ?", event.id)
        .one().lease_until,
    }));
    expect(alarm).toBe(lease);
    expect(lease).toBeGreaterThan(Date.now() + 60_000);
    expect((await eventDetail(SHOP, event.id)).delivery).toBe("pending");
    // The lease time passes (moved in storage rather than waited for); the alarm queues the event again.
    await runInDurableObject(events, (_i, state) =>
      state.storage.sql.exec("UPDATE deliveries SET lease_until = ? WHERE event_id = ?", Date.now() - 1, event.id),
    );
    expect(await runDurableObjectAlarm(events)).toBe(true);
    await receiver.until((r) => r.accepted().some((d) => d.event.id === event.id));
    expect(receiver.deliveries.filter((d) => d.event.id === event.id).map((d) => d.headers["webhook-id"])).toEqual([
      event.id,
    ]);
    const detail = await detailWhen(event.id, (d) => d.delivery === "delivered");
    expect(detail.attempts).toHaveLength(1);
    expect(logs.some((l) => l.event === "webhook_lease_expired" && l.eventId === event.id)).toBe(true);
    expect(await runInDurableObject(events, (_i, state) => state.storage.getAlarm())).toBeNull();
  });

  it.each([
    ["an unknown event id", "evt_00000000000000000000000000000000"],
    ["a malformed event id", "not-an-event"],
  ])("answers 404 event_not_found to a redeliver of %s", async (_name, eventId) => {
    const response = await backend(`/api/shops/${SHOP}/events/${eventId}/redeliver`, { method: "POST" });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("event_not_found");
  });

  it("answers 401 to a redeliver of an existing event without the backend token, and sends nothing", async () => {
    const view = await createOpen(freshOrderId("no-token"));
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const eventId = receiver.eventsOf(view.paymentId)[0]?.id ?? "";
    await detailWhen(eventId, (d) => d.delivery === "delivered");
    const sent = receiver.deliveries.length;
    for (const token of [null, "x".repeat(40), TEST_SECRETS.DEMO_SIGNED_BACKEND_TOKEN]) {
      const response = await backend(`/api/shops/${SHOP}/events/${eventId}/redeliver`, { method: "POST" }, token);
      expect(response.status).toBe(401);
    }
    // A redelivery reopens the event's delivery (pending, then a second attempt) before it answers
    // 202: the event is still delivered once, and nothing was POSTed again.
    expect(await eventDetail(SHOP, eventId)).toMatchObject({
      delivery: "delivered",
      endpoints: [{ url: WEBHOOK_URL, state: "delivered", attempts: 1 }],
    });
    expect((await eventDetail(SHOP, eventId)).attempts).toHaveLength(1);
    expect(receiver.deliveries).toHaveLength(sent);
  });
});
