/**
 * CORS per shop. A browser request from a page of one of the shop's allowedOrigins (or from this
 * Worker's own origin, like the demo) gets the CORS headers; any other Origin is refused with 403
 * origin_not_allowed before the route runs, preflight included. Requests without an Origin
 * (server to server, curl) pass: CORS protects browsers, the pricing rules protect the shop.
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { ShopConfig } from "./config.js";
import { CheckoutError } from "./errors.js";

export function originAllowed(shop: ShopConfig, origin: string, requestUrl: string): boolean {
  return origin === new URL(requestUrl).origin || shop.allowedOrigins.includes(origin);
}

/** 403 origin_not_allowed when the request carries an Origin the shop does not allow. */
export function assertOrigin(shop: ShopConfig, request: Request): void {
  const origin = request.headers.get("Origin");
  if (origin !== null && !originAllowed(shop, origin, request.url)) {
    throw new CheckoutError(403, "origin_not_allowed", "This page's origin is not allowed to use this shop.");
  }
}

/** CORS for the shop API; `shopOf` gives the shop of the request (404 unknown_shop when none). */
export function shopCors(shopOf: (shopId: string) => ShopConfig): MiddlewareHandler {
  return async (c, next) => {
    const shop = shopOf(c.req.param("shop") ?? "");
    assertOrigin(shop, c.req.raw);
    const handler = cors({
      origin: (origin) => (originAllowed(shop, origin, c.req.url) ? origin : null),
      allowMethods: ["GET", "POST", "OPTIONS"],
      allowHeaders: ["Content-Type", "If-None-Match", "X-Request-Id"],
      exposeHeaders: ["ETag", "Retry-After", "X-Request-Id"],
      maxAge: 600,
    });
    return handler(c, next);
  };
}
