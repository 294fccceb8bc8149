import { describe, expect, it } from "vitest";
import type { CreatedPayment, PaymentView, StreamMessage } from "../../../../worker/checkout/wire.js";
import { call, errorOf, postJson } from "../support/http.js";
import { freshOrderId, settle } from "../support/orders.js";
import { paymentPath } from "../support/payments.js";
import { useUpstream } from "../support/stubs.js";

const stubs = useUpstream();

async function created(): Promise<CreatedPayment> {
  const response = await postJson("/api/shops/demo-open/payments", {
    orderId: freshOrderId(),
    priceAmount: "10.00",
    priceCurrency: "EUR",
    transferCurrency: "BTC",
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedPayment;
}

/** The first message of a stream, awaited on the message event. */
function firstMessage(ws: WebSocket): Promise<StreamMessage> {
  return new Promise((resolve, reject) => {
    ws.addEventListener("message", (event) => resolve(JSON.parse(String(event.data)) as StreamMessage), { once: true });
    ws.addEventListener("close", () => reject(new Error("closed before a message")), { once: true });
  });
}

describe("GET /api/shops/{shop}/payments/{paymentId}", () => {
  it("answers the view with a weak ETag of id and version", async () => {
    const view = await created();
    const response = await call(paymentPath("demo-open", view.paymentId, view.clientSecret));
    expect(response.status).toBe(200);
    expect(response.headers.get("ETag")).toBe(`W/"${view.paymentId}-1"`);
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    expect(((await response.json()) as PaymentView).paymentId).toBe(view.paymentId);
  });

  it("answers 304 to a matching If-None-Match and 200 once the payment changed", async () => {
    const view = await created();
    const path = paymentPath("demo-open", view.paymentId, view.clientSecret);
    const etag = `W/"${view.paymentId}-1"`;
    const same = await call(path, { headers: { "If-None-Match": etag } });
    expect(same.status).toBe(304);
    expect(same.headers.get("ETag")).toBe(etag);
    expect(await same.text()).toBe("");
    await settle(stubs.upstream, "demo-open", view.paymentId, "CONFIRMED");
    const changed = await call(path, { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).toBe(`W/"${view.paymentId}-2"`);
    expect(((await changed.json()) as PaymentView).status).toBe("CONFIRMED");
  });

  it("answers 400 invalid_request for a malformed payment id, without asking anyone", async () => {
    for (const id of ["a%20b", "-x", "x".repeat(200), "a.b"]) {
      const response = await call(`/api/shops/demo-open/payments/${id}`);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe("invalid_request");
    }
    expect(stubs.upstream.count()).toBe(0);
  });

  it("answers 404 unknown_shop for a payment of an unknown shop", async () => {
    const response = await call("/api/shops/nope/payments/pay_1");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("unknown_shop");
  });
});

describe("GET /api/shops/{shop}/payments/{paymentId}/stream", () => {
  it("upgrades to a WebSocket that sends the view on connect", async () => {
    const view = await created();
    const response = await call(
      `/api/shops/demo-open/payments/${view.paymentId}/stream?clientSecret=${view.clientSecret}`,
      { headers: { Upgrade: "websocket", Origin: "http://127.0.0.1:8787" } },
    );
    expect(response.status).toBe(101);
    const ws = response.webSocket;
    if (!ws) throw new Error("no WebSocket");
    ws.accept();
    const message = await firstMessage(ws);
    expect(message.type).toBe("payment");
    expect(message.payment.paymentId).toBe(view.paymentId);
    ws.close(1000, "done");
  });

  it("answers 426 to a plain GET", async () => {
    const view = await created();
    const response = await call(`/api/shops/demo-open/payments/${view.paymentId}/stream`);
    expect(response.status).toBe(426);
    expect(response.headers.get("Upgrade")).toBe("websocket");
    expect((await errorOf(response)).code).toBe("invalid_request");
  });

  it("refuses an upgrade from an origin the shop does not allow (403, no socket)", async () => {
    const view = await created();
    const response = await call(`/api/shops/demo-open/payments/${view.paymentId}/stream`, {
      headers: { Upgrade: "websocket", Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.webSocket).toBeNull();
    expect((await errorOf(response)).code).toBe("origin_not_allowed");
  });

  it("refuses a malformed payment id before reaching any object", async () => {
    const response = await call("/api/shops/demo-open/payments/a.b/stream", { headers: { Upgrade: "websocket" } });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
    expect(stubs.upstream.count()).toBe(0);
  });
});
