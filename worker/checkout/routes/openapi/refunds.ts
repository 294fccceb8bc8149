/**
 * Refunds (routes/refund-api.ts, docs/refunds.md): the shop backend's refund routes behind its
 * backend token, and the two public routes of a refund link that the customer's refund page calls.
 */
import { z } from "zod";
import { approveRefundSchema, cancelRefundSchema, createRefundSchema, refundAddressSchema } from "../refund-api.js";
import type { Operation } from "./operation.js";
import { refundLinkCreated, refundLinkView, refundList, refundView } from "./refund-shapes.js";

const TAG = "Refunds";
const security = [["backendToken" as const]];
const BASE = "/api/shops/:shop/payments/:paymentId/refunds";
const UPSTREAM = { 502: ["upstream_unavailable", "upstream_error"], 504: ["upstream_unavailable"] } as const;
const idempotencyKey = {
  name: "Idempotency-Key",
  description:
    "1 to 255 visible ASCII characters. The same key with the same request answers what the first answered and does nothing again; with another body or route, 422 idempotency_key_reused. 5xx and 429 answers are not kept.",
  schema: z.string().regex(/^[\x21-\x7e]{1,255}$/),
};
const NOT_FOUND = ["unknown_shop", "payment_not_found", "refund_not_found"] as const;
const refundAnswer = (description: string) => ({ description, schema: refundView });

export const refundOperations: Operation[] = [
  {
    method: "post",
    path: BASE,
    operationId: "createRefund",
    tag: TAG,
    summary: "Start a refund of a payment",
    description:
      "An amount in the transfer or the price currency with a reason, or one of the payment's proposals. With an address (checked for the currency) the refund is ready for approval; without one, make a link for the customer.",
    security,
    headers: [idempotencyKey],
    body: { schema: createRefundSchema, example: { proposal: "overpaid_excess" } },
    answers: { 201: refundAnswer("The refund.") },
    errors: {
      400: ["invalid_request"],
      401: ["unauthorized"],
      404: ["unknown_shop", "payment_not_found"],
      409: ["refund_refused"],
      413: ["invalid_request"],
      422: ["invalid_request", "invalid_address", "refund_amount_exceeded", "idempotency_key_reused", "refund_refused"],
      ...UPSTREAM,
    },
  },
  {
    method: "get",
    path: BASE,
    operationId: "listRefunds",
    tag: TAG,
    summary: "A payment's refunds, totals and proposals",
    security,
    answers: { 200: { description: "The refunds.", schema: refundList } },
    errors: { 401: ["unauthorized"], 404: ["unknown_shop", "payment_not_found"], ...UPSTREAM },
  },
  {
    method: "get",
    path: `${BASE}/:refundId`,
    operationId: "getRefund",
    tag: TAG,
    summary: "One refund with its payout and history",
    security,
    answers: { 200: refundAnswer("The refund.") },
    errors: { 401: ["unauthorized"], 404: NOT_FOUND },
  },
  {
    method: "post",
    path: `${BASE}/:refundId/approve`,
    operationId: "approveRefund",
    tag: TAG,
    summary: "Approve a refund as shown: its payout is created (once) and approved",
    description:
      "The body names the amount, currency and address the merchant was shown; a refund that differs is refused (refund_refused, stale_approval). The payout limits are checked first. Trying again after a timeout is safe: a refund has one payout.",
    security,
    headers: [idempotencyKey],
    body: {
      schema: approveRefundSchema,
      example: { amount: "0.0005", currency: "BTC", address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" },
    },
    answers: { 200: refundAnswer("The refund, approved (or ended, when its payout expired).") },
    errors: {
      400: ["invalid_request"],
      401: ["unauthorized"],
      404: NOT_FOUND,
      409: ["refund_refused"],
      413: ["invalid_request"],
      422: ["invalid_request", "payout_limits", "refund_amount_exceeded", "idempotency_key_reused", "refund_refused"],
      ...UPSTREAM,
    },
  },
  {
    method: "post",
    path: `${BASE}/:refundId/cancel`,
    operationId: "cancelRefund",
    tag: TAG,
    summary: "Cancel a refund before its payout exists",
    security,
    headers: [idempotencyKey],
    body: { schema: cancelRefundSchema, example: { reason: "The customer chose store credit." } },
    answers: { 200: refundAnswer("The refund, cancelled.") },
    errors: {
      400: ["invalid_request"],
      401: ["unauthorized"],
      404: NOT_FOUND,
      409: ["refund_refused"],
      413: ["invalid_request"],
      422: ["invalid_request", "idempotency_key_reused", "refund_refused"],
    },
  },
  {
    method: "post",
    path: `${BASE}/:refundId/link`,
    operationId: "createRefundLink",
    tag: TAG,
    summary: "A refund link for the customer to give the address",
    description:
      "Single use and expiring (the shop's refundLinkTtlMinutes). A new link replaces the last, and drops an address given through it while no payout exists.",
    security,
    headers: [idempotencyKey],
    answers: { 201: { description: "The link.", schema: refundLinkCreated } },
    errors: {
      401: ["unauthorized"],
      404: NOT_FOUND,
      409: ["refund_refused"],
      422: ["idempotency_key_reused", "refund_refused"],
    },
  },
  {
    method: "get",
    path: "/api/shops/:shop/refund-links/:token",
    operationId: "getRefundLink",
    tag: TAG,
    summary: "What a refund link's page shows",
    description: "Public (the token is the capability); CORS for the shop's allowed origins and this Worker's own.",
    answers: { 200: { description: "The refund's amount, currency and state.", schema: refundLinkView } },
    errors: {
      403: ["origin_not_allowed"],
      404: ["unknown_shop", "refund_link_invalid"],
      410: ["refund_link_expired"],
      429: ["rate_limited"],
    },
  },
  {
    method: "post",
    path: "/api/shops/:shop/refund-links/:token/address",
    operationId: "submitRefundAddress",
    tag: TAG,
    summary: "The customer's address for the refund (once)",
    body: {
      schema: refundAddressSchema,
      contentTypes: ["application/json", "text/plain"],
      example: { address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" },
    },
    answers: { 200: { description: "The link's view, address_received.", schema: refundLinkView } },
    errors: {
      400: ["invalid_request"],
      403: ["origin_not_allowed"],
      404: ["unknown_shop", "refund_link_invalid"],
      409: ["refund_link_used"],
      410: ["refund_link_expired"],
      413: ["invalid_request"],
      422: ["invalid_address", "invalid_request"],
      429: ["rate_limited"],
    },
  },
];
