/**
 * The upstream's currency list, cached per isolate for a few minutes (GET /v3/currencies is
 * deprecated upstream and changes rarely). Concurrent callers share one request; a failed
 * request is kept for a few seconds only (CURRENCY_FAILURE_MS), so that during an outage each
 * isolate asks once per that time instead of on every request.
 */
import type { Currency } from "../../v3/types.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { log } from "../http/log.js";
import type { Shop } from "../shops/shop.js";
import { upstreamFor } from "./shop-client.js";

export const CURRENCY_CACHE_MS = 5 * 60_000;
/** How long a failed request answers for the list before it is asked again. */
export const CURRENCY_FAILURE_MS = 15_000;

const cache = new Map<string, { expires: number; list: Promise<Currency[]> }>();

/** Forgets every cached list (a new configuration, or a test that changes the upstream). */
export function clearCurrencyCache(): void {
  cache.clear();
}

/** The upstream's currencies for this shop's environment and account. */
export function upstreamCurrencies(env: Env, shop: Shop, now = Date.now()): Promise<Currency[]> {
  const key = `${shop.environment}\n${shop.environment === "sandbox" ? env.SANDBOX_BASE_URL : env.PRODUCTION_BASE_URL}\n${shop.apiKeyId}`;
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.list;
  const list = upstreamFor(env, shop).listCurrencies();
  const entry = { expires: now + CURRENCY_CACHE_MS, list };
  cache.set(key, entry);
  list.catch(() => {
    entry.expires = Math.min(entry.expires, now + CURRENCY_FAILURE_MS);
  });
  return list;
}

/** 400 currency_not_enabled unless the shop lists `code` and the upstream enables it for payments. */
export async function assertTransferCurrency(env: Env, shop: Shop, code: string): Promise<void> {
  if (!shop.transferCurrencies.includes(code)) {
    throw new CheckoutError(
      400,
      "currency_not_enabled",
      `This shop does not accept ${code}; it accepts ${shop.transferCurrencies.join(", ")}.`,
    );
  }
  const currency = (await upstreamCurrencies(env, shop)).find((c) => c.code === code);
  if (!currency?.paymentTransferEnabled) {
    throw new CheckoutError(400, "currency_not_enabled", `${code} is not available for payments at the moment.`);
  }
}

/**
 * The shop's transfer currencies with their names, those the upstream has disabled left out.
 * When the upstream cannot be asked, every configured currency is listed under its code.
 */
export async function shopTransferCurrencies(
  env: Env,
  shop: Shop,
  requestId?: string,
): Promise<{ code: string; name: string }[]> {
  let list: Currency[];
  try {
    list = await upstreamCurrencies(env, shop);
  } catch (err) {
    log("warn", "currencies_unavailable", { requestId, shop: shop.id, error: err });
    return shop.transferCurrencies.map((code) => ({ code, name: code }));
  }
  const byCode = new Map(list.map((c) => [c.code, c]));
  return shop.transferCurrencies.flatMap((code) => {
    const currency = byCode.get(code);
    return currency?.paymentTransferEnabled ? [{ code, name: currency.name }] : [];
  });
}
