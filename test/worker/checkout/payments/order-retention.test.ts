/**
 * Order records expire (order-retention.ts, OrderObject's alarm): the rules as pure functions, and
 * the alarm run at once with runDurableObjectAlarm after the stored last activity is moved into
 * the past (no waiting).
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { ORDER_META_KEY, orderObject, type OrderMeta } from "../../../../worker/checkout/payments/order-object.js";
import {
  DEFAULT_ORDER_RETENTION_DAYS,
  orderRetentionMs,
  retentionDecision,
} from "../../../../worker/checkout/payments/order-retention.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { call, errorOf, postJson } from "../support/http.js";
import { freshOrderId, orderToken, settle } from "../support/orders.js";
import { TEST_SECRETS } from "../support/test-env.js";
import { useUpstream } from "../support/stubs.js";

const workerEnv = env as unknown as Env;
const DAY = 24 * 60 * 60 * 1000;
const RETENTION = DEFAULT_ORDER_RETENTION_DAYS * DAY;

const stubs = useUpstream();

const PATH = "/api/shops/demo-open/payments";
const order = (orderId = freshOrderId()) => ({
  orderId,
  priceAmount: "25.00",
  priceCurrency: "EUR",
  transferCurrency: "BTC",
});

interface Stored {
  alarm: number | null;
  meta: OrderMeta | undefined;
  keys: number;
  tables: string[];
}

function stored(orderId: string, shop = "demo-open"): Promise<Stored> {
  return runInDurableObject(orderObject(workerEnv, shop, orderId).stub, async (_instance, state) => ({
    alarm: await state.storage.getAlarm(),
    meta: await state.storage.get<OrderMeta>(ORDER_META_KEY),
    keys: (await state.storage.list()).size,
    tables: state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .toArray()
      .map((row) => row.name)
      .filter((name) => !name.startsWith("_cf_") && !name.startsWith("sqlite_")),
  }));
}

/** Moves the order's last activity `days` days into the past (the alarm stays where it is). */
function age(orderId: string, days: number, shop = "demo-open"): Promise<void> {
  return runInDurableObject(orderObject(workerEnv, shop, orderId).stub, async (_instance, state) => {
    const meta = await state.storage.get<OrderMeta>(ORDER_META_KEY);
    if (!meta) throw new Error("no order meta");
    await state.storage.put(ORDER_META_KEY, { ...meta, lastActivity: meta.lastActivity - days * DAY });
  });
}

function backendOrder(orderId: string): Promise<Response> {
  return call(`/api/shops/demo-open/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN}` },
  });
}

describe("retention rules", () => {
  it("reads ORDER_RETENTION_DAYS as a positive number of days, 90 otherwise", () => {
    expect(orderRetentionMs(undefined)).toBe(90 * DAY);
    expect(orderRetentionMs("30")).toBe(30 * DAY);
    expect(orderRetentionMs(" 0.5 ")).toBe(DAY / 2);
    for (const bad of ["", "0", "-1", "abc", "1e3", "Infinity", "NaN"])
      expect(orderRetentionMs(bad), bad).toBe(90 * DAY);
  });

  it("expires an order once the period since its last activity has passed, else looks again at its end", () => {
    const last = Date.UTC(2026, 0, 1);
    expect(retentionDecision(last, last, RETENTION)).toEqual({ expired: false, at: last + RETENTION });
    expect(retentionDecision(last, last + RETENTION - 1, RETENTION)).toEqual({ expired: false, at: last + RETENTION });
    expect(retentionDecision(last, last + RETENTION, RETENTION)).toEqual({ expired: true });
    expect(retentionDecision(last, last + 10 * RETENTION, RETENTION)).toEqual({ expired: true });
  });
});

