// @ts-check
/**
 * Signed pricing: the shop's backend fixes the price of one order in an order token, a JWT
 * (HS256) signed with the shop's order-signing key, which the page hands to the checkout. The
 * checkout accepts the price only with a valid token, so a buyer cannot change it in the browser.
 *
 * The price must come from the shop's own catalogue or cart, never from the browser. (The demo's
 * POST /orders takes it from the request only to show the token.)
 */
import { TextEncoder } from "node:util";
import { SignJWT } from "jose";
import { PRICE_AMOUNT } from "./decimal.mjs";

/** How long a token is valid (seconds). The buyer must start the payment within this time. */
export const ORDER_TOKEN_LIFETIME_SECONDS = 30 * 60;

export const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
export const CURRENCY = /^[A-Z0-9]{2,10}$/;
export const SHOP_ID = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/;

/**
 * @typedef {object} OrderTerms
 * @property {string} orderId
 * @property {string} priceAmount a decimal string without leading zeros, such as "49.90"
 * @property {string} priceCurrency such as "EUR"
 * @property {string} shop the checkout's shop id
 */

/**
 * Reads the terms of a new order from a request body; `defaultShop` when it names no shop. Pure.
 *
 * @param {unknown} body
 * @param {string} defaultShop
 * @returns {{ ok: true, terms: OrderTerms } | { ok: false, message: string }}
 */
export function readOrderTerms(body, defaultShop) {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, message: "the body must be a JSON object" };
  const { orderId, priceAmount, priceCurrency, shop = defaultShop } = /** @type {Record<string, unknown>} */ (body);
  if (typeof orderId !== "string" || !ORDER_ID.test(orderId))
    return { ok: false, message: "orderId must be 1-64 characters: letters, digits, . _ : -" };
  if (typeof priceAmount !== "string" || !PRICE_AMOUNT.test(priceAmount))
    return { ok: false, message: 'priceAmount must be a decimal string such as "49.90"' };
  if (typeof priceCurrency !== "string" || !CURRENCY.test(priceCurrency))
    return { ok: false, message: "priceCurrency must be an upper-case currency code" };
  if (typeof shop !== "string" || !SHOP_ID.test(shop))
    return { ok: false, message: "shop must be a shop id (a-z, 0-9, - and _)" };
  return { ok: true, terms: { orderId, priceAmount, priceCurrency, shop } };
}

/**
 * The order token of `terms`: claims orderId, priceAmount, priceCurrency, shop, iat and exp
 * (30 minutes later).
 *
 * @param {OrderTerms} terms
 * @param {string} signingKey the shop's order-signing key, as configured at the checkout (its UTF-8 bytes are the HMAC key)
 * @param {Date} [now]
 */
export function signOrderToken(terms, signingKey, now = new Date()) {
  const { orderId, priceAmount, priceCurrency, shop } = terms;
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ orderId, priceAmount, priceCurrency, shop })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ORDER_TOKEN_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(signingKey));
}
