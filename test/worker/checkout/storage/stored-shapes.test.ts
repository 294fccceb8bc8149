/**
 * Durable Object storage across releases (storage-version.ts). The fixtures are what a release's
 * code stored (support/stored-shapes.ts ran against it: a checkout with its webhooks delivered,
 * a dashboard session): each is loaded into fresh objects and read, then written, by the current
 * code, which brings it to its version (current-shape.test.ts checks the shape it writes now).
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DESK_SESSION_STORAGE } from "../../../../worker/checkout/desk/desk-session-object.js";
import { REFUNDS_STORAGE } from "../../../../worker/checkout/refunds/refund-store.js";
import { LINKS_STORAGE } from "../../../../worker/checkout/links/links-object.js";
import type { StoredSession } from "../../../../worker/checkout/desk/session-rules.js";
import { paymentEvent } from "../../../../worker/checkout/events/build.js";
import { SHOP_EVENTS_STORAGE } from "../../../../worker/checkout/events/event-log.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import { toView } from "../../../../worker/checkout/payments/view.js";
import { ORDER_STORAGE, orderObject } from "../../../../worker/checkout/payments/order-object.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import { PAYMENT_STORAGE } from "../../../../worker/checkout/payments/payment-store.js";
import {
  addColumns,
  upgradeStatements,
  VERSION_TABLE,
  type StorageSchema,
} from "../../../../worker/checkout/storage-version.js";
import { postJson } from "../support/http.js";
import { freshShopId, testEnv } from "../support/merchant.js";
import { newPayment, withStatus } from "../support/payments.js";
import { columnsOf, loadStorage } from "../support/storage-dump.js";
import { deskSessionStub, orderStub, paymentStub, SHAPES_SHOP, type StoredShapes } from "../support/stored-shapes.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import beforeVersions from "./fixtures/v1-before-versions.json";

const v1 = beforeVersions as unknown as StoredShapes;

const SCHEMAS: StorageSchema[] = [
  PAYMENT_STORAGE,
  ORDER_STORAGE,
  SHOP_EVENTS_STORAGE,
  DESK_SESSION_STORAGE,
  REFUNDS_STORAGE,
  LINKS_STORAGE,
];

/** The version row of the object behind `stub`, or null. */
const versionOf = (stub: DurableObjectStub) =>
  runInDurableObject(
    stub,
    (_instance, state) =>
      state.storage.sql.exec<{ version: number }>(`SELECT version FROM ${VERSION_TABLE}`).toArray()[0]?.version ?? null,
  ).catch(() => null);

describe("upgrade steps (pure)", () => {
  it("every schema has one step per older version and refuses a version it does not know", () => {
    for (const schema of SCHEMAS) {
      expect(upgradeStatements(schema, schema.version, new Map())).toEqual([]);
      expect(() => upgradeStatements(schema, schema.version + 1, new Map())).toThrow(/not one this code reads/);
      expect(() => upgradeStatements(schema, 0, new Map())).toThrow(/not one this code reads/);
    }
  });

  it("adds only the columns a table that exists lacks", () => {
    const step = addColumns([
      ["payment", "refetch_not_before", "INTEGER"],
      ["absent", "x", "TEXT"],
    ]);
    expect(step(new Map([["payment", ["id", "version"]]]))).toEqual([
      "ALTER TABLE payment ADD COLUMN refetch_not_before INTEGER",
    ]);
    expect(step(new Map([["payment", ["id", "refetch_not_before"]]]))).toEqual([]);
    expect(step(new Map())).toEqual([]);
  });

  it("takes the event log of version 1 to 2: the events' request id", () => {
    const shape = new Map([
      ["events", ["seq", "id", "type", "order_id", "body", "recorded_at"]],
      ["deliveries", ["event_id", "url", "state", "lease_until", "round_attempts"]],
    ]);
    expect(upgradeStatements(SHOP_EVENTS_STORAGE, 1, shape)).toEqual(["ALTER TABLE events ADD COLUMN request_id TEXT"]);
  });
});

