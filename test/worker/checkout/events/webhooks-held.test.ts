/**
 * A disabled shop's webhooks: the consumer holds its events in the shop's log (`shop_disabled`:
 * no attempt, no lease, no retry towards the dead-letter queue), time passing changes nothing,
 * and enabling the shop sends them: at once through the admin API, or by the log's own check
 * when the enable's resume never ran. Clocks are moved by rewriting stored times, never by waiting.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventDetail, WebhookEvent } from "../../../../worker/checkout/backend-wire.js";
import { pingEvent } from "../../../../worker/checkout/events/build.js";
import { HELD_CHECK_MS, nextHeldCheck } from "../../../../worker/checkout/events/retry-policy.js";
import { recordInEventLog, shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import { consumeWebhooks } from "../../../../worker/checkout/events/webhook-consumer.js";
import { setStatus } from "../../../../worker/checkout/shops/registry-admin.js";
import { isolateCache } from "../../../../worker/checkout/shops/shop-registry.js";
import { batchOf, RecordingMessage, recordingQueue, testEnv } from "../support/merchant.js";
import { addShop, admin, registryId } from "../support/registry.js";
import { WEBHOOK_URL } from "../support/test-env.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

let receiver: WebhookReceiver;
const touched: DurableObjectStub[] = [];
beforeEach(() => {
  receiver = installWebhookReceiver();
});
afterEach(async () => {
  receiver.restore();
  for (const stub of touched.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

/** A registry shop, disabled through the admin API. */
async function disabledShop(): Promise<string> {
  const id = registryId("held");
  await addShop(id);
  expect((await admin(`/admin/shops/${id}/disable`, { method: "POST" })).status).toBe(200);
  touched.push(shopEvents(testEnv, id).stub);
  return id;
}

async function detail(shop: string, eventId: string): Promise<EventDetail> {
  const found = await shopEvents(testEnv, shop).detail(eventId);
  if (!found) throw new Error(`no event ${eventId} in ${shop}'s log`);
  return found as EventDetail;
}

/** The consumer's decision for one message of `shop`. */
async function consume(shop: string, event: WebhookEvent, attempts = 1): Promise<RecordingMessage> {
  const message = new RecordingMessage({ shop, event }, attempts);
  const dlq = recordingQueue();
  await consumeWebhooks(batchOf([message]), { ...testEnv, WEBHOOK_DEAD_LETTERS: dlq.queue });
  expect(dlq.sent).toEqual([]);
  return message;
}

const received = (eventId: string) => receiver.accepted().filter((d) => d.event.id === eventId);

describe("nextHeldCheck", () => {
  it("checks every interval from the oldest held event, however many are held since", () => {
    const since = 1_000_000;
    expect(nextHeldCheck(since, since)).toBe(since + HELD_CHECK_MS);
    expect(nextHeldCheck(since, since + 1)).toBe(since + HELD_CHECK_MS);
    expect(nextHeldCheck(since, since + HELD_CHECK_MS)).toBe(since + HELD_CHECK_MS);
    expect(nextHeldCheck(since, since + HELD_CHECK_MS + 1)).toBe(since + 2 * HELD_CHECK_MS);
  });
});

describe("a disabled shop's webhooks", () => {
  it("are held: acked without an attempt, shown as shop_disabled, and a repeated message changes nothing", async () => {
    const shop = await disabledShop();
    const event = pingEvent(shop, new Date());
    for (const attempts of [1, 7]) {
      const message = await consume(shop, event, attempts);
      expect(message.acked).toBe(1);
      expect(message.retries).toEqual([]);
    }
    const held = await detail(shop, event.id);
    expect(held.delivery).toBe("shop_disabled");
    expect(held.attempts).toEqual([]);
    expect(received(event.id)).toEqual([]);
  });

  it("are held by a payment object's outbox too, which then goes on to the Queue instead of retrying for ever", async () => {
    const shop = await disabledShop();
    const event = pingEvent(shop, new Date());
    await recordInEventLog(testEnv, [{ shop, event }]);
    const held = await detail(shop, event.id);
    expect(held.delivery).toBe("shop_disabled");
    expect(held.attempts).toEqual([]);
    // A shop that is neither served nor disabled is still the outbox's failure, tried again later.
    await expect(recordInEventLog(testEnv, [{ shop: registryId("nowhere"), event }])).rejects.toThrow();
  });

  it("stay held while time passes: the log's alarm neither retries them nor lets them die", async () => {
    const shop = await disabledShop();
    const event = pingEvent(shop, new Date());
    // Recorded with a lease first (as the outbox does), then held by the consumer.
    await shopEvents(testEnv, shop).record(event, [WEBHOOK_URL]);
    await consume(shop, event);
    const stub = shopEvents(testEnv, shop).stub;
    // A day later: the held time, and every other stored time, moved back.
    await runInDurableObject(stub, (_i, state) => {
      state.storage.sql.exec("UPDATE held SET since = since - 86400000");
      state.storage.sql.exec("UPDATE events SET recorded_at = recorded_at - 86400000");
    });
    await runInDurableObject(stub, (_i, state) => state.storage.setAlarm(Date.now()));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const held = await detail(shop, event.id);
    expect(held.delivery).toBe("shop_disabled");
    expect(held.endpoints).toMatchObject([
      { url: WEBHOOK_URL, state: "shop_disabled", attempts: 0, nextAttemptAt: null },
    ]);
    expect(received(event.id)).toEqual([]);
    // The next alarm is the next check of the held events, not a retry.
    const alarm = await runInDurableObject(stub, (_i, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm).toBeGreaterThan(Date.now());
    expect(alarm).toBeLessThanOrEqual(Date.now() + HELD_CHECK_MS);
  });

  it("go out once the shop is enabled through the admin API, each exactly once, in order", async () => {
    const shop = await disabledShop();
    const events = [pingEvent(shop, new Date()), pingEvent(shop, new Date())];
    for (const event of events) await consume(shop, event);
    expect((await admin(`/admin/shops/${shop}/enable`, { method: "POST" })).status).toBe(200);
    await receiver.until(() => events.every((event) => received(event.id).length === 1));
    for (const event of events) {
      const sent = await detail(shop, event.id);
      expect(sent.delivery).toBe("delivered");
      expect(sent.endpoints).toMatchObject([{ url: WEBHOOK_URL, state: "delivered", attempts: 1 }]);
    }
    const order = receiver.accepted().filter((d) => events.some((e) => e.id === d.event.id));
    expect(order.map((d) => d.event.id)).toEqual(events.map((e) => e.id));
  });

  it("go out by the log's own check when the shop was enabled without the resume (another path, or a crash in between)", async () => {
    const shop = await disabledShop();
    const event = pingEvent(shop, new Date());
    await consume(shop, event);
    const db = testEnv.DB;
    if (!db) throw new Error("the tests' Worker has a DB binding");
    await setStatus(db, shop, "active", { actor: "test", requestId: crypto.randomUUID() });
    isolateCache.clear();
    const stub = shopEvents(testEnv, shop).stub;
    await runInDurableObject(stub, (_i, state) => state.storage.setAlarm(Date.now()));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    await receiver.until(() => received(event.id).length === 1);
    expect((await detail(shop, event.id)).delivery).toBe("delivered");
  });
});
