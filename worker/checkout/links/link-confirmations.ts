/**
 * The payment links' step of the webhook queue's consumer (docs/links.md, "Single use and
 * reusable"): a payment event whose status became CONFIRMED marks the shop's single-use link of
 * that order used, at the time the confirmation was recorded. The event comes from the payment's
 * own change (PaymentObject → its outbox → the shop's event log and the queue), so the link is
 * used as soon as the payment is, whoever reads it next.
 *
 * One call of each shop's LinksObject per batch, only for the shops with a confirmation in it
 * (every other event costs nothing); the object answers an order of no link from its order
 * index. A mark is idempotent (a used link keeps its first time), so a message that comes again
 * (a retry, a lease, the dead-letter queue) changes nothing. When a shop's object cannot be
 * reached, that shop's messages are retried after LINK_RETRY_SECONDS instead of acked: they are
 * still delivered now, and the event log keeps their webhooks from being sent twice.
 */
import type { Env } from "../env.js";
import { log } from "../http/log.js";
import { ackLater, eventOf } from "../queue-message.js";
import { confirmedOrder, type ConfirmedOrder } from "./link-rules.js";
import { linksObject } from "./links-object.js";

/** Delay of a message whose confirmation the shop's links could not record. */
export const LINK_RETRY_SECONDS = 30;

/** The batch's confirmed orders by shop (pure). */
export function confirmedByShop(messages: readonly Message[]): Map<string, ConfirmedOrder[]> {
  const byShop = new Map<string, ConfirmedOrder[]>();
  for (const message of messages) {
    const found = eventOf(message.body);
    const order = found && confirmedOrder(found.event);
    if (found && order) byShop.set(found.shop, [...(byShop.get(found.shop) ?? []), order]);
  }
  return byShop;
}

/**
 * Marks the single-use links of the batch's confirmed orders used; the messages for the consumer
 * to settle: the same ones, or, for a shop whose links could not be marked, ones whose ack is a retry.
 */
export async function markConfirmedLinks(env: Env, messages: readonly Message[]): Promise<Message[]> {
  const byShop = confirmedByShop(messages);
  const failed = new Set<string>();
  await Promise.all(
    [...byShop].map(async ([shop, orders]) => {
      try {
        const links = await linksObject(env, shop).confirmed(orders);
        if (links.length) log("info", "link_used", { shop, links });
      } catch (err) {
        log("error", "link_use_failed", { shop, orders: orders.map((o) => o.orderId), error: err });
        failed.add(shop);
      }
    }),
  );
  if (!failed.size) return [...messages];
  return messages.map((message) => {
    const shop = eventOf(message.body)?.shop;
    return shop !== undefined && failed.has(shop) ? ackLater(message, LINK_RETRY_SECONDS) : message;
  });
}
