/**
 * Shop configuration: the SHOPS var (a JSON array, or the same array as a parsed object) holds
 * one entry per shop. Secrets are never in it: an entry names the Worker secret bindings that
 * hold them. The whole list is validated once per isolate on first use; every problem is
 * reported by shop and field, a valid shop keeps working when another entry is broken.
 */
import type { Env } from "./env.js";
import { CheckoutError } from "./errors.js";
import { log, registerSecret } from "./log.js";
import { validateShops, type ShopConfig, type ShopsValidation } from "./shop-schema.js";

export * from "./shop-schema.js";

/** A Worker secret by binding name; registered for log scrubbing when read. */
export function secretOf(env: Env, name: string): string | undefined {
  const value = env[name];
  if (typeof value !== "string" || value === "") return undefined;
  registerSecret(value);
  return value;
}

/** Validations per bindings object (an isolate keeps one; validation depends on SHOPS and the secrets). */
const validations = new WeakMap<object, ShopsValidation>();
/** The issues last logged, so that the same report is written once per isolate. */
let lastReport: string | undefined;

/** The validated configuration (validated on first use, its issues logged once). */
export function loadShops(env: Env): ShopsValidation {
  const hit = validations.get(env);
  if (hit) return hit;
  const validation = validateShops(env.SHOPS, (name) => secretOf(env, name), env.PUBLIC_URL);
  validations.set(env, validation);
  const report = JSON.stringify(validation.issues);
  if (report !== lastReport) {
    lastReport = report;
    for (const issue of validation.issues) log("error", "config_invalid", { ...issue });
    if (!validation.issues.length) log("info", "config_loaded", { shops: [...validation.shops.keys()] });
  }
  return validation;
}

/** The configuration of one shop: 404 unknown_shop, or 500 when its entry is invalid (logged at load). */
export function getShop(env: Env, shopId: string): ShopConfig {
  const { shops, invalid, issues } = loadShops(env);
  const shop = shops.get(shopId);
  if (shop) return shop;
  if (invalid.has(shopId) || issues.some((issue) => issue.shop === "*")) {
    throw new CheckoutError(500, "internal_error", "This shop is not available: its configuration is invalid.");
  }
  throw new CheckoutError(404, "unknown_shop", "No shop with this id.");
}

/** The secret value a shop names for `field`; a 500 when it is missing (already reported at load). */
export function shopSecret(env: Env, shop: ShopConfig, field: keyof ShopConfig["secrets"]): string | undefined {
  const name = shop.secrets[field];
  return name ? secretOf(env, name) : undefined;
}
