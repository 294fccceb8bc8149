/**
 * CORS per shop. A browser request from a page of one of the shop's allowedOrigins (or from this
 * Worker's own origin, like the demo) gets the CORS headers, on errors too; any other Origin is
 * refused with 403 origin_not_allowed before the route runs, preflight included. That refusal
 * alone carries Access-Control-Allow-Origin for the refused origin, so that the element can read
 * and explain it: the page learns only its own origin, the shop id it asked for and where the
 * docs are (no methods, headers or other body are opened to it). An unknown shop's 404 has no
 * CORS headers. Requests without an Origin (server to server, curl) pass: CORS protects browsers,
 * the pricing rules protect the shop.
 */
import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import type { ShopData } from "../shops/shop-schema.js";
import { getShop } from "../shops/shop-source.js";
import { ownOrigins } from "../http/own-origins.js";

export function originAllowed(
  shop: Pick<ShopData, "allowedOrigins">,
  origin: string,
  requestUrl: string,
  own: readonly string[] = [],
): boolean {
  return origin === new URL(requestUrl).origin || own.includes(origin) || shop.allowedOrigins.includes(origin);
}

/** Where the docs say how to allow an origin (the anchor the refusal names). */
const ALLOWED_ORIGINS_DOCS = "docs/checkout.md#allowed-origins";

/** 403 origin_not_allowed, readable by the refused origin, when the request carries an Origin the shop does not allow. */
export function assertOrigin(
  shop: Pick<ShopData, "id" | "allowedOrigins">,
  request: Request,
  own: readonly string[] = [],
): void {
  const origin = request.headers.get("Origin");
  if (origin !== null && !originAllowed(shop, origin, request.url, own)) {
    throw new CheckoutError(
      403,
      "origin_not_allowed",
      `origin ${origin} is not in allowedOrigins of shop ${shop.id} — see ${ALLOWED_ORIGINS_DOCS}`,
      {
        "Access-Control-Allow-Origin": origin,
        Vary: "Origin",
      },
    );
  }
}

const corsHeaders = cors({
  // shopCors has checked the Origin against the shop already: an Origin that reaches this is allowed.
  origin: (origin) => origin,
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ["Content-Type", "If-None-Match", "X-Request-Id"],
  exposeHeaders: ["ETag", "Retry-After", "X-Request-Id"],
  maxAge: 600,
});

/** CORS for /api/shops/{shop}/...: 404 unknown_shop, 403 origin_not_allowed, else the CORS headers (and preflight). */
export const shopCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertOrigin(await getShop(c.env, c.req.param("shop") ?? ""), c.req.raw);
  return corsHeaders(c, next);
};

/**
 * CORS of the routes of the pages this Worker hosts (the refund links', the payment link page's
 * create): as shopCors, and this Worker's own origins (PUBLIC_URL's too), since the hosted refund
 * page (/refund/{shop}/) and the payment link page (/pay/{shop}/{linkId}) are served by this Worker.
 */
export const hostedPageCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertOrigin(await getShop(c.env, c.req.param("shop") ?? ""), c.req.raw, ownOrigins(c.env, c.req.url));
  return corsHeaders(c, next);
};
