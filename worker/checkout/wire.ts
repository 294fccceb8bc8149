/**
 * Wire types between the checkout Worker and the <crypto-checkout> element: the one module both
 * sides import (type-only on the widget side). Amounts are exact decimal strings.
 */
import type { DecimalString, PaymentStatus, PaymentTransaction, RedirectKey } from "../v3/types.js";

export type { DecimalString, PaymentStatus, RedirectKey };

/**
 * Values of the contract the element and the demo may import (the only worker module they may
 * import values from: a lint rule keeps it so). They come from the upstream's vocabulary.
 */
export { CURRENCY_CODE, FINAL_PAYMENT_STATUSES, isFinalPaymentStatus } from "../v3/types.js";

/** One transaction: every field optional (the spec requires none: docs/upstream.md, "Payments"); the widget shows a missing one as unknown. */
export type TransactionView = PaymentTransaction;

/** What the widget receives: the upstream payment, normalised (see docs/architecture.md, "Contracts"). */
export interface PaymentView {
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
  "unauthorized",
  "no_webhook_endpoint",
  "invalid_signature",
  "upstream_unavailable",
  "upstream_error",
  "not_found",
  "method_not_allowed",
  "internal_error",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error response of the checkout Worker. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string };
}

/** Messages the Worker sends on the payment stream (WebSocket, JSON text frames). */
export type StreamMessage = { type: "payment"; payment: PaymentView };

/** The widget may send this text frame; the Worker answers STREAM_PONG without waking up. */
export const STREAM_PING = "ping";
export const STREAM_PONG = "pong";
