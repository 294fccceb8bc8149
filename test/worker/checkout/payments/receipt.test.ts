/**
 * A payment's receipt (payments/receipt.ts): the public route with the payment's client secret,
 * the dashboard's with a signed-in session, the receipt link in the CONFIRMED payment's webhooks,
 * and the hosted page's path. Every answer is also checked against the OpenAPI document (call()).
 */
import { describe, expect, it, vi } from "vitest";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import type { Receipt, ReceiptAnswer, ReceiptNotReady } from "../../../../worker/checkout/receipt-wire.js";
import type { CreatedPayment } from "../../../../worker/checkout/wire.js";
import { deskCall, signedIn } from "../support/desk-sign-in.js";
import { forgottenPayment } from "../support/forgotten.js";
import { call, errorOf, ORIGIN, postJson } from "../support/http.js";
import { paymentRow } from "../support/ledger.js";
import { freshOrderId, settle } from "../support/orders.js";
import { transaction } from "../support/payments.js";
import { useStubs } from "../support/stubs.js";
import { receiptAnswer } from "../../../../worker/checkout/payments/receipt.js";

const stubs = useStubs();

async function created(shop = "demo-open", orderId = freshOrderId()): Promise<CreatedPayment> {
  const response = await postJson(`/api/shops/${shop}/payments`, {
    orderId,
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferCurrency: "BTC",
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedPayment;
}

/** Amounts with more digits than a float holds: the receipt must carry them as they are. */
const EXACT = {
  transferAmount: "0.000412345678901234567",
  exchangeRate: "60629.580000000000000001",
  acceptedPaidPriceAmount: "25.00",
  acceptedPaidTransferAmount: "0.000412345678901234567",
};
const TX_ID = "f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16";

/** The payment paid in one transaction and CONFIRMED, as the upstream tells it. */
async function confirmed(payment: CreatedPayment): Promise<void> {
  stubs.upstream.update(payment.paymentId, {
    ...EXACT,
    transactions: [
      transaction({
        transactionId: TX_ID,
        paidTransferAmount: EXACT.transferAmount,
        priceAmount: "25.00",
        state: "ACCEPTED",
        observedTime: "2026-11-27T10:00:00Z",
        acceptedTime: "2026-11-27T10:20:00Z",
      }),
    ],
  });
  await settle(stubs.upstream, "demo-open", payment.paymentId, "CONFIRMED");
}

const receiptPath = (shop: string, paymentId: string, secret?: string) =>
  `/api/shops/${shop}/payments/${paymentId}/receipt${secret === undefined ? "" : `?clientSecret=${encodeURIComponent(secret)}`}`;

describe("GET /api/shops/{shop}/payments/{paymentId}/receipt", () => {
  it("answers the receipt of a confirmed payment with the exact amounts, its transactions, order and reference, never stored", async () => {
    const orderId = freshOrderId();
    const payment = await created("demo-open", orderId);
    await confirmed(payment);
    const before = Date.now();
    const response = await call(receiptPath("demo-open", payment.paymentId, payment.clientSecret));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    const receipt = (await response.json()) as Receipt;
    expect(receipt).toEqual({
      confirmed: true,
      shop: { id: "demo-open", name: expect.any(String) as string },
      sandbox: true,
      orderId,
      reference: payment.paymentId,
      confirmedAt: expect.any(String) as string,
      price: { amount: "25.00", currency: "EUR" },
      transfer: { amount: EXACT.transferAmount, currency: "BTC" },
      paid: { priceAmount: "25.00", transferAmount: EXACT.acceptedPaidTransferAmount },
      exchangeRate: EXACT.exchangeRate,
      transactions: [
        {
          transactionId: TX_ID,
          amount: EXACT.transferAmount,
          priceAmount: "25.00",
          state: "ACCEPTED",
          observedTime: "2026-11-27T10:00:00Z",
          acceptedTime: "2026-11-27T10:20:00Z",
        },
      ],
    });
    // The time this Worker stored the confirmation, not the time of this read.
    expect(Date.parse(receipt.confirmedAt)).toBeLessThanOrEqual(before);
    expect(receipt.shop.name.length).toBeGreaterThan(0);
    // Read again: the same receipt (the confirmation's time does not move).
    const again = (await (
      await call(receiptPath("demo-open", payment.paymentId, payment.clientSecret))
    ).json()) as Receipt;
    expect(again.confirmedAt).toBe(receipt.confirmedAt);
  });

  it("answers a missing secret, another payment's secret, another shop and an unknown payment with the same 404", async () => {
    const payment = await created();
    const other = await created();
    await confirmed(payment);
    const answers = await Promise.all(
      [
        receiptPath("demo-open", payment.paymentId),
        receiptPath("demo-open", payment.paymentId, ""),
        receiptPath("demo-open", payment.paymentId, other.clientSecret),
        receiptPath("demo-open", payment.paymentId, `${payment.clientSecret}x`),
        receiptPath("demo-signed", payment.paymentId, payment.clientSecret),
        receiptPath("demo-open", "pay_never_made_here", payment.clientSecret),
      ].map(async (path) => {
        const response = await call(path);
        return { path, status: response.status, error: await errorOf(response) };
      }),
    );
    for (const { path, status, error } of answers) {
      expect(status, path).toBe(404);
      expect(error, path).toEqual(answers[0]?.error);
    }
    expect(answers[0]?.error.code).toBe("payment_not_found");
    // None of these asked the payment service for the payment.
    expect(stubs.upstream.count("GET", "/v3/payments/pay_never_made_here")).toBe(0);
  });

  it("says that a payment not confirmed yet has no receipt yet, and that an expired one never will", async () => {
    const payment = await created();
    const open = (await (
      await call(receiptPath("demo-open", payment.paymentId, payment.clientSecret))
    ).json()) as ReceiptAnswer;
    expect(open).toEqual({
      confirmed: false,
      shop: { id: "demo-open", name: expect.any(String) as string },
      reference: payment.paymentId,
      status: "NEW",
      final: false,
    } satisfies ReceiptNotReady);
    await settle(stubs.upstream, "demo-open", payment.paymentId, "UNCONFIRMED");
    const unconfirmed = (await (
      await call(receiptPath("demo-open", payment.paymentId, payment.clientSecret))
    ).json()) as ReceiptNotReady;
    expect([unconfirmed.confirmed, unconfirmed.status, unconfirmed.final]).toEqual([false, "UNCONFIRMED", false]);
    const late = await created();
    await settle(stubs.upstream, "demo-open", late.paymentId, "EXPIRED");
    const expired = (await (
      await call(receiptPath("demo-open", late.paymentId, late.clientSecret))
    ).json()) as ReceiptNotReady;
    expect([expired.confirmed, expired.status, expired.final]).toEqual([false, "EXPIRED", true]);
  });

  it("answers 400 for a malformed payment id and 404 unknown_shop for an unknown shop", async () => {
    const bad = await call("/api/shops/demo-open/payments/a.b/receipt?clientSecret=x");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_request");
    const shop = await call("/api/shops/no-such-shop/payments/pay_1/receipt?clientSecret=x");
    expect(shop.status).toBe(404);
    expect((await errorOf(shop)).code).toBe("unknown_shop");
  });
});

describe("the receipt of a payment whose snapshots were forgotten", () => {
  it("comes from the ledger, dated by its final event, with no request to the payment service; still only with the secret", async () => {
    const payment = await forgottenPayment(stubs.upstream);
    const row = await vi.waitFor(async () => {
      const found = await paymentRow("demo-open", payment.paymentId);
      if (found?.final_at == null) throw new Error("the ledger has no final row yet");
      return found;
    });
    const gets = () => stubs.upstream.count("GET", `/v3/payments/${payment.paymentId}`);
    const before = gets();
    const wrong = await call(receiptPath("demo-open", payment.paymentId, "not-the-secret"));
    expect(wrong.status).toBe(404);
    const receipt = (await (
      await call(receiptPath("demo-open", payment.paymentId, payment.clientSecret))
    ).json()) as Receipt;
    expect([receipt.confirmed, receipt.reference, receipt.price.amount]).toEqual([true, payment.paymentId, "25.00"]);
    expect(receipt.confirmedAt).toBe(new Date(row.final_at ?? 0).toISOString());
    expect(gets()).toBe(before);
  });
});

describe("GET /dashboard/api/shops/{shop}/payments/{paymentId}/receipt", () => {
  it("answers the receipt to a signed-in session of the shop, without the client secret", async () => {
    const payment = await created();
    await confirmed(payment);
    const { cookie } = await signedIn("demo-open");
    const response = await deskCall(`/dashboard${receiptPath("demo-open", payment.paymentId)}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const receipt = (await response.json()) as Receipt;
    expect([receipt.confirmed, receipt.reference, receipt.transfer.amount]).toEqual([
      true,
      payment.paymentId,
      EXACT.transferAmount,
    ]);
  });

  it("is 401 without a session and 404 for a session of another shop or a payment of another shop", async () => {
    const payment = await created();
    await confirmed(payment);
    const path = `/dashboard${receiptPath("demo-open", payment.paymentId)}`;
    const anonymous = await deskCall(path);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe("unauthenticated");
    const other = await signedIn("demo-signed");
    const foreign = await deskCall(path, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    const crossed = await deskCall(`/dashboard${receiptPath("demo-signed", payment.paymentId)}`, {
      cookie: other.cookie,
    });
    expect(crossed.status).toBe(404);
    expect((await errorOf(crossed)).code).toBe("payment_not_found");
  });
});

describe("the receipt link in webhooks", () => {
  it("is in the events of a CONFIRMED payment only: the receipt page with the client secret in its fragment", async () => {
    const payment = await created();
    await stubs.receiver.until((r) => r.eventsOf(payment.paymentId).length === 1);
    await confirmed(payment);
    await stubs.receiver.until((r) => r.eventsOf(payment.paymentId).length === 2);
    const [createdEvent, confirmedEvent] = stubs.receiver.eventsOf(payment.paymentId) as PaymentEvent[];
    expect(createdEvent?.type).toBe("payment.created");
    expect(createdEvent?.data).not.toHaveProperty("receiptUrl");
    expect(confirmedEvent?.type).toBe("payment.confirmed");
    const url = confirmedEvent?.data.receiptUrl ?? "";
    expect(url).toBe(
      `${new URL(ORIGIN).origin}/receipt/demo-open/${payment.paymentId}#${encodeURIComponent(payment.clientSecret)}`,
    );
    // What the link's page reads with the link's fragment is this payment's receipt.
    const link = new URL(url);
    const [, , shop, paymentId] = link.pathname.split("/");
    const answer = (await (
      await call(receiptPath(shop ?? "", paymentId ?? "", decodeURIComponent(link.hash.slice(1))))
    ).json()) as Receipt;
    expect([answer.confirmed, answer.reference]).toEqual([true, payment.paymentId]);
  });
});

describe("what the receipt says was bought", () => {
  const view = {
    paymentId: "pay_1",
    status: "CONFIRMED" as const,
    priceAmount: "80.00",
    priceCurrency: "EUR",
    transferAmount: "0.00123456",
    transferCurrency: "BTC",
    acceptedPaidPriceAmount: "80.00",
    acceptedPaidTransferAmount: "0.00123456",
    transactions: [],
  };
  const shop = { id: "demo-open", name: "Demo shop", environment: "sandbox" as const };

  it("is the payment's wallet message (a payment link's description, the point of sale's memo), and nothing without one", () => {
    const withMessage = receiptAnswer(shop, {
      view: { ...view, walletMessage: "Consultation" },
      orderId: "link-1",
      confirmedAt: 0,
    });
    expect(withMessage).toMatchObject({ confirmed: true, description: "Consultation" });
    const without = receiptAnswer(shop, { view, orderId: "order-1", confirmedAt: 0 });
    expect(without).not.toHaveProperty("description");
  });
});
