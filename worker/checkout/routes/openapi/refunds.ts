/**
 * Refunds (routes/refund-api.ts, docs/refunds.md): the shop backend's refund routes behind its
 * backend token, and the two public routes of a refund link that the customer's refund page calls.
 */
import { z } from "zod";
import { approveRefundSchema, cancelRefundSchema, createRefundSchema, refundAddressSchema } from "../refund-api.js";
import type { ErrorCode } from "../../wire.js";
import type { Operation } from "./operation.js";
import { refundLinkCreated, refundLinkView, refundList, refundPayoutLimits, refundView } from "./refund-shapes.js";

const TAG = "Refunds";
const UPSTREAM = { 502: ["upstream_unavailable", "upstream_error"], 504: ["upstream_unavailable"] } as const;
const idempotencyKey = {
  name: "Idempotency-Key",
  description:
    "1 to 255 visible ASCII characters. The same key with the same request answers what the first answered and does nothing again; with another body or route, 422 idempotency_key_reused. 5xx and 429 answers are not kept.",
  schema: z.string().regex(/^[\x21-\x7e]{1,255}$/),
};
const NOT_FOUND = ["unknown_shop", "payment_not_found", "refund_not_found"] as const;
const refundAnswer = (description: string) => ({ description, schema: refundView });

/** Who may call the merchant's refund routes of one API, and what refuses a caller. */
export interface RefundArea {
  /** The routes' base, as hono registers it. */
  base: string;
  tag: string;
  /** Prefixes each operationId (`""` for the backend API, `"desk"` for the dashboard's). */
  prefix: string;
  read: Operation["security"];
  write: Operation["security"];
  /** The errors of a refused caller, by status; `refusedWrite` adds a write's (a CSRF check). */
  refused: Operation["errors"];
  refusedWrite?: Operation["errors"];
}

const opId = (area: RefundArea, id: string) =>
  area.prefix ? `${area.prefix}${id.charAt(0).toUpperCase()}${id.slice(1)}` : id;

/** A merged errors table: the caller's refusals and the route's own, codes of one status together. */
function errorsOf(area: RefundArea, own: Operation["errors"], write = true): Operation["errors"] {
  const out: Record<number, readonly ErrorCode[]> = { ...area.refused };
  for (const [status, codes] of Object.entries({ ...(write ? area.refusedWrite : {}) }))
    out[Number(status)] = [...new Set([...(out[Number(status)] ?? []), ...codes])];
  for (const [status, codes] of Object.entries(own))
    out[Number(status)] = [...new Set([...(out[Number(status)] ?? []), ...codes])];
  return out;
}

