/**
 * Runs a broad set of requests (successes, every kind of refusal, upstream failures including an
 * upstream that echoes the credentials, notifications, the stream, the demo helpers, a broken
 * configuration, the registry's admin API and a registry shop's traffic) and checks that no
 * secret value (the configured ones, the admin token, the master key, the values given to the
 * registry), nor the Basic credentials built from one, appears in any response status line,
 * header, body, stream message, log line, or in the registry's rows and audit log.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadShops } from "../../../../worker/checkout/shops/config.js";
import { clearCurrencyCache } from "../../../../worker/checkout/upstream/currencies.js";
import type { Env } from "../../../../worker/checkout/env.js";
import type { CreatedPayment, PaymentView } from "../../../../worker/checkout/wire.js";
import { signBody } from "../../../../worker/v3/notification.js";
import { call, postJson } from "../support/http.js";
import { freshOrderId, orderToken, settle } from "../support/orders.js";
import { addShop, registryId, registryShopBody } from "../support/registry.js";
import { REGISTRY_SECRETS, TEST_SECRETS } from "../support/test-env.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

const captured: string[] = [];
let upstream: UpstreamStub;

function record(response: Response, body: string): void {
  captured.push(`${response.status} ${response.statusText}`);
  response.headers.forEach((value, name) => captured.push(`${name}: ${value}`));
  captured.push(body);
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await call(path, init);
  record(response, await response.clone().text());
  return response;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await postJson(path, body, headers);
  record(response, await response.clone().text());
  return response;
}

const logLines: string[] = [];
let receiver: WebhookReceiver;
beforeAll(() => {
  clearCurrencyCache();
  upstream = installUpstreamStub();
  receiver = installWebhookReceiver();
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) =>
        void logLines.push(args.map((a) => (typeof a === "string" ? a : (JSON.stringify(a) ?? String(a)))).join(" ")),
    );
  }
});
afterAll(() => {
  vi.restoreAllMocks();
  receiver.restore();
  upstream.restore();
});

/** Values the test gives the admin API: a replacement backend token, and keys it must refuse. */
const ROTATED_TOKEN = "reg_rotated_backend_token_Lk3Vn7Qx1Zs5Wb9";
const REFUSED_KEY = "reg_too_short_key";
const REFUSED_TOKEN = "reg refused token with spaces in it!";

/** Every form in which a secret could leak. */
function forbidden(): string[] {
  const out: string[] = [];
  const masterKeys = TEST_SECRETS.SHOP_MASTER_KEYS.split(",").map((entry) => entry.slice(entry.indexOf(":") + 1));
  for (const secret of [
    ...Object.values(TEST_SECRETS),
    ...Object.values(REGISTRY_SECRETS),
    ROTATED_TOKEN,
    REFUSED_KEY,
    REFUSED_TOKEN,
    ...masterKeys,
  ])
    out.push(secret, btoa(secret), encodeURIComponent(secret));
  out.push(
    btoa(`demo_shop:${TEST_SECRETS.DEMO_API_KEY_SECRET}`),
    btoa(`registry_shop:${REGISTRY_SECRETS.apiKeySecret}`),
  );
  return out;
}

