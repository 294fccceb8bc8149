/**
 * The merchant's dashboard's data API (dashboard-wire.ts lists the routes and their answers;
 * docs/dashboard.md), mounted at /dashboard/api behind the dashboard's sign-in middleware, which
 * sets the session's identity (`c.var.desk`) and checks CSRF on state-changing requests:
 * - GET   /shops/{shop}/overview?days=30                 DeskOverview (days 1-90)
 * - GET   /shops/{shop}/payments?(the ledger's filters)  LedgerPaymentList (as the ledger API)
 * - GET   /shops/{shop}/payments.csv?(filters)           text/csv (as the ledger API)
 * - GET   /shops/{shop}/payments/{paymentId}             DeskPaymentDetail
 * - GET   /shops/{shop}/payments/{paymentId}/receipt     ReceiptAnswer (receipt-wire.ts)
 * - POST  /shops/{shop}/events/{eventId}/redeliver       202 {redelivered, eventId, queued}
 * - GET   /shops/{shop}/webhooks                         DeskWebhooks
 * - POST  /shops/{shop}/webhooks/ping                    202 DeskPing
 * - GET   /shops/{shop}/settings                         DeskSettings
 * - PATCH /shops/{shop}/settings                         DeskSettings (registry shops only)
 * - GET   /shops/{shop}/payments/{paymentId}/refunds     RefundList (totals, proposals, refunds)
 * - POST  /shops/{shop}/payments/{paymentId}/refunds     201 RefundView (a proposal, or amount + denomination + reason; optional address)
 * - GET   /shops/{shop}/payments/{paymentId}/refunds/{refundId}          RefundView
 * - POST  /shops/{shop}/payments/{paymentId}/refunds/{refundId}/approve  RefundView ({amount, currency, address} as shown)
 * - POST  /shops/{shop}/payments/{paymentId}/refunds/{refundId}/cancel   RefundView ({} or {reason})
 * - POST  /shops/{shop}/payments/{paymentId}/refunds/{refundId}/link     201 RefundLinkCreated
 * - POST  /shops/{shop}/pos/charges                      201 DeskPosSale (the point of sale's Charge; rate-limited as creates are)
 * - GET   /shops/{shop}/links                        PaymentLinkList (link-calls.ts, as the backend API)
 * - POST  /shops/{shop}/links                        201 PaymentLinkView
 * - GET   /shops/{shop}/links/{linkId}               PaymentLinkDetail
 * - POST  /shops/{shop}/links/{linkId}/disable       PaymentLinkView
 * Every handler first checks the session and that the shop is one of its shops (desk-shop.ts);
 * the work is in desk/ (the ledger's list in ledger-lists.ts and the refund calls in refund-calls.ts,
 * shared with the backend's API; the refunds' actor is the session's, as the audit log names it).
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { DeskRedelivery } from "../dashboard-wire.js";
import { DEFAULT_OVERVIEW_DAYS, MAX_OVERVIEW_DAYS, overview } from "../desk/desk-overview.js";
import { paymentDetail } from "../desk/desk-payment.js";
import { patchSettings, settingsOf, settingsPatch } from "../desk/desk-settings.js";
import { chargeAtCounter, posChargeSchema } from "../desk/desk-pos.js";
import { deskActor, deskShopGuard, requireDesk, requireDeskShop } from "../desk/desk-shop.js";
import { sendPing, webhookStats } from "../desk/desk-webhooks.js";
import { eventIdParam, redeliver } from "../events/redeliver.js";
import { CheckoutError } from "../http/errors.js";
import { jsonBody, limitBody, queryParams, type AppEnv } from "../http/plumbing.js";
import { rateLimitCreate } from "../payments/create-payment.js";
import { receiptOf, RECEIPT_HEADERS } from "../payments/receipt.js";
import { PAYMENT_ID } from "../rules.js";
import { filterQuery, ledgerOf, listQuery, paymentsCsv, paymentsPage } from "./ledger-lists.js";
import {
  approveRefund,
  approveRefundSchema,
  cancelRefund,
  createRefund,
  createRefundSchema,
  getRefund,
  refundPayoutLimits,
  linkRefund,
  listRefunds,
  MAX_REFUND_BODY,
  type RefundCaller,
} from "./refund-calls.js";
import { createLink, createLinkSchema, disableLink, getLink, listLinks, MAX_LINK_BODY } from "./link-calls.js";

const NO_STORE = { "Cache-Control": "no-store" };
const MAX_SETTINGS_BODY = 64 * 1024;
const MAX_CHARGE_BODY = 2 * 1024;

export const overviewQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(MAX_OVERVIEW_DAYS).optional(),
});

export const dashboardApi = new Hono<AppEnv>();

dashboardApi.use("/shops/:shop/*", deskShopGuard);

dashboardApi.get("/shops/:shop/overview", queryParams(overviewQuery), async (c) => {
  const shop = await requireDeskShop(c);
  const days = c.req.valid("query").days ?? DEFAULT_OVERVIEW_DAYS;
  return c.json(await overview(c.env, ledgerOf(c.env), shop.id, days), 200, NO_STORE);
});

dashboardApi.get("/shops/:shop/payments", queryParams(listQuery), async (c) => {
  const shop = await requireDeskShop(c);
  return paymentsPage(c, shop.id, c.req.valid("query"));
});

dashboardApi.get("/shops/:shop/payments.csv", queryParams(filterQuery), async (c) => {
  const shop = await requireDeskShop(c);
  return paymentsCsv(c.env, shop.id, c.req.valid("query"));
});

dashboardApi.get("/shops/:shop/payments/:paymentId", async (c) => {
  const shop = await requireDeskShop(c);
  const paymentId = c.req.param("paymentId");
  if (!PAYMENT_ID.test(paymentId)) throw new CheckoutError(400, "invalid_request", "The payment id is not valid.");
  return c.json(await paymentDetail(c.env, ledgerOf(c.env), shop.id, paymentId, c.req.url), 200, NO_STORE);
});

dashboardApi.get("/shops/:shop/payments/:paymentId/receipt", async (c) => {
  const shop = await requireDeskShop(c);
  const paymentId = c.req.param("paymentId");
  if (!PAYMENT_ID.test(paymentId)) throw new CheckoutError(400, "invalid_request", "The payment id is not valid.");
  return c.json(await receiptOf(c.env, shop, paymentId, "owner"), 200, RECEIPT_HEADERS);
});

dashboardApi.post("/shops/:shop/events/:eventId/redeliver", async (c) => {
  const shop = await requireDeskShop(c);
  const eventId = eventIdParam(c.req.param("eventId"));
  const queued = await redeliver(c.env, shop, eventId);
  const body: DeskRedelivery = { redelivered: true, eventId, queued };
  return c.json(body, 202, NO_STORE);
});

dashboardApi.get("/shops/:shop/webhooks", async (c) => {
  const shop = await requireDeskShop(c);
  return c.json(await webhookStats(c.env, shop), 200, NO_STORE);
});

dashboardApi.post("/shops/:shop/webhooks/ping", async (c) => {
  const shop = await requireDeskShop(c);
  return c.json(await sendPing(c.env, shop), 202, NO_STORE);
});

dashboardApi.get("/shops/:shop/settings", async (c) => {
  const shop = await requireDeskShop(c);
  return c.json(settingsOf(shop), 200, NO_STORE);
});

dashboardApi.patch("/shops/:shop/settings", limitBody(MAX_SETTINGS_BODY), jsonBody(settingsPatch), async (c) => {
  const shop = await requireDeskShop(c);
  const settings = await patchSettings(c.env, shop, c.req.valid("json"), requireDesk(c), c.get("requestId"));
  return c.json(settings, 200, NO_STORE);
});

// ---- a payment's refunds (the same calls as the backend API's, with the session as the merchant)

/** The session's shop and the merchant who acts: `access:<email>`, or `sign-in link`. */
async function deskCaller(c: Context<AppEnv>): Promise<RefundCaller> {
  const shop = await requireDeskShop(c);
  return { shopId: shop.id, actor: { kind: "merchant", id: deskActor(requireDesk(c)) } };
}

