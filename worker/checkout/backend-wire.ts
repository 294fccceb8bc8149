/**
 * The merchant side's wire types: the webhook events a shop's backend receives, their delivery
 * state, and the bodies of the backend API (orders, events). Amounts are exact decimal strings.
 * docs/webhooks.md shows a full example of each event type.
 */
import type { Payout } from "../v3/types.js";
import type { PaymentView } from "./wire.js";

/** Every event type, in the catalogue's order. Stable: receivers switch on these names. */
export const EVENT_TYPES = [
  "payment.created",
  "payment.pending",
  "payment.underpaid",
  "payment.unconfirmed",
  "payment.confirmed",
  "payment.expired",
  "payment.invalid",
  "payment.updated",
  "payout.updated",
  "refund.created",
  "refund.updated",
  "refund.sent",
  "refund.failed",
  "ping",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type RefundEventType = Extract<EventType, `refund.${string}`>;
export type PaymentEventType = Exclude<EventType, "payout.updated" | "ping" | RefundEventType>;

/** `data` of a payment.* event. */
export interface PaymentEventData {
  /** The shop's order id; null only for a payment not created through this Worker. */
  orderId: string | null;
  /** The status before this change; null for payment.created. */
  previousStatus: string | null;
  /** The payment view's version: higher is newer; drop an event older than one you applied. */
  version: number;
  payment: PaymentView;
  /**
   * For a CONFIRMED payment: the customer's receipt page, `{PUBLIC_URL}/receipt/{shop}/{paymentId}#{clientSecret}`
   * (docs/receipts.md). It holds the payment's client secret: hand it to the payment's customer
   * only (an email, the order page), never log or publish it. Absent for other statuses.
   */
  receiptUrl?: string;
}

/** `data` of a payout.updated event: the upstream's payout snapshot, amounts as strings. */
export interface PayoutEventData {
  previousStatus: string | null;
  /** Increases with every change of this payout that this Worker was notified of. */
  version: number;
  payout: Payout;
}

/**
 * A refund as the backend API answers it and refund.* events carry it (docs/refunds.md): the
 * refund's own record, amounts exact decimal strings, times RFC 3339 UTC. Its shape is the
 * refund's (worker/checkout/refunds/refund.ts), which is checked to fit it.
 */
export interface RefundView {
  /** Also the payout's externalPayoutId. */
  id: string;
  shopId: string;
  paymentId: string;
  /** requested, awaiting_address, ready_for_approval, approved, sent, cancelled, expired, failed. */
  state: string;
  reason: string;
  amount: string;
  /** "transfer" (the coin) or "price" (the payment's price currency). */
  denomination: string;
  currency: string;
  transferCurrency: string;
  priceCurrency: string;
  network: string;
  estimatedTransferAmount?: string;
  approvedTransferAmount?: string;
  address?: string;
  addressBy?: string;
  /** The payout at the payment service once it exists; its status as the service sent it. */
  payout?: {
    payoutId: string;
    status?: string;
    transferAmount?: string;
    priceAmount?: string;
    address?: string;
    transactionId?: string;
    sentTime?: string;
    expirationTime?: string;
    sourceTime: number;
  };
  endReason?: string;
  createdAt: string;
  /** Every step, oldest first: when, who (merchant with an id, customer, payment_service, system), from and to which state. */
  history: {
    at: string;
    actor: { kind: string; id?: string };
    event: string;
    from: string | null;
    to: string;
    note?: string;
  }[];
}

/** `data` of a refund.* event: the refund after the change and the state before it (null for refund.created). */
export interface RefundEventData {
  previousState: string | null;
  /** The number of steps in the refund's history: higher is newer; drop an event older than one you applied. */
  version: number;
  refund: RefundView;
}

/** A one-click refund the payment suggests (refunds/refund-proposals.ts); create it with its `kind` as `proposal`. */
export interface RefundProposalView {
  kind: string;
  reason: string;
  amount: string;
  currency: string;
  denomination: "transfer";
}

/**
 * GET /api/shops/{shop}/payments/{paymentId}/refunds/{refundId}/payout-limits: what the payment
 * service's payout limits say of this refund's payout now, shown before an approval. `available`
 * and `minPayoutAmount` as the service gives them (absent: not given), in `currency` (the coin
 * sent); `problem` says why an approval would be refused now, in words for the merchant.
 */
export interface RefundPayoutLimits {
  refundId: string;
  currency: string;
  /** What the payout would send (the transfer amount the approval is checked with). */
  transferAmount: string;
  available?: string;
  minPayoutAmount?: string;
  problem?: string;
}

/** GET /api/shops/{shop}/payments/{paymentId}/refunds */
export interface RefundList {
  paymentId: string;
  transferCurrency: string;
  priceCurrency: string;
  /** In the transfer currency: what the payment service accepted, what the refunds hold (requested to sent), what is left. */
  totals: { accepted: string; held: string; remaining: string };
  proposals: RefundProposalView[];
  /** Oldest first. */
  refunds: RefundView[];
}

/** POST …/refunds/{refundId}/link: the refund link for the customer (single use; a new one replaces it). */
export interface RefundLinkCreated {
  refund: RefundView;
  /** `{PUBLIC_URL}/refund/{shop}/#{token}` */
  url: string;
  token: string;
  /** RFC 3339 UTC. */
  expiresAt: string;
}

/** `data` of a ping: the test event the merchant's dashboard sends to every endpoint (no order, no payment). */
export interface PingEventData {
  message: string;
}

interface EventBase<T extends EventType, D> {
  /** Unique per event; also the `webhook-id` header. Receivers dedupe by it. */
  id: string;
  type: T;
  /** When the change was recorded (ISO 8601). */
  timestamp: string;
  shop: string;
  data: D;
}

export type PaymentEvent = EventBase<PaymentEventType, PaymentEventData>;
export type PayoutEvent = EventBase<"payout.updated", PayoutEventData>;
export type PingEvent = EventBase<"ping", PingEventData>;
export type RefundEvent = EventBase<RefundEventType, RefundEventData>;
/** The JSON body of every webhook. */
export type WebhookEvent = PaymentEvent | PayoutEvent | RefundEvent | PingEvent;

/** What travels through the webhook queue: one event of one shop. */
export interface WebhookMessage {
  shop: string;
  event: WebhookEvent;
  /** The id of the request that created the payment the event is about (never in the signed body). */
  requestId?: string;
}

/**
 * Delivery state of one event at one endpoint. `shop_disabled`: the shop is disabled, so its
 * deliveries wait, without attempts, until it is enabled again.
 */
export type DeliveryState = "pending" | "retrying" | "delivered" | "dead" | "shop_disabled";

export interface EndpointDelivery {
  url: string;
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** One POST of one event to one endpoint. */
export interface DeliveryAttempt {
  url: string;
  at: string;
  /** The receiver's HTTP status; null when no answer came (timeout, network). */
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** GET /api/shops/{shop}/events: one entry. */
export interface EventEntry {
  /** Position in the shop's log: pass the last one as `after` to read on. */
  cursor: string;
  event: WebhookEvent;
  /** `delivered` when every endpoint took it, `dead` when any gave up, `shop_disabled` while the shop is disabled, else `pending`/`retrying`; `none` without endpoints. */
  delivery: DeliveryState | "none";
  endpoints: EndpointDelivery[];
}

export interface EventList {
  events: EventEntry[];
  /** The cursor to pass as `after` for the next page (the last entry's, or the given one). */
  next: string;
  hasMore: boolean;
}

/** GET /api/shops/{shop}/events/{eventId}: the entry with every attempt. */
export interface EventDetail extends EventEntry {
  /** Oldest first, at most `attemptsLimit` (default 100) after `attemptsAfter`. */
  attempts: DeliveryAttempt[];
  /** Pass as `attemptsAfter` for the next attempts; null when these are the last. */
  attemptsNext: string | null;
}

/** GET /api/shops/{shop}/orders/{orderId} */
export interface OrderStatus {
  shop: string;
  orderId: string;
  /** True exactly when one of the order's payments is CONFIRMED. */
  paid: boolean;
  /** The CONFIRMED payment when there is one, else the latest. */
  payment: PaymentView;
  /** The order's other payments (expired or invalid attempts), newest first. */
  earlierPayments: PaymentView[];
}

/** POST /api/shops/{shop}/ledger/backfill: one page of the shop's event log written to the payments ledger. */
export interface LedgerBackfill {
  /** Events of the log read in this page. */
  read: number;
  /** Of those, the payment events applied to the ledger (payout and ping events are not its business). */
  written: number;
  /** The cursor to pass as `after` for the next page. */
  next: string;
  hasMore: boolean;
}

/** GET /api/shops/{shop}/ledger/payments: one payment as the ledger holds it (amounts exact decimal strings, times ISO 8601). */
export interface LedgerPayment {
  paymentId: string;
  orderId: string | null;
  status: string;
  priceAmount: string;
  priceCurrency: string;
  transferAmount: string;
  transferCurrency: string;
  paidPriceAmount: string;
  pendingPaidPriceAmount: string;
  acceptedPaidPriceAmount: string;
  paidTransferAmount: string;
  pendingPaidTransferAmount: string;
  acceptedPaidTransferAmount: string;
  address: string;
  /** The earliest event of the payment the ledger saw (its creation once that event was seen). */
  createdAt: string;
  /** The event of the version held. */
  updatedAt: string;
  /** The earliest event with a final status; null while open. */
  finalAt: string | null;
  version: number;
}

export interface LedgerPaymentList {
  payments: LedgerPayment[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next: string | null;
}

/** GET /api/shops/{shop}/ledger/totals: the payments of one day (UTC, by creation), price currency and status. */
export interface LedgerTotal {
  /** YYYY-MM-DD */
  day: string;
  currency: string;
  status: string;
  count: number;
  /** The exact sum of their price amounts, at the longest scale among them. */
  priceAmount: string;
  /** The exact sum of their paid price amounts. */
  paidPriceAmount: string;
}

export interface LedgerTotals {
  from: string;
  to: string;
  totals: LedgerTotal[];
}
