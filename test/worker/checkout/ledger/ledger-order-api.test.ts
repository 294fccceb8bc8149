/**
 * The order API (GET /api/shops/{shop}/orders/{orderId}) once the order's OrderObject is gone
 * (ORDER_RETENTION_DAYS): it answers from the payments ledger, with the same payment views the
 * objects gave; and a shop reads only its own ledger rows, even when another shop has the same
 * order id and payment id.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OrderStatus } from "../../../../worker/checkout/backend-wire.js";
import { orderObject } from "../../../../worker/checkout/payments/order-object.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { errorOf } from "../support/http.js";
import { consumeEvents, eventsOf } from "../support/ledger.js";
import { backend, backendJson, createOpen, testEnv, tokenOf } from "../support/merchant.js";
import { freshOrderId, settle } from "../support/orders.js";
import { newPayment, withStatus } from "../support/payments.js";
import { useStubs } from "../support/stubs.js";

const stubs = useStubs();
const orderPath = (shop: string, orderId: string) => `/api/shops/${shop}/orders/${orderId}`;

/** What the order's object does at the end of its retention: its storage is gone. */
async function expireOrder(shop: string, orderId: string): Promise<void> {
  await runInDurableObject(orderObject(testEnv, shop, orderId).stub, async (_instance, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
  expect(await orderObject(testEnv, shop, orderId).paymentIds()).toEqual([]);
}

/** A view without the time it was produced (the objects produce a fresh one for each answer). */
const content = ({ serverTime: _at, ...rest }: PaymentView) => rest;

describe("the order API after the order's object is gone", () => {
  it("answers from the ledger: the confirmed payment, paid, and the earlier expired one", async () => {
    const orderId = freshOrderId("ledger");
    const first = await createOpen(orderId);
    await settle(stubs.upstream, "demo-open", first.paymentId, "EXPIRED");
    const second = await createOpen(orderId);
    expect(second.paymentId).not.toBe(first.paymentId);
    await settle(stubs.upstream, "demo-open", second.paymentId, "CONFIRMED");
    // The consumer writes the ledger before it POSTs: once both events of each arrived, they are in.
    await stubs.receiver.until(
      (r) => r.eventsOf(first.paymentId).length === 2 && r.eventsOf(second.paymentId).length === 2,
    );
    const live = await backendJson<OrderStatus>(orderPath("demo-open", orderId));
    expect(live).toMatchObject({ paid: true, payment: { paymentId: second.paymentId, status: "CONFIRMED" } });

    await expireOrder("demo-open", orderId);
    const kept = await backendJson<OrderStatus>(orderPath("demo-open", orderId));
    expect(kept).toMatchObject({ shop: "demo-open", orderId, paid: true });
    expect(content(kept.payment)).toEqual(content(live.payment));
    expect(kept.earlierPayments.map(content)).toEqual(live.earlierPayments.map(content));
    expect(kept.earlierPayments).toMatchObject([{ paymentId: first.paymentId, status: "EXPIRED" }]);
  });

  it("answers 404 order_not_found when neither the objects nor the ledger know the order", async () => {
    const response = await backend(orderPath("demo-open", freshOrderId("nowhere")));
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("order_not_found");
  });
});

describe("the ledger, per shop", () => {
  it("gives each shop only its own rows for the same order id and payment id, and refuses another shop's token", async () => {
    const orderId = freshOrderId("twin");
    const open = newPayment();
    const signed = { ...withStatus(open, "CONFIRMED"), priceAmount: "99.00" };
    await consumeEvents("demo-open", eventsOf("demo-open", orderId, [{ payment: open, at: new Date() }]));
    await consumeEvents("demo-signed", eventsOf("demo-signed", orderId, [{ payment: signed, at: new Date() }]));

    const ofOpen = await backendJson<OrderStatus>(orderPath("demo-open", orderId));
    expect(ofOpen).toMatchObject({
      shop: "demo-open",
      paid: false,
      payment: { paymentId: open.paymentId, status: "NEW", priceAmount: "25.00" },
      earlierPayments: [],
    });
    const ofSigned = await backendJson<OrderStatus>(orderPath("demo-signed", orderId));
    expect(ofSigned).toMatchObject({
      shop: "demo-signed",
      paid: true,
      payment: { paymentId: open.paymentId, status: "CONFIRMED", priceAmount: "99.00" },
      earlierPayments: [],
    });
    const crossed = await backend(orderPath("demo-signed", orderId), {}, tokenOf("demo-open"));
    expect(crossed.status).toBe(401);
  });
});
