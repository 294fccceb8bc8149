/**
 * Helpers of the registry tests: admin API calls with the admin token, a valid registry shop to
 * add (the sandbox account `registry_shop`, which the upstream stub knows, and the webhook
 * endpoint the webhook receiver answers), a shop id no other test uses, and the raw rows of D1.
 */
import type { Env } from "../../../../worker/checkout/env.js";
import type { ShopRecord } from "../../../../worker/checkout/shops/admin-wire.js";
import type { ShopRow } from "../../../../worker/checkout/shops/registry-store.js";
import { callWith } from "./http.js";
import { testEnv } from "./merchant.js";
import { REGISTRY_SECRETS, TEST_SECRETS, WEBHOOK_URL } from "./test-env.js";

export const ADMIN_TOKEN = TEST_SECRETS.ADMIN_TOKEN;

let counter = 0;
/** A registry shop id no other test uses. */
export function registryId(prefix = "reg"): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomUUID().slice(0, 8)}`;
}

/** A valid registry shop (open pricing, every secret of REGISTRY_SECRETS), with `over` applied. */
export function registryShopBody(id: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `Registry shop ${id}`,
    environment: "sandbox",
    apiKeyId: "registry_shop",
    secrets: {
      apiKeySecret: REGISTRY_SECRETS.apiKeySecret,
      notificationHmacKey: REGISTRY_SECRETS.notificationHmacKey,
      orderSigningKey: REGISTRY_SECRETS.orderSigningKey,
      backendToken: REGISTRY_SECRETS.backendToken,
    },
    pricing: "open",
    limits: { min: "1.00", max: "900.00" },
    priceCurrencies: ["EUR"],
    transferCurrencies: ["BTC", "LTC"],
    allowedOrigins: ["https://shop.registry.example"],
    redirectUrls: { confirmed: `https://shop.registry.example/thanks/{orderId}` },
    webhooks: [{ url: WEBHOOK_URL, secret: REGISTRY_SECRETS.webhookSecret }],
    ...over,
  };
}

/**
 * An admin API call with `Authorization: Bearer <token>` (default: the admin token; null: no
 * header), a JSON body when one is given, and bindings replaced when asked.
 */
export function admin(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  token: string | null = ADMIN_TOKEN,
  bindings: Partial<Env> = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token !== null) headers.set("Authorization", `Bearer ${token}`);
  const request: RequestInit = { method: init.method ?? (init.body === undefined ? "GET" : "POST"), headers };
  if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    request.body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  return callWith(bindings, path, request);
}

/** Adds a shop through the admin API (it must answer 201). */
export async function addShop(
  id = registryId(),
  over: Record<string, unknown> = {},
  bindings: Partial<Env> = {},
): Promise<ShopRecord> {
  const response = await admin("/admin/shops", { body: registryShopBody(id, over) }, ADMIN_TOKEN, bindings);
  if (response.status !== 201) throw new Error(`adding ${id} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ShopRecord;
}

/** The shop's row exactly as D1 holds it. */
export async function rawRow(id: string): Promise<ShopRow & { change_id: string }> {
  const db = testEnv.DB;
  if (!db) throw new Error("no DB binding");
  const row = await db.prepare("SELECT * FROM shops WHERE id = ?").bind(id).first<ShopRow & { change_id: string }>();
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

/** Every audit entry of a shop, as D1 holds them. */
export async function rawAudit(
  id: string,
): Promise<{ actor: string; action: string; changes: string; request_id: string | null }[]> {
  const db = testEnv.DB;
  if (!db) throw new Error("no DB binding");
  return (
    await db
      .prepare("SELECT actor, action, changes, request_id FROM audit_log WHERE shop_id = ? ORDER BY id")
      .bind(id)
      .all<{ actor: string; action: string; changes: string; request_id: string | null }>()
  ).results;
}
