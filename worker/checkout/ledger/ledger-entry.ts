/**
 * What the ledger keeps of one payment event (pure): the row of the payment at the event's
 * version, and its transactions. Payout and ping events, and anything that is not a well-formed
 * payment event, give no entry (the ledger holds payments; events come from this Worker's own outbox, so a
 * malformed one is a bug to log, not an input to store).
 */
import type { LedgerPayment, WebhookEvent } from "../backend-wire.js";
import { isFinalPaymentStatus, parseRfc3339, type PaymentView } from "../wire.js";

/** The columns a ledger row shares with the backend API's answer (backend-wire.ts, LedgerPayment). */
type PaymentColumns = Omit<LedgerPayment, "createdAt" | "updatedAt" | "finalAt" | "version">;

export interface LedgerEntry extends PaymentColumns {
  shop: string;
  eventId: string;
  version: number;
  /** The event's time (the change was recorded), milliseconds since the epoch. */
  at: number;
  /** `at` when the status is final (CONFIRMED, EXPIRED, INVALID), else null. */
  finalAt: number | null;
  /** The payment view, JSON. */
  view: string;
  /** The view's transactions, JSON (an array). */
  transactions: string;
}

const isText = (value: unknown): value is string => typeof value === "string";

/** The view's fields the ledger keeps as columns of their own (amounts, currencies, the address). */
const TEXT_FIELDS = [
  "priceAmount",
  "priceCurrency",
  "transferAmount",
  "transferCurrency",
  "paidPriceAmount",
  "pendingPaidPriceAmount",
  "acceptedPaidPriceAmount",
  "paidTransferAmount",
  "pendingPaidTransferAmount",
  "acceptedPaidTransferAmount",
  "address",
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

function pick(view: Pick<PaymentView, TextField>): Pick<LedgerEntry, TextField> {
  return Object.fromEntries(TEXT_FIELDS.map((key) => [key, view[key]])) as Pick<LedgerEntry, TextField>;
}

/** The entry of a payment event of `shop`, or undefined for a payout event or a malformed one. */
export function ledgerEntry(shop: string, event: WebhookEvent): LedgerEntry | undefined {
  if (!event.type.startsWith("payment.") || !("orderId" in event.data)) return undefined;
  const { data } = event;
  const payment: Partial<PaymentView> | undefined = data.payment;
  const at = parseRfc3339(event.timestamp);
  if (
    !payment ||
    at === undefined ||
    !Number.isSafeInteger(data.version) ||
    data.version < 1 ||
    !isText(payment.paymentId) ||
    !isText(payment.status) ||
    (data.orderId !== null && !isText(data.orderId))
  )
    return undefined;
  if (!TEXT_FIELDS.every((key) => isText(payment[key])) || !Array.isArray(payment.transactions)) return undefined;
  const fields = payment as Pick<PaymentView, TextField>;
  return {
    shop,
    eventId: event.id,
    paymentId: payment.paymentId,
    orderId: data.orderId,
    status: payment.status,
    ...pick(fields),
    version: data.version,
    at,
    finalAt: isFinalPaymentStatus(payment.status) ? at : null,
    view: JSON.stringify(payment),
    transactions: JSON.stringify(payment.transactions),
  };
}
