/**
 * <crypto-checkout> in React 19's JSX: its attributes and `on<event>` listeners (React 19 passes
 * both to a custom element). Load with `import type {} from "@crypto-checkout/element/react"`.
 */
import type * as React from "react";
import type { CryptoCheckout, CryptoCheckoutAttributes, CryptoCheckoutEventHandlers } from "../../widget/class.js";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 19's JSX lives in this namespace
  namespace JSX {
    interface IntrinsicElements {
      "crypto-checkout": React.DetailedHTMLProps<React.HTMLAttributes<CryptoCheckout>, CryptoCheckout> &
        CryptoCheckoutAttributes &
        CryptoCheckoutEventHandlers;
    }
  }
}
