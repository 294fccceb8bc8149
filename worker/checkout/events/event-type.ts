/**
 * Which event a stored change of a payment is. Pure; the PaymentObject records one event for
 * every snapshot it applies (a duplicate or an older snapshot is no change and makes none).
 *
 * 1. nothing stored before: `payment.created`;
 * 2. the status changed to UNDERPAID, UNCONFIRMED, CONFIRMED, EXPIRED or INVALID:
 *    `payment.<status in lower case>`;
 * 3. the status stayed and the pending (seen, not yet accepted) amount changed to more than
 *    zero: `payment.pending`;
 * 4. anything else (paid amounts, transactions, an unknown or a repeated status, back to NEW):
 *    `payment.updated`.
 */
import Decimal from "decimal.js";
import type { PaymentEventType, RefundEventType } from "../backend-wire.js";

// A Map, not an object literal: the status is the upstream's text, and a status such as
// "constructor" or "__proto__" must not find Object.prototype's members.
const STATUS_EVENTS: ReadonlyMap<string, PaymentEventType> = new Map([
  ["UNDERPAID", "payment.underpaid"],
  ["UNCONFIRMED", "payment.unconfirmed"],
  ["CONFIRMED", "payment.confirmed"],
  ["EXPIRED", "payment.expired"],
  ["INVALID", "payment.invalid"],
]);

/** What the rule needs of a snapshot. */
export interface PaymentChangeSide {
  status: string;
  pendingPaidPriceAmount: string;
}

function amount(value: string): Decimal {
  try {
    return new Decimal(value);
  } catch {
    return new Decimal(0);
  }
}

export function paymentEventType(previous: PaymentChangeSide | undefined, next: PaymentChangeSide): PaymentEventType {
  if (!previous) return "payment.created";
  if (previous.status !== next.status) return STATUS_EVENTS.get(next.status) ?? "payment.updated";
  const pending = amount(next.pendingPaidPriceAmount);
  if (pending.gt(0) && !pending.eq(amount(previous.pendingPaidPriceAmount))) return "payment.pending";
  return "payment.updated";
}

/**
 * Which event a step of a refund is (docs/webhooks.md): `refund.created` for a new refund,
 * `refund.sent` and `refund.failed` when it reaches that state, `refund.updated` for every other
 * step (an address, an approval, a cancel, an expiry, a payout status).
 */
export function refundEventType(previousState: string | null, state: string): RefundEventType {
  if (previousState === null) return "refund.created";
  if (state !== previousState && state === "sent") return "refund.sent";
  if (state !== previousState && state === "failed") return "refund.failed";
  return "refund.updated";
}
