/**
 * The reference shop backend (examples/shop-backend): started in-process on a free port, fed
 * webhooks signed the way the checkout signs them (Standard Webhooks).
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { jwtVerify } from "jose";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { compareDecimals, normalizeDecimal } from "../../examples/shop-backend/decimal.mjs";
import { MAX_RECEIVED, ReceivedLog } from "../../examples/shop-backend/received-log.mjs";
import type { ReceivedEntry } from "../../examples/shop-backend/received-log.mjs";
import { startShopBackend } from "../../examples/shop-backend/server.mjs";
import type { ShopBackend, ShopBackendOptions } from "../../examples/shop-backend/server.mjs";
import type { Order } from "../../examples/shop-backend/store.mjs";
import { decideEvent, parseEvent } from "../../examples/shop-backend/webhook.mjs";

const SERVER_SCRIPT = fileURLToPath(new URL("../../examples/shop-backend/server.mjs", import.meta.url));
const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const OTHER_SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const SIGNING_KEY = `order_signing_key_${randomBytes(16).toString("hex")}`;

const running: ShopBackend[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((backend) => backend.close()));
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function start(options: Partial<ShopBackendOptions> = {}): Promise<ShopBackend> {
  const backend = await startShopBackend({ port: 0, webhookSecret: SECRET, orderSigningKey: SIGNING_KEY, ...options });
  running.push(backend);
  return backend;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "shop-backend-"));
  tempDirs.push(dir);
  return dir;
}

interface PaymentFields {
  paymentId: string;
  status: string;
  priceAmount: string;
  priceCurrency: string;
  paidPriceAmount: string;
}

interface EventOptions extends Partial<PaymentFields> {
  id?: string;
  type?: string;
  shop?: string;
  orderId?: string | null;
  version?: number;
  previousStatus?: string | null;
}

/** A payment event as the checkout sends it; by default a CONFIRMED payment of 49.90 EUR, fully paid. */
function paymentEvent(options: EventOptions = {}) {
  const status = options.status ?? "CONFIRMED";
  const version = options.version ?? 4;
  const priceAmount = options.priceAmount ?? "49.90";
  const paid = options.paidPriceAmount ?? (status === "CONFIRMED" ? priceAmount : "0");
  const shop = options.shop ?? "demo-signed";
  const orderId = options.orderId === undefined ? "NW-1001" : options.orderId;
  return {
    id: options.id ?? `evt_${randomUUID().replaceAll("-", "")}`,
    type: options.type ?? `payment.${status.toLowerCase()}`,
    timestamp: new Date().toISOString(),
    shop,
    data: {
      orderId,
      previousStatus: options.previousStatus === undefined ? "UNCONFIRMED" : options.previousStatus,
      version,
      payment: {
        paymentId: options.paymentId ?? "p_1",
        status,
        priceAmount,
        priceCurrency: options.priceCurrency ?? "EUR",
        transferAmount: "0.00083",
        transferCurrency: "BTC",
        paidPriceAmount: paid,
        acceptedPaidPriceAmount: paid,
        pendingPaidPriceAmount: "0",
        paidTransferAmount: "0.00083",
        acceptedPaidTransferAmount: "0.00083",
        pendingPaidTransferAmount: "0",
        address: "bc1qexampleaddress",
        transactions: [],
        redirectUrls: {},
        serverTime: new Date().toISOString(),
        version,
        externalPaymentId: `${shop}:${orderId}`,
      },
    },
  };
}

interface DeliveryOptions {
  /** The webhook-id header; the event's id by default. */
  id?: string;
  secret?: string;
  /** When it was signed (and the webhook-timestamp header). */
  at?: Date;
  /** Sent instead of the body that was signed. */
  sentBody?: string;
}

