/**
 * The one check of every dashboard data route: a session is there (401 unauthenticated) and the
 * shop of the path is one of its shops (else 404 unknown_shop, the same answer as a shop that does
 * not exist, so a session learns nothing about other shops). The identity is set on the context
 * by the sign-in middleware (`c.var.desk`).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { DeskIdentity } from "../dashboard-wire.js";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import { getShop, type Shop } from "../shops/shop-source.js";

/** The session's identity (401 unauthenticated without one). */
export function requireDesk(c: Context<AppEnv>): DeskIdentity {
  const desk = c.get("desk");
  if (!desk)
    throw new CheckoutError(
      401,
      "unauthenticated",
      "Sign in to the dashboard first: open a sign-in link (crypto-checkout dashboard login --shop <id>) or come through Cloudflare Access.",
    );
  return desk;
}

/** The shop id of the path, when it is one of the session's shops (401 without a session, 404 unknown_shop otherwise). */
export function deskShopId(c: Context<AppEnv>): string {
  const desk = requireDesk(c);
  const id = c.req.param("shop");
  if (id === undefined || !desk.shops.includes(id))
    throw new CheckoutError(404, "unknown_shop", "No shop with this id.");
  return id;
}

/** The shop of the path, when it is one of the session's shops (401 without a session, 404 unknown_shop otherwise). */
export function requireDeskShop(c: Context<AppEnv>): Promise<Shop> {
  return getShop(c.env, deskShopId(c));
}

/** The same check as a middleware, so that a request without a session or for another shop is refused before its query or body is read. */
export const deskShopGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  deskShopId(c);
  await next();
};

/** Who acted, for the registry's audit log: `access:<email>` (as the admin API names Access users), else "sign-in link". */
export function deskActor(desk: DeskIdentity): string {
  return desk.email ? `access:${desk.email}` : "sign-in link";
}
