/**
 * Wire types between the checkout Worker and the <crypto-checkout> element: the one module both
 * sides import (on the widget side: types, and the few values re-exported below). Amounts are exact
 * decimal strings.
 */
import type { DecimalString, PaymentStatus, PaymentTransaction, RedirectKey } from "../v3/types.js";

export type { DecimalString, PaymentStatus, RedirectKey };

/**
 * Values of the contract the element and the demo may import (the only worker module they may
 * import values from: a lint rule keeps it so). They come from the upstream's vocabulary.
 */
export {
  CURRENCY_CODE,
  DECIMAL_AMOUNT,
  FINAL_PAYMENT_STATUSES,
  isFinalPaymentStatus,
  isHttpUrl,
  parseHttpUrl,
} from "../v3/types.js";
export { parseRfc3339 } from "../v3/datetime.js";

/**
 * The shapes of the ids in the contract's paths, one home each: the Worker checks its routes with
 * them (through rules.ts, which adds the messages), the demo its query string, the console its
 * arguments. The example backend keeps copies of its own, pinned to these by a test.
 */
/** A shop's id: 1-64 characters, a-z 0-9 - _, not starting or ending with - or _. */
export const SHOP_ID = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/;
/** A shop's order id: 1-64 characters, letters, digits, . _ : - (not starting with a sign). */
export const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
/** The upstream's payment id as the checkout takes it in a path: 1-128 letters, digits, _ -. */
export const PAYMENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** One transaction: every field optional (the spec requires none: docs/upstream.md, "Payments"); the widget shows a missing one as unknown. */
export type TransactionView = PaymentTransaction;

/**
 * The transfer amounts of a payment as the element shows them: accepted and pending shares of
 * transferAmount, in percent, and the amounts of the progress text at one scale. Computed exactly
 * by the Worker (worker/checkout/payments/view-amounts.ts); the element only formats them.
 */
export interface PaymentProgress {
  /** Share of transferAmount accepted, in percent ("0.00".."100.00", two decimals, rounded down). */
  acceptedPercent: DecimalString;
  /** Share of transferAmount pending, in percent; acceptedPercent + pendingPercent never passes 100. */
  pendingPercent: DecimalString;
  /** acceptedPaidTransferAmount, pendingPaidTransferAmount, paidTransferAmount and transferAmount at the longest scale of the four. */
  accepted: DecimalString;
  pending: DecimalString;
  paid: DecimalString;
  total: DecimalString;
}

/**
 * What the Worker derives from a payment's transfer amounts, so that the element does no decimal
 * arithmetic (it compares no amounts and bundles no decimal library). Always present in a view.
 */
export interface DerivedAmounts {
  /** transferAmount - paidTransferAmount, never below zero, at the longer scale of the two. */
  remainingTransferAmount: DecimalString;
  /** paymentUri with its `amount` parameter set to remainingTransferAmount (the wallet link of an underpaid payment); absent without a paymentUri. */
  remainderPaymentUri?: string;
  /** paidTransferAmount > 0. */
  hasPaid: boolean;
  /** pendingPaidTransferAmount > 0. */
  hasPending: boolean;
  progress: PaymentProgress;
}

/** What the widget receives: the upstream payment, normalised, with the amounts derived from it (see docs/architecture.md, "Contracts"). */
export interface PaymentView extends DerivedAmounts {
  paymentId: string;
  status: PaymentStatus;
  priceAmount: DecimalString;
  priceCurrency: string;
  transferAmount: DecimalString;
  transferCurrency: string;
  address: string;
  walletLabel?: string;
  walletMessage?: string;
  paymentUri?: string;
  expirationTime?: string;
  paymentPageUrl?: string;
  exchangeRate?: DecimalString;
  externalPaymentId?: string;
  /** Always present; "0" when the upstream left them out. */
  paidPriceAmount: DecimalString;
  pendingPaidPriceAmount: DecimalString;
  acceptedPaidPriceAmount: DecimalString;
  paidTransferAmount: DecimalString;
  pendingPaidTransferAmount: DecimalString;
  acceptedPaidTransferAmount: DecimalString;
  transactions: TransactionView[];
  redirectUrls: Partial<Record<RedirectKey, string>>;
  /** The Worker's clock when this view was produced (ISO 8601). */
  serverTime: string;
  /** Increases with every change of the payment. */
  version: number;
}

/**
 * The answer to a create (POST /api/shops/{shop}/payments, 201, or 200 for a signed create that
 * got the order's live payment back): the view with the payment's client secret, which every read
 * of the payment (`GET …/payments/{id}?clientSecret=`, and the stream) must carry. Keep it with the
 * page's state only; it is never in a webhook event, a log line or the ledger.
 */
export interface CreatedPayment extends PaymentView {
  clientSecret: string;
}

