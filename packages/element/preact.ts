/**
 * <crypto-checkout> in Preact's JSX: its attributes and `on<event>` listeners. Load with
 * `import type {} from "@crypto-checkout/element/preact"`.
 */
import type * as Preact from "preact";
import type { CryptoCheckout, CryptoCheckoutAttributes, CryptoCheckoutEventHandlers } from "../../widget/class.js";

declare module "preact" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Preact's JSX lives in this namespace
  namespace JSX {
    interface IntrinsicElements {
      "crypto-checkout": Preact.HTMLAttributes<CryptoCheckout> & CryptoCheckoutAttributes & CryptoCheckoutEventHandlers;
    }
  }
}
