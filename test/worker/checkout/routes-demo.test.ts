import { jwtVerify } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearCurrencyCache } from "../../../worker/checkout/currencies.js";
import { call, errorOf, postJson } from "./support/http.js";
import { freshOrderId } from "./support/orders.js";
import { TEST_SECRETS } from "./support/test-env.js";
import { installUpstreamStub, type UpstreamStub } from "./support/upstream-stub.js";

let upstream: UpstreamStub;
beforeEach(() => {
  clearCurrencyCache();
  upstream = installUpstreamStub();
});
afterEach(() => upstream.restore());

describe("POST /demo/api/order-token (DEMO_MODE)", () => {
  it("signs an order token for the signed sandbox shop that the create route accepts", async () => {
    const orderId = freshOrderId();
    const response = await postJson("/demo/api/order-token", { shop: "demo-signed", orderId, priceAmount: "12.34", priceCurrency: "EUR" });
    expect(response.status).toBe(200);
    const { orderToken } = (await response.json()) as { orderToken: string };
    const { payload, protectedHeader } = await jwtVerify(orderToken, new TextEncoder().encode(TEST_SECRETS.DEMO_ORDER_SIGNING_KEY));
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload).toMatchObject({ orderId, priceAmount: "12.34", priceCurrency: "EUR", shop: "demo-signed" });
    expect(typeof payload.exp).toBe("number");
    const created = await postJson("/api/shops/demo-signed/payments", { orderId, transferCurrency: "BTC", orderToken });
    expect(created.status).toBe(201);
  });

  it("refuses a shop without signed pricing, an unknown shop, and a bad body", async () => {
    const open = await postJson("/demo/api/order-token", { shop: "demo-open", orderId: "o-1", priceAmount: "1.00", priceCurrency: "EUR" });
    expect(open.status).toBe(400);
    expect((await errorOf(open)).code).toBe("invalid_request");
    const unknown = await postJson("/demo/api/order-token", { shop: "nope", orderId: "o-1", priceAmount: "1.00", priceCurrency: "EUR" });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("unknown_shop");
    const bad = await postJson("/demo/api/order-token", { shop: "demo-signed", orderId: "o-1", priceAmount: 1 });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_request");
  });

  it("refuses a page of another origin", async () => {
    const response = await postJson("/demo/api/order-token", { shop: "demo-signed", orderId: "o-1", priceAmount: "1.00", priceCurrency: "EUR" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe("origin_not_allowed");
  });
});

describe("/demo/api/sandbox/* (DEMO_MODE)", () => {
  it("forwards to the sandbox control API with method, body and query", async () => {
    const response = await postJson("/demo/api/sandbox/payments/pay_1/transactions?x=1", { amount: "0.001" });
    // The stub knows no /sandbox routes and answers 404 after authentication fails with 401:
    // what matters here is what reached it.
    expect([401, 404]).toContain(response.status);
    const sent = upstream.calls.at(-1);
    expect(sent).toMatchObject({ method: "POST", path: "/sandbox/payments/pay_1/transactions?x=1", body: '{"amount":"0.001"}', authorization: null });
  });

  it("answers 502 upstream_unavailable when the sandbox is down", async () => {
    upstream.fail("GET", "/sandbox/", "network");
    const response = await call("/demo/api/sandbox/health");
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe("upstream_unavailable");
  });

  it("refuses paths that climb out of /sandbox/", async () => {
    const response = await call("/demo/api/sandbox/%2e%2e/v3/payments");
    expect(response.status).toBe(404);
    expect(upstream.count()).toBe(0);
  });
});
