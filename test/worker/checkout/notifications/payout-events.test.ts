/**
 * Payout notifications (`v3/payouts` to /hooks/{shop}) become `payout.updated` events in the
 * shop's event log and webhooks: an authentic newer snapshot is one event, without the internal
 * notificationUrl; a duplicate or an older one is none; a payout naming another shop's hook is
 * ignored.
 */
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PayoutEvent, WebhookEvent } from "../../../../worker/checkout/backend-wire.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import type { Payout } from "../../../../worker/v3/types.js";
import { handleHook } from "../../../../worker/checkout/notifications/hooks.js";
import { PAYOUT_READ_SPACING_MS } from "../../../../worker/checkout/upstream/hint-budget.js";
import { getShop, type Shop } from "../../../../worker/checkout/shops/shop-source.js";
import { hookInit } from "../support/payments.js";
import { call } from "../support/http.js";
import {
  committedShops,
  endCursor,
  eventsAfter,
  freshShopId,
  notify,
  shopsWithCopy,
  testEnv,
} from "../support/merchant.js";
import { TEST_SECRETS } from "../support/test-env.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

const SHOP = "demo-open";
let upstream: UpstreamStub;
let receiver: WebhookReceiver;
let start: Record<string, string>;

beforeEach(async () => {
  upstream = installUpstreamStub();
  receiver = installWebhookReceiver();
  start = { "demo-open": await endCursor("demo-open"), "demo-signed": await endCursor("demo-signed") };
});
afterEach(() => {
  receiver.restore();
  upstream.restore();
});

let counter = 0;
function payout(over: Partial<Payout> = {}): Payout {
  counter += 1;
  return {
    payoutId: `po_${counter}_${crypto.randomUUID().slice(0, 8)}`,
    address: "tb1qpayoutaddress00000000000000000000000",
    transferAmount: "0.0125",
    transferCurrency: "BTC",
    priceAmount: "750.00",
    priceCurrency: "EUR",
    createdTime: new Date().toISOString(),
    notificationUrl: `https://checkout.test/hooks/${SHOP}`,
    status: "CREATED",
    ...over,
  };
}

/** The payout events the shop's log recorded since the test started, for one payout. */
async function payoutEvents(shop: string, payoutId: string): Promise<PayoutEvent[]> {
  const entries = await eventsAfter(shop, start[shop] ?? "0");
  return entries
    .map((e) => e.event)
    .filter((e): e is PayoutEvent => e.type === "payout.updated" && e.data.payout.payoutId === payoutId);
}

const deliveredPayouts = (payoutId: string): WebhookEvent[] =>
  receiver
    .accepted()
    .map((d) => d.event)
    .filter((e) => e.type === "payout.updated" && e.data.payout.payoutId === payoutId);

