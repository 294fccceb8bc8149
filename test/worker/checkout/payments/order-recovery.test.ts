/**
 * The Worker stops between an OrderObject recording a new payment (created upstream) and the
 * payment's PaymentObject storing it. Reproduced by writing the order's row as the create does
 * and leaving the PaymentObject empty: the next create for the order, and the order API, fetch
 * the payment from the service with the shop's key and store it as version 1 with its
 * `payment.created` event, instead of answering 404 payment_not_found for ever.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { orderObject } from "../../../../worker/checkout/payments/order-object.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { errorOf, postJson } from "../support/http.js";
import { backend, endCursor, eventsAfter, testEnv } from "../support/merchant.js";
import { freshOrderId, orderToken } from "../support/orders.js";
import { newPayment, withStatus } from "../support/payments.js";
import { useStubs } from "../support/stubs.js";

const stubs = useStubs();
// Signed pricing: the holder of an order token for the same terms gets the live payment back (an
// open-pricing repeat is 409 whatever it asks, payments/order-object.ts).
const SHOP = "demo-signed";

/** A payment the service created for `orderId`, recorded by the order, never stored by its object. */
async function cutShort(orderId: string, over: Partial<Payment> = {}, shop = SHOP): Promise<Payment> {
  const payment = newPayment({
    externalPaymentId: `${shop}:${orderId}`,
    notificationUrl: `https://checkout.test/hooks/${shop}`,
    ...over,
  });
  stubs.upstream.payments.set(payment.paymentId, payment);
  await runInDurableObject(orderObject(testEnv, shop, orderId).stub, (_instance, state) => {
    state.storage.sql.exec(`CREATE TABLE IF NOT EXISTS payments (
      seq INTEGER PRIMARY KEY,
      payment_id TEXT NOT NULL UNIQUE,
      price_amount TEXT NOT NULL,
      price_currency TEXT NOT NULL,
      transfer_currency TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`);
    state.storage.sql.exec(
      "INSERT INTO payments (payment_id, price_amount, price_currency, transfer_currency, created_at) VALUES (?, ?, ?, ?, ?)",
      payment.paymentId,
      payment.priceAmount,
      payment.priceCurrency,
      payment.transferCurrency,
      new Date().toISOString(),
    );
  });
  expect(await paymentObject(testEnv, shop, payment.paymentId).heldView()).toBeNull();
  return payment;
}

const create = async (orderId: string) =>
  postJson(`/api/shops/${SHOP}/payments`, {
    orderId,
    transferCurrency: "BTC",
    orderToken: await orderToken({ orderId, priceAmount: "25.00", priceCurrency: "EUR" }),
  });

describe("an order whose new payment was recorded but never stored by its PaymentObject", () => {
  it("answers the next create with that payment, fetched from the service and stored as version 1 with its payment.created event", async () => {
    const orderId = freshOrderId();
    const start = await endCursor(SHOP);
    const payment = await cutShort(orderId);
    const response = await create(orderId);
    expect(response.status).toBe(200);
    expect((await response.json()) as PaymentView).toMatchObject({
      paymentId: payment.paymentId,
      status: "NEW",
      version: 1,
    });
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(0);
    expect(stubs.upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1);
    expect(await paymentObject(testEnv, SHOP, payment.paymentId).heldView()).toMatchObject({ version: 1 });

    const events = (await eventsAfter(SHOP, start)).map((e) => e.event);
    const created = events.filter(
      (e): e is PaymentEvent =>
        e.type.startsWith("payment.") && "payment" in e.data && e.data.payment.paymentId === payment.paymentId,
    );
    expect(created.map((e) => [e.type, e.data.orderId, e.data.version])).toEqual([["payment.created", orderId, 1]]);
    await stubs.receiver.until(() => stubs.receiver.accepted().some((d) => d.event.id === created[0]?.id));

    // Once stored, nothing more is fetched for it: a repeated create reads the object.
    expect((await create(orderId)).status).toBe(200);
    expect(stubs.upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1);
  });

  it("recovers it for an open-pricing order too, whose repeated create is still the 409 of any live payment", async () => {
    const orderId = freshOrderId();
    const payment = await cutShort(orderId, {}, "demo-open");
    const response = await postJson("/api/shops/demo-open/payments", {
      orderId,
      priceAmount: "25.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
    });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe("order_conflict");
    expect(await paymentObject(testEnv, "demo-open", payment.paymentId).heldView()).toMatchObject({
      paymentId: payment.paymentId,
      version: 1,
    });
  });

  it("stores what the service says now: one that expired meanwhile lets the order pay again with a fresh payment", async () => {
    const orderId = freshOrderId();
    const payment = await cutShort(orderId);
    stubs.upstream.update(payment.paymentId, withStatus(payment, "EXPIRED"));
    const response = await create(orderId);
    expect(response.status).toBe(201);
    const fresh = (await response.json()) as PaymentView;
    expect(fresh.paymentId).not.toBe(payment.paymentId);
    expect(await paymentObject(testEnv, SHOP, payment.paymentId).heldView()).toMatchObject({
      status: "EXPIRED",
      version: 1,
    });
    expect(await orderObject(testEnv, SHOP, orderId).paymentIds()).toEqual([fresh.paymentId, payment.paymentId]);
  });

  it("answers the order API with it, fetched and stored the same way", async () => {
    const orderId = freshOrderId();
    const payment = await cutShort(orderId);
    stubs.upstream.update(payment.paymentId, withStatus(payment, "CONFIRMED"));
    const response = await backend(`/api/shops/${SHOP}/orders/${orderId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      paid: true,
      payment: { paymentId: payment.paymentId, status: "CONFIRMED", version: 1 },
    });
    expect(stubs.upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1);
  });

  it("answers the upstream's failure while the service is down, and recovers once it is back", async () => {
    const orderId = freshOrderId();
    const payment = await cutShort(orderId);
    stubs.upstream.fail("GET", `/v3/payments/${payment.paymentId}`, "http503");
    const failed = await create(orderId);
    expect(failed.status).toBe(502);
    expect((await errorOf(failed)).code).toBe("upstream_unavailable");
    expect(await paymentObject(testEnv, SHOP, payment.paymentId).heldView()).toBeNull();
    stubs.upstream.clearFailures();
    const response = await create(orderId);
    expect(response.status).toBe(200);
    expect(((await response.json()) as PaymentView).paymentId).toBe(payment.paymentId);
  });

  it("stores nothing when the service answers with a payment of another shop's hook", async () => {
    const orderId = freshOrderId();
    const payment = await cutShort(orderId, { notificationUrl: "https://checkout.test/hooks/demo-open" });
    const response = await create(orderId);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("payment_not_found");
    expect(await paymentObject(testEnv, SHOP, payment.paymentId).heldView()).toBeNull();
  });

  it("still answers 404 with no upstream request for a payment id no order recorded", async () => {
    const stranger = newPayment();
    stubs.upstream.payments.set(stranger.paymentId, stranger);
    await expect(paymentObject(testEnv, SHOP, stranger.paymentId).view()).rejects.toMatchObject({
      code: "payment_not_found",
    });
    expect(stubs.upstream.count()).toBe(0);
  });
});
