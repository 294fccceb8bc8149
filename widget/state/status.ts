/**
 * What the element shows for a payment, decided from its status and the Worker's derived flags
 * alone (pure; no amount is compared here: the Worker sends hasPaid and hasPending).
 * Statuses the element does not know are shown as text; nothing breaks.
 */
import { isFinalPaymentStatus } from "../../worker/checkout/wire.js";
import type { PaymentView, RedirectKey } from "../../worker/checkout/wire.js";

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
  /** No further change can happen (one of the upstream's final statuses): live updates stop. */
  final: boolean;
}

/** The redirect key that belongs to a status, if any (docs/widget.md, "Redirects"). */
export const REDIRECT_KEY_BY_STATUS: Readonly<Record<string, RedirectKey>> = {
  UNCONFIRMED: "unconfirmed",
  CONFIRMED: "confirmed",
  EXPIRED: "expired",
  INVALID: "invalid",
};

function somethingPaid(view: PaymentView): boolean {
  return view.hasPaid || view.transactions.length > 0;
}

const NONE: Omit<StatusView, "kind" | "final"> = {
  payInstructions: false,
  countdown: false,
  progress: false,
  transactions: false,
  reference: false,
  startAgain: false,
};

/** The state machine of the element: one row of the table in docs/widget.md, "What the customer sees", per status. */
export function statusView(view: PaymentView): StatusView {
  // Final or not is the upstream's list (FINAL_PAYMENT_STATUSES), not a column of this table.
  const none = { ...NONE, final: isFinalPaymentStatus(view.status) };
  switch (view.status) {
    case "NEW":
      return {
        ...none,
        kind: "awaiting",
        payInstructions: true,
        countdown: true,
        progress: view.hasPending,
        transactions: view.transactions.length > 0,
      };
    case "UNDERPAID":
      return { ...none, kind: "underpaid", payInstructions: true, countdown: true, progress: true, transactions: true };
    case "UNCONFIRMED":
      return { ...none, kind: "unconfirmed", progress: true, transactions: true };
    case "CONFIRMED":
      return { ...none, kind: "confirmed", transactions: true };
    case "EXPIRED":
      return {
        ...none,
        kind: "expired",
        startAgain: true,
        reference: somethingPaid(view),
        transactions: view.transactions.length > 0,
      };
    case "INVALID":
      return { ...none, kind: "invalid", reference: true, transactions: view.transactions.length > 0 };
    default:
      return { ...none, kind: "unknown", reference: true, transactions: view.transactions.length > 0 };
  }
}
