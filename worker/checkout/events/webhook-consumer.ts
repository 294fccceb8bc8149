/**
 * The webhook Queue's consumer (the Worker's `queue()` handler). For each message (one event of
 * one shop): record it in the shop's event log, POST it to every matching endpoint that has not
 * taken it yet, record each attempt, then ack when all took it, or retry the message after the
 * retry policy's delay (counting the attempts the event log has for the delivery, so a message
 * queued again by a lease goes on with the schedule), or, when the schedule is used up, send it
 * to the dead-letter queue and mark its deliveries dead. The dead-letter queue's consumer marks them dead too (a message the
 * platform dead-lettered after the consumer itself kept failing). Messages of one batch are
 * handled concurrently; each is acked or retried on its own. A disabled shop's message is acked
 * once its event is held in the shop's log (`shop_disabled`), to go out when the shop is enabled. Before any of that, the batch's
 * payment events are written to the payments ledger in one D1 batch, then the entry's steps run
 * (`BatchStep`: the payment links' marks of confirmed orders, links/link-confirmations.ts).
 */
import type { Env } from "../env.js";
import { deliverEvent, webhookTimeoutMs, type AttemptResult } from "./deliver.js";
import { endpointsFor } from "./endpoints.js";
import { afterFailure, retrySchedule } from "./retry-policy.js";
import type { WebhookMessage } from "../backend-wire.js";
import { log } from "../http/log.js";
import { webhookAttempt, writeMetric } from "../http/metrics.js";
import { shopEvents } from "./shop-events-object.js";
import { getShop, isDisabledShop } from "../shops/shop-source.js";
import { recordBatch } from "../ledger/record-batch.js";

/** Queue names, as wrangler.toml declares them. */
export const WEBHOOK_QUEUE = "crypto-checkout-webhooks";
export const WEBHOOK_DEAD_LETTER_QUEUE = "crypto-checkout-webhooks-dlq";

function isMessage(body: unknown): body is WebhookMessage {
  if (!body || typeof body !== "object") return false;
  const { shop, event } = body as Partial<WebhookMessage>;
  return (
    typeof shop === "string" &&
    !!event &&
    typeof event === "object" &&
    typeof event.id === "string" &&
    typeof event.type === "string"
  );
}

async function deliverMessage(message: Message, env: Env, random: () => number): Promise<void> {
  if (!isMessage(message.body)) {
    log("error", "webhook_message_invalid", { id: message.id });
    message.ack();
    return;
  }
  // The id of the request that created the event's payment: on every line, and on the POST.
  const { shop: shopId, event, requestId } = message.body;
  let shop;
  try {
    shop = await getShop(env, shopId);
  } catch {
    // A disabled shop's events wait in its log, without attempts, until it is enabled again.
    if (await isDisabledShop(env, shopId)) {
      await shopEvents(env, shopId).hold(event, requestId);
      log("info", "webhook_held", { requestId, shop: shopId, eventId: event.id, reason: "shop_disabled" });
      message.ack();
      return;
    }
    log("error", "webhook_shop_unavailable", { requestId, shop: shopId, eventId: event.id });
    message.retry();
    return;
  }
  const endpoints = endpointsFor(shop, event.type);
  const events = shopEvents(env, shop.id);
  const open = await events.record(
    event,
    endpoints.map((endpoint) => endpoint.url),
    requestId,
  );
  const timeoutMs = webhookTimeoutMs(env.WEBHOOK_TIMEOUT_MS);
  const results: AttemptResult[] = await Promise.all(
    endpoints
      .filter((endpoint) => open.some((delivery) => delivery.url === endpoint.url))
      .map((endpoint) => {
        const secret = shop.webhookSecret(endpoint.url);
        if (!secret)
          return Promise.resolve<AttemptResult>({
            url: endpoint.url,
            ok: false,
            at: Date.now(),
            status: null,
            durationMs: 0,
            error: "the endpoint's secret is not set",
          });
        return deliverEvent(event, endpoint.url, secret, timeoutMs, requestId, shop.environment);
      }),
  );
  // The attempt just made, counted by the event log since the delivery was (re)opened.
  const attemptAt = (url: string) => (open.find((delivery) => delivery.url === url)?.roundAttempts ?? 0) + 1;
  for (const r of results) writeMetric(env, webhookAttempt(shop.id, event.type, r, attemptAt(r.url)));
  const failed = results.filter((r) => !r.ok);
  if (!failed.length) {
    await events.finish(event.id, results, null);
    if (results.length)
      log("info", "webhook_delivered", {
        requestId,
        shop: shop.id,
        eventId: event.id,
        type: event.type,
        endpoints: results.length,
        attempt: Math.max(...results.map((r) => attemptAt(r.url))),
      });
    message.ack();
    return;
  }
  const attempt = Math.max(...failed.map((r) => attemptAt(r.url)));
  const decision = afterFailure(attempt, retrySchedule(env.WEBHOOK_RETRY_SCHEDULE), random());
  if (decision.action === "retry") {
    await events.finish(event.id, results, { retryAt: Date.now() + decision.delaySeconds * 1000 });
    log("warn", "webhook_retry", {
      requestId,
      shop: shop.id,
      eventId: event.id,
      attempt,
      delaySeconds: decision.delaySeconds,
      failed: failed.map((r) => r.status ?? r.error),
    });
    message.retry({ delaySeconds: decision.delaySeconds });
    return;
  }
  await env.WEBHOOK_DEAD_LETTERS.send(message.body, { contentType: "json" });
  await events.finish(event.id, results, { dead: true });
  log("error", "webhook_dead_lettered", { requestId, shop: shop.id, eventId: event.id, attempts: attempt });
  message.ack();
}

async function markDead(message: Message, env: Env): Promise<void> {
  if (isMessage(message.body)) {
    const { shop, event, requestId } = message.body;
    await shopEvents(env, shop).deadLetter(event, "dead-lettered", requestId);
    log("error", "webhook_dead_letter", { requestId, shop, eventId: event.id });
  }
  message.ack();
}

/**
 * A step of the consumer before delivery that keeps something of the batch's events elsewhere
 * (given by the entry, index.ts, which may import every room): it gives back the messages, each one
 * whose event it could not keep with its `ack` turned into a retry (queue-message.ts, `ackLater`).
 */
export type BatchStep = (env: Env, messages: readonly Message[]) => Promise<Message[]>;

export async function consumeWebhooks(
  batch: MessageBatch,
  env: Env,
  random: () => number = Math.random,
  steps: readonly BatchStep[] = [],
): Promise<void> {
  const handle =
    batch.queue === WEBHOOK_DEAD_LETTER_QUEUE
      ? (m: Message) => markDead(m, env)
      : (m: Message) => deliverMessage(m, env, random);
  // The batch's payment events go to the ledger first, in one write (ledger/record-batch.ts).
  let messages = await recordBatch(env, batch.messages);
  for (const step of steps) messages = await step(env, messages);
  await Promise.all(
    messages.map(async (message) => {
      try {
        await handle(message);
      } catch (err) {
        // The event log or the dead-letter queue failed: the whole message is tried again.
        log("error", "webhook_message_failed", { id: message.id, queue: batch.queue, error: err });
        message.retry();
      }
    }),
  );
}
