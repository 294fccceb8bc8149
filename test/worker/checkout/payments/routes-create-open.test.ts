import { describe, expect, it } from "vitest";
import type { CreatedPayment, PaymentView } from "../../../../worker/checkout/wire.js";
import { errorOf, postJson } from "../support/http.js";
import { freshOrderId, settle } from "../support/orders.js";
import { useUpstream } from "../support/stubs.js";

const stubs = useUpstream();

const PATH = "/api/shops/demo-open/payments";

function order(over: Record<string, unknown> = {}) {
  return { orderId: freshOrderId(), priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC", ...over };
}

describe("POST /api/shops/{shop}/payments, open pricing", () => {
  it("creates the payment upstream with the shop's key, notification URL, orderId and redirect URLs (201)", async () => {
    const body = order({ orderId: `A:${freshOrderId()}` });
    const response = await postJson(PATH, body);
    expect(response.status).toBe(201);
    const view = (await response.json()) as PaymentView;
    expect(view).toMatchObject({
      status: "NEW",
      priceAmount: "25.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      externalPaymentId: `demo-open:${body.orderId}`,
      version: 1,
    });
    expect(typeof view.serverTime).toBe("string");
    expect(view).not.toHaveProperty("notificationUrl");
    expect((view as CreatedPayment).clientSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(response.headers.get("ETag")).toBe(`W/"${view.paymentId}-1"`);

    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
    const sent = stubs.upstream.calls.find((c) => c.method === "POST");
    expect(sent?.authorization).toBe(`Basic ${btoa("demo_shop:test_api_secret_7Qf2Zr8Lk3")}`);
    const encoded = encodeURIComponent(body.orderId);
    expect(JSON.parse(sent?.body ?? "{}")).toEqual({
      priceAmount: "25.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      notificationUrl: "https://checkout.test/hooks/demo-open",
      externalPaymentId: `demo-open:${body.orderId}`,
      redirectUrls: {
        confirmed: `http://127.0.0.1:8787/demo/?result=confirmed&order=${encoded}`,
        unconfirmed: `http://127.0.0.1:8787/demo/?result=unconfirmed&order=${encoded}`,
        expired: `http://127.0.0.1:8787/demo/?result=expired&order=${encoded}`,
        invalid: `http://127.0.0.1:8787/demo/?result=invalid&order=${encoded}`,
      },
    });
    expect(encoded).toContain("%3A");
  });

  it("gives every payment its own client secret (192 random bits, base64url)", async () => {
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const created = (await (await postJson(PATH, order())).json()) as CreatedPayment;
      expect(created.clientSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      secrets.add(created.clientSecret);
    }
    expect(secrets.size).toBe(5);
  });

  it("never hands out the live payment: a repeated create, even with the very same terms, is 409 order_conflict", async () => {
    const body = order();
    const first = (await (await postJson(PATH, body)).json()) as CreatedPayment;
    for (const again of [body, { ...body, priceAmount: "25.0" }]) {
      const response = await postJson(PATH, again);
      expect(response.status).toBe(409);
      const text = await response.text();
      expect(text).not.toContain(first.paymentId);
      expect(text).not.toContain(first.clientSecret);
      expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe("order_conflict");
    }
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
  });

  it("makes exactly one upstream payment for 50 concurrent creates of one order, and answers it to one of them", async () => {
    const body = order();
    const responses = await Promise.all(Array.from({ length: 50 }, () => postJson(PATH, body)));
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(49);
  });

  it("refuses another amount or currency for an order whose payment is live (409 order_conflict)", async () => {
    const body = order();
    await postJson(PATH, body);
    for (const change of [{ priceAmount: "26.00" }, { priceCurrency: "USD" }, { transferCurrency: "LTC" }]) {
      const response = await postJson(PATH, { ...body, ...change });
      expect(response.status).toBe(409);
      expect((await errorOf(response)).code).toBe("order_conflict");
    }
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
  });

  it("answers the same 409 order_conflict whatever amount and currency a squatter sends, and says nothing about the live payment", async () => {
    const body = order({ priceAmount: "4321.98", priceCurrency: "USD", transferCurrency: "LTC" });
    const created = await postJson(PATH, body);
    expect(created.status).toBe(201);
    const { paymentId, clientSecret } = (await created.json()) as CreatedPayment;
    const messages = new Set<string>();
    const bodies = new Set<string>();
    for (const change of [
      {},
      { priceAmount: "26.00" },
      { priceAmount: "1.00" },
      { priceCurrency: "EUR" },
      { transferCurrency: "BTC" },
      { priceAmount: "5000", priceCurrency: "EUR", transferCurrency: "BTC" },
    ]) {
      const response = await postJson(PATH, { ...body, ...change });
      expect(response.status).toBe(409);
      const text = await response.text();
      bodies.add(text);
      for (const secret of ["4321.98", "4321", "USD", "LTC", body.orderId, paymentId, clientSecret])
        expect(text, JSON.stringify(change)).not.toContain(secret);
      const error = (JSON.parse(text) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("order_conflict");
      messages.add(error.message);
    }
    expect([...messages]).toEqual([
      "This order already has a live payment: resume it where it was started, or use another order id.",
    ]);
    expect(bodies.size).toBe(1);
  });

  for (const status of ["EXPIRED", "INVALID"]) {
    it(`makes a fresh payment once the order's payment is ${status}, even at another amount`, async () => {
      const body = order();
      const first = (await (await postJson(PATH, body)).json()) as PaymentView;
      await settle(stubs.upstream, "demo-open", first.paymentId, status);
      const again = await postJson(PATH, { ...body, priceAmount: "30.00" });
      expect(again.status).toBe(201);
      const second = (await again.json()) as PaymentView;
      expect(second.paymentId).not.toBe(first.paymentId);
      expect(second.priceAmount).toBe("30.00");
      expect(stubs.upstream.count("POST", "/v3/payments")).toBe(2);
    });
  }

  it("keeps refusing (409) a create for an order whose payment is CONFIRMED instead of making a second one", async () => {
    const body = order();
    const first = (await (await postJson(PATH, body)).json()) as PaymentView;
    await settle(stubs.upstream, "demo-open", first.paymentId, "CONFIRMED");
    const again = await postJson(PATH, body);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("order_conflict");
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
  });

  it.each([
    ["below the minimum", "0.99"],
    ["above the maximum", "5000.01"],
    ["zero", "0"],
  ])("refuses an amount %s (400 amount_out_of_range, no upstream call)", async (_name, priceAmount) => {
    const response = await postJson(PATH, order({ priceAmount }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("amount_out_of_range");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("accepts the limits themselves", async () => {
    expect((await postJson(PATH, order({ priceAmount: "1.00" }))).status).toBe(201);
    expect((await postJson(PATH, order({ priceAmount: "5000" }))).status).toBe(201);
  });

  it("refuses a price currency the shop does not list (400 currency_not_enabled, no upstream call)", async () => {
    const response = await postJson(PATH, order({ priceCurrency: "GBP" }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("currency_not_enabled");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("refuses a transfer currency the shop does not list (no upstream call)", async () => {
    const response = await postJson(PATH, order({ transferCurrency: "DOGE" }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("currency_not_enabled");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("refuses a transfer currency the upstream has disabled (no upstream payment)", async () => {
    stubs.upstream.currencies = stubs.upstream.currencies.map((c) =>
      c.code === "LTC" ? { ...c, paymentTransferEnabled: false } : c,
    );
    const response = await postJson(PATH, order({ transferCurrency: "LTC" }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("currency_not_enabled");
    expect(stubs.upstream.count("POST")).toBe(0);
  });

  it("refuses an orderToken on an open-pricing shop", async () => {
    const response = await postJson(PATH, order({ orderToken: "x.y.z" }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
  });

  it.each([
    ["no orderId", { priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC" }],
    ["no price", { orderId: "o-1", transferCurrency: "BTC" }],
    ["a numeric amount", { orderId: "o-1", priceAmount: 25, priceCurrency: "EUR", transferCurrency: "BTC" }],
    ["an exponent amount", { orderId: "o-1", priceAmount: "2.5e1", priceCurrency: "EUR", transferCurrency: "BTC" }],
    [
      "an amount with leading zeros (the upstream refuses it)",
      { orderId: "o-1", priceAmount: "0025.00", priceCurrency: "EUR", transferCurrency: "BTC" },
    ],
    ["a negative amount", { orderId: "o-1", priceAmount: "-25", priceCurrency: "EUR", transferCurrency: "BTC" }],
    ["a lower-case currency", { orderId: "o-1", priceAmount: "25", priceCurrency: "eur", transferCurrency: "BTC" }],
    [
      "an unknown field",
      { orderId: "o-1", priceAmount: "25", priceCurrency: "EUR", transferCurrency: "BTC", admin: true },
    ],
    ["an orderId with a slash", { orderId: "a/b", priceAmount: "25", priceCurrency: "EUR", transferCurrency: "BTC" }],
    ["an array", []],
    ["malformed JSON", '{"orderId":'],
  ])("refuses a body with %s (400 invalid_request, no upstream call)", async (_name, body) => {
    const response = await postJson(PATH, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("refuses a body that is not JSON and a body that is too large", async () => {
    const form = await postJson(PATH, "orderId=1", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(400);
    expect((await errorOf(form)).code).toBe("invalid_request");
    const large = await postJson(PATH, { ...order(), pad: "x".repeat(20_000) });
    expect(large.status).toBe(413);
    expect((await errorOf(large)).code).toBe("invalid_request");
    expect(stubs.upstream.count()).toBe(0);
  });

  it("answers 404 unknown_shop for a create at an unknown shop", async () => {
    const response = await postJson("/api/shops/nope/payments", order());
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("unknown_shop");
    expect(stubs.upstream.count()).toBe(0);
  });
});
