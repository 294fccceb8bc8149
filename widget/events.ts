/** The element's events, typed once here for TypeScript users (HTMLElementEventMap). */
import type { RefundLinkView } from "../worker/checkout/refund-wire.js";
import type { PaymentStatus, PaymentView, RedirectKey } from "../worker/checkout/wire.js";

export interface CheckoutStatusDetail {
  status: PaymentStatus;
  /** null for the first view the element receives. */
  previous: PaymentStatus | null;
}

export interface CheckoutRedirectDetail {
  url: string;
  reason: RedirectKey;
}

export interface CheckoutErrorDetail {
  /** A Worker error code (ErrorBody.error.code) or network_error, invalid_response, invalid_attributes. */
  code: string;
  message: string;
  /** True when trying again later may succeed (network trouble, rate limit, upstream down). */
  retryable: boolean;
}

/** Refund mode: the address the Worker took for a refund. */
export interface RefundAddressSubmittedDetail {
  refundId: string;
  address: string;
}

export interface CheckoutEventDetails {
  "checkout-payment": PaymentView;
  "checkout-status": CheckoutStatusDetail;
  "checkout-redirect": CheckoutRedirectDetail;
  "checkout-error": CheckoutErrorDetail;
  "refund-link": RefundLinkView;
  "refund-address-submitted": RefundAddressSubmittedDetail;
}

export type CheckoutEventName = keyof CheckoutEventDetails;

/** The element's event names at run time (a record, so that the compiler sees every name listed). */
const EVENT_NAMES: { [K in CheckoutEventName]: 0 } = {
  "checkout-payment": 0,
  "checkout-status": 0,
  "checkout-redirect": 0,
  "checkout-error": 0,
  "refund-link": 0,
  "refund-address-submitted": 0,
};
export const CHECKOUT_EVENTS = Object.keys(EVENT_NAMES) as CheckoutEventName[];

/**
 * Listeners of the element's events as React 19 and Preact take them on a custom element: `on`
 * and the event's name, as is (`oncheckout-status`).
 */
export type CryptoCheckoutEventHandlers = {
  [K in CheckoutEventName as `on${K}`]?: (event: CustomEvent<CheckoutEventDetails[K]>) => void;
};

declare global {
  interface HTMLElementEventMap {
    "checkout-payment": CustomEvent<PaymentView>;
    "checkout-status": CustomEvent<CheckoutStatusDetail>;
    "checkout-redirect": CustomEvent<CheckoutRedirectDetail>;
    "checkout-error": CustomEvent<CheckoutErrorDetail>;
    "refund-link": CustomEvent<RefundLinkView>;
    "refund-address-submitted": CustomEvent<RefundAddressSubmittedDetail>;
  }
}

/** Dispatches a bubbling, composed event; returns false when a listener called preventDefault(). */
export function emit<K extends CheckoutEventName>(
  target: EventTarget,
  name: K,
  detail: CheckoutEventDetails[K],
  cancelable = false,
): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
}
