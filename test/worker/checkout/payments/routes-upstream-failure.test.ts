import { describe, expect, it } from "vitest";
import type { CreatedPayment, PaymentView } from "../../../../worker/checkout/wire.js";
import { call, errorOf, postJson } from "../support/http.js";
import { forgottenPayment } from "../support/forgotten.js";
import { freshOrderId } from "../support/orders.js";
import { paymentPath } from "../support/payments.js";
import type { FailureMode } from "../support/upstream-stub.js";
import { useUpstream } from "../support/stubs.js";

const stubs = useUpstream();

const PATH = "/api/shops/demo-open/payments";
const order = () => ({ orderId: freshOrderId(), priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC" });

const CASES: [FailureMode, number, string][] = [
  ["timeout", 504, "upstream_unavailable"],
  ["http500", 502, "upstream_unavailable"],
  ["http503", 502, "upstream_unavailable"],
  ["network", 502, "upstream_unavailable"],
  ["garbage", 502, "upstream_error"],
  ["http400", 502, "upstream_error"],
];

describe("upstream failures", () => {
  it.each(CASES)("a create meeting %s answers %i %s, and the order can be retried", async (mode, status, code) => {
    stubs.upstream.fail("POST", "/v3/payments", mode, 1);
    const body = order();
    const failed = await postJson(PATH, body);
    expect(failed.status).toBe(status);
    const error = await errorOf(failed);
    expect(error.code).toBe(code);
    expect(error.message).not.toMatch(/at .*\.ts|stack/i);
    const retried = await postJson(PATH, body);
    expect(retried.status).toBe(201);
  });

  // A read is retried by the v3 client (three attempts of UPSTREAM_TIMEOUT_MS each on timeout).
  // The only payments read from the upstream are forgotten ones (archived after their retention).
  it.each(CASES)(
    "reading a forgotten payment again, meeting %s, answers %i %s",
    { timeout: 30_000 },
    async (mode, status, code) => {
      const view = await forgottenPayment(stubs.upstream);
      stubs.upstream.fail("GET", "/v3/payments/", mode);
      const response = await call(paymentPath("demo-open", view.paymentId, view.clientSecret));
      expect(response.status).toBe(status);
      expect((await errorOf(response)).code).toBe(code);
    },
  );

  it("a payment this shop never created is 404 payment_not_found, with no upstream request", async () => {
    const response = await call("/api/shops/demo-open/payments/pay_nowhere");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("payment_not_found");
    expect(stubs.upstream.count("GET", "/v3/payments/")).toBe(0);
  });

  it("a currency list that fails makes the create fail with the upstream's error, not a 400", async () => {
    stubs.upstream.fail("GET", "/v3/currencies", "garbage");
    const response = await postJson(PATH, order());
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe("upstream_error");
    expect(stubs.upstream.count("POST")).toBe(0);
  });

  it("a payment created while the upstream was down is readable once it is back", async () => {
    const created = (await (await postJson(PATH, order())).json()) as CreatedPayment;
    stubs.upstream.fail("GET", "/v3/payments/", "http503");
    // The view comes from the payment's stored snapshot: no upstream needed.
    const response = await call(paymentPath("demo-open", created.paymentId, created.clientSecret));
    expect(response.status).toBe(200);
    expect(((await response.json()) as PaymentView).paymentId).toBe(created.paymentId);
  });
});