/** POSTs `event` to /webhooks, signed with `new Webhook(secret).sign(id, at, body)`. */
async function deliver(backend: ShopBackend, event: { id: string }, options: DeliveryOptions = {}): Promise<Response> {
  const id = options.id ?? event.id;
  const at = options.at ?? new Date();
  const body = JSON.stringify(event);
  const signature = new Webhook(options.secret ?? SECRET).sign(id, at, body);
  return fetch(`${backend.url}/webhooks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    },
    body: options.sentBody ?? body,
  });
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

async function getOrder(backend: ShopBackend, orderId: string): Promise<{ status: number; order: Order }> {
  const response = await fetch(`${backend.url}/orders/${encodeURIComponent(orderId)}`);
  return { status: response.status, order: await json<Order>(response) };
}

async function createOrder(backend: ShopBackend, body: unknown): Promise<Response> {
  return fetch(`${backend.url}/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function receivedLog(backend: ShopBackend, after = 0): Promise<{ entries: ReceivedEntry[]; next: number }> {
  const response = await fetch(`${backend.url}/received?after=${after}`);
  expect(response.status).toBe(200);
  return json(response);
}

async function lastReceived(backend: ShopBackend): Promise<ReceivedEntry> {
  const { entries } = await receivedLog(backend);
  const last = entries.at(-1);
  if (!last) throw new Error("the received log is empty");
  return last;
}

describe("shop backend: webhooks", () => {
  it("accepts a valid CONFIRMED event for a known order and marks it paid exactly once", async () => {
    const backend = await start();
    expect(
      (await createOrder(backend, { orderId: "NW-1001", priceAmount: "49.90", priceCurrency: "EUR" })).status,
    ).toBe(201);

    const first = await deliver(backend, paymentEvent({ version: 4 }));
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ received: true });
    const { order: paid } = await getOrder(backend, "NW-1001");
    expect(paid).toMatchObject({
      orderId: "NW-1001",
      shop: "demo-signed",
      status: "paid",
      expected: { amount: "49.90", currency: "EUR" },
      paid: { amount: "49.90", currency: "EUR", paymentId: "p_1" },
      lastStatus: "CONFIRMED",
      version: 4,
    });
    expect(Number.isNaN(Date.parse(paid.paid?.at ?? ""))).toBe(false);
    const entry = await lastReceived(backend);
    expect(entry).toMatchObject({
      type: "payment.confirmed",
      shop: "demo-signed",
      orderId: "NW-1001",
      verified: true,
      outcome: "paid",
    });
    expect(entry.message).toBe("order NW-1001 paid (49.90 EUR), signature verified");

    // A newer CONFIRMED event (another delivery, another payment of the same order) does not pay it again.
    expect((await deliver(backend, paymentEvent({ version: 5, type: "payment.updated" }))).status).toBe(200);
    expect((await deliver(backend, paymentEvent({ paymentId: "p_2", version: 1 }))).status).toBe(200);
    const { order: after } = await getOrder(backend, "NW-1001");
    expect(after.paid).toEqual(paid.paid);
    expect(after.version).toBe(1);
    const outcomes = (await receivedLog(backend)).entries.map((e) => e.outcome);
    expect(outcomes).toEqual(["paid", "recorded", "recorded"]);
    expect((await lastReceived(backend)).message).toContain("already paid by payment p_1");
  });

  it("records an order it does not know (open pricing) with the amount actually paid", async () => {
    const backend = await start();
    expect((await getOrder(backend, "DON-7")).status).toBe(404);
    await deliver(
      backend,
      paymentEvent({ orderId: "DON-7", shop: "demo-open", status: "PENDING", type: "payment.pending", version: 2 }),
    );
    expect((await getOrder(backend, "DON-7")).order).toMatchObject({
      status: "pending",
      lastStatus: "PENDING",
      version: 2,
    });

    const response = await deliver(
      backend,
      paymentEvent({ orderId: "DON-7", shop: "demo-open", priceAmount: "25", paidPriceAmount: "25.50", version: 3 }),
    );
    expect(response.status).toBe(200);
    const { order } = await getOrder(backend, "DON-7");
    expect(order).toMatchObject({
      orderId: "DON-7",
      shop: "demo-open",
      status: "paid",
      paid: { amount: "25.50", currency: "EUR", paymentId: "p_1" },
    });
    expect(order.expected).toBeUndefined();
  });

  it("refuses a tampered body with 401 and records nothing in the store", async () => {
    const backend = await start();
    const event = paymentEvent();
    const tampered = JSON.stringify(event).replace('"paidPriceAmount":"49.90"', '"paidPriceAmount":"99.90"');
    const response = await deliver(backend, event, { sentBody: tampered });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: "invalid_signature" });
    expect((await getOrder(backend, "NW-1001")).status).toBe(404);
    expect(backend.store.hasWebhook(event.id)).toBe(false);
    const entry = await lastReceived(backend);
    expect(entry).toMatchObject({ webhookId: event.id, verified: false, outcome: "refused" });
    expect(entry.message).toBe("signature refused: No matching signature found");

    // The same event, untampered, is then accepted: the refused delivery left no trace.
    expect((await deliver(backend, event)).status).toBe(200);
    expect((await getOrder(backend, "NW-1001")).order.status).toBe("paid");
  });

  it("refuses an event signed with another secret", async () => {
    const backend = await start();
    const response = await deliver(backend, paymentEvent(), { secret: OTHER_SECRET });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: "invalid_signature" });
    expect((await getOrder(backend, "NW-1001")).status).toBe(404);
    expect((await lastReceived(backend)).verified).toBe(false);
  });

  it("refuses a replayed webhook whose timestamp is 10 minutes old, though its signature is right", async () => {
    const backend = await start();
    const response = await deliver(backend, paymentEvent(), { at: new Date(Date.now() - 10 * 60_000) });
    expect(response.status).toBe(401);
    expect((await getOrder(backend, "NW-1001")).status).toBe(404);
    expect((await lastReceived(backend)).message).toBe("signature refused: Message timestamp too old");
  });

  it("refuses a delivery without the signature headers", async () => {
    const backend = await start();
    const response = await fetch(`${backend.url}/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(paymentEvent()),
    });
    expect(response.status).toBe(401);
    expect((await getOrder(backend, "NW-1001")).status).toBe(404);
    // What an unverified body claims is shown in the log, marked unverified.
    expect(await lastReceived(backend)).toMatchObject({
      webhookId: null,
      type: "payment.confirmed",
      orderId: "NW-1001",
      verified: false,
      outcome: "refused",
    });
  });

  it("ignores a repeated webhook-id, even with another body", async () => {
    const backend = await start();
    const pending = paymentEvent({ status: "UNCONFIRMED", type: "payment.unconfirmed", version: 2 });
    expect(await json(await deliver(backend, pending))).toEqual({ received: true });
    expect(await json(await deliver(backend, pending))).toEqual({ received: true, duplicate: true });

    // Same webhook-id, validly signed, now claiming CONFIRMED: still the same event, so nothing changes.
    const confirmed = { ...paymentEvent({ version: 3 }), id: pending.id };
    const response = await deliver(backend, confirmed);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ received: true, duplicate: true });
    expect((await getOrder(backend, "NW-1001")).order).toMatchObject({
      status: "pending",
      lastStatus: "UNCONFIRMED",
      version: 2,
    });
    expect((await lastReceived(backend)).outcome).toBe("duplicate");
  });

  it("ignores a stale version: confirmed v4, then pending v3, stays paid", async () => {
    const backend = await start();
    await deliver(backend, paymentEvent({ version: 4 }));
    const stale = await deliver(
      backend,
      paymentEvent({ status: "UNCONFIRMED", type: "payment.unconfirmed", version: 3 }),
    );
    expect(stale.status).toBe(200);
    expect(await json(stale)).toEqual({ received: true });
    const equal = await deliver(backend, paymentEvent({ status: "INVALID", type: "payment.invalid", version: 4 }));
    expect(equal.status).toBe(200);
    expect((await getOrder(backend, "NW-1001")).order).toMatchObject({
      status: "paid",
      lastStatus: "CONFIRMED",
      version: 4,
    });
    const { entries } = await receivedLog(backend);
    expect(entries.map((e) => e.outcome)).toEqual(["paid", "stale", "stale"]);
    expect(entries[1]?.message).toBe(
      "payment.unconfirmed for order NW-1001 ignored: version 3 is not newer than 4, signature verified",
    );
  });

  it("does not mark a known order paid when the payment's price is not the order's", async () => {
    const backend = await start();
    await createOrder(backend, { orderId: "NW-2001", priceAmount: "49.90", priceCurrency: "EUR" });
    await deliver(backend, paymentEvent({ orderId: "NW-2001", priceAmount: "10.00", version: 1 }));
    await deliver(
      backend,
      paymentEvent({ orderId: "NW-2001", priceAmount: "49.90", priceCurrency: "USD", version: 2 }),
    );
    await deliver(backend, paymentEvent({ orderId: "NW-2001", shop: "demo-open", version: 3 }));
    const { order } = await getOrder(backend, "NW-2001");
    expect(order).toMatchObject({ status: "pending", lastStatus: "CONFIRMED", version: 3 });
    expect(order.paid).toBeUndefined();
    const { entries } = await receivedLog(backend);
    expect(entries.map((e) => e.outcome)).toEqual(["recorded", "recorded", "recorded"]);
    expect(entries[0]?.message).toBe(
      "payment.confirmed for order NW-2001 not fulfilled: price 10.00 EUR does not match the order (49.90 EUR), signature verified",
    );

    // The same amount written differently ("49.9" for "49.90") is the same price.
    await deliver(
      backend,
      paymentEvent({ orderId: "NW-2001", priceAmount: "49.9", paidPriceAmount: "49.900", version: 4 }),
    );
    expect((await getOrder(backend, "NW-2001")).order).toMatchObject({
      status: "paid",
      paid: { amount: "49.900", currency: "EUR" },
    });
  });

  it("does not mark an underpaid CONFIRMED payment paid", async () => {
    const backend = await start();
    await createOrder(backend, { orderId: "NW-3001", priceAmount: "49.90", priceCurrency: "EUR" });
    await deliver(backend, paymentEvent({ orderId: "NW-3001", paidPriceAmount: "49.89" }));
    await deliver(
      backend,
      paymentEvent({ orderId: "DON-3002", paymentId: "p_2", paidPriceAmount: "0.5", priceAmount: "1" }),
    );
    expect((await getOrder(backend, "NW-3001")).order).toMatchObject({ status: "pending", lastStatus: "CONFIRMED" });
    expect((await getOrder(backend, "DON-3002")).order).toMatchObject({ status: "pending", lastStatus: "CONFIRMED" });
    const { entries } = await receivedLog(backend);
    expect(entries[0]?.message).toBe(
      "payment.confirmed for order NW-3001 not fulfilled: underpaid: 49.89 of 49.90 EUR paid, signature verified",
    );
  });

  it("never marks paid on a status other than CONFIRMED", async () => {
    const backend = await start();
    for (const [index, status] of ["NEW", "PENDING", "UNDERPAID", "UNCONFIRMED", "EXPIRED", "INVALID"].entries()) {
      await deliver(
        backend,
        paymentEvent({ status, type: "payment.updated", paidPriceAmount: "49.90", version: index + 1 }),
      );
      expect((await getOrder(backend, "NW-1001")).order).toMatchObject({ status: "pending", lastStatus: status });
    }
  });

  it("records payout.updated and event types it does not know without touching orders", async () => {
    const backend = await start();
    const payout = {
      id: "evt_payout_1",
      type: "payout.updated",
      timestamp: new Date().toISOString(),
      shop: "demo-open",
      data: { previousStatus: null, version: 2, payout: { payoutId: "po_1", status: "SENT" } },
    };
    expect(await json(await deliver(backend, payout))).toEqual({ received: true });
    const olderPayout = { ...payout, id: "evt_payout_2", data: { ...payout.data, version: 1 } };
    expect((await deliver(backend, olderPayout)).status).toBe(200);
    const future = {
      id: "evt_future_1",
      type: "payment.refunded",
      timestamp: new Date().toISOString(),
      shop: "demo-open",
      data: { orderId: "NW-1001" },
    };
    expect(await json(await deliver(backend, future))).toEqual({ received: true });
    expect(backend.store.listOrders()).toEqual([]);
    const { entries } = await receivedLog(backend);
    expect(entries.map((e) => [e.type, e.outcome])).toEqual([
      ["payout.updated", "recorded"],
      ["payout.updated", "stale"],
      ["payment.refunded", "recorded"],
    ]);
    expect(entries[0]?.message).toBe("payout.updated for payout po_1: SENT, signature verified");
  });

  it("answers a ping (the dashboard's test event) 200 and records it without touching orders", async () => {
    const backend = await start();
    const ping = {
      id: "evt_ping_1",
      type: "ping",
      timestamp: new Date().toISOString(),
      shop: "demo-open",
      data: { message: "A test event from the dashboard of shop demo-open." },
    };
    const response = await deliver(backend, ping);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ received: true });
    expect(backend.store.listOrders()).toEqual([]);
    const { entries } = await receivedLog(backend);
    expect(entries.map((e) => [e.type, e.outcome, e.message])).toEqual([
      ["ping", "recorded", "ping: the checkout's test event arrived, signature verified"],
    ]);
  });

  it("answers 400 to a signed event whose id is not its webhook-id, and 413 to a body over 256 KiB", async () => {
    const backend = await start();
    const event = paymentEvent();
    const mismatch = await deliver(backend, event, { id: "evt_other" });
    expect(mismatch.status).toBe(400);
    expect(await json(mismatch)).toEqual({ error: "invalid_event" });
    expect((await getOrder(backend, "NW-1001")).status).toBe(404);

    const huge = { ...paymentEvent(), padding: "x".repeat(256 * 1024) };
    const tooLarge = await deliver(backend, huge);
    expect(tooLarge.status).toBe(413);
    expect((await getOrder(backend, "NW-1001")).status).toBe(404);
  });

  it("FAIL_FIRST answers the first N deliveries 503 before verification, then accepts", async () => {
    const backend = await start({ failFirst: 2 });
    const event = paymentEvent();
    // Even a delivery with a wrong signature gets the 503: the outage comes before any check.
    expect((await deliver(backend, event, { secret: OTHER_SECRET })).status).toBe(503);
    expect((await deliver(backend, event)).status).toBe(503);
    expect((await getOrder(backend, "NW-1001")).status).toBe(404);
    // The sender's retry of the same event then succeeds.
    expect((await deliver(backend, event)).status).toBe(200);
    expect((await getOrder(backend, "NW-1001")).order.status).toBe("paid");
    const { entries } = await receivedLog(backend);
    expect(entries.map((e) => [e.outcome, e.verified])).toEqual([
      ["failed-on-purpose", false],
      ["failed-on-purpose", false],
      ["paid", true],
    ]);
  });

  it("POST /control/fail makes the next N deliveries fail, only when CONTROL is on", async () => {
    const backend = await start({ control: true });
    const set = await fetch(`${backend.url}/control/fail`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count: 1 }),
    });
    expect(await json(set)).toEqual({ failNext: 1 });
    const event = paymentEvent();
    const failed = await deliver(backend, event);
    expect(failed.status).toBe(503);
    expect(await json(failed)).toEqual({ error: "unavailable" });
    expect((await deliver(backend, event)).status).toBe(200);
    const bad = await fetch(`${backend.url}/control/fail`, { method: "POST", body: JSON.stringify({ count: -1 }) });
    expect(bad.status).toBe(400);

    const withoutControl = await start();
    const hidden = await fetch(`${withoutControl.url}/control/fail`, {
      method: "POST",
      body: JSON.stringify({ count: 1 }),
    });
    expect(hidden.status).toBe(404);
    expect((await deliver(withoutControl, paymentEvent())).status).toBe(200);
  });
});

describe("shop backend: orders and tokens", () => {
  it("POST /orders signs an order token that jose verifies, with the order's claims", async () => {
    const backend = await start({ shop: "demo-signed" });
    const response = await createOrder(backend, { orderId: "NW-4001", priceAmount: "19.90", priceCurrency: "EUR" });
    expect(response.status).toBe(201);
    const body = await json<{ orderId: string; orderToken: string }>(response);
    expect(body.orderId).toBe("NW-4001");
    const { payload, protectedHeader } = await jwtVerify(body.orderToken, new TextEncoder().encode(SIGNING_KEY), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "iat", "orderId", "priceAmount", "priceCurrency", "shop"],
    });
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload).toMatchObject({
      orderId: "NW-4001",
      priceAmount: "19.90",
      priceCurrency: "EUR",
      shop: "demo-signed",
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(30 * 60);
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);
    await expect(jwtVerify(body.orderToken, new TextEncoder().encode("another key"))).rejects.toThrow();

    expect((await getOrder(backend, "NW-4001")).order).toMatchObject({
      status: "pending",
      expected: { amount: "19.90", currency: "EUR" },
    });
    const list = await json<{ orders: Order[] }>(await fetch(`${backend.url}/orders`));
    expect(list.orders.map((o) => o.orderId)).toEqual(["NW-4001"]);

    // The same order again: a fresh token. Other terms for the same id: a conflict.
    expect((await createOrder(backend, { orderId: "NW-4001", priceAmount: "19.9", priceCurrency: "EUR" })).status).toBe(
      200,
    );
    const conflict = await createOrder(backend, { orderId: "NW-4001", priceAmount: "1.00", priceCurrency: "EUR" });
    expect(conflict.status).toBe(409);
    const other = await createOrder(backend, {
      orderId: "NW-4002",
      priceAmount: "5",
      priceCurrency: "USD",
      shop: "demo-open",
    });
    const { payload: otherClaims } = await jwtVerify(
      (await json<{ orderToken: string }>(other)).orderToken,
      new TextEncoder().encode(SIGNING_KEY),
    );
    expect(otherClaims.shop).toBe("demo-open");
  });

  it("POST /orders refuses bad input with 400", async () => {
    const backend = await start();
    const good = { orderId: "NW-5001", priceAmount: "49.90", priceCurrency: "EUR" };
    const bad: unknown[] = [
      { ...good, priceAmount: "049.90" },
      { ...good, priceAmount: "49." },
      { ...good, priceAmount: "1e3" },
      { ...good, priceAmount: "-1" },
      { ...good, priceAmount: 49.9 },
      { ...good, priceAmount: "1234567890123456" },
      { ...good, priceCurrency: "eur" },
      { ...good, priceCurrency: "E" },
      { ...good, orderId: "-starts-with-dash" },
      { ...good, orderId: "x".repeat(65) },
      { ...good, orderId: "has space" },
      { ...good, shop: "Not A Shop" },
      { priceAmount: "49.90", priceCurrency: "EUR" },
      [good],
      null,
    ];
    for (const body of bad) {
      const response = await createOrder(backend, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await json(response)).error).toBe("invalid_order");
    }
    const notJson = await fetch(`${backend.url}/orders`, { method: "POST", body: "{" });
    expect(notJson.status).toBe(400);
    expect(backend.store.listOrders()).toEqual([]);
    expect((await createOrder(backend, good)).status).toBe(201);
  });

  it("POST /orders answers 503 without an order-signing key", async () => {
    const backend = await start({ orderSigningKey: undefined });
    const response = await createOrder(backend, { orderId: "NW-6001", priceAmount: "1.00", priceCurrency: "EUR" });
    expect(response.status).toBe(503);
    expect(await json(response)).toEqual({ error: "order_signing_not_configured" });
  });

  it("keeps the store in STORE_FILE across a restart, written atomically", async () => {
    const dir = await tempDir();
    const storeFile = join(dir, "orders.json");
    const first = await start({ storeFile });
    await createOrder(first, { orderId: "NW-7001", priceAmount: "49.90", priceCurrency: "EUR" });
    const confirmed = paymentEvent({ orderId: "NW-7001", version: 4 });
    await deliver(first, confirmed);
    const paidBefore = (await getOrder(first, "NW-7001")).order;
    await first.close();
    running.splice(running.indexOf(first), 1);

    expect(await readdir(dir)).toEqual(["orders.json"]);
    const onDisk = JSON.parse(await readFile(storeFile, "utf8")) as { orders: Order[] };
    expect(onDisk.orders).toEqual([paidBefore]);

    const second = await start({ storeFile });
    expect((await getOrder(second, "NW-7001")).order).toEqual(paidBefore);
    // The dedupe ids and the versions survive too.
    expect(await json(await deliver(second, confirmed))).toEqual({ received: true, duplicate: true });
    await deliver(
      second,
      paymentEvent({ orderId: "NW-7001", status: "UNCONFIRMED", type: "payment.unconfirmed", version: 3 }),
    );
    expect((await lastReceived(second)).outcome).toBe("stale");
    expect((await getOrder(second, "NW-7001")).order).toEqual(paidBefore);
  });

  it("creates the folder of a STORE_FILE that does not exist yet", async () => {
    const storeFile = join(await tempDir(), "state", "shop-backend", "orders.json");
    const backend = await start({ storeFile });
    await createOrder(backend, { orderId: "NW-7002", priceAmount: "5.00", priceCurrency: "EUR" });
    expect(
      (
        await deliver(
          backend,
          paymentEvent({ orderId: "NW-7002", priceAmount: "5.00", paidPriceAmount: "5.00", version: 2 }),
        )
      ).status,
    ).toBe(200);
    expect((JSON.parse(await readFile(storeFile, "utf8")) as { orders: Order[] }).orders.map((o) => o.status)).toEqual([
      "paid",
    ]);
  });

  it("refuses to start on a STORE_FILE that is not a store, rather than overwrite it", async () => {
    const dir = await tempDir();
    const storeFile = join(dir, "orders.json");
    await writeFile(storeFile, "not json");
    await expect(startShopBackend({ port: 0, webhookSecret: SECRET, storeFile })).rejects.toThrow(/not valid JSON/);
    expect(await readFile(storeFile, "utf8")).toBe("not json");
  });
});

describe("shop backend: other routes", () => {
  it("answers /health, 404 JSON elsewhere, and GET /received after a sequence number", async () => {
    const backend = await start();
    expect(await json(await fetch(`${backend.url}/health`))).toEqual({ ok: true });
    for (const [method, path] of [
      ["GET", "/nope"],
      ["GET", "/webhooks"],
      ["DELETE", "/orders/NW-1"],
      ["GET", "/orders/unknown"],
    ] as const) {
      const response = await fetch(`${backend.url}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(typeof (await json(response)).error).toBe("string");
    }

    const empty = await receivedLog(backend);
    expect(empty).toEqual({ entries: [], next: 0 });
    await deliver(backend, paymentEvent({ status: "UNCONFIRMED", type: "payment.unconfirmed", version: 1 }));
    await deliver(backend, paymentEvent({ version: 2 }));
    const all = await receivedLog(backend);
    expect(all.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(all.next).toBe(2);
    expect(all.entries[0]?.message).toBe("payment.unconfirmed for order NW-1001, signature verified");
    expect(Number.isNaN(Date.parse(all.entries[0]?.at ?? ""))).toBe(false);
    const later = await receivedLog(backend, 1);
    expect(later.entries.map((e) => e.seq)).toEqual([2]);
    expect(await receivedLog(backend, 2)).toEqual({ entries: [], next: 2 });
    expect((await fetch(`${backend.url}/received?after=abc`)).status).toBe(400);
  });

  it("keeps the last 200 entries of the received log", () => {
    const log = new ReceivedLog();
    for (let i = 0; i < MAX_RECEIVED + 5; i += 1) {
      log.add({
        webhookId: `evt_${i}`,
        type: "payment.updated",
        shop: "demo-open",
        verified: true,
        outcome: "recorded",
        message: "m",
      });
    }
    const { entries, next } = log.since(0);
    expect(entries).toHaveLength(MAX_RECEIVED);
    expect(entries[0]?.seq).toBe(6);
    expect(entries.at(-1)?.seq).toBe(MAX_RECEIVED + 5);
    expect(next).toBe(MAX_RECEIVED + 5);
  });

  it("allows CORS for the configured origin only, and never on /webhooks", async () => {
    const backend = await start({ corsOrigin: "http://127.0.0.1:8787" });
    const allowed = await fetch(`${backend.url}/received`, { headers: { origin: "http://127.0.0.1:8787" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:8787");
    const preflight = await fetch(`${backend.url}/orders`, {
      method: "OPTIONS",
      headers: { origin: "http://127.0.0.1:8787", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    const other = await fetch(`${backend.url}/received`, { headers: { origin: "http://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const hook = await fetch(`${backend.url}/webhooks`, {
      method: "POST",
      headers: { origin: "http://127.0.0.1:8787" },
      body: "{}",
    });
    expect(hook.status).toBe(401);
    expect(hook.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("never echoes a secret in an answer or in the received log", async () => {
    const backend = await start({ control: true });
    const texts: string[] = [];
    const collect = async (response: Response) => texts.push(await response.text());
    await collect(await deliver(backend, paymentEvent(), { secret: OTHER_SECRET }));
    await collect(await deliver(backend, paymentEvent(), { at: new Date(Date.now() - 3_600_000) }));
    await collect(await deliver(backend, paymentEvent()));
    await collect(await createOrder(backend, { orderId: "NW-8001", priceAmount: "oops", priceCurrency: "EUR" }));
    await collect(await fetch(`${backend.url}/received`));
    await collect(await fetch(`${backend.url}/orders`));
    const all = texts.join("\n");
    for (const secret of [SECRET, SECRET.slice("whsec_".length), OTHER_SECRET.slice("whsec_".length), SIGNING_KEY]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe("shop backend: as a process", () => {
  function run(env: Record<string, string>): {
    exit: Promise<number | null>;
    stdout: Promise<string>;
    stderr: () => string;
    kill: () => void;
  } {
    const child = spawn(process.execPath, [SERVER_SCRIPT], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const stdout = new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("\n")) resolve(text);
      });
      child.on("exit", () => reject(new Error(`exited before printing a line: ${stderr}`)));
    });
    stdout.catch(() => {});
    return { exit, stdout, stderr: () => stderr, kill: () => child.kill("SIGTERM") };
  }

  it("exits 1 with a clear message without WEBHOOK_SECRET", async () => {
    const child = run({});
    expect(await child.exit).toBe(1);
    expect(child.stderr()).toContain("WEBHOOK_SECRET is not set");
  });

  it("prints where it listens, serves, and exits cleanly on SIGTERM", async () => {
    const child = run({ WEBHOOK_SECRET: SECRET, PORT: "0" });
    const line = await child.stdout;
    const match = /^shop backend listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(line);
    expect(match).not.toBeNull();
    const health = await fetch(`${match?.[1]}/health`);
    expect(await health.json()).toEqual({ ok: true });
    child.kill();
    expect(await child.exit).toBe(0);
    expect(child.stderr()).not.toContain(SECRET);
  });
});

describe("the webhook rules (pure)", () => {
  it("decide without changing the stored order they are given", () => {
    const stored: Order = Object.freeze({
      orderId: "NW-9001",
      shop: "demo-signed",
      status: "pending",
      expected: Object.freeze({ amount: "49.90", currency: "EUR" }),
      lastStatus: "UNCONFIRMED",
      version: 3,
    });
    const parsed = parseEvent(
      JSON.stringify(paymentEvent({ id: "evt_pure", orderId: "NW-9001", version: 4 })),
      "evt_pure",
    );
    if (!parsed.ok) throw new Error(parsed.reason);
    const decision = decideEvent(
      { seen: false, lastVersion: 3, order: stored },
      parsed.event,
      "2026-11-22T17:00:00.000Z",
    );
    expect(decision).toMatchObject({
      outcome: "paid",
      version: { key: "payment:p_1", version: 4 },
      order: {
        status: "paid",
        paid: { amount: "49.90", currency: "EUR", paymentId: "p_1", at: "2026-11-22T17:00:00.000Z" },
        version: 4,
      },
    });
    expect(stored).toMatchObject({ status: "pending", version: 3 });
    expect(stored).not.toHaveProperty("paid");
    expect(
      decideEvent({ seen: true, lastVersion: 3, order: stored }, parsed.event, "2026-11-22T17:00:00.000Z"),
    ).toMatchObject({ outcome: "duplicate", order: null, version: null });
  });
});

describe("decimal comparison", () => {
  const digits = (min: number, max: number) =>
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
  const decimal = fc
    .tuple(digits(1, 20), fc.option(digits(1, 20), { nil: undefined }))
    .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));

  /** The value of a decimal string scaled by 10^scale, as a BigInt. */
  function scaled(value: string, scale: number): bigint {
    const [whole = "", fraction = ""] = value.split(".");
    return BigInt(whole + fraction.padEnd(scale, "0"));
  }

  /** The same value spelled with extra leading and trailing zeros. */
  const respelled = fc
    .tuple(decimal, fc.nat(3), fc.nat(3))
    .map(
      ([value, lead, trail]) =>
        [value, `${"0".repeat(lead)}${value}${value.includes(".") ? "" : "."}${"0".repeat(trail + 1)}`] as const,
    );
  const pairs = fc.oneof(fc.tuple(decimal, decimal), respelled);

  it("agrees with comparing BigInt-scaled values, for arbitrary decimal strings", () => {
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        const scale = Math.max(a.split(".")[1]?.length ?? 0, b.split(".")[1]?.length ?? 0);
        const x = scaled(a, scale);
        const y = scaled(b, scale);
        const expected = x < y ? -1 : x > y ? 1 : 0;
        expect(compareDecimals(a, b)).toBe(expected);
        expect(compareDecimals(b, a)).toBe(expected === 0 ? 0 : -expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("treats the same amount written differently as equal, and refuses what is not a decimal string", () => {
    expect(compareDecimals("49.9", "49.90")).toBe(0);
    expect(compareDecimals("010", "10.000")).toBe(0);
    expect(compareDecimals("0", "0.000")).toBe(0);
    expect(compareDecimals("0.1", "0.09")).toBe(1);
    expect(compareDecimals("9.99", "10")).toBe(-1);
    expect(normalizeDecimal("0049.9000")).toEqual({ whole: "49", fraction: "9" });
    for (const bad of ["", ".5", "5.", "1e3", "-1", " 1", "1,5", "NaN"]) {
      expect(() => compareDecimals(bad, "1"), bad).toThrow(TypeError);
    }
  });
});

describe("refund events (pure)", () => {
  const refundEvent = (version: number, type = "refund.sent", state = "sent") =>
    JSON.stringify({
      id: `evt_refund_${version}`,
      type,
      timestamp: "2026-11-27T10:00:00.000Z",
      shop: "demo-open",
      data: { previousState: "approved", version, refund: { id: "rf_1", paymentId: "p_1", state } },
    });

  it("records a refund event with the refund's state, and drops an older one", () => {
    const parsed = parseEvent(refundEvent(7), "evt_refund_7");
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.event).toMatchObject({ kind: "refund", refundId: "rf_1", paymentId: "p_1", state: "sent" });
    expect(decideEvent({ seen: false, lastVersion: 5, order: undefined }, parsed.event, "now")).toMatchObject({
      outcome: "recorded",
      message: "refund.sent for refund rf_1 of payment p_1: sent",
      version: { key: "refund:rf_1", version: 7 },
    });
    const older = parseEvent(refundEvent(4, "refund.updated", "approved"), "evt_refund_4");
    if (!older.ok) throw new Error(older.reason);
    expect(decideEvent({ seen: false, lastVersion: 7, order: undefined }, older.event, "now").outcome).toBe("stale");
  });

  it("refuses a refund event without its refund", () => {
    const body = JSON.stringify({ id: "evt_x", type: "refund.created", shop: "s", data: { version: 1 } });
    expect(parseEvent(body, "evt_x")).toEqual({ ok: false, reason: "data.refund.id is missing" });
  });
});
