/**
 * What the element shows for a payment, decided from its status and amounts alone (pure).
 * Statuses the element does not know are shown as text; nothing breaks.
 */
import Decimal from "decimal.js";
import type { PaymentStatus, PaymentView, RedirectKey } from "../../worker/checkout/wire.js";

export type ViewKind = "awaiting" | "underpaid" | "unconfirmed" | "confirmed" | "expired" | "invalid" | "unknown";

export interface StatusView {
  kind: ViewKind;
  /** QR, address, amount, copy buttons and the wallet link. */
  payInstructions: boolean;
  countdown: boolean;
  progress: boolean;
  transactions: boolean;
  /** The reference (paymentId) a customer gives the shop. */
  reference: boolean;
  startAgain: boolean;
  /** No further change can happen: live updates stop. */
  final: boolean;
}

const FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set(["CONFIRMED", "EXPIRED", "INVALID"]);

/** The redirect key that belongs to a status, if any (docs/widget.md, "Redirects"). */
export const REDIRECT_KEY_BY_STATUS: Readonly<Record<string, RedirectKey>> = {
  UNCONFIRMED: "unconfirmed",
  CONFIRMED: "confirmed",
  EXPIRED: "expired",
  INVALID: "invalid",
};

export function isFinalStatus(status: PaymentStatus): boolean {
  return FINAL_STATUSES.has(status);
}

function somethingPaid(view: PaymentView): boolean {
  return new Decimal(view.paidTransferAmount || "0").greaterThan(0) || view.transactions.length > 0;
}

function hasPending(view: PaymentView): boolean {
  return new Decimal(view.pendingPaidTransferAmount || "0").greaterThan(0);
}

const NONE: Omit<StatusView, "kind"> = {
  payInstructions: false,
  countdown: false,
  progress: false,
  transactions: false,
  reference: false,
  startAgain: false,
  final: false,
};

/** The state machine of the element: one row of the table in docs/widget.md, "What the customer sees", per status. */
export function statusView(view: PaymentView): StatusView {
  switch (view.status) {
    case "NEW":
      return { ...NONE, kind: "awaiting", payInstructions: true, countdown: true, progress: hasPending(view), transactions: view.transactions.length > 0 };
    case "UNDERPAID":
      return { ...NONE, kind: "underpaid", payInstructions: true, countdown: true, progress: true, transactions: true };
    case "UNCONFIRMED":
      return { ...NONE, kind: "unconfirmed", progress: true, transactions: true };
    case "CONFIRMED":
      return { ...NONE, kind: "confirmed", transactions: true, final: true };
    case "EXPIRED":
      return { ...NONE, kind: "expired", startAgain: true, reference: somethingPaid(view), transactions: view.transactions.length > 0, final: true };
    case "INVALID":
      return { ...NONE, kind: "invalid", reference: true, transactions: view.transactions.length > 0, final: true };
    default:
      return { ...NONE, kind: "unknown", reference: true, transactions: view.transactions.length > 0 };
  }
}
