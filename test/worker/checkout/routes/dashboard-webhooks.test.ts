/**
 * The dashboard's webhooks and settings pages (routes/dashboard-api.ts): per endpoint its
 * deliveries, success rate and latest failures from the shop's event log; the `ping` test event,
 * signed and delivered like every event, kept out of the ledger; the settings as the Worker reads
 * them with secrets only as set / not set; and a registry shop's change through the admin API's
 * own validation and audit log, refused for a shop of the SHOPS var.
 */
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import type { EventDetail, PingEvent } from "../../../../worker/checkout/backend-wire.js";
import type { DeskPing, DeskSettings, DeskWebhooks } from "../../../../worker/checkout/dashboard-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import type { AuditEntryView } from "../../../../worker/checkout/shops/admin-wire.js";
import { deskCall, deskJson, identityOf } from "../support/desk.js";
import { errorOf } from "../support/http.js";
import { consumeEvents, eventsOf, ledgerDb } from "../support/ledger.js";
import { freshShopId, shopsWithCopy, testEnv } from "../support/merchant.js";
import { newPayment, withStatus } from "../support/payments.js";
import { addShop, admin, registryId } from "../support/registry.js";
import { useStubs } from "../support/stubs.js";
import { REGISTRY_SECRETS, TEST_SECRETS, WEBHOOK_URL } from "../support/test-env.js";

const stubs = useStubs();

const A = `${WEBHOOK_URL}?a`;
const B = `${WEBHOOK_URL}?b`;

/** A copy of demo-open with two endpoints, A and B. */
function twoEndpoints() {
  const shop = freshShopId("desk-hooks");
  const bindings: Partial<Env> = {
    SHOPS: shopsWithCopy(shop, {
      webhooks: [
        { url: A, secret: "DEMO_WEBHOOK_SECRET" },
        { url: B, secret: "DEMO_WEBHOOK_SECRET", events: ["payment.confirmed"] },
      ],
    }),
  };
  return { shop, bindings, env: { ...testEnv, ...bindings } as Env, me: identityOf(shop) };
}

