/**
 * The checkout Worker's HTTP routes on hono: the element's (CORS per shop), the shop backend's
 * (backend-api.ts, Bearer token), the upstream's notifications, the registry's admin API
 * (admin-api.ts, the admin token), demo helpers and assets. Every error, thrown
 * anywhere, becomes `{"error":{"code","message"}}` in `onError`; unknown routes are 404
 * not_found, known routes with another method 405 method_not_allowed.
 */
import { Hono } from "hono";
import { methodNotAllowed } from "hono/method-not-allowed";
import { adminApi } from "./admin-api.js";
import { assetsRoutes } from "./assets.js";
import { healthRoutes } from "./health.js";
import { backendApi } from "./backend-api.js";
import { ledgerApi } from "./ledger-api.js";
import { dashboardApi } from "./dashboard-api.js";
import { deskApi } from "./desk-api.js";
import { hostedPageCors, shopCors } from "./cors.js";
import { refundApi } from "./refund-api.js";
import { linkApi } from "./link-api.js";
import { createPayment, createPaymentSchema, rateLimitCreate } from "../payments/create-payment.js";
import { shopTransferCurrencies } from "../upstream/currencies.js";
import { limitStreamConnects } from "../payments/stream-limits.js";
import { demoRoutes } from "../demo/demo-routes.js";
import { CheckoutError, jsonError, toCheckoutError } from "../http/errors.js";
import { HOOK_ROUTE } from "../upstream/hook-url.js";
import { handleHook } from "../notifications/hooks.js";
import { jsonBody, limitBody, plainTextAsJson, requestContext, type AppEnv } from "../http/plumbing.js";
import { log } from "../http/log.js";
import { CLIENT_SECRET_PARAM } from "../payments/client-secret.js";
import { paymentObject } from "../payments/payment-object.js";
import { receiptOf, RECEIPT_HEADERS } from "../payments/receipt.js";
import { PAYMENT_ID } from "../rules.js";
import { getShop } from "../shops/shop-source.js";
import { openApiDocument } from "./openapi/document.js";
import type { CreatedPayment, ShopSettings } from "../wire.js";

const MAX_CREATE_BODY = 8 * 1024;
const MAX_HOOK_BODY = 256 * 1024;

function paymentIdParam(value: string | undefined): string {
  if (!value || !PAYMENT_ID.test(value))
    throw new CheckoutError(400, "invalid_request", "The payment id is not valid.");
  return value;
}

export const app = new Hono<AppEnv>();

app.use("*", requestContext);
app.use(
  "*",
  methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) => {
      c.set("failure", { code: "method_not_allowed" });
      return jsonError(
        405,
        "method_not_allowed",
        `Use ${methods.join(", ")}.`,
        { Allow: methods.join(", ") },
        c.get("requestId"),
      );
    },
  }),
);

// CORS for the element's routes only: the backend API (backend-api.ts) is not for browsers.
app.use("/api/shops/:shop", shopCors);
app.use("/api/shops/:shop/payments", shopCors);
app.use("/api/shops/:shop/payments/*", shopCors);
app.use("/api/shops/:shop/refund-links/*", hostedPageCors);
app.use("/api/shops/:shop/links/:linkId/payments", hostedPageCors);

app.get("/api/shops/:shop", async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const settings: ShopSettings = {
    shop: shop.id,
    name: shop.name,
    environment: shop.environment,
    pricing: shop.pricing,
    priceCurrencies: shop.priceCurrencies,
    transferCurrencies: await shopTransferCurrencies(c.env, shop, c.get("requestId")),
  };
  if (shop.pricing === "open" && shop.limits) settings.limits = shop.limits;
  return c.json(settings, 200, { "Cache-Control": "public, max-age=60" });
});

app.post(
  "/api/shops/:shop/payments",
  limitBody(MAX_CREATE_BODY),
  rateLimitCreate,
  plainTextAsJson,
  jsonBody(createPaymentSchema),
  async (c) => {
    const shop = await getShop(c.env, c.req.param("shop"));
    const { created, view, clientSecret } = await createPayment(
      c.env,
      shop,
      c.req.valid("json"),
      c.req.url,
      c.get("requestId"),
    );
    const body: CreatedPayment = { ...view, clientSecret };
    return c.json(body, created ? 201 : 200, {
      "Cache-Control": "no-store",
      ETag: `W/"${view.paymentId}-${view.version}"`,
    });
  },
);

// The reads need the payment's client secret (?clientSecret=): without it, or with another, the
// same 404 as for an unknown payment. The access log writes the path only, never the query.
app.get("/api/shops/:shop/payments/:paymentId", async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  const view = await paymentObject(c.env, shop.id, paymentId).read(c.req.query(CLIENT_SECRET_PARAM));
  const etag = `W/"${view.paymentId}-${view.version}"`;
  const headers = { ETag: etag, "Cache-Control": "no-cache" };
  const ifNoneMatch = c.req.header("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*"))
    return c.body(null, 304, headers);
  return c.json(view, 200, headers);
});

// The receipt (payments/receipt.ts, receipt-wire.ts) with the same client secret and the same 404.
// Never stored by a cache, and never sends a Referer from a page that would show it.
app.get("/api/shops/:shop/payments/:paymentId/receipt", async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  const answer = await receiptOf(c.env, shop, paymentId, { clientSecret: c.req.query(CLIENT_SECRET_PARAM) });
  return c.json(answer, 200, RECEIPT_HEADERS);
});

app.get("/api/shops/:shop/payments/:paymentId/stream", async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new CheckoutError(426, "invalid_request", "This route is a WebSocket: send Upgrade: websocket.", {
      Upgrade: "websocket",
    });
  }
  await limitStreamConnects(c.env, shop.id, c.req.raw);
  return paymentObject(c.env, shop.id, paymentId).stream(c.req.raw, c.req.query(CLIENT_SECRET_PARAM));
});

app.post(HOOK_ROUTE, limitBody(MAX_HOOK_BODY), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  // hono types the context without `tracing`; at runtime it is the Workers ExecutionContext.
  return handleHook(c.req.raw, c.env, c.executionCtx as ExecutionContext, shop);
});

// The HTTP API's OpenAPI document (routes/openapi/), readable from any origin.
app.get("/api/openapi.json", (c) =>
  c.json(openApiDocument(), 200, { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" }),
);

app.route("/", healthRoutes);
app.route("/", backendApi);
app.route("/", refundApi);
app.route("/", linkApi);
app.route("/", ledgerApi);
app.route("/", deskApi);
// After deskApi: its deskAuth (session or Access, and CSRF on writes) runs first on /dashboard/api/shops/*.
app.route("/dashboard/api", dashboardApi);
app.route("/admin", adminApi);
app.route("/demo/api", demoRoutes);
app.route("/", assetsRoutes);

app.notFound((c) => {
  c.set("failure", { code: "not_found" });
  return jsonError(404, "not_found", "No such route.", undefined, c.get("requestId"));
});

app.onError((err, c) => {
  const requestId = c.get("requestId");
  const e = toCheckoutError(err);
  c.set("failure", { code: e.code, shop: c.req.param("shop") });
  if (e.status >= 500)
    log("error", "request_failed", {
      requestId,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      code: e.code,
      error: err,
    });
  return e.toResponse(requestId);
});
