/**
 * A React 19 shop's checkout step with <crypto-checkout>: the element's attributes and events are
 * typed in JSX once the package's React typings are loaded. `npm run typecheck` compiles this
 * file; the package test compiles it again against the packed package.
 */
import "@crypto-checkout/element";
import type {} from "@crypto-checkout/element/react";
import type { CheckoutStatusDetail } from "@crypto-checkout/element";

export function CheckoutStep(props: {
  orderId: string;
  orderToken: string;
  onPaid: (status: CheckoutStatusDetail) => void;
}) {
  return (
    <crypto-checkout
      shop="acme"
      endpoint="https://checkout.example.com"
      order-id={props.orderId}
      order-token={props.orderToken}
      theme="dark"
      redirect-delay={0}
      oncheckout-status={(event) => {
        if (event.detail.status === "CONFIRMED") props.onPaid(event.detail);
      }}
      oncheckout-redirect={(event) => event.preventDefault()}
    />
  );
}

/** Mistakes the typings catch: the build fails when one of these compiles. */
export function Mistakes() {
  return (
    <>
      {/* @ts-expect-error theme is auto, light or dark */}
      <crypto-checkout shop="acme" endpoint="https://checkout.example.com" theme="blue" />
      {/* @ts-expect-error shop is required */}
      <crypto-checkout endpoint="https://checkout.example.com" order-id="1001" />
      {/* @ts-expect-error endpoint is required (bundled, the element cannot tell where the Worker is) */}
      <crypto-checkout shop="acme" order-id="1001" />
      <crypto-checkout
        shop="acme"
        endpoint="https://checkout.example.com"
        // @ts-expect-error checkout-error's detail has no status
        oncheckout-error={(event) => event.detail.status}
      />
    </>
  );
}