/** The merchant's refund routes of one API (the backend's, the dashboard's): the same calls (routes/refund-calls.ts). */
export const merchantRefundOperations = (area: RefundArea): Operation[] => [
  {
    method: "post",
    path: area.base,
    operationId: opId(area, "createRefund"),
    tag: area.tag,
    summary: "Start a refund of a payment",
    description:
      "An amount in the transfer or the price currency with a reason, or one of the payment's proposals. With an address (checked for the currency) the refund is ready for approval; without one, make a link for the customer.",
    security: area.write,
    headers: [idempotencyKey],
    body: { schema: createRefundSchema, example: { proposal: "overpaid_excess" } },
    answers: { 201: refundAnswer("The refund.") },
    errors: errorsOf(area, {
      400: ["invalid_request"],
      404: ["unknown_shop", "payment_not_found"],
      409: ["refund_refused"],
      413: ["invalid_request"],
      422: ["invalid_request", "invalid_address", "refund_amount_exceeded", "idempotency_key_reused", "refund_refused"],
      ...UPSTREAM,
    }),
  },
  {
    method: "get",
    path: area.base,
    operationId: opId(area, "listRefunds"),
    tag: area.tag,
    summary: "A payment's refunds, totals and proposals",
    security: area.read,
    answers: { 200: { description: "The refunds.", schema: refundList } },
    errors: errorsOf(area, { 404: ["unknown_shop", "payment_not_found"], ...UPSTREAM }, false),
  },
  {
    method: "get",
    path: `${area.base}/:refundId`,
    operationId: opId(area, "getRefund"),
    tag: area.tag,
    summary: "One refund with its payout and history",
    security: area.read,
    answers: { 200: refundAnswer("The refund.") },
    errors: errorsOf(area, { 404: NOT_FOUND }, false),
  },
  {
    method: "get",
    path: `${area.base}/:refundId/payout-limits`,
    operationId: opId(area, "getRefundPayoutLimits"),
    tag: area.tag,
    summary: "The payout limits for a refund's payout, before approving it",
    description:
      "Read from the payment service now: its available balance and minimum payout, and whether they allow this refund.",
    security: area.read,
    answers: { 200: { description: "The limits.", schema: refundPayoutLimits } },
    errors: errorsOf(area, { 404: NOT_FOUND, ...UPSTREAM }, false),
  },
  {
    method: "post",
    path: `${area.base}/:refundId/approve`,
    operationId: opId(area, "approveRefund"),
    tag: area.tag,
    summary: "Approve a refund as shown: its payout is created (once) and approved",
    description:
      "The body names the amount, currency and address the merchant was shown; a refund that differs is refused (refund_refused, stale_approval). The payout limits are checked first. Trying again after a timeout is safe: a refund has one payout.",
    security: area.write,
    headers: [idempotencyKey],
    body: {
      schema: approveRefundSchema,
      example: { amount: "0.0005", currency: "BTC", address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" },
    },
    answers: { 200: refundAnswer("The refund, approved (or ended, when its payout expired).") },
    errors: errorsOf(area, {
      400: ["invalid_request"],
      404: NOT_FOUND,
      409: ["refund_refused"],
      413: ["invalid_request"],
      422: ["invalid_request", "payout_limits", "refund_amount_exceeded", "idempotency_key_reused", "refund_refused"],
      ...UPSTREAM,
    }),
  },
  {
    method: "post",
    path: `${area.base}/:refundId/cancel`,
    operationId: opId(area, "cancelRefund"),
    tag: area.tag,
    summary: "Cancel a refund before its payout exists",
    security: area.write,
    headers: [idempotencyKey],
    body: { schema: cancelRefundSchema, example: { reason: "The customer chose store credit." } },
    answers: { 200: refundAnswer("The refund, cancelled.") },
    errors: errorsOf(area, {
      400: ["invalid_request"],
      404: NOT_FOUND,
      409: ["refund_refused"],
      413: ["invalid_request"],
      422: ["invalid_request", "idempotency_key_reused", "refund_refused"],
    }),
  },
  {
    method: "post",
    path: `${area.base}/:refundId/link`,
    operationId: opId(area, "createRefundLink"),
    tag: area.tag,
    summary: "A refund link for the customer to give the address",
    description:
      "Single use and expiring (the shop's refundLinkTtlMinutes). A new link replaces the last, and drops an address given through it while no payout exists.",
    security: area.write,
    headers: [idempotencyKey],
    answers: { 201: { description: "The link.", schema: refundLinkCreated } },
    errors: errorsOf(area, {
      404: NOT_FOUND,
      409: ["refund_refused"],
      422: ["idempotency_key_reused", "refund_refused"],
    }),
  },
];

/** The refund link's two public routes, which the customer's refund page calls. */
export const refundLinkOperations: Operation[] = [
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

const backendToken = [["backendToken" as const]];

/** Refunds in the document: the backend API's, then the refund link's public routes. */
export const refundOperations: Operation[] = [
  ...merchantRefundOperations({
    base: "/api/shops/:shop/payments/:paymentId/refunds",
    tag: TAG,
    prefix: "",
    read: backendToken,
    write: backendToken,
    refused: { 401: ["unauthorized"], 404: ["unknown_shop"] },
  }),
  ...refundLinkOperations,
];
