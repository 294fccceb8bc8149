/**
 * The shapes the checkout takes from outside, one place for each rule: routes, order tokens, demo
 * routes and the shop configuration all check with these. The amount rule is the v3 client's (the
 * upstream's own), so that nothing the checkout accepts is refused upstream.
 */
import { z } from "zod";

export { DECIMAL_AMOUNT, DECIMAL_AMOUNT_MESSAGE, decimalAmount } from "../v3/decimal.js";

import { CURRENCY_CODE } from "../v3/types.js";

export { CURRENCY_CODE };
export const CURRENCY_CODE_MESSAGE = "must be an upper-case currency code";
export const currencyCode = z.string().regex(CURRENCY_CODE, CURRENCY_CODE_MESSAGE);

/** A shop's order id: 1-64 characters, letters, digits, . _ : - (not starting with a sign). */
export const ORDER_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
export const ORDER_ID_MESSAGE = "must be 1-64 characters: letters, digits, . _ : -";
export const orderId = z.string().regex(ORDER_ID, ORDER_ID_MESSAGE);
