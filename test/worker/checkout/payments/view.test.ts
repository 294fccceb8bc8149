import { describe, expect, it } from "vitest";
import type { Payment } from "../../../../worker/v3/types.js";
import { contentFingerprint, toView } from "../../../../worker/checkout/payments/view.js";
import { newPayment, transaction } from "../support/payments.js";

const NOW = new Date("2026-11-22T08:00:00.123Z");

describe("toView", () => {
  it("keeps amounts as the exact decimal strings of the snapshot", () => {
    const view = toView(
      newPayment({ priceAmount: "25.10", transferAmount: "0.00000001", exchangeRate: "60000.123456789012345678" }),
      1,
      NOW,
    );
    expect(view.priceAmount).toBe("25.10");
    expect(view.transferAmount).toBe("0.00000001");
    expect(view.exchangeRate).toBe("60000.123456789012345678");
  });

  it('fills the paid amounts the upstream left out with "0"', () => {
    const {
      paidPriceAmount: _a,
      pendingPaidPriceAmount: _b,
      acceptedPaidPriceAmount: _c,
      paidTransferAmount: _d,
      pendingPaidTransferAmount: _e,
      acceptedPaidTransferAmount: _f,
      ...payment
    } = newPayment();
    const view = toView(payment, 1, NOW);
    expect([view.paidPriceAmount, view.pendingPaidPriceAmount, view.acceptedPaidPriceAmount]).toEqual(["0", "0", "0"]);
    expect([view.paidTransferAmount, view.pendingPaidTransferAmount, view.acceptedPaidTransferAmount]).toEqual([
      "0",
      "0",
      "0",
    ]);
  });

  it("keeps paid amounts the upstream sent", () => {
    const view = toView(
      newPayment({
        paidTransferAmount: "0.0002",
        pendingPaidTransferAmount: "0.0001",
        acceptedPaidTransferAmount: "0.0001",
      }),
      1,
      NOW,
    );
    expect([view.paidTransferAmount, view.pendingPaidTransferAmount, view.acceptedPaidTransferAmount]).toEqual([
      "0.0002",
      "0.0001",
      "0.0001",
    ]);
  });

  it("always has a transactions array, with only the spec's transaction fields", () => {
    const missing = { ...newPayment() } as Partial<Payment>;
    delete missing.transactions;
    expect(toView(missing as Payment, 1, NOW).transactions).toEqual([]);

    const tx = {
      ...transaction({ state: "ACCEPTED", acceptedTime: "2026-11-22T07:01:00.000Z" }),
      internalNote: "x",
    } as ReturnType<typeof transaction>;
    const view = toView(newPayment({ transactions: [tx] }), 1, NOW);
    expect(view.transactions).toEqual([
      {
        transactionId: tx.transactionId,
        paidTransferAmount: tx.paidTransferAmount,
        priceAmount: tx.priceAmount,
        exchangeRate: tx.exchangeRate,
        observedTime: tx.observedTime,
        acceptedTime: "2026-11-22T07:01:00.000Z",
        state: "ACCEPTED",
      },
    ]);
  });

  it("copies only the transaction fields the upstream sent: a missing one stays missing, amounts stay exact", () => {
    const partial = [
      { transactionId: "t1", paidTransferAmount: "0.000100000000000000001" },
      { exchangeRate: "60000.10", state: "REJECTED", rejectedTime: "2026-11-22T07:02:00Z" },
      {},
    ];
    const view = toView(newPayment({ transactions: partial }), 1, NOW);
    expect(view.transactions).toStrictEqual(partial);
    expect(JSON.parse(JSON.stringify(view.transactions))).toEqual(partial);
    expect(Object.keys(view.transactions[0] ?? {})).toEqual(["transactionId", "paidTransferAmount"]);
  });

  it("gives the same fingerprint to the same transactions whatever the order of their fields", () => {
    const tx = transaction({ state: "ACCEPTED", acceptedTime: "2026-11-22T07:01:00.000Z" });
    const reversed = Object.fromEntries(Object.entries(tx).reverse()) as typeof tx;
    const payment = newPayment({ paymentId: "p_same" });
    expect(contentFingerprint({ ...payment, transactions: [reversed] })).toBe(
      contentFingerprint({ ...payment, transactions: [tx] }),
    );
  });

  it("keeps only the four redirect keys and only http(s) URLs", () => {
    const redirectUrls = {
      confirmed: "https://shop.example/thanks?order=1",
      unconfirmed: "http://127.0.0.1:8787/demo/?result=unconfirmed",
      expired: "javascript:alert(1)",
      invalid: "/relative/path",
      other: "https://shop.example/other",
    } as Payment["redirectUrls"];
    const view = toView(newPayment({ redirectUrls }), 1, NOW);
    expect(view.redirectUrls).toEqual({
      confirmed: "https://shop.example/thanks?order=1",
      unconfirmed: "http://127.0.0.1:8787/demo/?result=unconfirmed",
    });
  });

  it("always has a redirectUrls object", () => {
    const payment = newPayment();
    delete payment.redirectUrls;
    expect(toView(payment, 1, NOW).redirectUrls).toEqual({});
  });

  it("drops notificationUrl, guaranteedExchangeRate and anything the spec does not name", () => {
    const payment = { ...newPayment({ guaranteedExchangeRate: "59000" }), internalState: "secret" } as Payment;
    const view = toView(payment, 1, NOW) as unknown as Record<string, unknown>;
    expect(view).not.toHaveProperty("notificationUrl");
    expect(view).not.toHaveProperty("guaranteedExchangeRate");
    expect(view).not.toHaveProperty("internalState");
    expect(JSON.stringify(view)).not.toContain("hooks/demo-open");
  });

  it("keeps the optional fields the widget shows", () => {
    const payment = newPayment({ walletLabel: "Shop", walletMessage: "Order 1" });
    const view = toView(payment, 1, NOW);
    expect(view).toMatchObject({
      paymentId: payment.paymentId,
      status: "NEW",
      address: payment.address,
      walletLabel: "Shop",
      walletMessage: "Order 1",
      paymentUri: payment.paymentUri,
      expirationTime: payment.expirationTime,
      paymentPageUrl: payment.paymentPageUrl,
      externalPaymentId: "order-1",
    });
  });

  it("stamps serverTime from the given clock and carries the version", () => {
    const view = toView(newPayment(), 7, NOW);
    expect(view.serverTime).toBe("2026-11-22T08:00:00.123Z");
    expect(view.version).toBe(7);
  });
});

describe("contentFingerprint", () => {
  it("is equal for equal content and ignores what the view drops", () => {
    const a = newPayment();
    expect(contentFingerprint({ ...a, notificationUrl: "https://elsewhere.test/" })).toBe(contentFingerprint(a));
  });

  it("differs when anything the widget sees changes", () => {
    const a = newPayment();
    expect(contentFingerprint({ ...a, status: "UNDERPAID" })).not.toBe(contentFingerprint(a));
    expect(contentFingerprint({ ...a, pendingPaidTransferAmount: "0.0001" })).not.toBe(contentFingerprint(a));
    expect(contentFingerprint({ ...a, transactions: [transaction()] })).not.toBe(contentFingerprint(a));
  });
});
