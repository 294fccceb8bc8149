/**
 * Authentication of the shop's backend (the order and events API): `Authorization: Bearer
 * <token>` with the shop's `secrets.backendToken` (the Worker secret its SHOPS entry names, or
 * its registry value), compared in constant time (bearer.ts). A missing or wrong token, or a
 * shop without a backend token, is 401 unauthorized; the token of one shop never opens another
 * (each route compares with its own shop's token).
 */
import type { MiddlewareHandler } from "hono";
import { bearerToken, tokenMatches, unauthorized } from "../http/bearer.js";
import type { AppEnv } from "../http/plumbing.js";
import { getShop } from "../shops/shop-source.js";

const REALM = "crypto-checkout";

export const backendAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const shop = await getShop(c.env, c.req.param("shop") ?? "");
  const token = bearerToken(c.req.header("Authorization"));
  if (!token) throw unauthorized(REALM, "Send the shop's backend token: Authorization: Bearer <token>.");
  if (!(await tokenMatches(token, shop.secret("backendToken"))))
    throw unauthorized(REALM, "The backend token is not valid for this shop.");
  await next();
};
