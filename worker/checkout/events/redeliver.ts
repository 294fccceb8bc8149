/**
 * Having an event of a shop's log delivered again, to every endpoint of the shop that takes its
 * type (its deliveries there become pending and it is queued through the log's outbox). One
 * function for the backend API and the merchant's dashboard.
 */
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { EVENT_ID } from "../rules.js";
import type { Shop } from "../shops/shop.js";
import { endpointsFor } from "./endpoints.js";
import { shopEvents } from "./shop-events-object.js";

const noSuchEvent = () => new CheckoutError(404, "event_not_found", "No event with this id.");

/** The event id of a path, or 404 event_not_found when it is not one. */
export function eventIdParam(value: string | undefined): string {
  if (!value || !EVENT_ID.test(value)) throw noSuchEvent();
  return value;
}

/**
 * Queues the event again; the endpoints it goes to (404 event_not_found, 409 no_webhook_endpoint,
 * 429 rate_limited past REDELIVER_LIMITER's redeliveries a minute for the shop).
 */
export async function redeliver(env: Env, shop: Shop, eventId: string): Promise<string[]> {
  const { success } = await env.REDELIVER_LIMITER.limit({ key: shop.id });
  if (!success)
    throw new CheckoutError(
      429,
      "rate_limited",
      "Too many redeliveries for this shop: at most 60 a minute (backend API and dashboard together). Try again in a minute.",
      { "Retry-After": "60" },
    );
  const events = shopEvents(env, shop.id);
  const detail = await events.detail(eventId);
  if (!detail) throw noSuchEvent();
  const urls = endpointsFor(shop, detail.event.type).map((endpoint) => endpoint.url);
  if (!urls.length)
    throw new CheckoutError(409, "no_webhook_endpoint", "No webhook endpoint of this shop takes this event type.");
  await events.redeliver(eventId, urls);
  return urls;
}
