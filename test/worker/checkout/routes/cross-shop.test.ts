/**
 * Shops share one upstream account and choose their own order ids, so one shop's order id may be
 * another's. An attacker who pays 1.00 EUR on the open-pricing shop under the order id of a
 * 49.90 EUR order of the signed shop must not mark that order paid anywhere: the order API, the
 * upstream's externalPaymentId and the webhooks all name the shop. Plus externalPaymentIdFor's
 * rules (external-id.ts) as properties.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { externalPaymentIdFor, MAX_EXTERNAL_ID_LENGTH } from "../../../../worker/checkout/upstream/external-id.js";
import type { OrderStatus, PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import { ORDER_ID, SHOP_ID } from "../../../../worker/checkout/rules.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { postJson } from "../support/http.js";
import { backend, backendJson, createOpen, notify } from "../support/merchant.js";
import { freshOrderId, orderToken, settle } from "../support/orders.js";
import { useStubs } from "../support/stubs.js";

const stubs = useStubs();

async function createSigned(orderId: string): Promise<PaymentView> {
  const token = await orderToken({ orderId, priceAmount: "49.90", priceCurrency: "EUR", shop: "demo-signed" });
  const response = await postJson("/api/shops/demo-signed/payments", {
    orderId,
    transferCurrency: "BTC",
    orderToken: token,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as PaymentView;
}

const externalIdsSent = () =>
  stubs.upstream.calls
    .filter((c) => c.method === "POST" && c.path === "/v3/payments")
    .map((c) => (JSON.parse(c.body) as { externalPaymentId: string }).externalPaymentId);

describe("the same order id in two shops", () => {
  it("a 1.00 EUR payment confirmed on demo-open does not pay demo-signed's 49.90 EUR order", async () => {
    const orderId = freshOrderId("victim");
    const victim = await createSigned(orderId);
    const attacker = await createOpen(orderId, "1.00");
    expect(attacker.paymentId).not.toBe(victim.paymentId);
    await settle(stubs.upstream, "demo-open", attacker.paymentId, "CONFIRMED");

    expect(await backendJson<OrderStatus>(`/api/shops/demo-signed/orders/${orderId}`)).toMatchObject({
      shop: "demo-signed",
      paid: false,
      payment: { paymentId: victim.paymentId, priceAmount: "49.90", status: "NEW" },
      earlierPayments: [],
    });
    expect(await backendJson<OrderStatus>(`/api/shops/demo-open/orders/${orderId}`)).toMatchObject({
      shop: "demo-open",
      paid: true,
      payment: { paymentId: attacker.paymentId, priceAmount: "1.00" },
    });
    expect(externalIdsSent()).toEqual([`demo-signed:${orderId}`, `demo-open:${orderId}`]);

    await stubs.receiver.until((r) => r.eventsOf(attacker.paymentId).some((e) => e.type === "payment.confirmed"));
    const confirmed = stubs.receiver
      .eventsOf(attacker.paymentId)
      .filter((e) => e.type === "payment.confirmed") as PaymentEvent[];
    expect(confirmed).toMatchObject([{ shop: "demo-open", data: { orderId, payment: { priceAmount: "1.00" } } }]);
    await stubs.receiver.until((r) => r.eventsOf(victim.paymentId).length === 1);
    expect(stubs.receiver.eventsOf(victim.paymentId)).toMatchObject([{ type: "payment.created", shop: "demo-signed" }]);
  });

  it("the attacker's notification sent to demo-signed's hook changes nothing there", async () => {
    const orderId = freshOrderId("hook");
    const victim = await createSigned(orderId);
    const attacker = await createOpen(orderId, "1.00");
    const paid = stubs.upstream.update(attacker.paymentId, { status: "CONFIRMED" });
    expect(await notify("demo-signed", "v3/payment", paid, new Date(Date.now() + 1000))).toEqual({
      status: 200,
      outcome: "unknown",
    });
    expect(await backendJson<OrderStatus>(`/api/shops/demo-signed/orders/${orderId}`)).toMatchObject({
      paid: false,
      payment: { paymentId: victim.paymentId },
    });
    // Only the two payment.created events: the notification made none in either shop.
    await stubs.receiver.until(
      (r) => r.eventsOf(victim.paymentId).length === 1 && r.eventsOf(attacker.paymentId).length === 1,
    );
    expect(
      [...stubs.receiver.eventsOf(victim.paymentId), ...stubs.receiver.eventsOf(attacker.paymentId)].map((e) => [
        e.shop,
        e.type,
      ]),
    ).toEqual([
      ["demo-signed", "payment.created"],
      ["demo-open", "payment.created"],
    ]);
  });

  it("demo-signed never created the order: its order API answers 404 while demo-open's says paid", async () => {
    const orderId = freshOrderId("only-open");
    const attacker = await createOpen(orderId, "1.00");
    await settle(stubs.upstream, "demo-open", attacker.paymentId, "CONFIRMED");
    expect((await backend(`/api/shops/demo-signed/orders/${orderId}`)).status).toBe(404);
    expect((await backendJson<OrderStatus>(`/api/shops/demo-open/orders/${orderId}`)).paid).toBe(true);
    await stubs.receiver.until((r) => r.eventsOf(attacker.paymentId).length === 2);
    expect(stubs.receiver.eventsOf(attacker.paymentId).map((e) => [e.shop, e.type])).toEqual([
      ["demo-open", "payment.created"],
      ["demo-open", "payment.confirmed"],
    ]);
  });
});

// size "max": lengths over the whole range, so that both sides of the 100-character limit come up.
const shopIds = fc.stringMatching(SHOP_ID, { size: "max" });
const orderIds = fc.stringMatching(ORDER_ID, { size: "max" });

describe("externalPaymentIdFor", () => {
  it("is {shop}:{orderId} while that fits in 100 characters", async () => {
    expect(await externalPaymentIdFor("demo-open", "order-1")).toBe("demo-open:order-1");
    const shop = "s".repeat(35);
    const order = "o".repeat(64);
    expect(await externalPaymentIdFor(shop, order)).toBe(`${shop}:${order}`);
  });

  it("is {shop}:#<32 hex digits> past 100 characters, the same for the same order", async () => {
    const shop = "s".repeat(64);
    const id = await externalPaymentIdFor(shop, "o".repeat(64));
    expect(id).toMatch(new RegExp(`^${shop}:#[0-9a-f]{32}$`));
    expect(id.length).toBeLessThanOrEqual(MAX_EXTERNAL_ID_LENGTH);
    expect(await externalPaymentIdFor(shop, "o".repeat(64))).toBe(id);
    expect(await externalPaymentIdFor(shop, `${"o".repeat(63)}p`)).not.toBe(id);
  });

  it("for any shop and order id: at most 100 characters, starts with the shop, plain or hashed as the length says", async () => {
    await fc.assert(
      fc.asyncProperty(shopIds, orderIds, async (shop, order) => {
        const id = await externalPaymentIdFor(shop, order);
        expect(id.length).toBeLessThanOrEqual(MAX_EXTERNAL_ID_LENGTH);
        expect(id.startsWith(`${shop}:`)).toBe(true);
        if (shop.length + 1 + order.length <= MAX_EXTERNAL_ID_LENGTH) expect(id).toBe(`${shop}:${order}`);
        else expect(id.slice(shop.length + 1)).toMatch(/^#[0-9a-f]{32}$/);
      }),
      { numRuns: 300 },
    );
    // Both forms were drawn.
    const lengths = fc.sample(fc.tuple(shopIds, orderIds), 300).map(([shop, order]) => shop.length + 1 + order.length);
    expect(lengths.some((n) => n <= MAX_EXTERNAL_ID_LENGTH) && lengths.some((n) => n > MAX_EXTERNAL_ID_LENGTH)).toBe(
      true,
    );
  });

  it("gives distinct order ids of one shop distinct external ids (long and short alike)", async () => {
    await fc.assert(
      fc.asyncProperty(shopIds, fc.uniqueArray(orderIds, { minLength: 2, maxLength: 30 }), async (shop, orders) => {
        const ids = await Promise.all(orders.map((order) => externalPaymentIdFor(shop, order)));
        expect(new Set(ids).size).toBe(orders.length);
      }),
      { numRuns: 100 },
    );
  });

  it("gives two shops different external ids for the same order id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(shopIds, { minLength: 2, maxLength: 2 }), orderIds, async ([a, b], order) => {
        expect(await externalPaymentIdFor(a ?? "", order)).not.toBe(await externalPaymentIdFor(b ?? "", order));
      }),
      { numRuns: 200 },
    );
  });
});
