/**
 * What the dashboard's data routes take from the sign-in (desk-auth.ts, whose `deskShop` is the
 * one check that the path's shop is one of the session's): the identity, the shop itself, the
 * same check as a middleware, and the audit actor.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { DeskIdentity } from "../dashboard-wire.js";
import type { AppEnv } from "../http/plumbing.js";
import { getShop, type Shop } from "../shops/shop-source.js";
import { deskShop, unauthenticated } from "./desk-auth.js";

/** The session's identity (401 unauthenticated without one). */
export function requireDesk(c: Context<AppEnv>): DeskIdentity {
  const desk = c.get("desk");
  if (!desk) throw unauthenticated();
  return desk;
}

/** The shop of the path, when it is one of the session's shops (401 without a session, 404 unknown_shop otherwise). */
export function requireDeskShop(c: Context<AppEnv>): Promise<Shop> {
  return getShop(c.env, deskShop(c));
}

/** The same check as a middleware, so that a request without a session or for another shop is refused before its query or body is read. */
export const deskShopGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  deskShop(c);
  await next();
};

/** Who acted, for the registry's audit log: `access:<email>` (as the admin API names Access users), else "sign-in link". */
export function deskActor(desk: DeskIdentity): string {
  return desk.email ? `access:${desk.email}` : "sign-in link";
}
