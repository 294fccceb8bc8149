/** Helpers of the payment-link tests: the backend's link calls, the page's create, a paid order. */
import { expect } from "vitest";
import type { LinkPaymentCreated, PaymentLinkView } from "../../../../worker/checkout/link-wire.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { call, postJson } from "../support/http.js";
import { backend } from "../support/merchant.js";
import { envelope, hookInit, withStatus } from "../support/payments.js";
import type { Stubs } from "../support/stubs.js";
import { TEST_SECRETS } from "../support/test-env.js";

export const SHOP = "demo-open";
export const OTHER_SHOP = "demo-signed";

export const linksPath = (shop = SHOP) => `/api/shops/${shop}/links`;

export function postBackend(path: string, body: unknown, token?: string | null): Promise<Response> {
  return backend(
    path,
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
    token,
  );
}

/** A link made through the backend API (201). */
export async function makeLink(body: Record<string, unknown>, shop = SHOP): Promise<PaymentLinkView> {
  const response = await postBackend(linksPath(shop), body);
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as PaymentLinkView;
}

/** The page's create for a link. */
export function payLink(
  link: { id: string },
  body: Record<string, unknown>,
  shop = SHOP,
  headers: Record<string, string> = {},
): Promise<Response> {
  return postJson(`/api/shops/${shop}/links/${link.id}/payments`, { transferCurrency: "BTC", ...body }, headers);
}

export async function paidWith(link: { id: string }, body: Record<string, unknown> = {}): Promise<LinkPaymentCreated> {
  const response = await payLink(link, body);
  expect([200, 201]).toContain(response.status);
  return (await response.json()) as LinkPaymentCreated;
}

/** The hosted page of a link. */
export const page = (shop: string, id: string) => call(`/pay/${shop}/${id}`);

/** The upstream's signed notification that `payment` is confirmed. */
export async function confirm(payment: Payment, shop = SHOP): Promise<void> {
  const body = envelope(withStatus(payment, "CONFIRMED"), new Date(Date.now() + 5_000).toISOString());
  const response = await call(`/hooks/${shop}`, await hookInit(body, { key: TEST_SECRETS.DEMO_HMAC_KEY }));
  expect(response.status).toBe(200);
}

/**
 * The stubbed upstream confirms its payment `paymentId`; resolves once the payment.confirmed
 * webhook went out, so the queue consumer's steps before delivery (the ledger, the links) are done.
 */
export async function confirmedDelivered(stubs: Stubs, paymentId: string, shop = SHOP): Promise<void> {
  const payment = stubs.upstream.payments.get(paymentId);
  if (!payment) throw new Error("the upstream has no such payment");
  await confirm(payment, shop);
  await stubs.receiver.until((r) => r.eventsOf(paymentId).some((e) => e.type === "payment.confirmed"));
}
