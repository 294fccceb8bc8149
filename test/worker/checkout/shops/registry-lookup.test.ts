/**
 * Registry lookups through the cache with the real D1 (shop-registry.ts, registry-cache.ts): a
 * shop is read once and then served from the cache; a change made elsewhere (another isolate: a
 * write this isolate's cache is not told about) is taken within one TTL, measured on a clock the
 * test moves; SHOP_CACHE_TTL_MS sets the TTL.
 */
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { RegistryCache } from "../../../../worker/checkout/shops/registry-cache.js";
import {
  DEFAULT_SHOP_CACHE_TTL_MS,
  isolateCache,
  registryEntry,
  shopCacheTtlMs,
} from "../../../../worker/checkout/shops/shop-registry.js";
import type { ShopSettings } from "../../../../worker/checkout/wire.js";
import { call, callWith } from "../support/http.js";
import { testEnv } from "../support/merchant.js";
import { addShop, rawRow } from "../support/registry.js";
import { keyringOf } from "../../../../worker/checkout/shops/master-keys.js";
import { rowBinding } from "../../../../worker/checkout/shops/registry-record.js";
import { writeShop } from "../../../../worker/checkout/shops/registry-store.js";
import { open, seal } from "../../../../worker/checkout/shops/secret-envelope.js";
import type { ShopData } from "../../../../worker/checkout/shops/shop-schema.js";
import { useUpstream } from "../support/stubs.js";

useUpstream();

/**
 * Renames a shop as another isolate's admin call would: the row written again straight into D1,
 * its secrets sealed for the new settings under a new seal id, this isolate's cache not told.
 */
async function renameElsewhere(id: string, name: string): Promise<void> {
  const row = await rawRow(id);
  const db = testEnv.DB;
  const keyring = await keyringOf(testEnv);
  if (!db || !("keys" in keyring) || row.seal_id === null) throw new Error("no registry to write to");
  const opened = await open(
    keyring,
    await rowBinding({ id, environment: row.environment, settings: row.settings, sealId: row.seal_id }),
    row.secrets,
  );
  const settings = JSON.stringify({ ...(JSON.parse(row.settings) as ShopData), name });
  const sealId = crypto.randomUUID();
  const secrets = await seal(keyring, await rowBinding({ id, environment: row.environment, settings, sealId }), opened);
  const version = await writeShop(
    db,
    {
      id,
      environment: row.environment,
      status: row.status,
      settings,
      secrets,
      keyId: row.key_id,
      sealId,
      sealed: true,
      at: new Date().toISOString(),
      audit: { actor: "test", action: "update", changes: "[]", requestId: null },
    },
    row.version,
  );
  expect(version).toBe(row.version + 1);
}

async function nameOf(env: Env, id: string, cache: RegistryCache): Promise<string | undefined> {
  const entry = await registryEntry(env, id, cache);
  return entry?.status === "active" ? entry.shop.name : undefined;
}

describe("the registry cache over D1", () => {
  it("takes a change made elsewhere within one TTL: the old shop until then, the new one from then on", async () => {
    const { shop } = await addShop();
    let now = 1_000_000;
    const cache = new RegistryCache(() => now);
    const ttl = shopCacheTtlMs(testEnv);
    expect(ttl).toBe(30_000); // wrangler.toml's SHOP_CACHE_TTL_MS
    expect(await nameOf(testEnv, shop.id, cache)).toBe(shop.name);
    now += 1000;
    await renameElsewhere(shop.id, "Renamed elsewhere");
    now += ttl - 1001;
    expect(await nameOf(testEnv, shop.id, cache)).toBe(shop.name);
    now += 1;
    expect(await nameOf(testEnv, shop.id, cache)).toBe("Renamed elsewhere");
  });

  it("takes a shop added, disabled or enabled elsewhere within one TTL too", async () => {
    let now = 0;
    const cache = new RegistryCache(() => now);
    const id = `later-${crypto.randomUUID().slice(0, 8)}`;
    expect(await registryEntry(testEnv, id, cache)).toBeNull();
    isolateCache.clear();
    await addShop(id);
    expect(await registryEntry(testEnv, id, cache)).toBeNull();
    now += DEFAULT_SHOP_CACHE_TTL_MS;
    expect((await registryEntry(testEnv, id, cache))?.status).toBe("active");
    await call(`/admin/shops/${id}/disable`, {
      method: "POST",
      headers: { Authorization: `Bearer ${testEnv.ADMIN_TOKEN}` },
    });
    expect((await registryEntry(testEnv, id, cache))?.status).toBe("active");
    now += DEFAULT_SHOP_CACHE_TTL_MS;
    expect((await registryEntry(testEnv, id, cache))?.status).toBe("disabled");
  });

  it("serves the routes from the isolate's cache within the TTL, and takes the change at once with SHOP_CACHE_TTL_MS 0", async () => {
    const { shop } = await addShop();
    expect(((await (await call(`/api/shops/${shop.id}`)).json()) as ShopSettings).name).toBe(shop.name);
    await renameElsewhere(shop.id, "Renamed by another isolate");
    expect(((await (await call(`/api/shops/${shop.id}`)).json()) as ShopSettings).name).toBe(shop.name);
    expect(
      ((await (await callWith({ SHOP_CACHE_TTL_MS: "0" }, `/api/shops/${shop.id}`)).json()) as ShopSettings).name,
    ).toBe("Renamed by another isolate");
  });

  it("reads SHOP_CACHE_TTL_MS as whole milliseconds, else 30 s", () => {
    expect(shopCacheTtlMs({ SHOP_CACHE_TTL_MS: "5000" })).toBe(5000);
    expect(shopCacheTtlMs({ SHOP_CACHE_TTL_MS: "0" })).toBe(0);
    for (const value of [undefined, "", "-1", "1.5", "soon"])
      expect(shopCacheTtlMs({ SHOP_CACHE_TTL_MS: value })).toBe(DEFAULT_SHOP_CACHE_TTL_MS);
  });
});
