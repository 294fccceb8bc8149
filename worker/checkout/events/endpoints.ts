/**
 * The shop's webhook endpoints that take an event of this type (no `events` filter: every type).
 * A `ping` goes to every endpoint whatever it subscribes to: it tests the endpoint itself. Pure.
 */
import type { EndpointSettings } from "../shops/shop-schema.js";
import type { EventType } from "../backend-wire.js";

export function endpointsFor(shop: { webhooks: EndpointSettings[] }, type: EventType): EndpointSettings[] {
  return shop.webhooks.filter((endpoint) => type === "ping" || !endpoint.events || endpoint.events.includes(type));
}
