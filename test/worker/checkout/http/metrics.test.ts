/**
 * Metrics (http/metrics.ts): the layout of each kind of data point (pure), the binding's absence
 * and failure never reaching the caller, and the points that real requests, notifications and
 * webhook deliveries write, recorded at the binding's interface (support/metrics.ts).
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  checkoutCreated,
  notificationRefused,
  paymentStatus,
  upstreamCall,
  webhookAttempt,
  webhookOutcome,
  writeMetric,
  type DataPoint,
} from "../../../../worker/checkout/http/metrics.js";
import { callWith } from "../support/http.js";
import { createOpen, notify } from "../support/merchant.js";
import { recordMetrics, type MetricsRecorder } from "../support/metrics.js";
import { freshOrderId } from "../support/orders.js";
import { withStatus } from "../support/payments.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

describe("data points (pure)", () => {
  it("lays out each kind: index the shop, blob1 the kind, double1 a count", () => {
    expect(
      checkoutCreated({
        shopId: "s",
        environment: "sandbox",
        priceCurrency: "EUR",
        transferCurrency: "BTC",
        pricing: "signed",
        ms: 120,
      }),
    ).toEqual({
      indexes: ["s"],
      blobs: ["checkout_created", "sandbox", "EUR", "BTC", "signed"],
      doubles: [1, 120, 0, 0],
    });
    expect(
      paymentStatus({
        shopId: "s",
        status: "CONFIRMED",
        previous: "PENDING",
        source: "poll",
        sinceCreatedMs: 9000,
        version: 3,
      }),
    ).toEqual({
      indexes: ["s"],
      blobs: ["payment_status", "CONFIRMED", "PENDING", "poll", ""],
      doubles: [1, 9000, 0, 3],
    });
    expect(
      upstreamCall("s", {
        environment: "production",
        operation: "GET /v3/payments/{id}",
        outcome: "timeout",
        ms: 5000,
      }),
    ).toEqual({
      indexes: ["s"],
      blobs: ["upstream_call", "GET /v3/payments/{id}", "timeout", "production", ""],
      doubles: [1, 5000, 0, 0],
    });
    expect(
      webhookAttempt(
        "s",
        "payment.confirmed",
        { url: "https://shop.example/hook?token=x", ok: false, status: 503, durationMs: 40 },
        2,
      ),
    ).toEqual({
      indexes: ["s"],
      blobs: ["webhook_attempt", "refused", "payment.confirmed", "https://shop.example", ""],
      doubles: [1, 40, 503, 2],
    });
    expect(notificationRefused("s", { code: "invalid_signature", status: 401 })).toEqual({
      indexes: ["s"],
      blobs: ["notification_refused", "invalid_signature", "", "", ""],
      doubles: [1, 0, 401, 0],
    });
  });

  it("names a webhook attempt's outcome by its answer", () => {
    expect(webhookOutcome({ ok: true, status: 204 })).toBe("delivered");
    expect(webhookOutcome({ ok: false, status: 410 })).toBe("refused");
    expect(webhookOutcome({ ok: false, status: null })).toBe("no_answer");
  });

  it("keeps an index within Analytics Engine's 96 bytes", () => {
    const long = "é".repeat(80);
    const index = upstreamCall(long, { environment: "sandbox", operation: "x", outcome: "ok", ms: 1 }).indexes[0];
    expect(new TextEncoder().encode(index).length).toBeLessThanOrEqual(96);
    expect(long.startsWith(index.replace(/\uFFFD$/, ""))).toBe(true);
  });

  it("never writes a negative time", () => {
    expect(
      paymentStatus({
        shopId: "s",
        status: "NEW",
        previous: undefined,
        source: "created",
        sinceCreatedMs: -5,
        version: 1,
      }).doubles[1],
    ).toBe(0);
  });
});

describe("writeMetric", () => {
  const dataPoint: DataPoint = checkoutCreated({
    shopId: "s",
    environment: "sandbox",
    priceCurrency: "EUR",
    transferCurrency: "BTC",
    pricing: "open",
    ms: 1,
  });

  it("writes nothing and throws nothing without a binding: metrics are off", () => {
    expect(() => writeMetric({}, dataPoint)).not.toThrow();
  });

  it("hands the point to the binding as it is", () => {
    const written: AnalyticsEngineDataPoint[] = [];
    writeMetric({ METRICS: { writeDataPoint: (p) => void written.push(p ?? {}) } }, dataPoint);
    expect(written).toEqual([dataPoint]);
  });

  it("keeps a binding that throws away from the caller, and logs it at most once per isolate", () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const failing = {
      writeDataPoint: () => {
        throw new Error("dataset gone");
      },
    };
    expect(() => writeMetric({ METRICS: failing }, dataPoint)).not.toThrow();
    expect(() => writeMetric({ METRICS: failing }, dataPoint)).not.toThrow();
    const warnings = lines
      .map((l) => JSON.parse(l) as { event: string })
      .filter((l) => l.event === "metric_write_failed");
    expect(warnings.length).toBeLessThanOrEqual(1);
    vi.restoreAllMocks();
  });
});

describe("the points real traffic writes", () => {
  let upstream: UpstreamStub;
  let receiver: WebhookReceiver;
  let metrics: MetricsRecorder;

  beforeEach(() => {
    upstream = installUpstreamStub();
    receiver = installWebhookReceiver();
    metrics = recordMetrics();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    receiver.restore();
    upstream.restore();
  });

  const ofShop = (points: DataPoint[], shop = "demo-open") => points.filter((p) => p.indexes[0] === shop);

  // First of the traffic: no earlier event of this file can take the receiver's one failure.
  it("webhook attempts: a refused one, then the delivery, numbered", { timeout: 20_000 }, async () => {
    receiver.fail("http503", 1);
    const view = await createOpen(freshOrderId("metrics"));
    await receiver.until((r) => r.eventsOf(view.paymentId).length === 1, 8000);
    await vi.waitFor(
      () => {
        const attempts = ofShop(metrics.of("webhook_attempt")).filter((p) => p.blobs[2] === "payment.created");
        expect(attempts.map((p) => [p.blobs[1], p.doubles[2], p.doubles[3]])).toEqual([
          ["refused", 503, 1],
          ["delivered", 200, 2],
        ]);
        expect(attempts.every((p) => p.blobs[3] === "http://127.0.0.1:8789")).toBe(true);
      },
      { timeout: 8000, interval: 50 },
    );
  });

  it("a create: its upstream calls, the payment's first status and the checkout", async () => {
    const view = await createOpen(freshOrderId("metrics"));
    const calls = ofShop(metrics.of("upstream_call"));
    expect(calls.map((p) => p.blobs.slice(1, 4))).toContainEqual(["POST /v3/payments", "ok", "sandbox"]);
    expect(calls.every((p) => p.doubles[1] >= 0 && p.doubles[2] === 200)).toBe(true);
    expect(ofShop(metrics.of("payment_status"))).toEqual([
      { indexes: ["demo-open"], blobs: ["payment_status", "NEW", "", "created", ""], doubles: [1, 0, 0, 1] },
    ]);
    const [created] = metrics.of("checkout_created");
    expect(created?.blobs).toEqual(["checkout_created", "sandbox", "EUR", "BTC", "open"]);
    expect(created?.indexes).toEqual(["demo-open"]);
    expect(view.status).toBe("NEW");
  });

  it("a confirmation: the status change with the time since creation", async () => {
    const view = await createOpen(freshOrderId("metrics"));
    const payment = upstream.payments.get(view.paymentId);
    if (!payment) throw new Error("the stub holds the payment");
    const createdAt = Date.now();
    const confirmedAt = new Date(createdAt + 90_000);
    expect((await notify("demo-open", "v3/payment", withStatus(payment, "CONFIRMED"), confirmedAt)).status).toBe(200);
    const confirmed = metrics.of("payment_status").find((p) => p.blobs[1] === "CONFIRMED");
    expect(confirmed?.blobs).toEqual(["payment_status", "CONFIRMED", "NEW", "notification", ""]);
    // From the create's request time to the notification's timestamp.
    expect(confirmed?.doubles[1]).toBeGreaterThanOrEqual(90_000);
    expect(confirmed?.doubles[1]).toBeLessThan(90_000 + 5_000);
    expect(confirmed?.doubles[3]).toBe(2);
  });

  it("a failed upstream call: its outcome and status", async () => {
    upstream.fail("POST", "/v3/payments", "http503");
    const response = await callWith({}, "/api/shops/demo-open/payments", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        orderId: freshOrderId("metrics"),
        transferCurrency: "BTC",
        priceAmount: "5.00",
        priceCurrency: "EUR",
      }),
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    const failed = metrics.of("upstream_call").filter((p) => p.blobs[1] === "POST /v3/payments");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((p) => p.blobs[2] === "server_error" && p.doubles[2] === 503)).toBe(true);
    expect(metrics.of("checkout_created")).toEqual([]);
  });

  it("a refused notification: its error code and status", async () => {
    const response = await callWith({}, "/hooks/demo-open", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Signature": "00".repeat(32) },
      body: JSON.stringify({ notificationType: "v3/payment", timestamp: new Date().toISOString(), body: {} }),
    });
    expect(response.status).toBe(401);
    expect(metrics.of("notification_refused")).toEqual([
      {
        indexes: ["demo-open"],
        blobs: ["notification_refused", "invalid_signature", "", "", ""],
        doubles: [1, 0, 401, 0],
      },
    ]);
  });

  it("a binding that throws never fails a create", async () => {
    vi.restoreAllMocks();
    upstream = installUpstreamStub();
    receiver = installWebhookReceiver();
    const dataset = (env as unknown as { METRICS: AnalyticsEngineDataset }).METRICS;
    vi.spyOn(Object.getPrototypeOf(dataset) as AnalyticsEngineDataset, "writeDataPoint").mockImplementation(() => {
      throw new Error("dataset gone");
    });
    const view = await createOpen(freshOrderId("metrics"));
    expect(view.status).toBe("NEW");
  });
});
