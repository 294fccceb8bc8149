/**
 * What the counter shows of a sale, pure: the payment's view (the element's `checkout-payment`
 * events) becomes one screen. Final outcomes and an underpayment take the whole screen, so the
 * cashier sees them from a distance; the amounts are the Worker's exact strings (the still-to-pay
 * amount is its `remainingTransferAmount`: the browser does no arithmetic on money).
 */
import type { PaymentView } from "../worker/checkout/wire.js";

export type SaleScreen =
  | { kind: "waiting" }
  | { kind: "confirming" }
  | { kind: "paid"; amount: string; currency: string }
  | { kind: "underpaid"; remaining: string; currency: string }
  | { kind: "expired"; paidSomething: boolean }
  | { kind: "invalid"; paymentId: string };

/** The screen of a payment view. */
export function screenOf(
  view: Pick<
    PaymentView,
    | "status"
    | "priceAmount"
    | "priceCurrency"
    | "remainingTransferAmount"
    | "transferCurrency"
    | "hasPaid"
    | "paymentId"
  >,
): SaleScreen {
  switch (view.status) {
    case "CONFIRMED":
      return { kind: "paid", amount: view.priceAmount, currency: view.priceCurrency };
    case "UNDERPAID":
      return { kind: "underpaid", remaining: view.remainingTransferAmount, currency: view.transferCurrency };
    case "UNCONFIRMED":
      return { kind: "confirming" };
    case "EXPIRED":
      return { kind: "expired", paidSomething: view.hasPaid };
    case "INVALID":
      return { kind: "invalid", paymentId: view.paymentId };
    default:
      return { kind: "waiting" };
  }
}

/** Whether a screen covers the whole page. */
export const isFullScreen = (screen: SaleScreen): boolean =>
  screen.kind === "paid" || screen.kind === "underpaid" || screen.kind === "expired" || screen.kind === "invalid";

/** Whether the sale is over (the next one may start without losing anything). */
export const isFinal = (screen: SaleScreen): boolean =>
  screen.kind === "paid" || screen.kind === "expired" || screen.kind === "invalid";
