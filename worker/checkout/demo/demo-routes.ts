/**
 * Demo helpers, served only when DEMO_MODE is "true", no production shop is configured in either
 * source (demo-mode.ts for the SHOPS var, the registry asked through its cache), and only for
 * sandbox shops:
 * - POST /demo/api/order-token plays the backend of a signed-pricing shop and signs an order token;
 * - POST /demo/api/payment-link plays the shop's backend making a payment link (docs/links.md): a
 *   reusable link for a fixed amount, which the demo page then opens;
 * - /demo/api/sandbox/* forwards to the sandbox's control API (/sandbox/*), so the demo page can
 *   act as the customer and the blockchain from the same origin;
 * - GET /demo/api/backend/received?after=<n> forwards to the reference shop backend's received log
 *   (DEMO_BACKEND_URL/received), so the demo page shows what the shop's backend got and verified.
 * They serve this Worker's own pages only: a request with another Origin is refused (403
 * origin_not_allowed), and a body over 16 KiB too (413 invalid_request).
 */
import { Hono } from "hono";
import { SignJWT } from "jose";
import { z } from "zod";
import { demoModeState, type DemoModeState } from "./demo-mode.js";
import type { Env } from "../env.js";
import { jsonBody, limitBody, type AppEnv } from "../http/plumbing.js";
import { CheckoutError } from "../http/errors.js";
import { log } from "../http/log.js";
import { ownOrigins } from "../http/own-origins.js";
import { currencyCode, decimalAmount, orderId, parseHttpUrl } from "../rules.js";
import { registryHasProduction } from "../shops/shop-registry.js";
import { getShop } from "../shops/shop-source.js";
import { linksObject } from "../links/links-object.js";
import { linkView } from "../links/link-rules.js";
import { publicOrigin } from "../upstream/hook-url.js";

export const ORDER_TOKEN_TTL_SECONDS = 30 * 60;

const orderTokenSchema = z.strictObject({
  shop: z.string().min(1).max(64),
  orderId,
  priceAmount: decimalAmount,
  priceCurrency: currencyCode,
});

export const demoRoutes = new Hono<AppEnv>();

/** Largest body the demo routes take. */
export const MAX_DEMO_BODY = 16 * 1024;

/** States per bindings object (an isolate keeps one), as loadShops keeps its validation. */
const states = new WeakMap<object, DemoModeState>();

/** Whether the SHOPS var lets this deployment serve the demo routes (demo-mode.ts). */
export function demoState(env: Env): DemoModeState {
  let state = states.get(env);
  if (!state) {
    state = demoModeState(env.DEMO_MODE, env.SHOPS ?? "[]");
    states.set(env, state);
  }
  return state;
}

/** Whether the registry was last seen holding a production shop (so that the refusal is logged once per change). */
let registryRefused = false;

/**
 * Whether the demo routes are served: the SHOPS var allows them, and the registry holds no
 * production shop (a registry that cannot be read counts as holding one: when in doubt, the
 * deployment is a production one).
 */
export async function demoServed(env: Env): Promise<boolean> {
  if (!demoState(env).enabled) return false;
  let production: boolean;
  try {
    production = await registryHasProduction(env);
  } catch (err) {
    log("error", "registry_unavailable", { error: err });
    return false;
  }
  if (production !== registryRefused) {
    registryRefused = production;
    if (production)
      log("error", "demo_mode_refused", {
        reason:
          'DEMO_MODE is "true" but the shop registry holds production shops: the demo routes (/demo/api/*) are not served.',
      });
  }
  return !production;
}

/** Logs, as the Worker starts, one error line naming why DEMO_MODE "true" is refused (nothing otherwise). */
export function reportDemoMode(env: Env): void {
  const state = demoState(env);
  if (!state.enabled && state.reason) log("error", "demo_mode_refused", { reason: state.reason });
}

