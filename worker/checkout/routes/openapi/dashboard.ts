/**
 * The merchant dashboard's routes: sign-in (desk/desk-routes.ts) and the data API
 * (routes/dashboard-api.ts, mounted at /dashboard/api). A request is signed in by the session
 * cookie or, behind Cloudflare Access, by the Access JWT; every POST, PATCH and DELETE also needs
 * the session's CSRF token and a same-origin Origin.
 */
import { z } from "zod";
import { settingsPatch } from "../../desk/desk-settings.js";
import { signInBodySchema } from "../../desk/desk-routes.js";
import { overviewQuery } from "../dashboard-api.js";
import { filterQuery, listQuery } from "../ledger-lists.js";
import { ledgerPaymentList } from "./backend-shapes.js";
import {
  deskOverview,
  deskPaymentDetail,
  deskPing,
  deskRedelivery,
  deskSession,
  deskSettings,
  deskWebhooks,
} from "./desk-shapes.js";
import type { Operation } from "./operation.js";
import { RECEIPT_ANSWERS } from "./receipt.js";
import { merchantRefundOperations } from "./refunds.js";

const TAG = "Dashboard";
const read = [["dashboardSession" as const], ["cloudflareAccess" as const]];
const write = [["dashboardSession" as const, "dashboardCsrf" as const]];
const SIGNED_IN = { 401: ["unauthenticated"], 404: ["unknown_shop", "not_found"] } as const;
const WRITE = { ...SIGNED_IN, 403: ["csrf_refused"] } as const;

