/**
 * The element's public routes (routes/app.ts): a shop's settings, creating a payment, reading it
 * and its status stream, with CORS per shop; and this document itself.
 */
import { z } from "zod";
import { createPaymentSchema } from "../../payments/create-payment.js";
import { CLIENT_SECRET_PARAM } from "../../payments/client-secret.js";
import type { Operation } from "./operation.js";
import { createdPayment, paymentView, shopSettings } from "./wire-shapes.js";

const TAG = "Element";
const UPSTREAM = { 502: ["upstream_unavailable", "upstream_error"], 504: ["upstream_unavailable"] } as const;
const clientSecret = z.strictObject({
  [CLIENT_SECRET_PARAM]: z
    .string()
    .describe("The payment's client secret from its create: without it, or with another, the answer is 404."),
});
const etag = {
  description: 'The view\'s version, e.g. W/"pay_3f9a1c-4": send as If-None-Match to read only a change.',
};

export const publicOperations: Operation[] = [
  {
    method: "get",
    path: "/api/shops/:shop",
    operationId: "getShopSettings",
    tag: TAG,
    summary: "A shop's public settings",
    description: "What the element needs to show the checkout: pricing mode, currencies, limits. Cached for 60 s.",
    answers: { 200: { description: "The shop's settings.", schema: shopSettings } },
    errors: { 403: ["origin_not_allowed"], 404: ["unknown_shop"], ...UPSTREAM },
  },
  {
    method: "post",
    path: "/api/shops/:shop/payments",
    operationId: "createPayment",
    tag: TAG,
    summary: "Create (or get back) the payment of an order",
    description:
      "Signed pricing: the shop's backend signs the order's price as `orderToken` (a JWT). Open pricing: `priceAmount` and `priceCurrency` within the shop's limits. One order has at most one live payment: the same signed create answers 200 with it. A `text/plain` body is read as JSON (a simple cross-origin request, without a preflight).",
    body: {
      schema: createPaymentSchema,
      contentTypes: ["application/json", "text/plain"],
      example: { orderId: "order-1042", transferCurrency: "BTC", priceAmount: "25.00", priceCurrency: "EUR" },
    },
    answers: {
      201: { description: "The payment was created.", schema: createdPayment, headers: { ETag: etag } },
      200: {
        description: "The order's live payment (a signed create repeated).",
        schema: createdPayment,
        headers: { ETag: etag },
      },
    },
    errors: {
      400: ["invalid_request", "invalid_order_token", "amount_out_of_range", "currency_not_enabled"],
      403: ["origin_not_allowed"],
      404: ["unknown_shop"],
      409: ["order_conflict"],
      413: ["invalid_request"],
      429: ["rate_limited"],
      ...UPSTREAM,
    },
  },
  {
    method: "get",
    path: "/api/shops/:shop/payments/:paymentId",
    operationId: "getPayment",
    tag: TAG,
    summary: "Read a payment",
    query: clientSecret,
    headers: [
      { name: "If-None-Match", description: "An ETag of an earlier answer: 304 while the payment is unchanged." },
    ],
    answers: {
      200: { description: "The payment's view.", schema: paymentView, headers: { ETag: etag } },
      304: { description: "Unchanged since the ETag given.", headers: { ETag: etag } },
    },
    errors: {
      400: ["invalid_request"],
      403: ["origin_not_allowed"],
      404: ["unknown_shop", "payment_not_found"],
      ...UPSTREAM,
    },
  },
  {
    method: "get",
    path: "/api/shops/:shop/payments/:paymentId/stream",
    operationId: "streamPayment",
    tag: TAG,
    summary: "A payment's status as a WebSocket",
    description:
      'Upgrade to a WebSocket: the Worker sends `{"type":"payment","payment":PaymentView}` text frames with every change (the first at once); the client may send `ping`, answered `pong`.',
    query: clientSecret,
    headers: [{ name: "Upgrade", description: "websocket", required: true }],
    answers: { 101: { description: "Switching to the WebSocket." } },
    errors: {
      400: ["invalid_request"],
      403: ["origin_not_allowed"],
      404: ["unknown_shop", "payment_not_found"],
      426: ["invalid_request"],
      429: ["rate_limited", "too_many_viewers"],
    },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Reference",
    summary: "This document",
    answers: {
      200: { description: "The OpenAPI 3.1 document of this Worker.", schema: z.record(z.string(), z.unknown()) },
    },
    errors: {},
  },
];
