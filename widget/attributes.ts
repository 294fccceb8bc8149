/**
 * The attributes of <crypto-checkout> as markup writes them, for the typings of the npm package
 * (React, Preact, and camel-cased for Vue): one contract for every framework. `shop` and
 * `endpoint` are required (bundled into an app, the element cannot tell where the Worker is);
 * values take every form the element accepts at run time (`redirect-delay` a number or its text). The element reads them through `static properties` in
 * element/crypto-checkout.ts; the package test checks that both name the same attributes (the
 * class's list reaches it through custom-elements.json).
 */
export interface CryptoCheckoutAttributes {
  /** The shop's id in the checkout Worker's configuration. */
  shop: string;
  /** The checkout Worker's origin (`https://checkout.example.com`); needed when the element is bundled into the app. */
  endpoint: string;
  /** The shop's order id. */
  "order-id"?: string;
  /** Signed pricing: the order token (JWT) from the shop's backend. */
  "order-token"?: string;
  /** Open pricing: the amount, a decimal string (`25.00`). */
  "price-amount"?: string;
  /** Open pricing: the ISO 4217 currency of the amount. */
  "price-currency"?: string;
  /** The crypto currency to pay with (`BTC`); without it, and with several enabled, the customer picks. */
  "transfer-currency"?: string;
  /** Attach to an existing payment instead of creating one; needs its `client-secret`. */
  "payment-id"?: string;
  /** The client secret of `payment-id`, from the answer that created the payment (never a shop secret). */
  "client-secret"?: string;
  /** A BCP 47 language tag; default: the page's `lang`, else the browser's language. */
  locale?: string;
  theme?: "auto" | "light" | "dark";
  /** Seconds before following a redirect URL (default 5). */
  "redirect-delay"?: number | `${number}`;
  /** `refund`: ask for a refund's address (with `refund-token`) instead of showing a payment; default `checkout`. */
  mode?: "checkout" | "refund";
  /** Refund mode: the refund link's token (the part of `{PUBLIC_URL}/refund/{shop}/#{token}` after `#`). */
  "refund-token"?: string;
}
