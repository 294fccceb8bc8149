/**
 * Helpers of the refunds' workerd tests: a paid (overpaid) payment stored as this Worker stores
 * the ones it created, and the refunds' backend API and refund-link routes called as a shop's
 * backend and a customer's page call them.
 */
import { runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { RefundLinkCreated, RefundList, RefundView } from "../../../../worker/checkout/backend-wire.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import { refundsObject } from "../../../../worker/checkout/refunds/refund-object.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { callWith } from "../support/http.js";
import { backend, testEnv } from "../support/merchant.js";
import { CLIENT_SECRET, newPayment } from "../support/payments.js";

export const SHOP = "demo-open";
/** A valid testnet address (BIP-173's vector). */
export const ADDRESS = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7";

/** A CONFIRMED payment of `shop` that accepted 0.001 BTC for 0.00041667, stored as a create stores it. */
export async function paidPayment(shop = SHOP, over: Partial<Payment> = {}): Promise<Payment> {
  const payment = newPayment({
    status: "CONFIRMED",
    paidTransferAmount: "0.001",
    acceptedPaidTransferAmount: "0.001",
    notificationUrl: `https://checkout.test/hooks/${shop}`,
    ...over,
  });
  await paymentObject(testEnv, shop, payment.paymentId).init(
    payment,
    Date.now(),
    `order-${payment.paymentId}`,
    CLIENT_SECRET,
  );
  return payment;
}

export const refundsPath = (paymentId: string, shop = SHOP) => `/api/shops/${shop}/payments/${paymentId}/refunds`;

export function post(path: string, body: unknown, headers: Record<string, string> = {}, token?: string | null) {
  return backend(
    path,
    { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) },
    token,
  );
}

/** A refund of `amount` BTC (default 0.0005) with the address given: 201, ready for approval. */
export async function readyRefund(paymentId: string, amount = "0.0005"): Promise<RefundView> {
  const response = await post(refundsPath(paymentId), { amount, reason: "overpaid", address: ADDRESS });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as RefundView;
}

export async function approve(paymentId: string, refund: RefundView, headers: Record<string, string> = {}) {
  return post(
    `${refundsPath(paymentId)}/${refund.id}/approve`,
    { amount: refund.amount, currency: refund.currency, address: ADDRESS },
    headers,
  );
}

export async function list(paymentId: string): Promise<RefundList> {
  const response = await backend(refundsPath(paymentId));
  expect(response.status).toBe(200);
  return (await response.json()) as RefundList;
}

export async function getRefund(paymentId: string, refundId: string): Promise<RefundView> {
  const response = await backend(`${refundsPath(paymentId)}/${refundId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as RefundView;
}

/** A refund waiting for the customer's address, with its link. */
export async function linkedRefund(paymentId: string): Promise<{ refund: RefundView; link: RefundLinkCreated }> {
  const created = await post(refundsPath(paymentId), { amount: "0.0003", reason: "paid_late" });
  expect(created.status).toBe(201);
  const refund = (await created.json()) as RefundView;
  const response = await post(`${refundsPath(paymentId)}/${refund.id}/link`, {});
  expect(response.status).toBe(201);
  return { refund, link: (await response.json()) as RefundLinkCreated };
}

export const linkPath = (token: string, shop = SHOP) => `/api/shops/${shop}/refund-links/${token}`;

export function submitAddress(token: string, body: unknown, shop = SHOP, headers: Record<string, string> = {}) {
  return callWith({}, `${linkPath(token, shop)}/address`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** Runs the payment's refunds' alarm now (the poll of a refund that waits on the payment service). */
export async function runRefundsAlarm(paymentId: string, shop = SHOP): Promise<void> {
  const { stub } = refundsObject(testEnv, shop, paymentId);
  await runInDurableObject(stub, async (instance) => {
    await instance.alarm();
  });
}
