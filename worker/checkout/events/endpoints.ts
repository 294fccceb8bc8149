/** The shop's webhook endpoints that take an event of this type (no `events` filter: every type). Pure. */
import type { EndpointSettings } from "../shops/shop-schema.js";
import type { EventType } from "../backend-wire.js";

export function endpointsFor(shop: { webhooks: EndpointSettings[] }, type: EventType): EndpointSettings[] {
  return shop.webhooks.filter((endpoint) => !endpoint.events || endpoint.events.includes(type));
}
