/**
 * The shop's "order result" view: where the element redirects the customer (the demo shops'
 * redirect URL templates point at /demo/?result=<key>&order={orderId}&payment={paymentId}).
 */
import { CONFIRMED_ICON } from "../../widget/element/status-icons.js";
import type { DemoConfig } from "./config.js";
import { h } from "./dom.js";
import { ORDER_ID } from "../../worker/checkout/wire.js";

export const RESULTS = ["confirmed", "unconfirmed", "expired", "invalid"] as const;
export type Result = (typeof RESULTS)[number];

export interface ResultPage {
  result: Result;
  orderId: string;
}

/** The result the page was redirected with, if any (and only with a well-formed order id). */
export function resultFromQuery(query: string): ResultPage | undefined {
  const params = new URLSearchParams(query);
  const result = params.get("result");
  const orderId = params.get("order") ?? "";
  if (!RESULTS.includes(result as Result) || !ORDER_ID.test(orderId)) return undefined;
  return { result: result as Result, orderId };
}

/** Whether nothing more can happen to the payment (the element is not shown again). */
export function isFinalResult(result: Result): boolean {
  return result !== "unconfirmed";
}

const STASH_PREFIX = "crypto-checkout-demo:order:";
const PAYMENT_PREFIX = "crypto-checkout-demo:payment:";

/** Remembers the payment of an order, for the reference on the result page. */
export function stashPayment(storage: Storage, orderId: string, paymentId: string): void {
  try {
    storage.setItem(PAYMENT_PREFIX + orderId, paymentId);
  } catch {
    // Without storage the result page shows no reference.
  }
}

export function stashedPayment(storage: Storage, orderId: string): string | undefined {
  try {
    return storage.getItem(PAYMENT_PREFIX + orderId) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Remembers an order's configuration for the result page (the redirect URL carries only ids). */
export function stashOrder(storage: Storage, config: DemoConfig): void {
  try {
    storage.setItem(STASH_PREFIX + config.orderId, JSON.stringify(config));
  } catch {
    // Storage full or disabled: the result page falls back to the defaults.
  }
}

export function stashedOrder(storage: Storage, orderId: string): Partial<DemoConfig> | undefined {
  try {
    const raw = storage.getItem(STASH_PREFIX + orderId);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return value && typeof value === "object" ? (value as Partial<DemoConfig>) : undefined;
  } catch {
    return undefined;
  }
}

/** Icon strokes (24 x 24 viewBox) drawn as SVG, so they need no icon font; the tick is the element's. */
const ICONS: Record<Result, string> = {
  confirmed: CONFIRMED_ICON,
  unconfirmed: "M12 3a9 9 0 1 0 9 9M12 7v5l3 2",
  expired: "M12 3a9 9 0 1 1 0 18a9 9 0 1 1 0-18M12 7v5l3 2M4 4l16 16",
  invalid: "M12 6v8M12 17.5v.5",
};

function icon(result: Result): SVGSVGElement {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", ICONS[result]);
  svg.append(path);
  return svg;
}

const COPY: Record<Result, { title: string; text: (orderId: string, reference: string) => string }> = {
  confirmed: {
    title: "Payment confirmed — thank you!",
    text: (order) =>
      `We have received your payment for order ${order}. Your coffee is being roasted; a confirmation is on its way to your inbox.`,
  },
  unconfirmed: {
    title: "Payment received",
    text: (order) =>
      `Your payment for order ${order} has arrived and is waiting for confirmation on the blockchain. This page updates by itself.`,
  },
  expired: {
    title: "The payment has expired",
    text: (order, reference) =>
      `The time to pay for order ${order} has run out. If you already sent coins, contact us and give the reference ${reference}.`,
  },
  invalid: {
    title: "The payment could not be accepted",
    text: (order, reference) =>
      `Something is wrong with the payment for order ${order}. Please contact us and give the reference ${reference}.`,
  },
};

/**
 * The result card: a heading, what happened, and (except while unconfirmed) a way on. The
 * reference is the payment id when this browser saw it, else the order id.
 */
export function resultCard(page: ResultPage, paymentId: string | undefined, onNewOrder: () => void): HTMLElement {
  const copy = COPY[page.result];
  const button = h(
    "button",
    { type: "button", class: "primary" },
    page.result === "expired" ? "Start a new payment" : "Place another order",
  );
  button.addEventListener("click", onNewOrder);
  return h(
    "div",
    { class: "result", "data-testid": "result", "data-result": page.result },
    h("div", { class: `badge ${page.result}` }, icon(page.result)),
    h("h2", {}, copy.title),
    h("p", {}, copy.text(page.orderId, paymentId ?? page.orderId)),
    isFinalResult(page.result) ? button : null,
  );
}
