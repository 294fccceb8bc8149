import { describe, expect, it } from "vitest";
import { refundProposals } from "../../../../worker/checkout/refunds/refund-proposals.js";
import type { Payment, PaymentTransaction } from "../../../../worker/v3/types.js";
import { apply, MERCHANT, requested } from "./refund-fixtures.js";

const EXPIRES = "2026-11-27T10:15:00.000Z";
const BEFORE = "2026-11-27T10:10:00.000Z";
const AFTER = "2026-11-27T10:20:00.000Z";

const tx = (amount: string, observedTime: string, state = "ACCEPTED"): PaymentTransaction => ({
  transactionId: `tx_${amount}_${observedTime}`,
  paidTransferAmount: amount,
  observedTime,
  state,
});

function payment(over: Partial<Payment>): Payment {
  return {
    paymentId: "pay_1",
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferAmount: "0.0005",
    transferCurrency: "BTC",
    address: "tb1qexample",
    status: "NEW",
    expirationTime: EXPIRES,
    acceptedPaidTransferAmount: "0",
    transactions: [],
    ...over,
  };
}

describe("refundProposals", () => {
  const table: [string, Partial<Payment>, [string, string, string][]][] = [
    ["a new payment: nothing to give back", {}, []],
    [
      "confirmed, paid exactly: the whole payment",
      { status: "CONFIRMED", acceptedPaidTransferAmount: "0.0005", transactions: [tx("0.0005", BEFORE)] },
      [["whole_payment", "order_cancelled", "0.0005"]],
    ],
    [
      "confirmed and overpaid: the excess, and the whole payment",
      { status: "CONFIRMED", acceptedPaidTransferAmount: "0.00070001", transactions: [tx("0.00070001", BEFORE)] },
      [
        ["overpaid_excess", "overpaid", "0.00020001"],
        ["whole_payment", "order_cancelled", "0.00070001"],
      ],
    ],
    [
      "overpaid by pending money only: nothing yet (pending may vanish)",
      {
        status: "UNCONFIRMED",
        acceptedPaidTransferAmount: "0.0005",
        pendingPaidTransferAmount: "0.0002",
        transactions: [tx("0.0005", BEFORE), tx("0.0002", BEFORE, "PENDING")],
      },
      [],
    ],
    [
      "expired, then paid in full after expiry: everything paid late",
      { status: "EXPIRED", acceptedPaidTransferAmount: "0.0005", transactions: [tx("0.0005", AFTER)] },
      [["paid_after_expiry", "paid_late", "0.0005"]],
    ],
    [
      "expired, part paid before and part after expiry: only what came after",
      {
        status: "EXPIRED",
        acceptedPaidTransferAmount: "0.0004",
        transactions: [tx("0.0001", BEFORE), tx("0.0003", AFTER), tx("0.0009", AFTER, "REJECTED")],
      },
      [["paid_after_expiry", "paid_late", "0.0003"]],
    ],
    [
      "a transaction observed exactly at expiry is not late",
      { status: "EXPIRED", acceptedPaidTransferAmount: "0.0002", transactions: [tx("0.0002", EXPIRES)] },
      [],
    ],
    [
      "late transactions without a known expiry are not counted as late",
      {
        status: "EXPIRED",
        expirationTime: undefined,
        acceptedPaidTransferAmount: "0.0002",
        transactions: [tx("0.0002", AFTER)],
      },
      [],
    ],
    [
      "confirmed and overpaid after expiry: all three, each within the accepted amount",
      {
        status: "CONFIRMED",
        acceptedPaidTransferAmount: "0.0008",
        transactions: [tx("0.0005", BEFORE), tx("0.0003", AFTER)],
      },
      [
        ["overpaid_excess", "overpaid", "0.0003"],
        ["paid_after_expiry", "paid_late", "0.0003"],
        ["whole_payment", "order_cancelled", "0.0008"],
      ],
    ],
    [
      "amounts of 18 decimals stay exact",
      {
        status: "CONFIRMED",
        transferCurrency: "ETH",
        transferAmount: "0.100000000000000001",
        acceptedPaidTransferAmount: "0.100000000000000003",
      },
      [
        ["overpaid_excess", "overpaid", "0.000000000000000002"],
        ["whole_payment", "order_cancelled", "0.100000000000000003"],
      ],
    ],
  ];

  it.each(table)("%s", (_name, over, expected) => {
    const proposals = refundProposals(payment(over));
    expect(proposals.map((p) => [p.kind, p.reason, p.amount])).toEqual(expected);
    for (const proposal of proposals) {
      expect(proposal).toMatchObject({ currency: over.transferCurrency ?? "BTC", denomination: "transfer" });
    }
  });

  it("caps every proposal at what the payment's refunds leave, and drops those that would be zero", () => {
    const paid = payment({ status: "CONFIRMED", acceptedPaidTransferAmount: "0.0007" });
    const open = requested({ id: "a", amount: "0.0006" });
    expect(refundProposals(paid, [open]).map((p) => [p.kind, p.amount])).toEqual([
      ["overpaid_excess", "0.0001"],
      ["whole_payment", "0.0001"],
    ]);
    expect(refundProposals(paid, [requested({ id: "b", amount: "0.0007" })])).toEqual([]);
    // A cancelled refund gives its amount back.
    const cancelled = apply(open, { type: "cancel", actor: MERCHANT });
    expect(refundProposals(paid, [cancelled]).map((p) => p.amount)).toEqual(["0.0002", "0.0007"]);
  });
});
