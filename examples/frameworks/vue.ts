/**
 * <crypto-checkout> in a Vue shop: the package's Vue typings make it a global component, so
 * vue-tsc checks `<crypto-checkout order-id="1001" @checkout-status="…">` in templates. Plain
 * TypeScript sees what vue-tsc reads, the component's `$props` and `$emit`, and this file checks
 * them; `npm run typecheck` compiles it, and the package test again against the packed package.
 */
import "@crypto-checkout/element";
import type {} from "@crypto-checkout/element/vue";
import type { GlobalComponents } from "vue";

type Checkout = InstanceType<GlobalComponents["crypto-checkout"]>;

/** What `<crypto-checkout shop="acme" endpoint="…" order-id="1001" theme="light" :redirect-delay="3" @checkout-status="paid">` passes. */
export const props: Checkout["$props"] = {
  shop: "acme",
  endpoint: "https://checkout.example.com",
  orderId: "1001",
  theme: "light",
  redirectDelay: 3,
};
/** `redirect-delay="3"`, unbound, passes the text: the element takes it as React's and Preact's typings do. */
export const textDelay: Checkout["$props"] = {
  shop: "acme",
  endpoint: "https://checkout.example.com",
  redirectDelay: "3",
};

export function listen(emit: Checkout["$emit"]): void {
  emit(
    "checkout-status",
    new CustomEvent("checkout-status", { detail: { status: "CONFIRMED", previous: "UNCONFIRMED" } }),
  );
}

/** Mistakes the typings catch: the build fails when one of these compiles. */
// @ts-expect-error theme is auto, light or dark
export const wrongTheme: Checkout["$props"] = { shop: "acme", endpoint: "https://checkout.example.com", theme: "blue" };
export const wrongDelay: Checkout["$props"] = {
  shop: "acme",
  endpoint: "https://checkout.example.com",
  // @ts-expect-error redirect-delay is a number of seconds, or its text
  redirectDelay: "soon",
};
// @ts-expect-error shop is required, as in React and Preact
export const noShop: Checkout["$props"] = { endpoint: "https://checkout.example.com" };
export function wrongEvent(emit: Checkout["$emit"]): void {
  // @ts-expect-error the element fires no checkout-done
  emit("checkout-done", new CustomEvent("checkout-done"));
}