/** 403 origin_not_allowed unless the request has no Origin or this Worker's own (the request's, or PUBLIC_URL's). */
export function assertOwnOrigin(env: Env, request: Request): void {
  const origin = request.headers.get("Origin");
  if (origin === null || ownOrigins(env, request.url).includes(origin)) return;
  throw new CheckoutError(403, "origin_not_allowed", "The demo helpers serve this Worker's own pages only.");
}

demoRoutes.use("*", async (c, next) => {
  if (!(await demoServed(c.env))) throw new CheckoutError(404, "not_found", "No such route.");
  assertOwnOrigin(c.env, c.req.raw);
  await next();
});

demoRoutes.use("*", limitBody(MAX_DEMO_BODY));

demoRoutes.post("/order-token", jsonBody(orderTokenSchema), async (c) => {
  const body = c.req.valid("json");
  const shop = await getShop(c.env, body.shop);
  if (shop.environment !== "sandbox")
    throw new CheckoutError(404, "unknown_shop", "The demo serves sandbox shops only.");
  const key = shop.secret("orderSigningKey");
  if (shop.pricing !== "signed" || !key)
    throw new CheckoutError(400, "invalid_request", "This shop does not use signed pricing.");
  const orderToken = await new SignJWT({
    orderId: body.orderId,
    priceAmount: body.priceAmount,
    priceCurrency: body.priceCurrency,
    shop: shop.id,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(`${ORDER_TOKEN_TTL_SECONDS}s`)
    .sign(new TextEncoder().encode(key));
  return c.json({ orderToken }, 200, { "Cache-Control": "no-store" });
});

const paymentLinkSchema = z.strictObject({
  shop: z.string().min(1).max(64),
  priceAmount: decimalAmount,
  priceCurrency: currencyCode,
});

demoRoutes.post("/payment-link", jsonBody(paymentLinkSchema), async (c) => {
  const body = c.req.valid("json");
  const shop = await getShop(c.env, body.shop);
  if (shop.environment !== "sandbox")
    throw new CheckoutError(404, "unknown_shop", "The demo serves sandbox shops only.");
  const link = await linksObject(c.env, shop.id).create({
    description: `Demo order at ${shop.name}`,
    priceAmount: body.priceAmount,
    priceCurrency: body.priceCurrency,
    singleUse: false,
    orderPrefix: "demo-link",
  });
  return c.json(linkView(link, shop.id, publicOrigin(c.env, c.req.url), new Date()), 201, {
    "Cache-Control": "no-store",
  });
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
    headers: {
      "Content-Type": response.headers.get("Content-Type") ?? "application/json",
      "Cache-Control": "no-store",
    },
  });
});

/** The received log's cursor: a sequence number, as the shop backend accepts it. */
const AFTER = /^\d{1,15}$/;
const BACKEND_TIMEOUT_MS = 10_000;

/** DEMO_BACKEND_URL without trailing slashes, or undefined when it is unset or not an http(s) URL. */
function demoBackendBase(value: string | undefined): string | undefined {
  return value ? parseHttpUrl(value)?.href.replace(/\/+$/, "") : undefined;
}

demoRoutes.get("/backend/received", async (c) => {
  const after = c.req.query("after") ?? "0";
  if (!AFTER.test(after))
    throw new CheckoutError(400, "invalid_request", "after must be a whole number of 1 to 15 digits.");
  const base = demoBackendBase(c.env.DEMO_BACKEND_URL);
  if (!base)
    throw new CheckoutError(502, "upstream_unavailable", "The shop backend is not configured (DEMO_BACKEND_URL).");
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${base}/received?after=${after}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(BACKEND_TIMEOUT_MS),
    });
    text = await response.text();
  } catch {
    throw new CheckoutError(502, "upstream_unavailable", "The shop backend cannot be reached.");
  }
  if (!response.ok)
    throw new CheckoutError(502, "upstream_error", `The shop backend answered HTTP ${response.status}.`);
  try {
    JSON.parse(text);
  } catch {
    throw new CheckoutError(502, "upstream_error", "The shop backend gave an answer that is not JSON.");
  }
  return new Response(text, {
    status: 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
});