export type PricingMode = "signed" | "open";

/** GET /api/shops/{shop}: the public settings of one shop. */
export interface ShopSettings {
  shop: string;
  name: string;
  environment: "sandbox" | "production";
  pricing: PricingMode;
  /** For open pricing: the accepted range of priceAmount, inclusive. */
  limits?: { min: DecimalString; max: DecimalString };
  priceCurrencies: string[];
  transferCurrencies: { code: string; name: string }[];
}

/** POST /api/shops/{shop}/payments */
export interface CreatePaymentRequest {
  orderId: string;
  transferCurrency: string;
  /** Signed pricing: a JWT from the shop's backend. */
  orderToken?: string;
  /** Open pricing. */
  priceAmount?: DecimalString;
  priceCurrency?: string;
}

export const ERROR_CODES = [
  "invalid_request",
  "unknown_shop",
  "origin_not_allowed",
  "invalid_order_token",
  "amount_out_of_range",
  "currency_not_enabled",
  "order_conflict",
  "rate_limited",
  "too_many_viewers",
  "payment_not_found",
  "order_not_found",
  "event_not_found",
  "refund_link_invalid",
  "refund_link_expired",
  "refund_link_used",
  "link_not_found",
  "link_gone",
  "invalid_address",
  "refund_not_found",
  "refund_refused",
  "refund_amount_exceeded",
  "payout_limits",
  "idempotency_key_reused",
  "unauthorized",
  "unauthenticated",
  "csrf_refused",
  "no_webhook_endpoint",
  "shop_not_editable",
  "shop_exists",
  "shop_changed",
  "invalid_signature",
  "upstream_unavailable",
  "upstream_error",
  "service_unavailable",
  "not_found",
  "method_not_allowed",
  "internal_error",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What an error means to whoever shows it to a person, one kind per code: the element shows the
 * customer its catalogue's message for the kind (`errors` in widget/locales, checked against this
 * list) and offers "Try again" only when the error is retryable. origin: the page may not use the
 * shop; setup: the shop, the embed or the request is set up wrong; order: this order cannot be
 * paid as asked; busy: something is out of reach for now; failed: an unexpected failure.
 */
export type ErrorKind = "origin" | "setup" | "order" | "busy" | "failed";

export const ERROR_KINDS: { readonly [C in ErrorCode]: ErrorKind } = {
  invalid_request: "setup",
  unknown_shop: "setup",
  origin_not_allowed: "origin",
  invalid_order_token: "order",
  amount_out_of_range: "order",
  currency_not_enabled: "setup",
  order_conflict: "order",
  rate_limited: "busy",
  too_many_viewers: "busy",
  payment_not_found: "order",
  order_not_found: "order",
  event_not_found: "order",
  refund_link_invalid: "order",
  refund_link_expired: "order",
  refund_link_used: "order",
  link_not_found: "order",
  link_gone: "order",
  invalid_address: "order",
  refund_not_found: "order",
  refund_refused: "order",
  refund_amount_exceeded: "order",
  payout_limits: "order",
  idempotency_key_reused: "setup",
  unauthorized: "setup",
  unauthenticated: "setup",
  csrf_refused: "setup",
  no_webhook_endpoint: "setup",
  shop_not_editable: "setup",
  shop_exists: "setup",
  shop_changed: "setup",
  invalid_signature: "setup",
  upstream_unavailable: "busy",
  upstream_error: "setup",
  service_unavailable: "busy",
  not_found: "setup",
  method_not_allowed: "setup",
  internal_error: "failed",
};

/** Whether the same request may succeed later: only when something was out of reach, or failed unexpectedly. */
export const isRetryable = (kind: ErrorKind): boolean => kind === "busy" || kind === "failed";

/** One field a request got wrong (the admin API names each one; the message never repeats a secret). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Every error response of the checkout Worker: the code, a message for developers (cause and fix),
 * the code's kind and whether trying again can help (ERROR_KINDS), `fields` on a refused admin API
 * body, and on a refund's refusals the detail its code names: `problem` (invalid_address: what is
 * wrong with the address, refund-address.ts), `refusal` (refund_refused: the refund's rule that
 * refused, refunds/refund-state.ts) and `remaining` (refund_amount_exceeded: what can still be
 * refunded, an exact decimal in the transfer currency).
 */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    kind: ErrorKind;
    retryable: boolean;
    fields?: FieldError[];
    problem?: string;
    refusal?: string;
    remaining?: string;
  };
}

/** Messages the Worker sends on the payment stream (WebSocket, JSON text frames). */
export type StreamMessage = { type: "payment"; payment: PaymentView };

/** The widget may send this text frame; the Worker answers STREAM_PONG without waking up. */
export const STREAM_PING = "ping";
export const STREAM_PONG = "pong";
