/**
 * Types of the upstream payment service's v3 interface, as parsed by this client.
 *
 * Amounts are exact decimal strings (the spec's `string(decimal)`; numbers in responses are
 * read from the JSON text and converted without float rounding). Status values are open strings:
 * the spec names only `NEW`, so unknown values are kept as they come.
 */

/** An exact decimal amount, for example "0.00012345". Never a JavaScript number. */
export type DecimalString = string;

/**
 * An RFC 3339 date-time (the spec's `string(date-time)`): as the upstream sent it when it was RFC
 * 3339, else its other ISO 8601 form as the same instant in UTC; the parser drops anything else.
 * A value of this type always parses with `parseRfc3339` (datetime.ts, canonicalDateTime).
 */
export type DateTimeString = string;

/** A string union that still accepts values the spec does not name. */
export type OpenString<Known extends string> = Known | (string & Record<never, never>);

export type Environment = "sandbox" | "production";

export type PaymentStatus = OpenString<"NEW" | "UNDERPAID" | "UNCONFIRMED" | "CONFIRMED" | "EXPIRED" | "INVALID">;

/** The statuses a payment never leaves (docs/upstream.md, "Payments"): the one list of them. */
export const FINAL_PAYMENT_STATUSES = ["CONFIRMED", "EXPIRED", "INVALID"] as const;

/** Whether a payment in this status is done for good. */
export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/** A currency code as the upstream writes it: 2-10 upper-case letters or digits ("EUR", "BTC", "USDT"). */
export const CURRENCY_CODE = /^[A-Z0-9]{2,10}$/;

/**
 * An amount as the upstream takes it in a request: plain notation, no sign, no exponent, no
 * leading zeros ("0025.00" is refused there), at most 15 digits before the point and 18 after.
 * The one copy of this rule: the v3 client checks outgoing amounts with it (decimal.ts), the
 * checkout its create route, order tokens, demo routes and shop limits (worker/checkout/rules.ts),
 * the console its order tokens and the demo page its price field (through worker/checkout/wire.ts).
 */
export const DECIMAL_AMOUNT = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,18})?$/;
export const DECIMAL_AMOUNT_MESSAGE = 'must be a decimal string such as "25.00" (no sign, exponent or leading zeros)';

/**
 * The URL of `value` when it is an absolute http: or https: URL, else undefined (javascript:,
 * data:, relative...): the one "is this an http(s) URL" check of the project, for the client's
 * requests, the sandbox, the checkout's settings and views, the element's redirects and the console.
 */
export function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    if (url.protocol === "https:" || url.protocol === "http:") return url;
  } catch {
    // not a URL at all
  }
  return undefined;
}

/** True for an absolute http: or https: URL (parseHttpUrl). */
export function isHttpUrl(value: unknown): value is string {
  return typeof value === "string" && parseHttpUrl(value) !== undefined;
}
export type TransactionState = OpenString<"PENDING" | "ACCEPTED" | "REJECTED">;

/** The four redirect keys of PaymentRedirectUrls (docs/upstream.md, "Payments"). */
export const REDIRECT_KEYS = ["expired", "confirmed", "invalid", "unconfirmed"] as const;
export type RedirectKey = (typeof REDIRECT_KEYS)[number];
export type PaymentRedirectUrls = Partial<Record<RedirectKey, string>>;

/**
 * PaymentTransaction (docs/upstream.md, "Payments"). The spec marks none of its fields required, so each may be
 * absent; amounts that are present are exact decimal strings, times RFC 3339 date-times.
 */
export interface PaymentTransaction {
  transactionId?: string;
  paidTransferAmount?: DecimalString;
  priceAmount?: DecimalString;
  exchangeRate?: DecimalString;
  observedTime?: DateTimeString;
  acceptedTime?: DateTimeString;
  rejectedTime?: DateTimeString;
  state?: TransactionState;
}

/** A transaction with every field a conforming producer (such as the sandbox) fills. */
export type CompletePaymentTransaction = PaymentTransaction &
  Required<Pick<PaymentTransaction, "transactionId" | "paidTransferAmount" | "priceAmount" | "exchangeRate" | "state">>;

/** PaymentResponseV3 (docs/upstream.md, "Payments"), normalised: `transactions` is always an array. */
export interface Payment {
  paymentId: string;
  priceAmount: DecimalString;
  priceCurrency: string;
  transferAmount: DecimalString;
  transferCurrency: string;
  address: string;
  status: PaymentStatus;
  walletLabel?: string;
  walletMessage?: string;
  paymentUri?: string;
  expirationTime?: DateTimeString;
  paymentPageUrl?: string;
  notificationUrl?: string;
  paidPriceAmount?: DecimalString;
  pendingPaidPriceAmount?: DecimalString;
  acceptedPaidPriceAmount?: DecimalString;
  paidTransferAmount?: DecimalString;
  pendingPaidTransferAmount?: DecimalString;
  acceptedPaidTransferAmount?: DecimalString;
  exchangeRate?: DecimalString;
  guaranteedExchangeRate?: DecimalString;
  externalPaymentId?: string;
  transactions: PaymentTransaction[];
  /** Declared as a string upstream; accepted as an object, a JSON-encoded string, or absent. */
  redirectUrls?: PaymentRedirectUrls;
}

