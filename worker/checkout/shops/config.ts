/**
 * Shop configuration of the SHOPS var (a JSON array, or the same array as a parsed object): one
 * entry per shop. Secrets are never in it: an entry names the Worker secret bindings that hold
 * them. The whole list is validated once per isolate on first use; every problem is reported by
 * shop and field, a valid shop keeps working when another entry is broken. The lookup of a shop
 * by id, over this var and the registry, is shop-source.ts's.
 */
import type { Env } from "../env.js";
import { log } from "../http/log.js";
import { secretOf } from "./shop.js";
import { validateShops, type ShopsValidation } from "./shop-schema.js";

export * from "./shop-schema.js";

/** Validations per bindings object (an isolate keeps one; validation depends on SHOPS and the secrets). */
const validations = new WeakMap<object, ShopsValidation>();
/** The issues last logged, so that the same report is written once per isolate. */
let lastReport: string | undefined;

/** The validated configuration (validated on first use, its issues logged once). */
export function loadShops(env: Env): ShopsValidation {
  const hit = validations.get(env);
  if (hit) return hit;
  const validation = validateShops(env.SHOPS ?? "[]", (name) => secretOf(env, name), env.PUBLIC_URL);
  validations.set(env, validation);
  const report = JSON.stringify(validation.issues);
  if (report !== lastReport) {
    lastReport = report;
    for (const issue of validation.issues) log("error", "config_invalid", { ...issue });
    if (!validation.issues.length) log("info", "config_loaded", { shops: [...validation.shops.keys()] });
  }
  return validation;
}
