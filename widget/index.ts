/** Entry of widget.js: registers <crypto-checkout> and exports its types for integrators. */
export { CryptoCheckout } from "./define.js";
export type { CheckoutErrorDetail, CheckoutRedirectDetail, CheckoutStatusDetail } from "./events.js";
export type { PaymentView, ShopSettings } from "../worker/checkout/wire.js";
