/** Refunds in each state, built through the state machine itself (refund-state.ts). */
import type { Payout } from "../../../../worker/v3/types.js";
import type { Refund, RefundActor } from "../../../../worker/checkout/refunds/refund.js";
import {
  applyRefundEvent,
  createRefund,
  type NewRefund,
  type RefundEvent,
  type RefundResult,
} from "../../../../worker/checkout/refunds/refund-state.js";

export const T0 = Date.parse("2026-11-27T10:00:00.000Z");
export const MERCHANT: RefundActor = { kind: "merchant", id: "ops@shop.example" };
export const CUSTOMER: RefundActor = { kind: "customer" };
/** A valid testnet address (BIP-173's vector), as the sandbox's refunds use. */
export const ADDRESS = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7";
export const OTHER_ADDRESS = "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy";

export function newRefund(over: Partial<NewRefund> = {}): NewRefund {
  return {
    id: "rf_1",
    shopId: "demo",
    paymentId: "pay_1",
    reason: "overpaid",
    amount: "0.0005",
    denomination: "transfer",
    transferCurrency: "BTC",
    priceCurrency: "EUR",
    network: "testnet",
    actor: MERCHANT,
    ...over,
  };
}

export function ok(result: RefundResult): Refund {
  if (!result.ok) throw new Error(`refused: ${result.code}: ${result.message}`);
  return result.refund;
}

export function apply(refund: Refund, event: RefundEvent, now = T0): Refund {
  return ok(applyRefundEvent(refund, event, now));
}

export function requested(over: Partial<NewRefund> = {}): Refund {
  return ok(createRefund(newRefund(over), T0));
}

export function ready(over: Partial<NewRefund> = {}): Refund {
  return apply(requested(over), { type: "submit_address", actor: MERCHANT, address: ADDRESS });
}

export function payoutOf(refund: Refund, over: Partial<Payout> = {}): Payout {
  return {
    payoutId: `po_${refund.id}`,
    externalPayoutId: refund.id,
    address: refund.address,
    status: "CREATED",
    expirationTime: new Date(T0 + 3_600_000).toISOString(),
    ...(refund.denomination === "transfer"
      ? { transferAmount: refund.amount }
      : { priceAmount: refund.amount, transferAmount: refund.estimatedTransferAmount }),
    ...over,
  };
}

/** Ready for approval with its payout created (status CREATED, expiring an hour after T0). */
export function withPayout(over: Partial<NewRefund> = {}, payout: Partial<Payout> = {}): Refund {
  const refund = ready(over);
  return apply(refund, { type: "payout", payout: payoutOf(refund, payout), sourceTime: T0 });
}

export function approved(over: Partial<NewRefund> = {}): Refund {
  const refund = withPayout(over);
  return apply(refund, {
    type: "approve",
    actor: MERCHANT,
    amount: refund.amount,
    currency: refund.currency,
    address: ADDRESS,
    ...(refund.denomination === "price" ? { transferAmount: refund.estimatedTransferAmount } : {}),
  });
}
