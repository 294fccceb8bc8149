// @ts-check
/** The backend's settings from environment variables. Pure: the caller passes the environment. */

/** @import { ShopBackendOptions } from "./server.mjs" */

export const DEFAULT_PORT = 8789;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_SHOP = "demo-signed";

/**
 * The options of startShopBackend from the environment:
 *
 *   WEBHOOK_SECRET     whsec_<base64>, the endpoint's signing secret at the checkout (required)
 *   ORDER_SIGNING_KEY  the shop's order-signing key (POST /orders answers 503 without it)
 *   SHOP               the shop id of new orders (default demo-signed)
 *   HOST, PORT         where to listen (default 127.0.0.1:8789)
 *   STORE_FILE         a JSON file that keeps the orders across restarts (default: memory only)
 *   CONTROL=1          serve /control/* (tests and the demo only)
 *   FAIL_FIRST=N       answer the first N webhooks 503 (tests and the demo only)
 *   CORS_ORIGIN        one browser origin allowed to call the routes other than /webhooks
 *
 * Messages never contain a secret's value.
 *
 * @param {Record<string, string | undefined>} env
 * @returns {{ ok: true, options: ShopBackendOptions } | { ok: false, message: string }}
 */
export function optionsFromEnv(env) {
  const webhookSecret = nonEmpty(env.WEBHOOK_SECRET);
  if (webhookSecret === undefined)
    return { ok: false, message: "WEBHOOK_SECRET is not set: give the endpoint's signing secret (whsec_...)" };
  const port = wholeNumber(env.PORT, DEFAULT_PORT);
  if (port === undefined || port > 65535) return { ok: false, message: "PORT must be a port number (0-65535)" };
  const failFirst = wholeNumber(env.FAIL_FIRST, 0);
  if (failFirst === undefined) return { ok: false, message: "FAIL_FIRST must be a whole number" };
  return {
    ok: true,
    options: {
      port,
      host: nonEmpty(env.HOST) ?? DEFAULT_HOST,
      webhookSecret,
      orderSigningKey: nonEmpty(env.ORDER_SIGNING_KEY),
      shop: nonEmpty(env.SHOP) ?? DEFAULT_SHOP,
      storeFile: nonEmpty(env.STORE_FILE),
      control: env.CONTROL === "1",
      failFirst,
      corsOrigin: nonEmpty(env.CORS_ORIGIN),
    },
  };
}

/** @param {string | undefined} value */
function nonEmpty(value) {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/**
 * @param {string | undefined} value
 * @param {number} fallback when it is not set
 */
function wholeNumber(value, fallback) {
  const text = nonEmpty(value);
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}
