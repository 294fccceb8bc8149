/**
 * <crypto-checkout> in React's JSX (React 18 and 19 types): its attributes and `on<event>` listeners
 * (React 19 adds them to a custom element; React 18 does not, so there a listener goes on a ref). Load with `import type {} from "@crypto-checkout/element/react"`.
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