describe("v3/payouts notifications", () => {
  it("record an authentic payout as a payout.updated event, delivered signed and without notificationUrl", async () => {
    const p = payout();
    expect(await notify(SHOP, "v3/payouts", p, new Date())).toEqual({ status: 200, outcome: "apply" });
    const [recorded] = await payoutEvents(SHOP, p.payoutId);
    const { notificationUrl: _internal, ...visible } = p;
    expect(recorded).toMatchObject({
      type: "payout.updated",
      shop: SHOP,
      data: { previousStatus: null, version: 1, payout: visible },
    });
    expect(recorded?.data.payout).not.toHaveProperty("notificationUrl");

    await receiver.until(() => deliveredPayouts(p.payoutId).length === 1);
    const delivery = receiver.accepted().find((d) => d.event.id === recorded?.id);
    if (!delivery) throw new Error("no delivery of the payout event");
    expect(new Webhook(TEST_SECRETS.DEMO_WEBHOOK_SECRET).verify(delivery.body, delivery.headers)).toEqual(recorded);
    expect(delivery.body).not.toContain("notificationUrl");
    expect(delivery.body).not.toContain("/hooks/");
  });

  it("record each newer status once: a duplicate and an older notification make no event", async () => {
    const created = payout();
    const t0 = Date.now();
    expect((await notify(SHOP, "v3/payouts", created, new Date(t0))).outcome).toBe("apply");
    expect((await notify(SHOP, "v3/payouts", created, new Date(t0 + 1000))).outcome).toBe("duplicate");
    const sent = {
      ...created,
      status: "SENT",
      sentTime: new Date(t0 + 2000).toISOString(),
      transactionId: "tx_payout_1",
    };
    expect((await notify(SHOP, "v3/payouts", sent, new Date(t0 + 2000))).outcome).toBe("apply");
    const approved = { ...created, status: "APPROVED" };
    expect((await notify(SHOP, "v3/payouts", approved, new Date(t0 + 1500))).outcome).toBe("older");

    const events = await payoutEvents(SHOP, created.payoutId);
    expect(events.map((e) => [e.data.payout.status, e.data.previousStatus, e.data.version])).toEqual([
      ["CREATED", null, 1],
      ["SENT", "CREATED", 2],
    ]);
    await receiver.until(() => deliveredPayouts(created.payoutId).length === 2);
    expect(deliveredPayouts(created.payoutId).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it("ignore a payout whose notificationUrl names another shop's hook", async () => {
    const foreign = payout({ notificationUrl: "https://checkout.test/hooks/demo-signed" });
    expect(await notify(SHOP, "v3/payouts", foreign, new Date())).toEqual({ status: 200, outcome: "ignored" });
    expect(await payoutEvents(SHOP, foreign.payoutId)).toEqual([]);
    expect(await payoutEvents("demo-signed", foreign.payoutId)).toEqual([]);
    const stored = await runInDurableObject(
      shopEvents(testEnv, SHOP).stub,
      (_i, state) =>
        state.storage.sql
          .exec<{ n: number }>("SELECT COUNT(*) AS n FROM payouts WHERE payout_id = ?", foreign.payoutId)
          .one().n,
    );
    expect(stored).toBe(0);
  });

  it("take a payout without notificationUrl as the shop's own", async () => {
    const own = payout({ notificationUrl: undefined });
    expect(await notify(SHOP, "v3/payouts", own, new Date())).toEqual({ status: 200, outcome: "apply" });
    expect(await payoutEvents(SHOP, own.payoutId)).toHaveLength(1);
    await receiver.until(() => deliveredPayouts(own.payoutId).length === 1);
  });

  it("refuse a forged payout notification (401) and record nothing", async () => {
    const forged = payout({ status: "SENT" });
    const body = JSON.stringify({ timestamp: new Date().toISOString(), notificationType: "v3/payouts", body: forged });
    const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: "not_the_shop_hmac_key" }));
    expect(response.status).toBe(401);
    expect(await payoutEvents(SHOP, forged.payoutId)).toEqual([]);
  });
});

/** A copy of demo-open without an HMAC key, under a fresh id: its notifications cannot be trusted. */
function keylessShop(): { shop: string; env: typeof testEnv } {
  const shop = freshShopId("nohmac");
  const open = committedShops().find((s) => s.id === "demo-open");
  const secrets = { ...(open?.secrets as Record<string, string>) };
  delete secrets.notificationHmacKey;
  return { shop, env: { ...testEnv, SHOPS: shopsWithCopy(shop, { secrets }) } };
}

/** demo-open as a shop without a key (the object that records the event knows demo-open). */
async function keylessDemo(): Promise<Shop> {
  const demo = await getShop(testEnv, SHOP);
  return { ...demo, secret: (field) => (field === "notificationHmacKey" ? undefined : demo.secret(field)) };
}

/** handleHook for `shop` with `body`, the background work awaited; the log lines about `payoutId`. */
async function hookLines(env: typeof testEnv, shop: string, body: string, payoutId: string) {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
  const ctx = createExecutionContext();
  const response = await handleHook(
    new Request(`https://checkout.test/hooks/${shop}`, { method: "POST", body }),
    env,
    ctx,
    await getShop(env, shop),
  );
  await waitOnExecutionContext(ctx);
  spy.mockRestore();
  const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.payoutId === payoutId);
  return { status: response.status, logged };
}