describe("GET …/webhooks", () => {
  it("answers per endpoint the deliveries by state, the success rate and the latest failed attempts, newest first", async () => {
    const s = twoEndpoints();
    stubs.receiver.failUrl(B, "http503");
    const p = newPayment();
    const events = eventsOf(s.shop, "o-1", [
      { payment: p, at: new Date() },
      { payment: withStatus(p, "CONFIRMED"), at: new Date() },
    ]);
    // The schedule (0,0,0) is used up after four attempts: the same message four times.
    for (let i = 0; i < 4; i++) await consumeEvents(s.shop, events, s.env);
    const body = await deskJson<DeskWebhooks>(s.me, `/shops/${s.shop}/webhooks`, {}, s.bindings);
    const confirmed = events[1];
    expect(body.endpoints.map((e) => [e.url, e.deliveries, e.successRate])).toEqual([
      [A, { pending: 0, retrying: 0, delivered: 2, dead: 0, shop_disabled: 0 }, 1],
      [B, { pending: 0, retrying: 0, delivered: 0, dead: 1, shop_disabled: 0 }, 0],
    ]);
    expect(body.endpoints[0]?.lastFailures).toEqual([]);
    const failures = body.endpoints[1]?.lastFailures ?? [];
    expect(failures).toHaveLength(4);
    expect(failures[0]).toMatchObject({ url: B, status: 503, eventId: confirmed?.id, eventType: "payment.confirmed" });
    const times = failures.map((f) => f.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("lists at most the last 10 failures, and no rate before a final delivery", async () => {
    const s = twoEndpoints();
    stubs.receiver.failUrl(A, "http503");
    const history = Array.from(
      { length: 12 },
      () => eventsOf(s.shop, "o-many", [{ payment: newPayment(), at: new Date() }])[0],
    );
    await consumeEvents(
      s.shop,
      history.flatMap((e) => (e ? [e] : [])),
      s.env,
    );
    const body = await deskJson<DeskWebhooks>(s.me, `/shops/${s.shop}/webhooks`, {}, s.bindings);
    expect(body.endpoints[0]?.deliveries).toEqual({
      pending: 0,
      retrying: 12,
      delivered: 0,
      dead: 0,
      shop_disabled: 0,
    });
    expect(body.endpoints[0]?.successRate).toBeNull();
    expect(body.endpoints[0]?.lastFailures).toHaveLength(10);
    expect(body.endpoints[1]).toEqual({
      url: B,
      deliveries: { pending: 0, retrying: 0, delivered: 0, dead: 0, shop_disabled: 0 },
      successRate: null,
      lastFailures: [],
    });
  });
});

describe("POST …/webhooks/ping", () => {
  it("records a ping in the shop's log and delivers it signed to every endpoint; the ledger does not keep it", async () => {
    const id = registryId("desk-ping");
    await addShop(id, {
      webhooks: [{ url: WEBHOOK_URL, secret: REGISTRY_SECRETS.webhookSecret, events: ["payment.confirmed"] }],
    });
    const me = identityOf(id);
    const { eventId } = await deskJson<DeskPing>(me, `/shops/${id}/webhooks/ping`, { method: "POST" }, {}, 202);
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    await stubs.receiver.until((r) => r.accepted().some((d) => d.event.id === eventId));
    const delivery = stubs.receiver.accepted().find((d) => d.event.id === eventId);
    if (!delivery) throw new Error("no ping delivery");
    const verified = new Webhook(REGISTRY_SECRETS.webhookSecret).verify(delivery.body, delivery.headers) as PingEvent;
    expect(verified).toEqual({
      id: eventId,
      type: "ping",
      timestamp: expect.any(String) as unknown,
      shop: id,
      data: { message: expect.stringContaining(id) as unknown },
    });
    await expect.poll(async () => (await shopEvents(testEnv, id).detail(eventId))?.delivery).toBe("delivered");
    const detail = (await shopEvents(testEnv, id).detail(eventId)) as EventDetail;
    expect(detail.attempts.map((a) => [a.url, a.status])).toEqual([[WEBHOOK_URL, 200]]);
    const rows = await ledgerDb()
      .prepare("SELECT COUNT(*) AS n FROM ledger_payments WHERE shop_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
    const stats = await deskJson<DeskWebhooks>(me, `/shops/${id}/webhooks`);
    expect(stats.endpoints[0]?.deliveries.delivered).toBe(1);
  });

  it("is 409 no_webhook_endpoint for a shop without endpoints", async () => {
    const shop = freshShopId("desk-none");
    const bindings = { SHOPS: shopsWithCopy(shop, { webhooks: [] }) };
    const response = await deskCall(identityOf(shop), `/shops/${shop}/webhooks/ping`, { method: "POST" }, bindings);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe("no_webhook_endpoint");
  });
});

/** Every secret value the tests know: none may appear in a settings answer. */
const SECRET_VALUES = [...Object.values(TEST_SECRETS), ...Object.values(REGISTRY_SECRETS)];

describe("GET …/settings", () => {
  it("answers a SHOPS var shop as the Worker reads it, not editable, with secrets only as set or not set", async () => {
    const response = await deskCall(identityOf("demo-open"), "/shops/demo-open/settings");
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const value of SECRET_VALUES) expect(text).not.toContain(value);
    const body = JSON.parse(text) as DeskSettings;
    expect(body).toMatchObject({ id: "demo-open", source: "var", editable: false, pricing: "open" });
    expect(body.secrets).toEqual({
      apiKeySecret: "set",
      notificationHmacKey: "set",
      orderSigningKey: "not set",
      backendToken: "set",
    });
    expect(body.webhooks).toEqual([{ url: WEBHOOK_URL, events: null, secret: "set" }]);
  });

  it("answers a registry shop as editable, with no secret value in it", async () => {
    const id = registryId("desk-set");
    await addShop(id);
    const response = await deskCall(identityOf(id), `/shops/${id}/settings`);
    const text = await response.text();
    for (const value of SECRET_VALUES) expect(text).not.toContain(value);
    expect(JSON.parse(text)).toMatchObject({
      id,
      source: "registry",
      editable: true,
      allowedOrigins: ["https://shop.registry.example"],
      redirectUrls: { confirmed: "https://shop.registry.example/thanks/{orderId}" },
      webhooks: [{ url: WEBHOOK_URL, events: null, secret: "set" }],
      secrets: { apiKeySecret: "set", notificationHmacKey: "set", orderSigningKey: "set", backendToken: "set" },
    });
  });
});

describe("PATCH …/settings", () => {
  const patch = (id: string, body: unknown) =>
    deskCall(identityOf(id), `/shops/${id}/settings`, { method: "PATCH", body });

  it("changes a registry shop's origins, redirects and endpoints, keeps each endpoint's secret, and writes the audit log as the session", async () => {
    const id = registryId("desk-patch");
    await addShop(id);
    const response = await patch(id, {
      allowedOrigins: ["https://a.example", "https://b.example:8443"],
      redirectUrls: { confirmed: "https://a.example/done/{orderId}" },
      webhooks: [{ url: WEBHOOK_URL, events: ["payment.confirmed", "ping"] }],
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const value of SECRET_VALUES) expect(text).not.toContain(value);
    expect(JSON.parse(text)).toMatchObject({
      allowedOrigins: ["https://a.example", "https://b.example:8443"],
      redirectUrls: { confirmed: "https://a.example/done/{orderId}" },
      webhooks: [{ url: WEBHOOK_URL, events: ["payment.confirmed", "ping"], secret: "set" }],
    });
    const audit = (await (await admin(`/admin/audit?shop=${id}`)).json()) as { entries: AuditEntryView[] };
    const last = audit.entries.at(-1);
    expect(last).toMatchObject({ actor: "access:merchant@shop.example", action: "update", shop: id });
    expect((last?.changes as { field: string }[]).map((c) => c.field).sort()).toEqual([
      "allowedOrigins",
      "redirectUrls",
      "webhooks",
    ]);
    expect(JSON.stringify(last)).not.toContain(REGISTRY_SECRETS.webhookSecret);
  });

  it("takes back what it answers: an endpoint with events null takes every type again", async () => {
    const id = registryId("desk-null");
    await addShop(id, { webhooks: [{ url: WEBHOOK_URL, secret: REGISTRY_SECRETS.webhookSecret, events: ["ping"] }] });
    const before = await deskJson<DeskSettings>(identityOf(id), `/shops/${id}/settings`);
    const after = await deskJson<DeskSettings>(identityOf(id), `/shops/${id}/settings`, {
      method: "PATCH",
      body: { webhooks: before.webhooks.map(({ url }) => ({ url, events: null })) },
    });
    expect(after.webhooks).toEqual([{ url: WEBHOOK_URL, events: null, secret: "set" }]);
  });

  it("names a sign-in link's session as such in the audit log", async () => {
    const id = registryId("desk-link");
    await addShop(id);
    const response = await deskCall(
      { email: null, via: "link", operator: false, shops: [id] },
      `/shops/${id}/settings`,
      { method: "PATCH", body: { allowedOrigins: [] } },
    );
    expect(response.status).toBe(200);
    const audit = (await (await admin(`/admin/audit?shop=${id}`)).json()) as { entries: AuditEntryView[] };
    expect(audit.entries.at(-1)?.actor).toBe("sign-in link");
  });

  it.each([
    ["an origin with a path", { allowedOrigins: ["https://a.example/shop"] }],
    ["a redirect with {paymentId}", { redirectUrls: { confirmed: "https://a.example/{paymentId}" } }],
    ["an unknown redirect key", { redirectUrls: { paid: "https://a.example/" } }],
    ["an endpoint URL with credentials", { webhooks: [{ url: "https://u:p@a.example/hooks" }] }],
    ["an unknown event type", { webhooks: [{ url: WEBHOOK_URL, events: ["order.paid"] }] }],
    ["a new endpoint (its secret is not set here)", { webhooks: [{ url: "https://new.example/hooks" }] }],
  ])("refuses %s with 400 and the admin API's message and fields", async (_what, body) => {
    const id = registryId("desk-bad");
    await addShop(id);
    const mine = await patch(id, body);
    const theirs = await admin(`/admin/shops/${id}`, { method: "PATCH", body });
    expect(mine.status).toBe(400);
    expect(theirs.status).toBe(400);
    const error = await errorOf(mine);
    expect(error).toEqual(await errorOf(theirs));
    expect(error.message).toMatch(/^The shop is not valid\. /);
  });

  it.each([
    ["a field the dashboard does not change", { name: "Renamed" }, "Unrecognized key"],
    ["a webhook secret", { webhooks: [{ url: WEBHOOK_URL, secret: "whsec_x" }] }, "never in a browser"],
  ])("refuses %s with 400 before anything is merged", async (_what, body, message) => {
    const id = registryId("desk-bad");
    await addShop(id);
    const response = await patch(id, body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain(message);
  });

  it("refuses a shop of the SHOPS var with 409 shop_not_editable: edit wrangler.toml", async () => {
    const response = await patch("demo-open", { allowedOrigins: [] });
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe("shop_not_editable");
    expect(error.message).toContain("edit wrangler.toml");
  });
});