describe("the storage of the release before versions (fixture v1), read by the current code", () => {
  // The order's create asks the payment service for its currencies; nothing here waits for a webhook.
  let upstream: UpstreamStub;
  beforeEach(() => {
    upstream = installUpstreamStub();
  });
  afterEach(() => upstream.restore());

  it("a PaymentObject: its view, its client secret, then a new version written", async () => {
    await loadStorage(paymentStub(v1.paymentId), v1.payment);
    const payment = paymentObject(testEnv, SHAPES_SHOP, v1.paymentId);
    const view = await payment.view();
    expect(view).toMatchObject({ paymentId: v1.paymentId, status: "PENDING", version: 2 });
    expect(await versionOf(paymentStub(v1.paymentId))).toBe(PAYMENT_STORAGE.version);
    const secret = v1.payment.rows.payment_secret?.[0]?.secret;
    expect((await payment.read(String(secret))).paymentId).toBe(v1.paymentId);
    // Written by the current code on the upgraded storage.
    const snapshot = JSON.parse(String(v1.payment.rows.snapshots?.[1]?.payment)) as Parameters<typeof withStatus>[0];
    expect(await payment.applyNotification(new Date().toISOString(), withStatus(snapshot, "CONFIRMED"))).toBe("apply");
    expect(await payment.view()).toMatchObject({ status: "CONFIRMED", version: 3 });
  });

  it("a storage of a later version (a rollback moved the object back) is read as it is", async () => {
    const later = PAYMENT_STORAGE.version + 1;
    await loadStorage(paymentStub(v1.paymentId), {
      ...v1.payment,
      schema: [
        ...v1.payment.schema,
        `CREATE TABLE ${VERSION_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
      ],
      rows: { ...v1.payment.rows, [VERSION_TABLE]: [{ id: 1, version: later }] },
    });
    expect(await paymentObject(testEnv, SHAPES_SHOP, v1.paymentId).view()).toMatchObject({ status: "PENDING" });
    expect(await versionOf(paymentStub(v1.paymentId))).toBe(later);
  });

  it("an OrderObject: its payments, and the live one refused to an open create", async () => {
    await loadStorage(paymentStub(v1.paymentId), v1.payment);
    await loadStorage(orderStub(v1.orderId), v1.order);
    expect(await orderObject(testEnv, SHAPES_SHOP, v1.orderId).paymentIds()).toEqual([v1.paymentId]);
    const response = await postJson(`/api/shops/${SHAPES_SHOP}/payments`, {
      orderId: v1.orderId,
      transferCurrency: "BTC",
      priceAmount: "25.00",
      priceCurrency: "EUR",
    });
    expect(response.status).toBe(409);
    expect(upstream.count("POST", "/v3/payments")).toBe(0);
  });

  it("a ShopEventsObject: its events and deliveries read, then an event recorded with its request id", async () => {
    // A shop of its own: no other test's webhooks reach this event log meanwhile.
    const shopId = freshShopId("v1");
    const stub = () => testEnv.SHOP_EVENTS.get(testEnv.SHOP_EVENTS.idFromName(shopId));
    await loadStorage(stub(), v1.shopEvents);
    const log = shopEvents(testEnv, shopId);
    const stored = (v1.shopEvents.rows.events ?? []).map((row) => String(row.id));
    expect((await log.list(0, 50)).events.map((e) => e.event.id)).toEqual(stored);
    expect((await log.detail(stored[0] ?? ""))?.delivery).toBe("delivered");
    expect(await columnsOf(stub(), "events")).toContain("request_id");
    expect(await versionOf(stub())).toBe(SHOP_EVENTS_STORAGE.version);

    const view = toView(newPayment(), 1, new Date());
    const event = paymentEvent({ shop: shopId, orderId: "after-upgrade", previous: undefined, view });
    const url = "https://shop.example/hooks";
    expect(await log.record(event, [url], "req-after-upgrade")).toEqual([{ url, roundAttempts: 0 }]);
    const requestIds = await runInDurableObject(stub(), (_instance, state) =>
      state.storage.sql.exec<{ request_id: string | null }>("SELECT request_id FROM events ORDER BY seq").toArray(),
    );
    expect(requestIds.map((r) => r.request_id)).toEqual([...stored.map(() => null), "req-after-upgrade"]);
  });

  it("a DeskSessionObject: its session still opens the dashboard within its lifetime", async () => {
    await loadStorage(await deskSessionStub(v1.sessionCookie), v1.deskSession);
    const record = v1.deskSession.kv.record as StoredSession;
    const outcome = await (await deskSessionStub(v1.sessionCookie)).touch(record.createdAt + 1000);
    expect(outcome).toMatchObject({ ok: true, session: { kind: "session", identity: record.identity } });
  });
});
