/** Mounting <crypto-checkout> against the FakeCheckout, and reading what it shows. */
import "../../../widget/index.js";
import type { CryptoCheckout } from "../../../widget/index.js";
import type { CheckoutEventDetails, CheckoutEventName } from "../../../widget/events.js";
import type { PaymentView, ShopSettings } from "../../../worker/checkout/wire.js";
import { ENDPOINT, FakeCheckout, secretOf } from "./fake-checkout.js";

export const BASE_ATTRIBUTES: Record<string, string> = {
  shop: "demo-open",
  endpoint: ENDPOINT,
  "order-id": "1001",
  "price-amount": "25.00",
  "price-currency": "EUR",
  "transfer-currency": "BTC",
  locale: "en",
};

const mounted: HTMLElement[] = [];

/** Resolves with the detail of the next `name` event of `target`. */
export function nextEvent<K extends CheckoutEventName>(target: EventTarget, name: K): Promise<CheckoutEventDetails[K]> {
  return new Promise((resolve) =>
    target.addEventListener(name, (e) => resolve((e as CustomEvent<CheckoutEventDetails[K]>).detail), { once: true }),
  );
}

/**
 * The attributes of an element: the base ones with `attributes` over them; a `payment-id` comes
 * with its client secret (FakeCheckout's) unless `client-secret` is given.
 */
export function withBase(attributes: Record<string, string | null>): Record<string, string | null> {
  const id = attributes["payment-id"];
  return { ...BASE_ATTRIBUTES, ...(id ? { "client-secret": secretOf(id) } : {}), ...attributes };
}

/** Creates the element (not yet waiting for anything); removed again by `unmountAll`. */
export function create(
  attributes: Record<string, string | null> = {},
  parent: HTMLElement = document.body,
): CryptoCheckout {
  const el = document.createElement("crypto-checkout");
  for (const [name, value] of Object.entries(withBase(attributes))) if (value !== null) el.setAttribute(name, value);
  const holder = document.createElement("div");
  holder.append(el);
  parent.append(holder);
  mounted.push(holder);
  return el;
}

/** Creates the element and waits until it shows its first payment. */
export async function mountWithPayment(
  attributes: Record<string, string | null> = {},
  parent?: HTMLElement,
): Promise<CryptoCheckout> {
  const first = nextEvent(document, "checkout-payment");
  const created = create(attributes, parent);
  await first;
  await created.updateComplete;
  return created;
}

export function unmountAll(): void {
  for (const holder of mounted.splice(0)) holder.remove();
}

export interface FakeCheckoutFixture {
  /** This test's stubbed Worker. */
  readonly server: FakeCheckout;
  /** Puts `view` on the server and mounts the element attached to it, waiting for its first view. */
  show(view: PaymentView, attributes?: Record<string, string>, parent?: HTMLElement): Promise<CryptoCheckout>;
}

/**
 * For each test of the calling `describe`: a FakeCheckout serving `shops` installed in the page
 * and an empty sessionStorage before it; every mounted element removed and the page's fetch and
 * WebSocket restored after it.
 */
export function useFakeCheckout(...shops: ShopSettings[]): FakeCheckoutFixture {
  let server: FakeCheckout | undefined;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(...shops).install();
  });
  afterEach(() => {
    unmountAll();
    server?.restore();
  });
  const current = (): FakeCheckout => {
    if (!server) throw new Error("useFakeCheckout: no test is running");
    return server;
  };
  return {
    get server() {
      return current();
    },
    show(view, attributes = {}, parent) {
      current().payments.set(view.paymentId, view);
      return mountWithPayment({ "payment-id": view.paymentId, ...attributes }, parent);
    },
  };
}

export function root(el: CryptoCheckout): ShadowRoot {
  if (!el.shadowRoot) throw new Error("no shadow root");
  return el.shadowRoot;
}

export function $(el: CryptoCheckout, selector: string): HTMLElement | null {
  return root(el).querySelector<HTMLElement>(selector);
}

export function part(el: CryptoCheckout, name: string): HTMLElement | null {
  return root(el).querySelector<HTMLElement>(`[part~="${name}"]`);
}

/** Visible text of the shadow root, whitespace collapsed. */
export function textOf(node: ParentNode | null): string {
  return (node?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Waits until `predicate` holds, checking after each animation frame (no fixed sleeps). */
export async function until(predicate: () => boolean, what = "condition", frames = 600): Promise<void> {
  for (let i = 0; i < frames; i++) {
    if (predicate()) return;
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
