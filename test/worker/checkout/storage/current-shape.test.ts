/**
 * The shape the current code stores is the newest fixture's (test/worker/checkout/storage/fixtures/):
 * a change of what an object stores fails here until it has a version, a step and a fixture of its
 * own (docs/architecture.md, "Stored shapes and their versions"). On a change, the test prints the
 * shape now written: saved as the next fixture, it is what stored-shapes.test.ts reads in later
 * releases. A file of its own, so that its objects start empty.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DESK_SESSION_STORAGE } from "../../../../worker/checkout/desk/desk-session-object.js";
import { SHOP_EVENTS_STORAGE } from "../../../../worker/checkout/events/event-log.js";
import { ORDER_STORAGE } from "../../../../worker/checkout/payments/order-object.js";
import { PAYMENT_STORAGE } from "../../../../worker/checkout/payments/payment-store.js";
import { VERSION_TABLE } from "../../../../worker/checkout/storage-version.js";
import type { StorageDump } from "../support/storage-dump.js";
import { captureShapes, type StoredShapes } from "../support/stored-shapes.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";
import current from "./fixtures/v2-current.json";

const newest = current as unknown as StoredShapes;

describe("the shape the current code writes", () => {
  let upstream: UpstreamStub;
  let receiver: WebhookReceiver;
  beforeEach(() => {
    upstream = installUpstreamStub();
    receiver = installWebhookReceiver();
  });
  afterEach(() => {
    receiver.restore();
    upstream.restore();
  });

  /** What a release's code decides of its storage: the statements, the tables and the keys (not the values). */
  const shapeOf = (dump: StorageDump) => ({
    schema: [...dump.schema].sort(),
    tables: Object.keys(dump.rows).sort(),
    kv: Object.keys(dump.kv).sort(),
  });

  it("is the newest fixture's, with every object at its version", { timeout: 30_000 }, async () => {
    const now = await captureShapes(upstream, receiver);
    const objects = ["payment", "order", "shopEvents", "deskSession"] as const;
    const differs = objects.some((o) => JSON.stringify(shapeOf(now[o])) !== JSON.stringify(shapeOf(newest[o])));
    // On a change, this is the next fixture (with a version and a step for it in the object's schema).
    if (differs) console.error(`the shape the current code writes:\n${JSON.stringify(now, null, 2)}`);
    for (const o of objects) expect(shapeOf(now[o]), o).toEqual(shapeOf(newest[o]));
    expect(now.payment.rows[VERSION_TABLE]).toEqual([{ id: 1, version: PAYMENT_STORAGE.version }]);
    expect(now.order.rows[VERSION_TABLE]).toEqual([{ id: 1, version: ORDER_STORAGE.version }]);
    expect(now.shopEvents.rows[VERSION_TABLE]).toEqual([{ id: 1, version: SHOP_EVENTS_STORAGE.version }]);
    expect(now.deskSession.rows[VERSION_TABLE]).toEqual([{ id: 1, version: DESK_SESSION_STORAGE.version }]);
  });
});
