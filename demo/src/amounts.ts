/**
 * Amount arithmetic of the demo page: the cart and what the sandbox pane sends to the blockchain
 * simulator. decimal.js only; amounts in and out are decimal strings. Pure, no DOM.
 */
import Decimal from "decimal.js";
import { isFinalPaymentStatus } from "../../worker/checkout/wire.js";
import type { PaymentView } from "../../worker/checkout/wire.js";

export interface CartLine {
  name: string;
  detail: string;
  quantity: number;
  /** Unit price, decimal string. */
  unitPrice: string;
}

export const CART: readonly CartLine[] = [
  { name: "Yirgacheffe single-origin beans", detail: "1 kg, whole bean", quantity: 1, unitPrice: "24.00" },
  { name: "Ceramic pour-over dripper", detail: "Size 02, matte white", quantity: 1, unitPrice: "18.50" },
];
export const SHIPPING = "4.90";

export interface CartSummary {
  lines: { line: CartLine; total: string }[];
  subtotal: string;
  shipping: string;
  /** Configured total minus (subtotal + shipping); "0.00" when the total is the cart's. */
  adjustment: string;
  total: string;
}

/** The order summary for a configured total (the demo lets the total differ from the cart). */
export function summarizeCart(total: string, cart: readonly CartLine[] = CART, shipping = SHIPPING): CartSummary {
  const lines = cart.map((line) => ({ line, total: new Decimal(line.unitPrice).mul(line.quantity).toFixed(2) }));
  const subtotal = lines.reduce((sum, l) => sum.plus(l.total), new Decimal(0));
  const adjustment = new Decimal(total).minus(subtotal).minus(shipping);
  return {
    lines,
    subtotal: subtotal.toFixed(2),
    shipping: new Decimal(shipping).toFixed(2),
    adjustment: adjustment.toFixed(2),
    total: new Decimal(total).toFixed(2),
  };
}

/** The cart's own total: the demo's default amount. */
export function cartTotal(cart: readonly CartLine[] = CART, shipping = SHIPPING): string {
  return cart.reduce((sum, l) => sum.plus(new Decimal(l.unitPrice).mul(l.quantity)), new Decimal(shipping)).toFixed(2);
}

export type SandboxAction = "pay-exact" | "pay-part" | "pay-rest" | "overpay" | "confirm" | "reject" | "expire";

/** Decimal places used for transfer amounts: those of the payment's amount, at least 8. */
function scaleOf(payment: PaymentView): number {
  return Math.max(8, new Decimal(payment.transferAmount).decimalPlaces());
}

/** What is still due in the transfer currency (never negative). */
export function remaining(payment: PaymentView): Decimal {
  const due = new Decimal(payment.transferAmount).minus(payment.paidTransferAmount);
  return Decimal.max(due, 0);
}

/** Transaction amount (transfer currency) that each paying action sends, or undefined if it cannot now. */
export function transactionAmount(
  action: "pay-exact" | "pay-part" | "pay-rest" | "overpay",
  payment: PaymentView,
): string | undefined {
  if (isFinalPaymentStatus(payment.status)) return undefined;
  const scale = scaleOf(payment);
  const due = remaining(payment);
  const nothingPaid = new Decimal(payment.paidTransferAmount).isZero();
  switch (action) {
    case "pay-exact":
      return nothingPaid ? new Decimal(payment.transferAmount).toFixed(scale) : undefined;
    case "pay-rest":
      return !nothingPaid && due.gt(0) ? due.toFixed(scale) : undefined;
    case "pay-part": {
      const part = due.div(2).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
      return part.gt(0) ? part.toFixed(scale) : undefined;
    }
    case "overpay": {
      const extra = new Decimal(payment.transferAmount).div(10).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
      return due.plus(extra).toFixed(scale);
    }
  }
}

/** Ids of the payment's transactions still waiting for the blockchain. */
export function pendingTransactions(payment: PaymentView): string[] {
  return payment.transactions.flatMap((t) =>
    t.state === "PENDING" && t.transactionId !== undefined ? [t.transactionId] : [],
  );
}

/** Which actions of the sandbox pane make sense for this payment right now. */
export function enabledActions(payment: PaymentView | undefined): Set<SandboxAction> {
  const enabled = new Set<SandboxAction>();
  if (!payment || isFinalPaymentStatus(payment.status)) return enabled;
  for (const action of ["pay-exact", "pay-part", "pay-rest", "overpay"] as const) {
    if (transactionAmount(action, payment) !== undefined) enabled.add(action);
  }
  if (pendingTransactions(payment).length > 0) {
    enabled.add("confirm");
    enabled.add("reject");
  }
  enabled.add("expire");
  return enabled;
}