describe("an unauthenticated payout notification (a shop without an HMAC key)", () => {
  it("costs no upstream request for a payout this Worker did not create, whatever the body claims", async () => {
    const { shop, env } = keylessShop();
    const stranger = payout({ notificationUrl: `https://checkout.test/hooks/${shop}`, status: "SENT" });
    upstream.payouts.set(stranger.payoutId, stranger);
    const bodies = [
      JSON.stringify({ timestamp: new Date().toISOString(), notificationType: "v3/payouts", body: stranger }),
      // A type this Worker does not know, naming only the payout.
      JSON.stringify({
        timestamp: new Date().toISOString(),
        notificationType: "v4/payout",
        body: { payoutId: stranger.payoutId },
      }),
    ];
    for (const body of bodies) {
      const { status, logged } = await hookLines(env, shop, body, stranger.payoutId);
      expect(status).toBe(202);
      expect(logged).toContainEqual(
        expect.objectContaining({ event: "payout_notification", outcome: "not_own_payout", authentic: false }),
      );
    }
    expect(upstream.count("GET", "/v3/payouts")).toBe(0);
    const recorded = await runInDurableObject(
      shopEvents(testEnv, shop).stub,
      (_i, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n,
    );
    expect(recorded).toBe(0);
  });

  it("fetches a payout this Worker created and records what the service says, not what the body says", async () => {
    const keyless = await keylessDemo();
    const own = payout({ status: "APPROVED" });
    upstream.payouts.set(own.payoutId, own);
    await shopEvents(testEnv, SHOP).recordOwnPayout(own.payoutId);
    expect(await shopEvents(testEnv, SHOP).ownsPayout(own.payoutId)).toBe(true);
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      notificationType: "v3/payouts",
      body: { ...own, status: "SENT" },
    });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const ctx = createExecutionContext();
    const response = await handleHook(
      new Request(`https://checkout.test/hooks/${SHOP}`, { method: "POST", body }),
      testEnv,
      ctx,
      keyless,
    );
    await waitOnExecutionContext(ctx);
    spy.mockRestore();
    expect(response.status).toBe(202);
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.payoutId === own.payoutId);
    expect(logged).toEqual([
      expect.objectContaining({ event: "payout_notification", outcome: "apply", authentic: false }),
    ]);
    expect(upstream.count("GET", `/v3/payouts/${own.payoutId}`)).toBe(1);
    expect((await payoutEvents(SHOP, own.payoutId)).map((e) => e.data.payout.status)).toEqual(["APPROVED"]);
    await receiver.until(() => deliveredPayouts(own.payoutId).length === 1);
  });

  it("reads an own payout once for a burst of hints, and once more, a spacing later, for the hints after that read began", async () => {
    const keyless = await keylessDemo();
    const own = payout({ status: "APPROVED" });
    upstream.payouts.set(own.payoutId, own);
    await shopEvents(testEnv, SHOP).recordOwnPayout(own.payoutId);
    const body = JSON.stringify({ timestamp: new Date().toISOString(), notificationType: "v3/payouts", body: own });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const ctx = createExecutionContext();
    const start = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        handleHook(new Request(`https://checkout.test/hooks/${SHOP}`, { method: "POST", body }), testEnv, ctx, keyless),
      ),
    );
    await waitOnExecutionContext(ctx);
    spy.mockRestore();
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 202));
    const reads = upstream.calls.filter((c) => c.method === "GET" && c.path === `/v3/payouts/${own.payoutId}`);
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThanOrEqual(2);
    // The second read, for the hints that came once the first began, a spacing after the first was set.
    if (reads.length === 2) expect(reads[1]?.at ?? 0).toBeGreaterThanOrEqual(start + PAYOUT_READ_SPACING_MS);
    const outcomes = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === "payout_notification" && l.payoutId === own.payoutId)
      .map((l) => l.outcome);
    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((o) => o === "coalesced")).toHaveLength(20 - reads.length);
    // What the service said, once.
    expect((await payoutEvents(SHOP, own.payoutId)).map((e) => e.data.payout.status)).toEqual(["APPROVED"]);
  });

  it("records a payout id once, and tells an own payout from any other", async () => {
    const events = shopEvents(testEnv, freshShopId("own-payouts"));
    await events.recordOwnPayout("po_own_1");
    await events.recordOwnPayout("po_own_1");
    expect(await events.ownsPayout("po_own_1")).toBe(true);
    expect(await events.ownsPayout("po_own_2")).toBe(false);
    expect(await shopEvents(testEnv, freshShopId("own-payouts-other")).ownsPayout("po_own_1")).toBe(false);
  });

  it("fetches an own payout, and records nothing when the fetched payout names another shop's hook", async () => {
    const { shop, env } = keylessShop();
    const foreign = payout({ notificationUrl: "https://checkout.test/hooks/demo-signed" });
    await shopEvents(testEnv, shop).recordOwnPayout(foreign.payoutId);
    upstream.payouts.set(foreign.payoutId, foreign);
    // The forged body claims this shop's hook; only the fetched payout counts.
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      notificationType: "v3/payouts",
      body: { ...foreign, notificationUrl: `https://checkout.test/hooks/${shop}` },
    });
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const ctx = createExecutionContext();
    const response = await handleHook(
      new Request(`https://checkout.test/hooks/${shop}`, { method: "POST", body }),
      env,
      ctx,
      await getShop(env, shop),
    );
    expect(response.status).toBe(202);
    await waitOnExecutionContext(ctx);
    spy.mockRestore();
    expect(upstream.count("GET", `/v3/payouts/${foreign.payoutId}`)).toBe(1);
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.payoutId === foreign.payoutId);
    expect(logged).toEqual([
      expect.objectContaining({ event: "payout_notification", outcome: "ignored", authentic: false }),
    ]);
    const recorded = await runInDurableObject(
      shopEvents(testEnv, shop).stub,
      (_i, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n,
    );
    expect(recorded).toBe(0);
  });
});
