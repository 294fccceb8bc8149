/**
 * Builds the webhook events (types.ts) from what the Worker stored. Pure but for the event id,
 * which is random (`evt_` and 32 hex digits): unique per event, the `webhook-id` of every
 * delivery of it.
 */
import type { Payout } from "../../v3/types.js";
import type { PaymentView } from "../wire.js";
import { paymentEventType, refundEventType } from "./event-type.js";
import type { PaymentEvent, PayoutEvent, PingEvent, RefundEvent, RefundView } from "../backend-wire.js";

export function newEventId(): string {
  return `evt_${crypto.randomUUID().replaceAll("-", "")}`;
}

export interface PaymentChange {
  shop: string;
  orderId: string | null;
  /** The stored view before the change; undefined for the first snapshot. */
  previous: Pick<PaymentView, "status" | "pendingPaidPriceAmount"> | undefined;
  /** The view after the change (its version is the new one). */
  view: PaymentView;
  /** The payment's receipt link, for a CONFIRMED payment (payments/receipt.ts); carried as `data.receiptUrl`. */
  receiptUrl?: string | undefined;
}

export function paymentEvent(change: PaymentChange, id = newEventId()): PaymentEvent {
  return {
    id,
    type: paymentEventType(change.previous, change.view),
    timestamp: change.view.serverTime,
    shop: change.shop,
    data: {
      orderId: change.orderId,
      previousStatus: change.previous?.status ?? null,
      version: change.view.version,
      payment: change.view,
      ...(change.receiptUrl !== undefined && change.view.status === "CONFIRMED"
        ? { receiptUrl: change.receiptUrl }
        : {}),
    },
  };
}

export interface PayoutChange {
  shop: string;
  previousStatus: string | null;
  version: number;
  payout: Payout;
  now: Date;
}

export function payoutEvent(change: PayoutChange, id = newEventId()): PayoutEvent {
  return {
    id,
    type: "payout.updated",
    timestamp: change.now.toISOString(),
    shop: change.shop,
    data: { previousStatus: change.previousStatus, version: change.version, payout: change.payout },
  };
}

/** A step of a refund (refunds/refund-object.ts): the refund after it, and its state before (null: created). */
export function refundEvent(
  shop: string,
  previousState: string | null,
  refund: RefundView,
  now: Date,
  id = newEventId(),
): RefundEvent {
  return {
    id,
    type: refundEventType(previousState, refund.state),
    timestamp: now.toISOString(),
    shop,
    data: { previousState, version: refund.history.length, refund },
  };
}

/** The test event of the merchant's dashboard ("Send test event"): signed and delivered like every other. */
export function pingEvent(shop: string, now: Date, id = newEventId()): PingEvent {
  return {
    id,
    type: "ping",
    timestamp: now.toISOString(),
    shop,
    data: { message: `A test event from the dashboard of shop ${shop}: your endpoint receives and verifies webhooks.` },
  };
}
