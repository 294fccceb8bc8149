import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { CLIENT_SECRET, newPayment, paymentPath, TEST_POLL_INTERVAL_MS, withStatus } from "../support/payments.js";
import { forgottenPayment } from "../support/forgotten.js";
import { call, errorOf } from "../support/http.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";

const testEnv = env as unknown as Env;
const SHOP = "demo-open";

let upstream: UpstreamStub;
const touched: DurableObjectStub[] = [];

function object(paymentId: string) {
  const object = paymentObject(testEnv, SHOP, paymentId);
  touched.push(object.stub);
  return object;
}

/** The tables of an object, and the versions it stored. */
function storage(stub: DurableObjectStub) {
  return runInDurableObject(stub, (_instance, state) => {
    const tables = state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
      )
      .toArray()
      .map((r) => r.name);
    const versions = tables.includes("snapshots")
      ? state.storage.sql
          .exec<{ version: number; status: string; source: string }>(
            "SELECT version, status, source FROM snapshots ORDER BY version",
          )
          .toArray()
          .map((r) => ({ ...r }))
      : [];
    return { tables, versions };
  });
}

beforeEach(() => {
  upstream = installUpstreamStub();
});

afterEach(async () => {
  upstream.restore();
  // Alarms outlive a test: remove every one this test may have set.
  for (const stub of touched.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

describe("PaymentObject.init", () => {
  it("stores the creation response as version 1 and returns its view, without asking the upstream", async () => {
    const payment = newPayment();
    const view = await object(payment.paymentId).init(payment);
    expect(view).toMatchObject({
      paymentId: payment.paymentId,
      status: "NEW",
      version: 1,
      transferAmount: payment.transferAmount,
    });
    expect(view).not.toHaveProperty("notificationUrl");
    expect(upstream.count()).toBe(0);
    expect((await storage(object(payment.paymentId).stub)).versions).toEqual([
      { version: 1, status: "NEW", source: "created" },
    ]);
  });

  it("keeps the first snapshot when called again", async () => {
    const payment = newPayment();
    await object(payment.paymentId).init(payment);
    const again = await object(payment.paymentId).init(withStatus(payment, "UNDERPAID"));
    expect(again).toMatchObject({ status: "NEW", version: 1 });
  });

  it("sets an alarm at expirationTime + grace, so EXPIRED shows without a notification", async () => {
    const expiresAt = Date.now() + 10 * 60_000;
    const payment = newPayment({ expirationTime: new Date(expiresAt).toISOString() });
    await object(payment.paymentId).init(payment);
    const alarm = await runInDurableObject(object(payment.paymentId).stub, (_i, state) => state.storage.getAlarm());
    expect(alarm).toBe(expiresAt + 2_000);
  });
});

describe("PaymentObject.view", () => {
  it("refuses a payment it does not hold with 404, without asking the upstream (which knows it) and storing nothing", async () => {
    const payment = newPayment();
    upstream.payments.set(payment.paymentId, payment);
    const held = object(payment.paymentId);
    await expect(held.view()).rejects.toMatchObject({ status: 404, code: "payment_not_found" });
    expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(0);
    expect(await storage(held.stub)).toEqual({ tables: [], versions: [] });
  });

  it("loads a forgotten payment again once, shared by concurrent views, with the next version", async () => {
    const view = await forgottenPayment(upstream, SHOP);
    const held = object(view.paymentId);
    const before = upstream.count("GET", `/v3/payments/${view.paymentId}`);
    const views = await Promise.all(Array.from({ length: 10 }, () => held.view()));
    expect(new Set(views.map((v: PaymentView) => `${v.status}@${v.version}`))).toEqual(new Set(["CONFIRMED@3"]));
    expect(upstream.count("GET", `/v3/payments/${view.paymentId}`) - before).toBe(1);
    expect((await storage(held.stub)).versions).toEqual([{ version: 3, status: "CONFIRMED", source: "poll" }]);
  });

  it("reads a snapshot younger than one poll interval without asking the upstream", async () => {
    const payment = newPayment();
    const held = object(payment.paymentId);
    await held.init(payment);
    for (let i = 0; i < 5; i += 1) expect((await held.view()).version).toBe(1);
    expect(upstream.count()).toBe(0);
  });

  it("refreshes an older snapshot for a reader without a stream: once, through the alarm", async () => {
    const payment = newPayment();
    upstream.payments.set(payment.paymentId, withStatus(payment, "UNDERPAID"));
    const held = object(payment.paymentId);
    await held.init(payment, Date.now() - TEST_POLL_INTERVAL_MS - 1_000);
    // Answered at once from storage; the re-fetch is due now.
    expect(await held.view()).toMatchObject({ status: "NEW", version: 1 });
    expect(await held.view()).toMatchObject({ status: "NEW", version: 1 });
    await runDurableObjectAlarm(held.stub);
    await vi.waitFor(async () => expect(await held.view()).toMatchObject({ status: "UNDERPAID", version: 2 }));
    expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1);
  });

  it("stamps serverTime on every view", async () => {
    const payment = newPayment();
    const before = Date.now();
    const view = await object(payment.paymentId).init(payment);
    expect(Date.parse(view.serverTime)).toBeGreaterThanOrEqual(before);
  });
});

describe("GET /api/shops/{shop}/payments/{paymentId} through the object", () => {
  it("answers 404 payment_not_found for a payment this shop never created, and stores nothing", async () => {
    const response = await call(`/api/shops/${SHOP}/payments/pay_missing_1`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("payment_not_found");
    expect(await storage(object("pay_missing_1").stub)).toEqual({ tables: [], versions: [] });
  });

  it("answers 502 upstream_unavailable when the upstream fails while a forgotten payment is loaded again, and stays forgotten", async () => {
    const view = await forgottenPayment(upstream, SHOP);
    upstream.fail("GET", "/v3/payments/", "http503");
    const response = await call(paymentPath(SHOP, view.paymentId, view.clientSecret));
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe("upstream_unavailable");
    expect((await storage(object(view.paymentId).stub)).versions).toEqual([]);
  });

  it("answers 502 upstream_error when the upstream answers garbage for a forgotten payment", async () => {
    const view = await forgottenPayment(upstream, SHOP);
    upstream.fail("GET", "/v3/payments/", "garbage");
    const response = await call(paymentPath(SHOP, view.paymentId, view.clientSecret));
    expect(response.status).toBe(502);
    expect((await errorOf(response)).code).toBe("upstream_error");
  });

  it("answers 404 payment_not_found, on GET and stream, for a payment the upstream knows but no shop created here (another shop's, or one made outside the checkout), without asking the upstream", async () => {
    // demo-open and demo-signed share the upstream account: the upstream alone would answer.
    const ofAnotherShop = newPayment({ notificationUrl: "https://checkout.test/hooks/demo-signed" });
    const madeOutside = newPayment();
    delete madeOutside.notificationUrl;
    for (const payment of [ofAnotherShop, madeOutside]) {
      upstream.payments.set(payment.paymentId, payment);
      const read = await call(`/api/shops/${SHOP}/payments/${payment.paymentId}`);
      expect(read.status).toBe(404);
      expect((await errorOf(read)).code).toBe("payment_not_found");
      const stream = await call(`/api/shops/${SHOP}/payments/${payment.paymentId}/stream`, {
        headers: { Upgrade: "websocket" },
      });
      expect(stream.status).toBe(404);
      expect((await errorOf(stream)).code).toBe("payment_not_found");
      expect(await storage(object(payment.paymentId).stub)).toEqual({ tables: [], versions: [] });
    }
    expect((await call(`/api/shops/demo-signed/payments/${ofAnotherShop.paymentId}`)).status).toBe(404);
    expect(upstream.count("GET", "/v3/payments/")).toBe(0);
  });

  it("answers the shop's own redirect URLs for its order, not what the upstream echoes (javascript: or another site)", async () => {
    const payment = newPayment({
      redirectUrls: {
        confirmed: "javascript:alert(1)",
        expired: "https://evil.example/expired",
        invalid: "data:text/html,x",
      },
    });
    const held = object(payment.paymentId);
    await held.init(payment, undefined, "order/7");
    const view = await held.view();
    expect(view.redirectUrls).toEqual({
      confirmed: "http://127.0.0.1:8787/demo/?result=confirmed&order=order%2F7",
      unconfirmed: "http://127.0.0.1:8787/demo/?result=unconfirmed&order=order%2F7",
      expired: "http://127.0.0.1:8787/demo/?result=expired&order=order%2F7",
      invalid: "http://127.0.0.1:8787/demo/?result=invalid&order=order%2F7",
    });
  });

  it("answers the stored view with its version", async () => {
    const payment = newPayment();
    await object(payment.paymentId).init(payment, undefined, undefined, CLIENT_SECRET);
    const response = await call(paymentPath(SHOP, payment.paymentId, CLIENT_SECRET));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ paymentId: payment.paymentId, version: 1 });
    expect(response.headers.get("ETag")).toBe(`W/"${payment.paymentId}-1"`);
  });
});
