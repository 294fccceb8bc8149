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
  "ping",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type PaymentEventType = Exclude<EventType, "payout.updated" | "ping">;

/** `data` of a payment.* event. */
export interface PaymentEventData {
  /** The shop's order id; null only for a payment not created through this Worker. */
  orderId: string | null;
  /** The status before this change; null for payment.created. */
  previousStatus: string | null;
  /** The payment view's version: higher is newer; drop an event older than one you applied. */
  version: number;
  payment: PaymentView;
}

/** `data` of a payout.updated event: the upstream's payout snapshot, amounts as strings. */
export interface PayoutEventData {
  previousStatus: string | null;
  /** Increases with every change of this payout that this Worker was notified of. */
  version: number;
  payout: Payout;
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
/** The JSON body of every webhook. */
export type WebhookEvent = PaymentEvent | PayoutEvent | PingEvent;

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
