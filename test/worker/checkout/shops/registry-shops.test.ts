/**
 * A shop of the registry served end to end like a shop of the SHOPS var: its settings and CORS,
 * payments created with its own key, notifications checked with its own HMAC key, order tokens
 * with its own signing key, its backend API with its own token, webhooks signed with its own
 * secret. Its row holds no secret in plaintext; an id in both sources is refused; a D1 that
 * cannot be read leaves the SHOPS var's shops working; a D1 without the registry's tables, or no
 * D1 binding at all, is a registry without shops.
 */
import { Webhook } from "standardwebhooks";
import { SignJWT } from "jose";
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import type { OrderStatus, PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import { isolateCache } from "../../../../worker/checkout/shops/shop-registry.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { signBody } from "../../../../worker/v3/notification.js";
import { call, callWith, errorOf, postJson } from "../support/http.js";
import { backend, shopsWithCopy } from "../support/merchant.js";
import { freshOrderId } from "../support/orders.js";
import { addShop, rawRow, registryId } from "../support/registry.js";
import { useStubs } from "../support/stubs.js";
import { REGISTRY_SECRETS, TEST_SECRETS } from "../support/test-env.js";

const stubs = useStubs();

/** An authentic notification of the registry shop (its own HMAC key). */
async function notify(
  shop: string,
  body: unknown,
  key: string = REGISTRY_SECRETS.notificationHmacKey,
): Promise<Response> {
  const raw = JSON.stringify({
    timestamp: new Date(Date.now() + 1000).toISOString(),
    notificationType: "v3/payment",
    body,
  });
  return call(`/hooks/${shop}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": await signBody(raw, { key }) },
    body: raw,
  });
}

describe("a registry shop", () => {
  it("takes payments with its own key, its own notifications, backend token and webhook secret", async () => {
    const { shop } = await addShop();
    const orderId = freshOrderId();
    const created = await postJson(
      `/api/shops/${shop.id}/payments`,
      { orderId, priceAmount: "30.00", priceCurrency: "EUR", transferCurrency: "BTC" },
      { Origin: "https://shop.registry.example" },
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("Access-Control-Allow-Origin")).toBe("https://shop.registry.example");
    const view = (await created.json()) as PaymentView;
    expect(view.redirectUrls.confirmed).toBe(`https://shop.registry.example/thanks/${orderId}`);
    const create = stubs.upstream.calls.find((c) => c.method === "POST" && c.path === "/v3/payments");
    expect(create?.authorization).toBe(`Basic ${btoa(`registry_shop:${REGISTRY_SECRETS.apiKeySecret}`)}`);
    expect(JSON.parse(create?.body ?? "{}")).toMatchObject({
      externalPaymentId: `${shop.id}:${orderId}`,
      notificationUrl: `https://checkout.test/hooks/${shop.id}`,
    });

    const confirmed = stubs.upstream.update(view.paymentId, { status: "CONFIRMED" });
    expect((await notify(shop.id, confirmed, TEST_SECRETS.DEMO_HMAC_KEY)).status).toBe(401);
    expect((await notify(shop.id, confirmed)).status).toBe(200);

    const order = await backend(`/api/shops/${shop.id}/orders/${orderId}`, {}, REGISTRY_SECRETS.backendToken);
    expect(order.status).toBe(200);
    expect(((await order.json()) as OrderStatus).paid).toBe(true);
    expect((await backend(`/api/shops/${shop.id}/orders/${orderId}`, {}, TEST_SECRETS.DEMO_BACKEND_TOKEN)).status).toBe(
      401,
    );

    await stubs.receiver.until((r) =>
      r.accepted().some((d) => d.event.type === "payment.confirmed" && d.body.includes(view.paymentId)),
    );
    const delivery = stubs.receiver
      .accepted()
      .find((d) => d.event.type === "payment.confirmed" && d.body.includes(view.paymentId));
    if (!delivery) throw new Error("no delivery");
    expect(
      (new Webhook(REGISTRY_SECRETS.webhookSecret).verify(delivery.body, delivery.headers) as PaymentEvent).data.payment
        .status,
    ).toBe("CONFIRMED");
    expect(() => new Webhook(TEST_SECRETS.DEMO_WEBHOOK_SECRET).verify(delivery.body, delivery.headers)).toThrow();
  });

  it("verifies order tokens with its own signing key (signed pricing)", async () => {
    const { shop } = await addShop(registryId(), { pricing: "signed", limits: undefined });
    const orderId = freshOrderId();
    const token = (key: string) =>
      new SignJWT({ orderId, priceAmount: "12.50", priceCurrency: "EUR", shop: shop.id })
        .setProtectedHeader({ alg: "HS256" })
        .setExpirationTime("5m")
        .sign(new TextEncoder().encode(key));
    const forged = await postJson(`/api/shops/${shop.id}/payments`, {
      orderId,
      transferCurrency: "LTC",
      orderToken: await token(TEST_SECRETS.DEMO_ORDER_SIGNING_KEY),
    });
    expect((await errorOf(forged)).code).toBe("invalid_order_token");
    const ok = await postJson(`/api/shops/${shop.id}/payments`, {
      orderId,
      transferCurrency: "LTC",
      orderToken: await token(REGISTRY_SECRETS.orderSigningKey),
    });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as PaymentView).priceAmount).toBe("12.50");
  });

  it("is kept with its secrets sealed: the raw row holds no secret value, in any encoding", async () => {
    const { shop } = await addShop();
    const row = await rawRow(shop.id);
    const text = JSON.stringify(row);
    for (const value of Object.values(REGISTRY_SECRETS)) {
      for (const form of [value, btoa(value), encodeURIComponent(value), value.slice(0, 12)])
        expect(text).not.toContain(form);
    }
    expect(row.secrets).toMatch(/^v2\.test1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(row.key_id).toBe("test1");
    expect(JSON.parse(row.settings)).toMatchObject({
      id: shop.id,
      webhooks: [{ url: "http://127.0.0.1:8789/webhooks" }],
    });
  });

  it("cannot also be a shop of the SHOPS var: that id answers 500 and the log says why, other shops go on", async () => {
    const { shop } = await addShop();
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const bindings: Partial<Env> = { SHOPS: shopsWithCopy(shop.id, {}) };
    try {
      const both = await callWith(bindings, `/api/shops/${shop.id}`);
      expect(both.status).toBe(500);
      expect(await errorOf(both)).toMatchObject({
        code: "internal_error",
        message: "This shop is not available: its id is configured twice.",
        kind: "failed",
        retryable: true,
      });
      expect((await callWith(bindings, "/api/shops/demo-open")).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({
        event: "config_invalid",
        shop: shop.id,
        field: "id",
        message: expect.stringContaining("one source only"),
      }),
    );
  });
});

