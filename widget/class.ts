/**
 * The element's class and types without registering anything: for an app that defines the tag
 * itself (another name, a scoped registry). The npm package's "./class" entry.
 */
export { CryptoCheckout } from "./element/crypto-checkout.js";
export type { CryptoCheckoutAttributes } from "./attributes.js";
export type {
  CheckoutErrorDetail,
  CheckoutEventDetails,
  CheckoutEventName,
  CheckoutRedirectDetail,
  CheckoutStatusDetail,
  CryptoCheckoutEventHandlers,
  RefundAddressSubmittedDetail,
} from "./events.js";
export type { RefundLinkView } from "../worker/checkout/refund-wire.js";
export type { PaymentStatus, PaymentView, ShopSettings } from "../worker/checkout/wire.js";
