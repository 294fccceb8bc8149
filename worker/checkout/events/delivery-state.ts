/**
 * The delivery state of one event over all its endpoints. Pure.
 * none: the shop has no endpoint for it; dead: some endpoint gave up; shop_disabled: the shop is
 * disabled and the event waits for it; delivered: every endpoint answered 2xx; retrying: some
 * endpoint failed and waits for its next attempt; else pending.
 */
import type { DeliveryState, EndpointDelivery } from "../backend-wire.js";

export function overallDelivery(endpoints: readonly Pick<EndpointDelivery, "state">[]): DeliveryState | "none" {
  if (!endpoints.length) return "none";
  const states = new Set(endpoints.map((endpoint) => endpoint.state));
  if (states.has("dead")) return "dead";
  if (states.has("shop_disabled")) return "shop_disabled";
  if (states.size === 1 && states.has("delivered")) return "delivered";
  if (states.has("retrying")) return "retrying";
  return "pending";
}
