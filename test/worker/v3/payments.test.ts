import { describe, expect, it } from "vitest";
import { failure } from "./support/failure.js";
import {
  BASE,
  EXPECTED_AUTH,
  KEY_SECRET,
  PAYMENT_ID,
  PAYMENT_WITH_NUMBERS,
  PAYMENT_WITH_STRINGS,
  clientOn,
  jsonResponse,
  stubUpstream,
} from "./support/stub-upstream.js";

describe("payments: create", () => {
  it("POSTs NewPaymentRequestV3 as JSON to /v3/payments with Basic auth", async () => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_STRINGS));
    const request = {
      priceAmount: "25.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      notificationUrl: "https://checkout.example/hooks/acme",
      externalPaymentId: "1001",
      redirectUrls: { confirmed: "https://shop.example/ok" },
    };
    const payment = await clientOn(stub).createPayment(request);
    expect(stub.calls).toHaveLength(1);
    const [call] = stub.calls;
    expect(call?.method).toBe("POST");
    expect(call?.url.toString()).toBe(`${BASE}/v3/payments`);
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(call?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(call?.body ?? "")).toEqual(request);
    expect(payment).toEqual({ ...JSON.parse(PAYMENT_WITH_STRINGS), redirectUrls: undefined });
  });

  it.each([
    ["priceAmount", { priceAmount: "-1" }, "invalid_amount"],
    ["priceAmount", { priceAmount: "0" }, "invalid_amount"],
    ["priceAmount", { priceAmount: "1e3" }, "invalid_amount"],
    ["priceAmount", { priceAmount: "0025.00" }, "invalid_amount"],
    ["priceAmount", { priceAmount: 25 }, "invalid_amount"],
    ["priceCurrency", { priceCurrency: "" }, "invalid_field"],
    ["transferCurrency", { transferCurrency: undefined }, "missing_field"],
    ["notificationUrl", { notificationUrl: "javascript:alert(1)" }, "invalid_url"],
    ["redirectUrls.confirmed", { redirectUrls: { confirmed: "ftp://x.example/" } }, "invalid_url"],
    ["redirectUrls.done", { redirectUrls: { done: "https://x.example/" } }, "unknown_field"],
    ["priceamount", { priceamount: "1" }, "unknown_field"],
  ])("refuses an invalid %s before sending (%j)", async (field, change, code) => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_STRINGS));
    const request = { priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC", ...change };
    const error = await failure(clientOn(stub).createPayment(request as never));
    expect(error.kind).toBe("invalid_request");
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
    expect(stub.calls).toHaveLength(0);
  });

  it("never retries a POST, even on 503", async () => {
    const stub = stubUpstream(() => jsonResponse('{"error":"busy"}', 503));
    const error = await failure(
      clientOn(stub).createPayment({ priceAmount: "1", priceCurrency: "EUR", transferCurrency: "BTC" }),
    );
    expect(error.kind).toBe("http");
    expect(error.status).toBe(503);
    expect(error.retryable).toBe(true);
    expect(stub.calls).toHaveLength(1);
  });
});