describe("a D1 that cannot be read", () => {
  const broken = {
    withSession: () => ({
      batch: () => Promise.reject(new Error("D1 is down")),
      prepare: () => ({ bind: () => ({}) }),
    }),
    prepare: () => ({}),
  } as unknown as D1Database;

  it("leaves the SHOPS var's shops working, answers 503 with Retry-After for any other id, and logs it", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      const bindings: Partial<Env> = { DB: broken, SHOP_CACHE_TTL_MS: "0" };
      expect((await callWith(bindings, "/api/shops/demo-open")).status).toBe(200);
      const other = await callWith(bindings, `/api/shops/${registryId()}`);
      expect(other.status).toBe(503);
      expect(other.headers.get("Retry-After")).toBe("30");
      expect(await errorOf(other)).toMatchObject({
        code: "service_unavailable",
        kind: "busy",
        retryable: true,
        message: "The shop registry cannot be read right now; try again shortly.",
      });
    } finally {
      spy.mockRestore();
    }
    expect(lines.filter((l) => l.includes('"registry_unavailable"')).length).toBeGreaterThan(0);
  });

  it("is not asked again for one cache TTL after a failed read, so that an outage costs the SHOPS var's shops nothing", async () => {
    let reads = 0;
    const counting = {
      withSession: () => ({
        batch: () => ((reads += 1), Promise.reject(new Error("D1 is down"))),
        prepare: () => ({ bind: () => ({}) }),
      }),
      prepare: () => ({}),
    } as unknown as D1Database;
    const spy = vi.spyOn(console, "log").mockImplementation(() => undefined);
    isolateCache.clear(); // as in a new isolate: nothing cached yet
    try {
      const bindings: Partial<Env> = { DB: counting, SHOP_CACHE_TTL_MS: "600000" };
      for (let i = 0; i < 3; i++) expect((await callWith(bindings, "/api/shops/demo-signed")).status).toBe(200);
      expect(reads).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("a D1 without the registry's tables (its migrations never applied)", () => {
  const REGISTRY_TABLES = ["audit_log", "shops", "registry_version"];

  /** Runs `fn` with the test database's registry tables dropped, then puts them back as the migrations made them. */
  async function withoutRegistryTables(fn: () => Promise<void>): Promise<void> {
    const db = (env as unknown as Env).DB;
    if (!db) throw new Error("the tests' Worker has a DB binding");
    await db.batch(REGISTRY_TABLES.map((table) => db.prepare(`DROP TABLE ${table}`)));
    isolateCache.clear();
    try {
      await fn();
    } finally {
      await db.prepare("DELETE FROM d1_migrations").run();
      await applyD1Migrations(db, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
      isolateCache.clear();
    }
  }

  it("answers 404 unknown_shop for an id not in the SHOPS var, serves the SHOPS var's shops, and says once how to create the tables", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      await withoutRegistryTables(async () => {
        // Three unknown ids, each read from D1 again (no cache): one report for the binding.
        for (const id of [registryId(), registryId(), "nope"]) {
          const refused = await callWith({ SHOP_CACHE_TTL_MS: "0" }, `/api/shops/${id}/payments`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ orderId: freshOrderId(), priceAmount: "10.00", priceCurrency: "EUR" }),
          });
          expect(refused.status).toBe(404);
          expect((await errorOf(refused)).code).toBe("unknown_shop");
        }
        expect((await callWith({ SHOP_CACHE_TTL_MS: "0" }, "/api/shops/demo-open")).status).toBe(200);
      });
    } finally {
      spy.mockRestore();
    }
    const reports = lines.filter((l) => l.includes('"registry_missing"'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain("npx wrangler d1 migrations apply DB");
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});

describe("a Worker without a D1 binding (no registry at all)", () => {
  it("answers 404 unknown_shop for an id not in the SHOPS var, never a 5xx, and serves the SHOPS var's shops", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      for (const id of [registryId(), "nope"]) {
        const refused = await callWith({ DB: undefined }, `/api/shops/${id}/payments`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ orderId: freshOrderId(), priceAmount: "10.00", priceCurrency: "EUR" }),
        });
        expect(refused.status).toBe(404);
        expect((await errorOf(refused)).code).toBe("unknown_shop");
        expect((await callWith({ DB: undefined }, `/api/shops/${id}`)).status).toBe(404);
      }
      expect((await callWith({ DB: undefined }, "/api/shops/demo-open")).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});
