/**
 * Refunds the merchant can accept with one click, read from a payment snapshot (pure, exact
 * decimals). docs/refunds.md, "Proposals". Every amount is in the transfer currency and counts
 * only what the payment service accepted (pending amounts may still vanish), capped at what the
 * payment's other refunds leave (refund-invariant.ts); a proposal that would be zero is left out.
 *
 * - overpaid_excess: the accepted amount above `transferAmount` (reason `overpaid`);
 * - paid_after_expiry: the accepted transactions observed after `expirationTime` (`paid_late`);
 * - whole_payment: everything accepted of a CONFIRMED payment (`order_cancelled`; the merchant
 *   may pick another reason, `duplicate` for instance).
 */
import type { DecimalString, Payment } from "../../v3/types.js";
import { parseTime } from "../upstream/snapshot.js";
import type { Refund, RefundReason } from "./refund.js";
import { refundTotals } from "./refund-invariant.js";
import { amountOf, Decimal, plain } from "./refund-money.js";

export type ProposalKind = "overpaid_excess" | "paid_after_expiry" | "whole_payment";

export interface RefundProposal {
  kind: ProposalKind;
  reason: RefundReason;
  amount: DecimalString;
  /** Always the payment's transfer currency. */
  currency: string;
  denomination: "transfer";
}

/** The proposals for `payment`, given the refunds it already has. */
export function refundProposals(payment: Payment, refunds: readonly Refund[] = []): RefundProposal[] {
  const accepted = amountOf(payment.acceptedPaidTransferAmount);
  const remaining = new Decimal(refundTotals(payment.acceptedPaidTransferAmount, refunds).remaining);
  const candidates: [ProposalKind, RefundReason, Decimal][] = [
    ["overpaid_excess", "overpaid", accepted.minus(amountOf(payment.transferAmount))],
    ["paid_after_expiry", "paid_late", acceptedAfterExpiry(payment)],
    ["whole_payment", "order_cancelled", payment.status === "CONFIRMED" ? accepted : new Decimal(0)],
  ];
  return candidates.flatMap(([kind, reason, amount]) => {
    const capped = Decimal.min(amount, remaining);
    if (capped.lte(0)) return [];
    return [
      { kind, reason, amount: plain(capped), currency: payment.transferCurrency, denomination: "transfer" as const },
    ];
  });
}

/** The sum of the accepted transactions observed after the payment's expirationTime. */
function acceptedAfterExpiry(payment: Payment): Decimal {
  const expiresAt = parseTime(payment.expirationTime);
  if (expiresAt === undefined) return new Decimal(0);
  return payment.transactions.reduce((sum, tx) => {
    const observedAt = parseTime(tx.observedTime);
    const late = observedAt !== undefined && observedAt > expiresAt;
    return late && tx.state === "ACCEPTED" ? sum.plus(amountOf(tx.paidTransferAmount)) : sum;
  }, new Decimal(0));
}