describe("OrderObject retention", () => {
  it("sets the expiry alarm when a payment is recorded, at the last activity + the retention period", async () => {
    const before = Date.now();
    const body = order();
    expect((await postJson(PATH, body)).status).toBe(201);
    const after = Date.now();
    const { alarm, meta } = await stored(body.orderId);
    expect(meta).toMatchObject({ shopId: "demo-open", orderId: body.orderId });
    expect(meta?.lastActivity).toBeGreaterThanOrEqual(before);
    expect(meta?.lastActivity).toBeLessThanOrEqual(after);
    expect(alarm).toBe((meta?.lastActivity ?? 0) + RETENTION);
  });

  it("deletes the order's storage when the alarm finds the period passed; a later create starts fresh", async () => {
    const body = order();
    const first = (await (await postJson(PATH, body)).json()) as PaymentView;
    await settle(stubs.upstream, "demo-open", first.paymentId, "CONFIRMED");
    // While the order is kept, a create returns the CONFIRMED payment and another price is refused.
    expect((await postJson(PATH, { ...body, priceAmount: "30.00" })).status).toBe(409);
    expect((await backendOrder(body.orderId)).status).toBe(200);

    await age(body.orderId, DEFAULT_ORDER_RETENTION_DAYS + 1);
    expect(await runDurableObjectAlarm(orderObject(workerEnv, "demo-open", body.orderId).stub)).toBe(true);

    expect(await stored(body.orderId)).toEqual({ alarm: null, meta: undefined, keys: 0, tables: [] });
    expect(await orderObject(workerEnv, "demo-open", body.orderId).paymentIds()).toEqual([]);
    expect((await errorOf(await backendOrder(body.orderId))).code).toBe("order_not_found");

    const again = await postJson(PATH, { ...body, priceAmount: "30.00" });
    expect(again.status).toBe(201);
    const second = (await again.json()) as PaymentView;
    expect(second.paymentId).not.toBe(first.paymentId);
    expect(second.priceAmount).toBe("30.00");
    expect(await orderObject(workerEnv, "demo-open", body.orderId).paymentIds()).toEqual([second.paymentId]);
    expect((await stored(body.orderId)).alarm).not.toBeNull();
  });

  it("keeps an order whose period has not passed, live payment or final, and sets the alarm to the period's end", async () => {
    const body = order();
    const first = (await (await postJson(PATH, body)).json()) as PaymentView;
    await settle(stubs.upstream, "demo-open", first.paymentId, "CONFIRMED");
    await age(body.orderId, DEFAULT_ORDER_RETENTION_DAYS - 1);
    const aged = await stored(body.orderId);
    expect(await runDurableObjectAlarm(orderObject(workerEnv, "demo-open", body.orderId).stub)).toBe(true);
    const after = await stored(body.orderId);
    expect(after.tables).toEqual(["storage_version", "payments"]);
    expect(after.meta).toEqual(aged.meta);
    expect(after.alarm).toBe((aged.meta?.lastActivity ?? 0) + RETENTION);
    // Still the order's: a create is refused rather than making a second payment.
    expect((await postJson(PATH, body)).status).toBe(409);
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(1);
  });

  it("counts a repeated signed create that gets the live payment back as activity: the alarm moves with it", async () => {
    const orderId = freshOrderId();
    const token = await orderToken({ orderId, priceAmount: "42.50", priceCurrency: "EUR", shop: "demo-signed" });
    const body = { orderId, transferCurrency: "BTC", orderToken: token };
    const signedPath = "/api/shops/demo-signed/payments";
    expect((await postJson(signedPath, body)).status).toBe(201);
    await age(orderId, 30, "demo-signed");
    const aged = await stored(orderId, "demo-signed");
    expect((await postJson(signedPath, body)).status).toBe(200);
    const touched = await stored(orderId, "demo-signed");
    expect(touched.meta?.lastActivity).toBeGreaterThan((aged.meta?.lastActivity ?? 0) + 29 * DAY);
    expect(touched.alarm).toBe((touched.meta?.lastActivity ?? 0) + RETENTION);
  });

  it("stores nothing for an order whose create failed or that was only looked up", async () => {
    stubs.upstream.fail("POST", "/v3/payments", "http400");
    const body = order();
    expect((await postJson(PATH, body)).status).toBe(502);
    const lookedUp = freshOrderId("lookup");
    expect((await backendOrder(lookedUp)).status).toBe(404);
    const empty = { alarm: null, meta: undefined, keys: 0, tables: [] };
    expect(await stored(body.orderId)).toEqual(empty);
    expect(await stored(lookedUp)).toEqual(empty);
  });
});