describe("secrets", () => {
  it("never appear in responses, stream messages or logs", { timeout: 120_000 }, async () => {
    const open = (over: Record<string, unknown> = {}) => ({
      orderId: freshOrderId(),
      priceAmount: "20.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      ...over,
    });

    // Successes.
    await send("/api/shops/demo-open");
    await send("/api/shops/demo-signed", { headers: { Origin: "http://127.0.0.1:8787" } });
    const body = open();
    const created = (await (await post("/api/shops/demo-open/payments", body)).json()) as CreatedPayment;
    await post("/api/shops/demo-open/payments", body);
    await post("/api/shops/demo-open/payments", { ...body, priceAmount: "21.00" });
    await send(`/api/shops/demo-open/payments/${created.paymentId}?clientSecret=${created.clientSecret}`);
    await send(`/api/shops/demo-open/payments/${created.paymentId}?clientSecret=${created.clientSecret}`, {
      headers: { "If-None-Match": `W/"${created.paymentId}-1"` },
    });
    const signedOrder = freshOrderId();
    const token = await orderToken({ orderId: signedOrder, priceAmount: "9.99", priceCurrency: "EUR" });
    await post("/api/shops/demo-signed/payments", { orderId: signedOrder, transferCurrency: "LTC", orderToken: token });

    // The stream.
    const upgrade = await call(
      `/api/shops/demo-open/payments/${created.paymentId}/stream?clientSecret=${created.clientSecret}`,
      {
        headers: { Upgrade: "websocket" },
      },
    );
    const ws = upgrade.webSocket;
    if (!ws) throw new Error("no WebSocket");
    ws.accept();
    const firstMessage = new Promise<string>((resolve) =>
      ws.addEventListener("message", (e) => resolve(String(e.data)), { once: true }),
    );
    captured.push(await firstMessage);
    const secondMessage = new Promise<string>((resolve) =>
      ws.addEventListener("message", (e) => resolve(String(e.data)), { once: true }),
    );
    await settle(upstream, "demo-open", created.paymentId, "UNCONFIRMED");
    captured.push(await secondMessage);
    ws.close(1000, "done");

    // Refusals.
    await post("/api/shops/demo-signed/payments", {
      orderId: freshOrderId(),
      transferCurrency: "BTC",
      orderToken: await orderToken(
        { orderId: "x", priceAmount: "1", priceCurrency: "EUR" },
        { key: "wrong-key-wrong-key-wrong" },
      ),
    });
    await post("/api/shops/demo-signed/payments", {
      orderId: signedOrder,
      transferCurrency: "LTC",
      orderToken: token.slice(0, -3) + "abc",
    });
    await post("/api/shops/demo-open/payments", open({ priceAmount: "0.01" }));
    await post("/api/shops/demo-open/payments", open({ transferCurrency: "DOGE" }));
    await post("/api/shops/demo-open/payments", "{bad json");
    await post("/api/shops/demo-open/payments", open(), { Origin: "https://evil.example" });
    await post("/api/shops/nope/payments", open());
    await send("/api/shops/demo-open/payments/pay_unknown");
    await send("/nothing");
    await send("/api/shops/demo-open", { method: "DELETE" });

    // Upstream failures, including one that echoes the credentials back.
    for (const mode of ["echo400", "garbage", "http500", "network", "timeout"] as const) {
      upstream.fail("POST", "/v3/payments", mode, 1);
      await post("/api/shops/demo-open/payments", open());
    }
    upstream.fail("GET", "/v3/payments/", "echo400", 1);
    await send("/api/shops/demo-open/payments/pay_echo");

    // Notifications: authentic, forged, unsigned, for an unknown payment.
    const payment = upstream.payments.get(created.paymentId);
    const envelope = JSON.stringify({
      timestamp: new Date(Date.now() + 5000).toISOString(),
      notificationType: "v3/payment",
      body: { ...payment, status: "CONFIRMED" },
    });
    await send("/hooks/demo-open", {
      method: "POST",
      headers: { "X-Signature": await signBody(envelope, { key: TEST_SECRETS.DEMO_HMAC_KEY }) },
      body: envelope,
    });
    await send("/hooks/demo-open", { method: "POST", headers: { "X-Signature": "00".repeat(32) }, body: envelope });
    await send("/hooks/demo-open", { method: "POST", body: envelope });
    const unknown = JSON.stringify({
      timestamp: new Date().toISOString(),
      notificationType: "v3/payment",
      body: { ...payment, paymentId: "pay_not_ours" },
    });
    await send("/hooks/demo-open", {
      method: "POST",
      headers: { "X-Signature": await signBody(unknown, { key: TEST_SECRETS.DEMO_HMAC_KEY }) },
      body: unknown,
    });

    // Webhooks (one refused, so a retry and its error are logged) and the shop backend's API.
    receiver.fail("http503", 1);
    await receiver.until((r) => r.accepted().some((d) => d.event.type === "payment.confirmed"));
    const bearer = { Authorization: `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN}` };
    await send(`/api/shops/demo-open/orders/${body.orderId}`, { headers: bearer });
    const events = (await (await send("/api/shops/demo-open/events", { headers: bearer })).json()) as {
      events: { event: { id: string } }[];
    };
    const eventId = events.events[0]?.event.id ?? "evt_none";
    await send(`/api/shops/demo-open/events/${eventId}`, { headers: bearer });
    await send(`/api/shops/demo-open/events/${eventId}/redeliver`, { method: "POST", headers: bearer });
    await send("/api/shops/demo-open/events", {
      headers: { Authorization: `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN.slice(0, -1)}x` },
    });
    await send("/api/shops/demo-open/events", {
      headers: { Authorization: `Basic ${btoa(`x:${TEST_SECRETS.DEMO_BACKEND_TOKEN}`)}` },
    });
    for (const delivery of receiver.deliveries)
      captured.push(delivery.body, ...Object.entries(delivery.headers).map(([name, value]) => `${name}: ${value}`));

    // Demo helpers.
    await post("/demo/api/order-token", {
      shop: "demo-signed",
      orderId: freshOrderId(),
      priceAmount: "5.00",
      priceCurrency: "EUR",
    });
    await send("/demo/api/sandbox/health");

    // A configuration with mistakes, one of them a secret value pasted where a binding name belongs.
    const workerEnv = env as unknown as Env;
    loadShops({
      ...workerEnv,
      SHOPS: JSON.stringify([
        {
          id: "pasted",
          name: "P",
          environment: "sandbox",
          apiKeyId: "k",
          secrets: { apiKeySecret: TEST_SECRETS.DEMO_API_KEY_SECRET },
          pricing: "open",
          limits: { min: "1", max: "2" },
          priceCurrencies: ["EUR"],
          transferCurrencies: ["BTC"],
        },
      ]),
    } as Env);
    loadShops(workerEnv);

    // The registry: its admin API, refusals included, and a registry shop's own traffic.
    const adminAuth = { Authorization: `Bearer ${TEST_SECRETS.ADMIN_TOKEN}` };
    const id = registryId("secrets");
    await post("/admin/shops", registryShopBody(id), adminAuth);
    await post(
      "/admin/shops",
      registryShopBody(registryId(), {
        secrets: {
          apiKeySecret: REGISTRY_SECRETS.apiKeySecret,
          notificationHmacKey: REFUSED_KEY,
          backendToken: REFUSED_TOKEN,
        },
      }),
      adminAuth,
    );
    await post("/admin/shops", registryShopBody(id), adminAuth);
    await post("/admin/shops", registryShopBody(registryId()), {
      Authorization: `Bearer ${REGISTRY_SECRETS.backendToken}`,
    });
    await send(`/admin/shops/${id}`, { headers: adminAuth });
    await send("/admin/shops?limit=5", { headers: adminAuth });
    await send(`/admin/shops/${id}`, {
      method: "PATCH",
      headers: { ...adminAuth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Renamed", secrets: { notificationHmacKey: REFUSED_KEY } }),
    });
    await send(`/admin/shops/${id}`, {
      method: "PATCH",
      headers: { ...adminAuth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Renamed" }),
    });
    await send(`/admin/shops/${id}/secrets/backendToken`, {
      method: "PUT",
      headers: { ...adminAuth, "Content-Type": "application/json" },
      body: JSON.stringify({ value: REFUSED_TOKEN }),
    });
    await send(`/admin/shops/${id}/secrets/backendToken`, {
      method: "PUT",
      headers: { ...adminAuth, "Content-Type": "application/json" },
      body: JSON.stringify({ value: ROTATED_TOKEN }),
    });
    await send(`/admin/shops/${id}/disable`, { method: "POST", headers: adminAuth });
    await send(`/admin/shops/${id}/enable`, { method: "POST", headers: adminAuth });
    await send("/admin/keys", { headers: adminAuth });
    await post("/admin/keys/rewrap", {}, adminAuth);
    const registryOrder = {
      orderId: freshOrderId(),
      priceAmount: "20.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
    };
    const registryPayment = (await (await post(`/api/shops/${id}/payments`, registryOrder)).json()) as PaymentView;
    upstream.fail("POST", "/v3/payments", "echo400", 1);
    await post(`/api/shops/${id}/payments`, { ...registryOrder, orderId: freshOrderId() });
    const registryEnvelope = JSON.stringify({
      timestamp: new Date(Date.now() + 5000).toISOString(),
      notificationType: "v3/payment",
      body: { ...upstream.payments.get(registryPayment.paymentId), status: "CONFIRMED" },
    });
    await send(`/hooks/${id}`, {
      method: "POST",
      headers: { "X-Signature": await signBody(registryEnvelope, { key: REGISTRY_SECRETS.notificationHmacKey }) },
      body: registryEnvelope,
    });
    await send(`/api/shops/${id}/orders/${registryOrder.orderId}`, {
      headers: { Authorization: `Bearer ${ROTATED_TOKEN}` },
    });
    await send(`/api/shops/${id}/orders/${registryOrder.orderId}`, {
      headers: { Authorization: `Bearer ${REGISTRY_SECRETS.backendToken}` },
    });
    await receiver.until((r) =>
      r.accepted().some((d) => d.body.includes(registryPayment.paymentId) && d.event.type === "payment.confirmed"),
    );
    await send("/admin/audit?limit=200", { headers: adminAuth });
    await addShop();
    for (const delivery of receiver.deliveries)
      captured.push(delivery.body, ...Object.entries(delivery.headers).map(([name, value]) => `${name}: ${value}`));
    const db = workerEnv.DB;
    if (!db) throw new Error("no DB binding");
    for (const table of ["shops", "audit_log"])
      captured.push(...(await db.prepare(`SELECT * FROM ${table}`).all()).results.map((row) => JSON.stringify(row)));
    expect(captured.some((c) => c.includes('"rotate_secret"'))).toBe(true);
    expect(
      upstream.calls.some((c) => c.authorization === `Basic ${btoa(`registry_shop:${REGISTRY_SECRETS.apiKeySecret}`)}`),
    ).toBe(true);

    // The checks are not vacuous: there is plenty to look through.
    expect(captured.length).toBeGreaterThan(150);
    expect(logLines.length).toBeGreaterThan(40);
    expect(logLines.some((l) => l.includes("config_invalid"))).toBe(true);
    expect(captured.some((c) => c.includes("upstream_error"))).toBe(true);
    expect(receiver.deliveries.length).toBeGreaterThan(3);
    expect(captured.some((c) => c.includes('"delivery"'))).toBe(true);
    // The upstream really did receive the credentials (so the check below means something).
    expect(
      upstream.calls.some((c) => c.authorization === `Basic ${btoa(`demo_shop:${TEST_SECRETS.DEMO_API_KEY_SECRET}`)}`),
    ).toBe(true);

    const haystack = [...captured, ...logLines];
    const leaks = forbidden().flatMap((secret) =>
      haystack.filter((text) => text.includes(secret)).map((text) => `${secret.slice(0, 6)}… in ${text.slice(0, 160)}`),
    );
    expect(leaks).toEqual([]);
  });
});
