/**
 * The shop backend's API (routes/backend-api.ts, routes/ledger-api.ts and the sign-in link of
 * routes/desk-api.ts), behind the shop's backend token, without CORS.
 */
import { z } from "zod";
import { eventQuery, eventsQuery } from "../backend-api.js";
import { filterQuery, listQuery } from "../ledger-lists.js";
import {
  eventDetail,
  eventList,
  ledgerBackfill,
  ledgerPaymentList,
  ledgerTotals,
  orderStatus,
  redelivery,
} from "./backend-shapes.js";
import { deskSignInLink } from "./desk-shapes.js";
import type { Operation } from "./operation.js";
import { totalsQuery } from "../ledger-api.js";

const TAG = "Backend";
const LEDGER = "Ledger";
const security = [["backendToken" as const]];
const AUTH = { 401: ["unauthorized"], 404: ["unknown_shop"] } as const;

export const backendOperations: Operation[] = [
  {
    method: "get",
    path: "/api/shops/:shop/orders/:orderId",
    operationId: "getOrder",
    tag: TAG,
    summary: "An order's payment and whether it is paid",
    description: "From the order's live records, or from the payments ledger once they are gone.",
    security,
    answers: { 200: { description: "The order.", schema: orderStatus } },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["unknown_shop", "order_not_found"] },
  },
  {
    method: "get",
    path: "/api/shops/:shop/events",
    operationId: "listEvents",
    tag: TAG,
    summary: "The shop's event log, in order, with delivery state",
    security,
    query: eventsQuery,
    answers: { 200: { description: "One page of events.", schema: eventList } },
    errors: { ...AUTH, 400: ["invalid_request"] },
  },
  {
    method: "get",
    path: "/api/shops/:shop/events/:eventId",
    operationId: "getEvent",
    tag: TAG,
    summary: "One event with its delivery attempts",
    security,
    query: eventQuery,
    answers: { 200: { description: "The event.", schema: eventDetail } },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["unknown_shop", "event_not_found"] },
  },
  {
    method: "post",
    path: "/api/shops/:shop/events/:eventId/redeliver",
    operationId: "redeliverEvent",
    tag: TAG,
    summary: "Deliver an event again to every matching endpoint",
    security,
    answers: { 202: { description: "Queued.", schema: redelivery } },
    errors: {
      ...AUTH,
      400: ["invalid_request"],
      404: ["unknown_shop", "event_not_found"],
      409: ["no_webhook_endpoint"],
    },
  },
  {
    method: "post",
    path: "/api/shops/:shop/dashboard/sign-in-links",
    operationId: "createShopSignInLink",
    tag: TAG,
    summary: "A sign-in link to the shop's dashboard",
    description: "Single use and short-lived: hand it to the merchant, never log it.",
    security,
    answers: { 201: { description: "The link.", schema: deskSignInLink } },
    errors: { ...AUTH, 404: ["unknown_shop", "not_found"] },
  },
  {
    method: "get",
    path: "/api/shops/:shop/ledger/payments",
    operationId: "listLedgerPayments",
    tag: LEDGER,
    summary: "The shop's payments from the ledger, newest first",
    description:
      "`status` and `currency` take comma-separated lists; `q` searches order and payment ids and addresses.",
    security,
    query: listQuery,
    answers: { 200: { description: "One page.", schema: ledgerPaymentList } },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["unknown_shop", "not_found"], 503: ["service_unavailable"] },
  },
  {
    method: "get",
    path: "/api/shops/:shop/ledger/payments.csv",
    operationId: "exportLedgerPayments",
    tag: LEDGER,
    summary: "Every payment that passes the filters, as CSV (streamed)",
    security,
    query: filterQuery,
    answers: {
      200: {
        description: "CSV with a header row.",
        contentType: "text/csv",
        schema: z.string(),
        headers: { "Content-Disposition": { description: 'attachment; filename="{shop}-payments.csv"' } },
      },
    },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["unknown_shop", "not_found"], 503: ["service_unavailable"] },
  },
  {
    method: "get",
    path: "/api/shops/:shop/ledger/totals",
    operationId: "getLedgerTotals",
    tag: LEDGER,
    summary: "Per day, price currency and status: count and exact sums",
    security,
    query: totalsQuery,
    answers: { 200: { description: "The totals.", schema: ledgerTotals } },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["unknown_shop", "not_found"], 503: ["service_unavailable"] },
  },
  {
    method: "post",
    path: "/api/shops/:shop/ledger/backfill",
    operationId: "backfillLedger",
    tag: LEDGER,
    summary: "Write one page of the event log to the ledger",
    security,
    query: eventsQuery,
    answers: { 200: { description: "What this page read and wrote.", schema: ledgerBackfill } },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["unknown_shop", "not_found"], 503: ["service_unavailable"] },
  },
];
