/** @jsxImportSource preact */
/**
 * A Preact shop's checkout step with <crypto-checkout>: the element's attributes and events are
 * typed in JSX once the package's Preact typings are loaded. `npm run typecheck` compiles this
 * file; the package test compiles it again against the packed package.
 */
import "@crypto-checkout/element";
import type {} from "@crypto-checkout/element/preact";

export function CheckoutStep({ amount, onPaid }: { amount: string; onPaid: () => void }) {
  return (
    <crypto-checkout
      shop="demo-open"
      endpoint="https://checkout.example.com"
      order-id="tip-7"
      price-amount={amount}
      price-currency="EUR"
      locale="de"
      oncheckout-status={(event) => event.detail.status === "CONFIRMED" && onPaid()}
    />
  );
}

/** Mistakes the typings catch: the build fails when one of these compiles. */
export function Mistakes() {
  return (
    <div>
      {/* @ts-expect-error redirect-delay is a number of seconds (or its text, "3") */}
      <crypto-checkout shop="acme" endpoint="https://checkout.example.com" redirect-delay="soon" />
      {/* @ts-expect-error shop is required, as in React and Vue */}
      <crypto-checkout endpoint="https://checkout.example.com" />
      {/* @ts-expect-error the status event's detail is {status, previous} */}
      <crypto-checkout
        shop="acme"
        endpoint="https://checkout.example.com"
        oncheckout-status={(event: CustomEvent<number>) => event.detail}
      />
      <crypto-checkout shop="acme" endpoint="https://checkout.example.com" redirect-delay="3" />
    </div>
  );
}
