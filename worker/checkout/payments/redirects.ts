/**
 * Where the element sends the customer when a payment ends. Pure. The shop's configured template
 * for each outcome, filled with the order id, is the authority; what the upstream echoes back in
 * `redirectUrls` (already reduced to http(s) URLs by view.ts) is only a fallback for an outcome the
 * shop configured no template for, or for a payment whose order this Worker does not know.
 */
import { REDIRECT_KEYS, type PaymentRedirectUrls } from "../../v3/types.js";
import type { ShopData } from "../shops/shop-schema.js";
import type { PaymentView } from "../wire.js";

/** The shop's redirect templates with {orderId} filled in (URL-encoded). */
export function redirectUrlsFor(shop: Pick<ShopData, "redirectUrls">, orderId: string): PaymentRedirectUrls {
  const out: PaymentRedirectUrls = {};
  for (const key of REDIRECT_KEYS) {
    const template = shop.redirectUrls[key];
    if (template) out[key] = template.replaceAll("{orderId}", encodeURIComponent(orderId));
  }
  return out;
}

/** The view's redirect URLs: the shop's, then the upstream's for the outcomes the shop left open. */
export function viewRedirects(
  shop: Pick<ShopData, "redirectUrls">,
  orderId: string | null,
  upstream: PaymentView["redirectUrls"],
): PaymentView["redirectUrls"] {
  if (orderId === null) return upstream;
  return { ...upstream, ...redirectUrlsFor(shop, orderId) };
}
