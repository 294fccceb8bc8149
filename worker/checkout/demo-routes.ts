/**
 * Demo helpers, served only when DEMO_MODE is "true" and only for sandbox shops:
 * - POST /demo/api/order-token plays the backend of a signed-pricing shop and signs an order token;
 * - /demo/api/sandbox/* forwards to the sandbox's control API (/sandbox/*), so the demo page can
 *   act as the customer and the blockchain from the same origin.
 */
import { Hono } from "hono";
import { SignJWT } from "jose";
import { z } from "zod";
import { getShop, shopSecret } from "./config.js";
import { assertOrigin } from "./cors.js";
import { jsonBody, type AppEnv } from "./http.js";
import { CheckoutError } from "./errors.js";
import { ORDER_ID, ORDER_ID_MESSAGE } from "./ids.js";

export const ORDER_TOKEN_TTL_SECONDS = 30 * 60;

const orderTokenSchema = z.strictObject({
  shop: z.string().min(1).max(64),
  orderId: z.string().regex(ORDER_ID, ORDER_ID_MESSAGE),
  priceAmount: z.string().regex(/^(?:0|[1-9]\d{0,14})(?:\.\d{1,18})?$/, "must be a decimal string such as \"25.00\""),
  priceCurrency: z.string().regex(/^[A-Z0-9]{2,10}$/, "must be an upper-case currency code"),
});

export const demoRoutes = new Hono<AppEnv>();

demoRoutes.use("*", async (c, next) => {
  if (c.env.DEMO_MODE !== "true") throw new CheckoutError(404, "not_found", "No such route.");
  await next();
});

demoRoutes.post("/order-token", jsonBody(orderTokenSchema), async (c) => {
  const body = c.req.valid("json");
  const shop = getShop(c.env, body.shop);
  assertOrigin(shop, c.req.raw);
  if (shop.environment !== "sandbox") throw new CheckoutError(404, "unknown_shop", "The demo serves sandbox shops only.");
  const key = shopSecret(c.env, shop, "orderSigningKey");
  if (shop.pricing !== "signed" || !key) throw new CheckoutError(400, "invalid_request", "This shop does not use signed pricing.");
  const orderToken = await new SignJWT({ orderId: body.orderId, priceAmount: body.priceAmount, priceCurrency: body.priceCurrency, shop: shop.id })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(`${ORDER_TOKEN_TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(key));
  return c.json({ orderToken }, 200, { "Cache-Control": "no-store" });
});

const SANDBOX_PATH = /^\/demo\/api\/sandbox(\/[A-Za-z0-9._~\-/]*)$/;

demoRoutes.on(["GET", "POST", "PUT"], "/sandbox/*", async (c) => {
  const url = new URL(c.req.url);
  const match = SANDBOX_PATH.exec(url.pathname);
  if (!match?.[1] || match[1].includes("..")) throw new CheckoutError(404, "not_found", "No such route.");
  const target = new URL(`/sandbox${match[1]}${url.search}`, c.env.SANDBOX_BASE_URL);
  const init: RequestInit = { method: c.req.method, headers: { "Content-Type": "application/json" } };
  if (c.req.method !== "GET") init.body = await c.req.text();
  let response: Response;
  try {
    response = await fetch(target, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new CheckoutError(502, "upstream_unavailable", "The sandbox cannot be reached.");
  }
  return new Response(response.body, {
    status: response.status,
    headers: { "Content-Type": response.headers.get("Content-Type") ?? "application/json", "Cache-Control": "no-store" },
  });
});
