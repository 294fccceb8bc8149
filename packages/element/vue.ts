/**
 * <crypto-checkout> in Vue templates (vue-tsc): a global component whose props are the element's
 * properties (Vue sets `order-id="1001"` as `orderId`) and whose events are its events
 * (`@checkout-status`). Load with `import type {} from "@crypto-checkout/element/vue"`, and tell
 * Vue's compiler that the tag is a custom element (`compilerOptions.isCustomElement`).
 */
import type { EmitFn, HTMLAttributes, PublicProps } from "vue";
import type { CheckoutEventDetails, CryptoCheckout } from "../../widget/class.js";

/** The properties that markup sets (the attributes, camel-cased). */
type Props = Partial<
  Pick<
    CryptoCheckout,
    | "shop"
    | "endpoint"
    | "orderId"
    | "orderToken"
    | "priceAmount"
    | "priceCurrency"
    | "transferCurrency"
    | "paymentId"
    | "clientSecret"
    | "locale"
    | "theme"
    | "redirectDelay"
  >
>;

type Events = EmitFn<{ [K in keyof CheckoutEventDetails]: (event: CustomEvent<CheckoutEventDetails[K]>) => void }>;

declare module "vue" {
  interface GlobalComponents {
    /** Vue reads a component's props from `$props` and its events from `$emit` (neither exists on the element). */
    "crypto-checkout": new () => CryptoCheckout & { $props: HTMLAttributes & Props & PublicProps; $emit: Events };
  }
}
