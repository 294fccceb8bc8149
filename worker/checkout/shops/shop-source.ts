/**
 * The one lookup of a shop by id, used by every route, Durable Object and the queue consumer:
 * the SHOPS var (config.ts) and the registry in D1 (shop-registry.ts) behind one seam, both
 * checked by the same schema (shop-schema.ts).
 *
 * - An id in the SHOPS var is served from it; an id in the registry (enabled) from there.
 * - An id in both is a configuration error: that shop answers 500, and `config_invalid` is logged
 *   once per isolate (a Worker cannot read D1 before its first request, so this comes with the
 *   first request for that id; the admin API refuses to create such an id in the first place).
 * - A disabled registry shop, or an id in neither, is 404 unknown_shop (`isDisabledShop` tells the
 *   two apart for the webhook consumer, which holds a disabled shop's events); a broken SHOPS entry, or
 *   a broken registry row, is 500 without details (the log names shop and field).
 * - When D1 cannot be read, the SHOPS var's shops keep working; any other id is a 503
 *   service_unavailable with Retry-After (the client may try again; nothing is wrong with the shop).
 * - A D1 without the registry's tables (its migrations never applied) is a registry without shops:
 *   any id not in the SHOPS var is 404 unknown_shop, and `registry_missing` is logged once per
 *   isolate with the command that creates the tables.
 */
import { loadShops } from "./config.js";
import type { Env } from "../env.js";
import { CheckoutError, serviceUnavailable } from "../http/errors.js";
import { log } from "../http/log.js";
import { configShop, type Shop } from "./shop.js";
import { registryEntry, shopCacheTtlMs, type RegistryEntry } from "./shop-registry.js";
import { isMissingRegistry } from "./registry-store.js";
import { SHOP_ID } from "../rules.js";
import type { ShopConfig } from "./shop-schema.js";

export type { Shop };

export const unknownShop = () => new CheckoutError(404, "unknown_shop", "No shop with this id.");
const unavailable = (why: string) => new CheckoutError(500, "internal_error", `This shop is not available: ${why}.`);

/** The served form of each SHOPS entry (an entry object lives as long as its validation). */
const served = new WeakMap<ShopConfig, Shop>();
/** Ids already reported as being in both sources. */
const reportedInBoth = new Set<string>();

/** Until when (ms) each D1 binding is taken as unreadable, or as having no registry, without asking again. */
const unreadableUntil = new WeakMap<object, number>();
const missingUntil = new WeakMap<object, number>();
/** D1 bindings already reported as having no registry tables. */
const reportedMissing = new WeakSet<object>();

/**
 * The registry's entry, or "unreadable" when D1 cannot be read: logged, and then not asked again
 * for one cache TTL, so that a D1 outage costs the SHOPS var's shops neither time nor log lines
 * on every request. A broken row throws its 500.
 */
async function registryFor(env: Env, shopId: string): Promise<RegistryEntry | "unreadable"> {
  const db = env.DB;
  if (db && Date.now() < (unreadableUntil.get(db) ?? 0)) return "unreadable";
  if (db && Date.now() < (missingUntil.get(db) ?? 0)) return null;
  try {
    return await registryEntry(env, shopId);
  } catch (err) {
    if (err instanceof CheckoutError || !db) throw err;
    if (isMissingRegistry(err)) {
      missingUntil.set(db, Date.now() + shopCacheTtlMs(env));
      if (!reportedMissing.has(db)) {
        reportedMissing.add(db);
        log("warn", "registry_missing", {
          message:
            "the D1 database bound as DB has no shop registry tables, so only the SHOPS var's shops are served; to use the registry, apply its migrations: npx wrangler d1 migrations apply DB (--local under wrangler dev, --remote once deployed)",
        });
      }
      return null;
    }
    unreadableUntil.set(db, Date.now() + shopCacheTtlMs(env));
    log("error", "registry_unavailable", { shop: shopId, error: err });
    return "unreadable";
  }
}

/** The shop with this id (404 unknown_shop; 500 internal_error when it is configured but cannot be served). */
export async function getShop(env: Env, shopId: string): Promise<Shop> {
  const { shops, invalid, issues } = loadShops(env);
  const config = shops.get(shopId);
  const inConfig = config !== undefined || invalid.has(shopId);
  if (!inConfig && !SHOP_ID.test(shopId)) throw unknownShop();
  let entry: RegistryEntry | "unreadable";
  try {
    entry = await registryFor(env, shopId);
  } catch (err) {
    // A registry row that cannot be served: a shop of the SHOPS var with the same id is in both.
    if (!inConfig) throw err;
    entry = { status: "disabled" };
  }
  if (inConfig) {
    if (entry !== null && entry !== "unreadable") {
      if (!reportedInBoth.has(shopId)) {
        reportedInBoth.add(shopId);
        log("error", "config_invalid", {
          shop: shopId,
          field: "id",
          message:
            "is also a shop of the registry (D1): a shop id may be in one source only; remove it from one of them",
        });
      }
      throw unavailable("its id is configured twice");
    }
    if (!config) throw unavailable("its configuration is invalid");
    let shop = served.get(config);
    if (!shop) served.set(config, (shop = configShop(env, config)));
    return shop;
  }
  if (entry === "unreadable")
    throw serviceUnavailable("The shop registry cannot be read right now; try again shortly.");
  if (entry?.status === "active") return entry.shop;
  // SHOPS that cannot be read at all might hold this id.
  if (issues.some((issue) => issue.shop === "*")) throw unavailable("its configuration is invalid");
  throw unknownShop();
}

/**
 * Whether the id is a registry shop that is disabled: false for an active or unknown shop, a
 * SHOPS var shop, and when D1 cannot be read (the caller then treats the shop as unavailable).
 */
export async function isDisabledShop(env: Env, shopId: string): Promise<boolean> {
  if (loadShops(env).shops.has(shopId) || !SHOP_ID.test(shopId)) return false;
  try {
    const entry = await registryFor(env, shopId);
    return entry !== "unreadable" && entry?.status === "disabled";
  } catch {
    return false;
  }
}