/** NewPaymentRequestV3 (docs/upstream.md, "Payments"). */
export interface NewPaymentRequest {
  priceAmount: DecimalString;
  priceCurrency: string;
  transferCurrency: string;
  walletLabel?: string;
  walletMessage?: string;
  notificationUrl?: string;
  externalPaymentId?: string;
  redirectUrls?: PaymentRedirectUrls;
}

export type PayoutStatus = OpenString<"CREATED" | "APPROVED" | "QUEUED" | "SENT" | "EXPIRED" | "FAILED">;

/** PayoutResponseV3 (docs/upstream.md, "Payouts"): only `payoutId` is required. */
export interface Payout {
  payoutId: string;
  address?: string;
  transferAmount?: DecimalString;
  priceAmount?: DecimalString;
  priceCurrency?: string;
  transferCurrency?: string;
  transactionId?: string;
  comment?: string;
  expirationTime?: DateTimeString;
  createdTime?: DateTimeString;
  notificationUrl?: string;
  sentTime?: DateTimeString;
  externalPayoutId?: string;
  status?: PayoutStatus;
}

/** NewPayoutRequestV3 (docs/upstream.md, "Payouts"): exactly one of transferAmount / priceAmount. */
export type NewPayoutRequest = {
  priceCurrency: string;
  transferCurrency: string;
  address?: string;
  comment?: string;
  notificationUrl?: string;
  autoApprove?: boolean;
  externalPayoutId?: string;
} & ({ transferAmount: DecimalString; priceAmount?: never } | { priceAmount: DecimalString; transferAmount?: never });

/** Query of GET /v3/payouts (docs/upstream.md, "Payouts"). */
export interface PayoutListQuery {
  limit?: number;
  offset?: number;
  /** `yyyy-MM-ddTHH:mm:ss.SSSXXX`, for example 2026-01-31T23:59:59.000+01:00 */
  timeFrom?: string;
  timeTo?: string;
  merchantId?: string;
  address?: string;
  transferAmount?: DecimalString;
  priceAmount?: DecimalString;
  transferCurrency?: string;
  priceCurrency?: string;
}

/** PaginationInfoResponsePayoutResponseV3 (docs/upstream.md, "Payouts"). */
export interface PayoutPage {
  limit: number;
  offset: number;
  itemCount: number;
  items: Payout[];
}

/** PayoutLimitResponse (docs/upstream.md, "Payouts"): numbers upstream, exact decimal strings here. */
export interface PayoutLimits {
  available?: DecimalString;
  minPayoutAmount?: DecimalString;
  currency?: string;
}

/** NewConversionRequestV3 (docs/upstream.md, "Conversions"). */
export interface NewConversionRequest {
  sellAmount: DecimalString;
  sellCurrency: string;
  buyCurrency: string;
}

/** ConversionResponseV3 (docs/upstream.md, "Conversions"). */
export interface Conversion {
  id: string;
}

/** ConversionEstimationV3 (docs/upstream.md, "Conversions"). */
export interface ConversionEstimate {
  currency: string;
  amount: DecimalString;
}

/** ConversionDeclarationRequest (docs/upstream.md, "Conversions"). */
export interface ConversionDeclaration {
  boughtAmount?: DecimalString;
}

/** CurrencyResponseV3 (docs/upstream.md, "Currencies"). */
export interface Currency {
  code: string;
  name: string;
  paymentPriceEnabled: boolean;
  paymentTransferEnabled: boolean;
  payoutTransferEnabled: boolean;
  payoutPriceEnabled: boolean;
}

/** Notification envelope (docs/upstream.md, "Notifications"). */
export type Notification =
  | { timestamp: DateTimeString; notificationType: "v3/payment"; body: Payment }
  | { timestamp: DateTimeString; notificationType: "v3/payouts"; body: Payout };

/**
 * An envelope whose `notificationType` is neither `v3/payment` nor `v3/payouts` (the spec names
 * only those, and types carry the version, so new ones may come: docs/upstream.md, "Notifications"). Its body is not parsed; it
 * can only hint at what changed. Tell it from a Notification with `"recognized" in n`.
 */
export interface UnrecognizedNotification {
  recognized: false;
  /** As sent, at most 100 characters. */
  notificationType: string;
  /** The envelope's `timestamp` when it is an RFC 3339 date-time. */
  timestamp?: DateTimeString;
  /** `body.paymentId` when it is a string of 1 to 256 characters. */
  paymentId?: string;
  /** `body.payoutId` when it is a string of 1 to 256 characters. */
  payoutId?: string;
}
