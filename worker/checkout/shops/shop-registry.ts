/**
 * The registry side of the shop lookup (shop-source.ts): a shop of D1, its secrets opened with the
 * master keys, cached per isolate (registry-cache.ts: read once, then served for SHOP_CACHE_TTL_MS
 * at a time while the registry version stays). A row that does not open or does not pass the shop
 * schema is a 500 for that shop, logged without any value of it.
 */
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { log } from "../http/log.js";
import { keyringOf } from "./master-keys.js";
import { RegistryCache, type Loaded } from "./registry-cache.js";
import { joinShop, rowBinding, splitShop, type SecretBundle } from "./registry-record.js";
import { isMissingRegistry, readHasProduction, readRegistryVersion, readShop, type ShopRow } from "./registry-store.js";
import { EnvelopeError, open, type Keyring } from "./secret-envelope.js";
import { registryShop, type Shop } from "./shop.js";
import { registryShopSchema, type ShopData } from "./shop-schema.js";

export const DEFAULT_SHOP_CACHE_TTL_MS = 30_000;

/** SHOP_CACHE_TTL_MS, else 30 s: how long an isolate serves the registry without asking D1 whether it changed. */
export function shopCacheTtlMs(env: Pick<Env, "SHOP_CACHE_TTL_MS">): number {
  const value = Number(env.SHOP_CACHE_TTL_MS);
  return env.SHOP_CACHE_TTL_MS !== undefined && env.SHOP_CACHE_TTL_MS !== "" && Number.isInteger(value) && value >= 0
    ? value
    : DEFAULT_SHOP_CACHE_TTL_MS;
}

/** A registry shop by id: enabled (with the shop), disabled, or not in the registry (null). */
export type RegistryEntry = { status: "active"; shop: Shop } | { status: "disabled" } | null;

/** This isolate's cache of registry reads. */
export const isolateCache = new RegistryCache();

/** The keyring, or a 500 (logged) when SHOP_MASTER_KEYS cannot be used. */
export async function requireKeyring(env: Env): Promise<Keyring> {
  const keyring = await keyringOf(env);
  if ("problem" in keyring) {
    log("error", "master_keys_invalid", { problem: keyring.problem });
    throw new CheckoutError(
      500,
      "internal_error",
      "The shop registry cannot open its secrets: its master keys are not configured.",
    );
  }
  return keyring;
}

/**
 * The secrets of a row, opened with the row's binding (500, logged, when they cannot be): they
 * open only for this shop, these settings and environment, and the seal id of the write that
 * sealed them, which must be the one the shop's audit log last recorded.
 */
export async function openRow(
  env: Env,
  row: Pick<ShopRow, "id" | "environment" | "settings" | "secrets" | "seal_id" | "last_seal_id">,
): Promise<SecretBundle> {
  const keyring = await requireKeyring(env);
  const unreadable = (problem: string): never => {
    log("error", "registry_secrets_unreadable", { shop: row.id, problem });
    throw new CheckoutError(500, "internal_error", "This shop is not available: its secrets cannot be read.");
  };
  if (row.seal_id === null)
    return unreadable("the row was written by an earlier release: write the shop again through the admin API");
  if (row.last_seal_id !== undefined && row.last_seal_id !== null && row.last_seal_id !== row.seal_id)
    return unreadable("the row is not the one its audit log last sealed: an older copy of the row was restored");
  try {
    const binding = await rowBinding({
      id: row.id,
      environment: row.environment,
      settings: row.settings,
      sealId: row.seal_id,
    });
    return JSON.parse(await open(keyring, binding, row.secrets)) as SecretBundle;
  } catch (err) {
    return unreadable(err instanceof EnvelopeError ? err.message : "not JSON");
  }
}

/** A row's settings and secrets, checked again by the shop schema (a row edited by hand cannot serve a broken shop). */
export async function rowShop(env: Env, row: ShopRow): Promise<{ settings: ShopData; secrets: SecretBundle }> {
  const secrets = await openRow(env, row);
  let check;
  try {
    check = registryShopSchema.safeParse(joinShop(JSON.parse(row.settings) as ShopData, secrets));
  } catch {
    check = undefined;
  }
  if (!check?.success || check.data.id !== row.id) {
    log("error", "registry_row_invalid", {
      shop: row.id,
      fields: check && !check.success ? check.error.issues.map((issue) => issue.path.join(".")) : ["settings"],
    });
    throw new CheckoutError(500, "internal_error", "This shop is not available: its registry entry is invalid.");
  }
  return { settings: splitShop(check.data).settings, secrets };
}

async function loadEntry(env: Env, db: D1Database, id: string): Promise<Loaded<RegistryEntry>> {
  const { row, version } = await readShop(db, id);
  if (!row) return { value: null, version };
  if (row.status !== "active") return { value: { status: "disabled" }, version };
  const { settings, secrets } = await rowShop(env, row);
  return { value: { status: "active", shop: registryShop(settings, secrets) }, version };
}

const cacheOptions = (env: Env, db: D1Database) => ({
  ttlMs: shopCacheTtlMs(env),
  version: () => readRegistryVersion(db),
});

/** The registry's entry for a shop id (null without a registry); throws when D1 cannot be read. */
export function registryEntry(env: Env, id: string, cache: RegistryCache = isolateCache): Promise<RegistryEntry> {
  const db = env.DB;
  if (!db) return Promise.resolve(null);
  return cache.get(`shop:${id}`, () => loadEntry(env, db, id), cacheOptions(env, db));
}

/**
 * Whether the registry holds any production shop (false without a registry, or without its tables);
 * throws when D1 cannot be read.
 */
export async function registryHasProduction(env: Env): Promise<boolean> {
  const db = env.DB;
  if (!db) return false;
  try {
    return await isolateCache.get("production", () => readHasProduction(db), cacheOptions(env, db));
  } catch (err) {
    if (isMissingRegistry(err)) return false;
    throw err;
  }
}