const REFUNDS = "/shops/:shop/payments/:paymentId/refunds";

dashboardApi.get(REFUNDS, async (c) => listRefunds(c, (await requireDeskShop(c)).id));

dashboardApi.post(REFUNDS, limitBody(MAX_REFUND_BODY), jsonBody(createRefundSchema), async (c) =>
  createRefund(c, await deskCaller(c), c.req.valid("json")),
);

dashboardApi.get(`${REFUNDS}/:refundId`, async (c) => getRefund(c, (await requireDeskShop(c)).id));

dashboardApi.get(`${REFUNDS}/:refundId/payout-limits`, async (c) =>
  refundPayoutLimits(c, (await requireDeskShop(c)).id),
);

dashboardApi.post(
  `${REFUNDS}/:refundId/approve`,
  limitBody(MAX_REFUND_BODY),
  jsonBody(approveRefundSchema),
  async (c) => approveRefund(c, await deskCaller(c), c.req.valid("json")),
);

dashboardApi.post(`${REFUNDS}/:refundId/cancel`, limitBody(MAX_REFUND_BODY), async (c) =>
  cancelRefund(c, await deskCaller(c)),
);

dashboardApi.post(`${REFUNDS}/:refundId/link`, async (c) => linkRefund(c, await deskCaller(c)));

// ---- the point of sale (docs/point-of-sale.md): a payment of the session's shop, its amount typed at the counter

dashboardApi.post(
  "/shops/:shop/pos/charges",
  limitBody(MAX_CHARGE_BODY),
  rateLimitCreate,
  jsonBody(posChargeSchema),
  async (c) => {
    const shop = await requireDeskShop(c);
    const sale = await chargeAtCounter(c.env, shop, c.req.valid("json"), c.req.url, c.get("requestId"));
    return c.json(sale, 201, NO_STORE);
  },
);

// ---- payment links (the same calls as the backend API's)

dashboardApi.get("/shops/:shop/links", async (c) => listLinks(c, (await requireDeskShop(c)).id));

dashboardApi.post("/shops/:shop/links", limitBody(MAX_LINK_BODY), jsonBody(createLinkSchema), async (c) =>
  createLink(c, (await requireDeskShop(c)).id, c.req.valid("json")),
);

dashboardApi.get("/shops/:shop/links/:linkId", async (c) => getLink(c, (await requireDeskShop(c)).id));

dashboardApi.post("/shops/:shop/links/:linkId/disable", async (c) => disableLink(c, (await requireDeskShop(c)).id));