export const dashboardOperations: Operation[] = [
  {
    method: "post",
    path: "/dashboard/api/session",
    operationId: "signIn",
    tag: TAG,
    summary: "Turn a sign-in link's token into a session (sets the session cookie)",
    description: "Same-origin only; rate-limited per client.",
    body: { schema: signInBodySchema, example: { token: "Jm2s8Qe4t0yXcV7bN1kA9wZ3hR5uL6pD2fG8jK4mN0q" } },
    answers: {
      200: {
        description: "Signed in.",
        schema: deskSession,
        headers: { "Set-Cookie": { description: "The session cookie (HttpOnly, SameSite=Strict)." } },
      },
    },
    errors: {
      400: ["invalid_request"],
      401: ["unauthenticated"],
      403: ["csrf_refused"],
      404: ["not_found"],
      413: ["invalid_request"],
      429: ["rate_limited"],
    },
  },
  {
    method: "get",
    path: "/dashboard/api/session",
    operationId: "getSession",
    tag: TAG,
    summary: "Who is signed in (behind Cloudflare Access, a session is made from the Access JWT)",
    security: read,
    answers: { 200: { description: "The session.", schema: deskSession } },
    errors: { 401: ["unauthenticated"], 404: ["not_found"] },
  },
  {
    method: "delete",
    path: "/dashboard/api/session",
    operationId: "signOut",
    tag: TAG,
    summary: "Sign out: the session ends server-side",
    security: write,
    answers: { 204: { description: "Signed out; the cookie is cleared." } },
    errors: { 401: ["unauthenticated"], 403: ["csrf_refused"], 404: ["not_found"] },
  },
  {
    method: "get",
    path: "/dashboard/api/shops/:shop/overview",
    operationId: "getOverview",
    tag: TAG,
    summary: "Payments per day, conversion and deliveries of the last days",
    security: read,
    query: overviewQuery,
    answers: { 200: { description: "The overview.", schema: deskOverview } },
    errors: { ...SIGNED_IN, 400: ["invalid_request"], 503: ["service_unavailable"] },
  },
  {
    method: "get",
    path: "/dashboard/api/shops/:shop/payments",
    operationId: "listDashboardPayments",
    tag: TAG,
    summary: "The shop's payments from the ledger (as the ledger API)",
    security: read,
    query: listQuery,
    answers: { 200: { description: "One page.", schema: ledgerPaymentList } },
    errors: { ...SIGNED_IN, 400: ["invalid_request"], 503: ["service_unavailable"] },
  },
  {
    method: "get",
    path: "/dashboard/api/shops/:shop/payments.csv",
    operationId: "exportDashboardPayments",
    tag: TAG,
    summary: "The payments that pass the filters, as CSV",
    security: read,
    query: filterQuery,
    answers: { 200: { description: "CSV with a header row.", contentType: "text/csv", schema: z.string() } },
    errors: { ...SIGNED_IN, 400: ["invalid_request"], 503: ["service_unavailable"] },
  },
  {
    method: "get",
    path: "/dashboard/api/shops/:shop/payments/:paymentId",
    operationId: "getDashboardPayment",
    tag: TAG,
    summary: "One payment: the ledger's, its transactions, its events and deliveries, the live view",
    security: read,
    answers: { 200: { description: "The payment.", schema: deskPaymentDetail } },
    errors: {
      ...SIGNED_IN,
      400: ["invalid_request"],
      404: ["unknown_shop", "not_found", "payment_not_found"],
      503: ["service_unavailable"],
    },
  },
  {
    method: "get",
    path: "/dashboard/api/shops/:shop/payments/:paymentId/receipt",
    operationId: "getDashboardReceipt",
    tag: TAG,
    summary: "A payment's receipt, for the shop's dashboard",
    description:
      "What the receipt page `/receipt/{shop}/{paymentId}` reads when it is opened without a client secret (the dashboard's Open receipt).",
    security: read,
    answers: RECEIPT_ANSWERS,
    errors: { ...SIGNED_IN, 400: ["invalid_request"], 404: ["unknown_shop", "not_found", "payment_not_found"] },
  },
  {
    method: "post",
    path: "/dashboard/api/shops/:shop/events/:eventId/redeliver",
    operationId: "redeliverDashboardEvent",
    tag: TAG,
    summary: "Deliver an event again",
    security: write,
    answers: { 202: { description: "Queued.", schema: deskRedelivery } },
    errors: {
      ...WRITE,
      400: ["invalid_request"],
      404: ["unknown_shop", "not_found", "event_not_found"],
      409: ["no_webhook_endpoint"],
    },
  },
  {
    method: "get",
    path: "/dashboard/api/shops/:shop/webhooks",
    operationId: "getWebhookStats",
    tag: TAG,
    summary: "Deliveries per endpoint and their last failures",
    security: read,
    answers: { 200: { description: "The endpoints.", schema: deskWebhooks } },
    errors: SIGNED_IN,
  },
  {
    method: "post",
    path: "/dashboard/api/shops/:shop/webhooks/ping",
    operationId: "sendPing",
    tag: TAG,
    summary: "Send the `ping` event to every endpoint",
    security: write,
    answers: { 202: { description: "Recorded and queued.", schema: deskPing } },
    errors: { ...WRITE, 409: ["no_webhook_endpoint"] },
  },
  {
    method: "get",
    path: "/dashboard/api/shops/:shop/settings",
    operationId: "getSettings",
    tag: TAG,
    summary: "The shop's settings; secrets only as set or not",
    security: read,
    answers: { 200: { description: "The settings.", schema: deskSettings } },
    errors: SIGNED_IN,
  },
  {
    method: "patch",
    path: "/dashboard/api/shops/:shop/settings",
    operationId: "updateSettings",
    tag: TAG,
    summary: "Change allowed origins, redirect URLs or webhook endpoints (registry shops only)",
    description: "A webhook secret never passes through a browser: a new endpoint's secret is set with the admin API.",
    security: write,
    body: { schema: settingsPatch, example: { allowedOrigins: ["https://shop.example"] } },
    answers: { 200: { description: "The settings after the change.", schema: deskSettings } },
    errors: {
      ...WRITE,
      400: ["invalid_request"],
      409: ["shop_not_editable", "shop_changed"],
      413: ["invalid_request"],
    },
  },
  ...merchantRefundOperations({
    base: "/dashboard/api/shops/:shop/payments/:paymentId/refunds",
    tag: TAG,
    prefix: "desk",
    read,
    write,
    refused: SIGNED_IN,
    refusedWrite: { 403: ["csrf_refused"] },
  }),
];
