/**
 * What a release stores, captured: one checkout run through the real Worker (an open create, a
 * PENDING notification, its webhooks delivered) and one dashboard session, then the storage of
 * each Durable Object it touched (support/storage-dump.ts). Run against a release's code, it
 * makes that release's fixtures (test/worker/checkout/storage/fixtures/); run against this
 * tree's, it shows the shape the current code writes.
 */
import { vi } from "vitest";
import { tokenHash } from "../../../../worker/checkout/desk/desk-secrets.js";
import { sessionIdOf, signedIn } from "./desk-sign-in.js";
import { createOpen, notify, testEnv } from "./merchant.js";
import { freshOrderId } from "./orders.js";
import { withStatus } from "./payments.js";
import { dumpStorage, type StorageDump } from "./storage-dump.js";
import type { UpstreamStub } from "./upstream-stub.js";
import type { WebhookReceiver } from "./webhook-receiver.js";

export const SHAPES_SHOP = "demo-open";

/** The fixture of one release: the ids its objects are named by, and each object's storage. */
export interface StoredShapes {
  orderId: string;
  paymentId: string;
  /** The dashboard session's cookie (signed with the tests' DASHBOARD_SESSION_KEY). */
  sessionCookie: string;
  payment: StorageDump;
  order: StorageDump;
  shopEvents: StorageDump;
  deskSession: StorageDump;
}

export const paymentStub = (paymentId: string) =>
  testEnv.PAYMENTS.get(testEnv.PAYMENTS.idFromName(`${SHAPES_SHOP}:${paymentId}`));
export const orderStub = (orderId: string) =>
  testEnv.ORDERS.get(testEnv.ORDERS.idFromName(`${SHAPES_SHOP}:${orderId}`));
export const shopEventsStub = () => testEnv.SHOP_EVENTS.get(testEnv.SHOP_EVENTS.idFromName(SHAPES_SHOP));
export const deskSessionStub = async (cookie: string) =>
  testEnv.DESK_SESSIONS.get(testEnv.DESK_SESSIONS.idFromName(`session:${await tokenHash(sessionIdOf(cookie))}`));

export async function captureShapes(upstream: UpstreamStub, receiver: WebhookReceiver): Promise<StoredShapes> {
  const orderId = freshOrderId("shapes");
  const view = await createOpen(orderId);
  const payment = upstream.payments.get(view.paymentId);
  if (!payment) throw new Error("the stub holds the payment");
  await notify(SHAPES_SHOP, "v3/payment", withStatus(payment, "PENDING"), new Date());
  await receiver.until((r) => r.eventsOf(view.paymentId).length === 2, 8000);
  // The consumer records the delivery after the POST: wait until the log has both.
  await vi.waitFor(
    async () => {
      const log = await dumpStorage(shopEventsStub());
      if ((log.rows.deliveries ?? []).filter((d) => d.state === "delivered").length < 2)
        throw new Error("deliveries not recorded yet");
    },
    { timeout: 8000, interval: 50 },
  );
  const { cookie } = await signedIn(SHAPES_SHOP);
  return {
    orderId,
    paymentId: view.paymentId,
    sessionCookie: cookie,
    payment: await dumpStorage(paymentStub(view.paymentId)),
    order: await dumpStorage(orderStub(orderId)),
    shopEvents: await dumpStorage(shopEventsStub()),
    deskSession: await dumpStorage(await deskSessionStub(cookie)),
  };
}
