import { describe, expect, it } from "vitest";
import type { CreatedPayment, PaymentView } from "../../../../worker/checkout/wire.js";
import { call, errorOf, postJson } from "../support/http.js";
import { paymentPath } from "../support/payments.js";
import { freshOrderId, orderToken } from "../support/orders.js";
import { useUpstream } from "../support/stubs.js";

const stubs = useUpstream();

const PATH = "/api/shops/demo-signed/payments";

async function signedOrder(claims: Record<string, unknown> = {}, opts: Parameters<typeof orderToken>[1] = {}) {
  const orderId = freshOrderId();
  const token = await orderToken(
    { orderId, priceAmount: "42.50", priceCurrency: "EUR", shop: "demo-signed", ...claims },
    opts,
  );
  return { orderId, transferCurrency: "BTC", orderToken: token };
}

async function expectRefused(body: unknown, code: string): Promise<void> {
  const response = await postJson(PATH, body);
  expect(response.status).toBe(400);
  expect((await errorOf(response)).code).toBe(code);
  expect(stubs.upstream.count("POST")).toBe(0);
}

describe("POST /api/shops/{shop}/payments, signed pricing", () => {
  it("creates the payment at the token's price (201)", async () => {
    const body = await signedOrder();
    const response = await postJson(PATH, body);
    expect(response.status).toBe(201);
    const view = (await response.json()) as PaymentView;
    expect(view).toMatchObject({
      priceAmount: "42.50",
      priceCurrency: "EUR",
      externalPaymentId: `demo-signed:${body.orderId}`,
    });
    expect(JSON.parse(stubs.upstream.calls.find((c) => c.method === "POST")?.body ?? "{}")).toMatchObject({
      priceAmount: "42.50",
      priceCurrency: "EUR",
    });
  });

  it("gives the holder of a token for the same terms the live payment back (200) with its client secret, and refuses other terms (409)", async () => {
    const body = await signedOrder();
    const created = (await (await postJson(PATH, body)).json()) as CreatedPayment;
    const again = await postJson(PATH, body);
    expect(again.status).toBe(200);
    const resumed = (await again.json()) as CreatedPayment;
    expect(resumed.paymentId).toBe(created.paymentId);
    expect(resumed.clientSecret).toBe(created.clientSecret);
    const read = await call(paymentPath("demo-signed", resumed.paymentId, resumed.clientSecret));
    expect(read.status).toBe(200);
    const otherCoin = await postJson(PATH, { ...body, transferCurrency: "LTC" });
    expect(otherCoin.status).toBe(409);
    expect(await otherCoin.text()).not.toContain(created.clientSecret);
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
  });

  it("accepts a token naming the shop as its audience, and the same price repeated in the body", async () => {
    const body = await signedOrder({ shop: undefined, aud: "demo-signed" });
    expect((await postJson(PATH, { ...body, priceAmount: "42.5", priceCurrency: "EUR" })).status).toBe(201);
  });

  it("refuses a token that names no shop (neither a shop claim nor an audience)", async () => {
    const response = await postJson(PATH, await signedOrder({ shop: undefined }));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: "invalid_order_token",
      message: "The order token must name the shop (a shop claim or its audience).",
    });
  });

  it("refuses a token whose audience is another shop", async () => {
    await expectRefused(await signedOrder({ shop: undefined, aud: ["demo-open", "other"] }), "invalid_order_token");
  });

  it("needs a token (400 invalid_order_token)", async () => {
    await expectRefused(
      { orderId: freshOrderId(), transferCurrency: "BTC", priceAmount: "1.00", priceCurrency: "EUR" },
      "invalid_order_token",
    );
  });

  it("refuses an expired token", async () => {
    await expectRefused(
      await signedOrder({}, { expiresIn: Math.floor(Date.now() / 1000) - 120 }),
      "invalid_order_token",
    );
  });

  it("refuses a token without exp", async () => {
    await expectRefused(await signedOrder({}, { omitExp: true }), "invalid_order_token");
  });

  it("refuses a token whose priceAmount has leading zeros, which the upstream would refuse (400, not 502)", async () => {
    await expectRefused(await signedOrder({ priceAmount: "042.50" }), "invalid_order_token");
  });

  it("refuses a token signed with another key", async () => {
    await expectRefused(await signedOrder({}, { key: "not-the-shop-key-at-all-0000" }), "invalid_order_token");
  });

  it("refuses a token with another algorithm", async () => {
    await expectRefused(await signedOrder({}, { alg: "HS512" }), "invalid_order_token");
  });

  it("refuses an unsigned token (alg none)", async () => {
    const orderId = freshOrderId();
    const part = (value: unknown) =>
      btoa(JSON.stringify(value)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
    const token = `${part({ alg: "none", typ: "JWT" })}.${part({ orderId, priceAmount: "1.00", priceCurrency: "EUR", exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    await expectRefused({ orderId, transferCurrency: "BTC", orderToken: token }, "invalid_order_token");
  });

  it("refuses a token for another order", async () => {
    const body = await signedOrder();
    await expectRefused({ ...body, orderId: freshOrderId() }, "invalid_order_token");
  });

  it("refuses a token for another shop", async () => {
    await expectRefused(await signedOrder({ shop: "demo-open" }), "invalid_order_token");
  });

  it.each(["priceAmount", "priceCurrency", "orderId"])("refuses a token without %s", async (claim) => {
    await expectRefused(await signedOrder({ [claim]: undefined }), "invalid_order_token");
  });

  it("refuses a token whose priceAmount is a number", async () => {
    await expectRefused(await signedOrder({ priceAmount: 42.5 }), "invalid_order_token");
  });

  it("refuses a body whose price differs from the token's", async () => {
    const body = await signedOrder();
    await expectRefused({ ...body, priceAmount: "1.00" }, "invalid_order_token");
    await expectRefused({ ...body, priceCurrency: "USD" }, "invalid_order_token");
  });

  it("refuses a token in a price currency the shop does not list (currency_not_enabled)", async () => {
    await expectRefused(await signedOrder({ priceCurrency: "USD" }), "currency_not_enabled");
  });

  it("refuses a zero price (amount_out_of_range)", async () => {
    await expectRefused(await signedOrder({ priceAmount: "0.00" }), "amount_out_of_range");
  });

  it("refuses garbage in place of a token", async () => {
    await expectRefused(
      { orderId: freshOrderId(), transferCurrency: "BTC", orderToken: "not-a-jwt" },
      "invalid_order_token",
    );
  });
});
