/**
 * Payment links (routes/link-api.ts, docs/links.md): the shop backend's routes behind its backend
 * token, the dashboard's (the same calls), and the hosted page's create. The page itself
 * (`/pay/{shop}/{linkId}`, HTML) is not part of the API (document.ts, NOT_IN_THE_API).
 */
import { createLinkSchema, linkPaymentSchema } from "../link-api.js";
import type { Operation } from "./operation.js";
import { linkPaymentCreated, paymentLinkDetail, paymentLinkList, paymentLinkView } from "./link-shapes.js";

const TAG = "Links";
const UPSTREAM = { 502: ["upstream_unavailable", "upstream_error"], 504: ["upstream_unavailable"] } as const;

interface LinkArea {
  base: string;
  prefix: string;
  read: Operation["security"];
  write: Operation["security"];
  refused: Operation["errors"];
  refusedWrite: Operation["errors"];
}

const opId = (area: LinkArea, id: string) =>
  area.prefix ? `${area.prefix}${id.charAt(0).toUpperCase()}${id.slice(1)}` : id;

const merge = (...tables: Operation["errors"][]): Operation["errors"] => {
  const out: Record<number, Operation["errors"][number]> = {};
  for (const table of tables)
    for (const [status, codes] of Object.entries(table))
      out[Number(status)] = [...new Set([...(out[Number(status)] ?? []), ...codes])];
  return out;
};

const example = {
  description: "Consultation, 1 hour",
  priceAmount: "80.00",
  priceCurrency: "EUR",
  singleUse: false,
  reference: { label: "Invoice number", required: true },
  expiresAt: "2026-12-31T23:00:00Z",
};

const merchantLinkOperations = (area: LinkArea): Operation[] => [
  {
    method: "post",
    path: area.base,
    operationId: opId(area, "createLink"),
    tag: TAG,
    summary: "Create a payment link",
    description:
      "A fixed `priceAmount`, or an open amount between `minAmount` and `maxAmount`, in `priceCurrency`. `singleUse`: one order behind the link (`orderId`, or `{orderPrefix}-{random}`); otherwise each use is an order of its own. Optional: a reference the payer types, an expiry.",
    security: area.write,
    body: { schema: createLinkSchema, example },
    answers: { 201: { description: "The link.", schema: paymentLinkView } },
    errors: merge(area.refused, area.refusedWrite, {
      400: ["invalid_request"],
      409: ["invalid_request"],
      413: ["invalid_request"],
    }),
  },
  {
    method: "get",
    path: area.base,
    operationId: opId(area, "listLinks"),
    tag: TAG,
    summary: "The shop's payment links, newest first",
    security: area.read,
    answers: { 200: { description: "The links.", schema: paymentLinkList } },
    errors: area.refused,
  },
  {
    method: "get",
    path: `${area.base}/:linkId`,
    operationId: opId(area, "getLink"),
    tag: TAG,
    summary: "One payment link with its newest orders",
    security: area.read,
    answers: { 200: { description: "The link and its orders.", schema: paymentLinkDetail } },
    errors: merge(area.refused, { 404: ["link_not_found"] }),
  },
  {
    method: "post",
    path: `${area.base}/:linkId/disable`,
    operationId: opId(area, "disableLink"),
    tag: TAG,
    summary: "Disable a payment link for good",
    description: "Its page then says the link is no longer active (410). Disabling again answers the same link.",
    security: area.write,
    answers: { 200: { description: "The link, disabled.", schema: paymentLinkView } },
    errors: merge(area.refused, area.refusedWrite, { 404: ["link_not_found"] }),
  },
];

const backendToken = [["backendToken" as const]];

export const linkOperations: Operation[] = [
  ...merchantLinkOperations({
    base: "/api/shops/:shop/links",
    prefix: "",
    read: backendToken,
    write: backendToken,
    refused: { 401: ["unauthorized"], 404: ["unknown_shop"] },
    refusedWrite: {},
  }),
  ...merchantLinkOperations({
    base: "/dashboard/api/shops/:shop/links",
    prefix: "desk",
    read: [["dashboardSession"], ["cloudflareAccess"]],
    write: [["dashboardSession", "dashboardCsrf"]],
    refused: { 401: ["unauthenticated"], 404: ["unknown_shop", "not_found"] },
    refusedWrite: { 403: ["csrf_refused"] },
  }),
  {
    method: "post",
    path: "/api/shops/:shop/links/:linkId/payments",
    operationId: "createLinkPayment",
    tag: TAG,
    summary: "The hosted link page's create: one use of a link",
    description:
      "Public (the link's id is the capability); CORS for this Worker's own origins (the page's) and the shop's allowed origins, any other Origin refused. The link decides the order and the price; the payment is then created as the element's create does. A single-use link answers its one order's live payment again (200) for the same currency.",
    body: {
      schema: linkPaymentSchema,
      contentTypes: ["application/json", "text/plain"],
      example: { transferCurrency: "BTC", reference: "INV-2026-118" },
    },
    answers: {
      201: { description: "The payment was created.", schema: linkPaymentCreated },
      200: { description: "The single-use link's live payment.", schema: linkPaymentCreated },
    },
    errors: {
      400: ["invalid_request", "amount_out_of_range", "currency_not_enabled"],
      403: ["origin_not_allowed"],
      404: ["unknown_shop", "link_not_found"],
      409: ["order_conflict"],
      410: ["link_gone"],
      413: ["invalid_request"],
      429: ["rate_limited"],
      ...UPSTREAM,
    },
  },
];
