/**
 * Authentication of the shop's backend (the order and events API): `Authorization: Bearer
 * <token>` with the token held in the Worker secret the shop's `secrets.backendToken` names,
 * compared in constant time (hono's timingSafeEqual compares SHA-256 digests). A missing or
 * wrong token, or a shop without a backend token, is 401 unauthorized; the token of one shop
 * never opens another (each route compares with its own shop's token).
 */
import type { MiddlewareHandler } from "hono";
import { timingSafeEqual } from "hono/utils/buffer";
import { getShop, shopSecret } from "./config.js";
import { CheckoutError } from "./errors.js";
import type { AppEnv } from "./http.js";

// The scheme name is case-insensitive (RFC 9110 section 11.1): "bearer <token>" is the same credential.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;
const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="crypto-checkout"' };

const unauthorized = (message: string) => new CheckoutError(401, "unauthorized", message, CHALLENGE);

export const backendAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const shop = getShop(c.env, c.req.param("shop") ?? "");
  const match = BEARER.exec(c.req.header("Authorization") ?? "");
  if (!match?.[1]) throw unauthorized("Send the shop's backend token: Authorization: Bearer <token>.");
  const expected = shopSecret(c.env, shop, "backendToken");
  if (!expected || !(await timingSafeEqual(match[1], expected))) throw unauthorized("The backend token is not valid for this shop.");
  await next();
};