describe("payments: get", () => {
  it("GETs /v3/payments/{id} with the id path-encoded and Basic auth, no body", async () => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_STRINGS));
    await clientOn(stub).getPayment("a/b c?");
    const [call] = stub.calls;
    expect(call?.method).toBe("GET");
    expect(call?.url.pathname).toBe("/base/v3/payments/a%2Fb%20c%3F");
    expect(call?.url.search).toBe("");
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(call?.body).toBe("");
  });

  it.each(["", ".", "..", "x".repeat(257)])("refuses the payment id %j before sending", async (id) => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_STRINGS));
    const error = await failure(clientOn(stub).getPayment(id));
    expect([error.kind, error.code, error.field]).toEqual(["invalid_request", "invalid_id", "paymentId"]);
    expect(stub.calls).toHaveLength(0);
  });

  it("refuses a response body beyond 4 MiB, even without Content-Length", async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const stub = stubUpstream(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              if (sent++ < 5) controller.enqueue(chunk);
              else controller.close();
            },
          }),
        ),
    );
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect([error.kind, error.code, error.status]).toEqual(["invalid_response", "response_too_large", 200]);
    expect(stub.calls).toHaveLength(1);
  });

  it("reads amounts sent as JSON numbers exactly, including more than 15 significant digits", async () => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_NUMBERS));
    const payment = await clientOn(stub).getPayment(PAYMENT_ID);
    expect(payment.priceAmount).toBe("12345678.123456789012");
    expect(payment.transferAmount).toBe("0.00000001");
    expect(payment.exchangeRate).toBe("1234567812345678.123456789");
    expect(payment.guaranteedExchangeRate).toBe("0.000012345678901234567");
    expect(payment.paidPriceAmount).toBe("0");
    expect(payment.pendingPaidPriceAmount).toBe("0.0");
    expect(payment.acceptedPaidPriceAmount).toBe("0");
  });

  it("accepts redirectUrls as a JSON-encoded string", async () => {
    const stub = stubUpstream(() => jsonResponse(PAYMENT_WITH_NUMBERS));
    const payment = await clientOn(stub).getPayment(PAYMENT_ID);
    expect(payment.redirectUrls).toEqual({
      confirmed: "https://shop.example/ok",
      expired: "https://shop.example/expired",
    });
  });

  it("keeps an unknown status as it came and ignores extra fields", async () => {
    const body = {
      ...JSON.parse(PAYMENT_WITH_STRINGS),
      status: "PARTIALLY_REFUNDED",
      surprise: { nested: 1 },
      riskScore: 0.3,
    };
    const stub = stubUpstream(() => jsonResponse(JSON.stringify(body)));
    const payment = await clientOn(stub).getPayment(PAYMENT_ID);
    expect(payment.status).toBe("PARTIALLY_REFUNDED");
    expect(payment).not.toHaveProperty("surprise");
    expect(payment).not.toHaveProperty("riskScore");
  });

  it("names a missing required field, and a field of the wrong type inside transactions", async () => {
    const { address: _dropped, ...withoutAddress } = JSON.parse(PAYMENT_WITH_STRINGS) as Record<string, unknown>;
    const stub1 = stubUpstream(() => jsonResponse(JSON.stringify(withoutAddress)));
    const e1 = await failure(clientOn(stub1).getPayment(PAYMENT_ID));
    expect([e1.kind, e1.code, e1.field, e1.status]).toEqual(["invalid_response", "missing_field", "address", 200]);

    // Transaction fields are all optional (docs/upstream.md, "Payments"); one that is present must still have its type.
    const tx = { transactionId: "t1", paidTransferAmount: "0.1", priceAmount: "10", exchangeRate: "100", state: 7 };
    const stub2 = stubUpstream(() =>
      jsonResponse(JSON.stringify({ ...JSON.parse(PAYMENT_WITH_STRINGS), transactions: [tx] })),
    );
    const e2 = await failure(clientOn(stub2).getPayment(PAYMENT_ID));
    expect([e2.code, e2.field]).toEqual(["invalid_field", "transactions[0].state"]);
  });

  it("reports a field of the wrong type as invalid_field", async () => {
    const stub = stubUpstream(() =>
      jsonResponse(JSON.stringify({ ...JSON.parse(PAYMENT_WITH_STRINGS), transferAmount: "lots" })),
    );
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect([error.kind, error.code, error.field]).toEqual(["invalid_response", "invalid_field", "transferAmount"]);
  });

  it("reports garbage JSON as invalid_response with the status and the body", async () => {
    const stub = stubUpstream(() => jsonResponse("<html>gateway hiccup</html>"));
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect([error.kind, error.code, error.status]).toEqual(["invalid_response", "invalid_json", 200]);
    expect(error.upstreamBody).toBe("<html>gateway hiccup</html>");
    expect(stub.calls).toHaveLength(1);
  });

  it("reports a 404 as kind http with status, stable code and a scrubbed body, not retried", async () => {
    const stub = stubUpstream((req) =>
      jsonResponse(
        JSON.stringify({ error: "no such payment", echo: req.headers.get("authorization"), secret: KEY_SECRET }),
        404,
      ),
    );
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect([error.kind, error.code, error.status, error.retryable]).toEqual(["http", "upstream_http_404", 404, false]);
    expect(error.upstreamBody).toContain("no such payment");
    expect(error.upstreamBody).not.toContain(KEY_SECRET);
    expect(error.upstreamBody).not.toContain(EXPECTED_AUTH.slice(6));
    expect(error.message).not.toContain(KEY_SECRET);
    expect(stub.calls).toHaveLength(1);
  });

  it("truncates a long upstream body to 1 KB", async () => {
    const stub = stubUpstream(() => new Response("x".repeat(5000), { status: 400 }));
    const error = await failure(clientOn(stub).getPayment(PAYMENT_ID));
    expect(error.upstreamBody?.length).toBeLessThanOrEqual(1024);
    expect(error.upstreamBody?.startsWith("xxxx")).toBe(true);
  });
});
