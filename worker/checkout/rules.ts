/**
 * The shapes the checkout takes from outside, one place for each rule: routes, order tokens, demo
 * routes, the backend API and the shop configuration all check with these. The amount rule is the
 * v3 client's (the upstream's own), so that nothing the checkout accepts is refused upstream; the
 * ids' shapes are the contract's (wire.ts), which the element, the demo and the console share.
 * Here they gain their messages and zod schemas.
 */
import { z } from "zod";
import { CURRENCY_CODE } from "../v3/types.js";
import { ORDER_ID, PAYMENT_ID, SHOP_ID } from "./wire.js";

export { DECIMAL_AMOUNT, DECIMAL_AMOUNT_MESSAGE, decimalAmount } from "../v3/decimal.js";
export { isHttpUrl, parseHttpUrl } from "../v3/types.js";
export { CURRENCY_CODE, ORDER_ID, PAYMENT_ID, SHOP_ID };

export const CURRENCY_CODE_MESSAGE = "must be an upper-case currency code";
export const currencyCode = z.string().regex(CURRENCY_CODE, CURRENCY_CODE_MESSAGE);

export const SHOP_ID_MESSAGE = "must be 1-64 characters: a-z, 0-9, - and _ (not at either end)";
export const shopId = z.string().regex(SHOP_ID, SHOP_ID_MESSAGE);

export const ORDER_ID_MESSAGE = "must be 1-64 characters: letters, digits, . _ : -";
export const orderId = z.string().regex(ORDER_ID, ORDER_ID_MESSAGE);

/** An event's id: `evt_` and 32 hex digits (events/build.ts makes them). */
export const EVENT_ID = /^evt_[0-9a-f]{32}$/;

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A retention var (`ORDER_RETENTION_DAYS`, `LEDGER_RETENTION_DAYS`, `EVENT_RETENTION_DAYS`): a
 * positive number of days, fractions allowed, in milliseconds; anything else is the default.
 */
export function retentionDaysMs(value: string | undefined, defaultDays: number): number {
  const trimmed = value?.trim() ?? "";
  const days = /^\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  return (Number.isFinite(days) && days > 0 ? days : defaultDays) * DAY_MS;
}
