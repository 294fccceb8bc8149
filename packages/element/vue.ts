/**
 * <crypto-checkout> in Vue templates (vue-tsc, Vue 3.3 or later): a global component whose props
 * are the element's attributes, camel-cased as Vue reads them (`order-id="1001"` is `orderId`),
 * with the same required ones and value types as in React and Preact (attributes.ts), and whose
 * events are its events (`@checkout-status`). Load with
 * `import type {} from "@crypto-checkout/element/vue"`, and tell Vue's compiler that the tag is a
 * custom element (`compilerOptions.isCustomElement`).
 */
import type { EmitFn, HTMLAttributes, PublicProps } from "vue";
import type { CheckoutEventDetails, CryptoCheckout, CryptoCheckoutAttributes } from "../../widget/class.js";

/** `order-id` as Vue names the prop: `orderId`. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** The attributes as props (required and optional as in attributes.ts). */
type Props = { [K in keyof CryptoCheckoutAttributes as Camel<K>]: CryptoCheckoutAttributes[K] };

type Events = EmitFn<{ [K in keyof CheckoutEventDetails]: (event: CustomEvent<CheckoutEventDetails[K]>) => void }>;

declare module "vue" {
  interface GlobalComponents {
    /** Vue reads a component's props from `$props` and its events from `$emit` (neither exists on the element). */
    "crypto-checkout": new () => CryptoCheckout & { $props: HTMLAttributes & Props & PublicProps; $emit: Events };
  }
}
