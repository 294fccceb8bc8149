/** The shop's webhook endpoints that take an event of this type (no `events` filter: every type). Pure. */
import type { ShopConfig } from "../config.js";
import type { EventType } from "./types.js";

export type WebhookEndpoint = ShopConfig["webhooks"][number];

export function endpointsFor(shop: ShopConfig, type: EventType): WebhookEndpoint[] {
  return shop.webhooks.filter((endpoint) => !endpoint.events || endpoint.events.includes(type));
}
