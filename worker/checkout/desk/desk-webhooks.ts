/**
 * The dashboard's webhooks page (DeskWebhooks): per configured endpoint of the shop, its
 * deliveries by state over the latest events of the log, the success rate, and its latest failed
 * attempts; and the test event (`ping`), recorded and queued for every endpoint.
 */
import type { DeskPing, DeskWebhooks } from "../dashboard-wire.js";
import type { Env } from "../env.js";
import { endpointsFor } from "../events/endpoints.js";
import { successRate } from "../events/event-log-reads.js";
import { shopEvents } from "../events/shop-events-object.js";
import { CheckoutError } from "../http/errors.js";
import type { Shop } from "../shops/shop-source.js";

export async function webhookStats(env: Env, shop: Shop): Promise<DeskWebhooks> {
  const figures = await shopEvents(env, shop.id).endpointFigures(shop.webhooks.map((endpoint) => endpoint.url));
  return { endpoints: figures.map((f) => ({ ...f, successRate: successRate(f.deliveries) })) };
}

/** Records a `ping` and queues it for every endpoint of the shop (409 no_webhook_endpoint without any). */
export async function sendPing(env: Env, shop: Shop): Promise<DeskPing> {
  const urls = endpointsFor(shop, "ping").map((endpoint) => endpoint.url);
  if (!urls.length)
    throw new CheckoutError(409, "no_webhook_endpoint", "This shop has no webhook endpoint to send a test event to.");
  const eventId = await shopEvents(env, shop.id).ping(urls);
  return { eventId };
}
