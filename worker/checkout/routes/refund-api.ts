/**
 * The refunds' routes (docs/refunds.md, "The API"). Every answer comes from the payment's
 * RefundsObject (refunds/refund-object.ts), which answers a status and a body. The merchant's
 * calls are refund-calls.ts's, shared with the dashboard's data API.
 *
 * The shop's backend (backendAuth: the shop's backend token; `Idempotency-Key` on every POST):
 * - POST /api/shops/{shop}/payments/{paymentId}/refunds: a refund (amount + denomination, or a proposal; reason; optional address);
 * - GET  /api/shops/{shop}/payments/{paymentId}/refunds: the payment's refunds, proposals and totals;
 * - GET  /api/shops/{shop}/payments/{paymentId}/refunds/{refundId};
 * - POST …/refunds/{refundId}/approve: names the amount, currency and address it approves;
 * - POST …/refunds/{refundId}/cancel;
 * - POST …/refunds/{refundId}/link: a refund link for the customer (replaces the one before).
 *
 * The customer's refund page (refund-wire.ts; CORS: the shop's allowedOrigins and this Worker's
 * own origins; rate-limited per client):
 * - GET  /api/shops/{shop}/refund-links/{token}
 * - POST /api/shops/{shop}/refund-links/{token}/address
 */
import { Hono } from "hono";
import { z } from "zod";
import { backendAuth } from "./backend-auth.js";
import { CheckoutError } from "../http/errors.js";
import { clientKey } from "../http/client-key.js";
import { jsonBody, limitBody, plainTextAsJson, type AppEnv } from "../http/plumbing.js";
import { getShop } from "../shops/shop-source.js";
import { parseLinkToken } from "../refunds/refund-link.js";
import { refundsObject } from "../refunds/refund-object.js";
import { errorAnswer, type Answer } from "../refunds/refund-answer.js";
import {
  approveRefund,
  approveRefundSchema,
  callContext,
  cancelRefund,
  createRefund,
  createRefundSchema,
  getRefund,
  refundPayoutLimits,
  linkRefund,
  listRefunds,
  MAX_REFUND_BODY,
  sendAnswer as send,
  type RefundCaller,
} from "./refund-calls.js";

export { approveRefundSchema, cancelRefundSchema, createRefundSchema } from "./refund-calls.js";

const RATE_RETRY_AFTER_SECONDS = 60;

/** The merchant who acts through the backend API, as the refund's history names them. */
const BACKEND_ACTOR = { kind: "merchant" as const, id: "backend-api" };

export const refundAddressSchema = z.strictObject({
  address: z.string().max(256, "must be at most 256 characters"),
  confirmation: z.string().max(256, "must be at most 256 characters").optional(),
});

/** The path's shop (its backend token checked by backendAuth) as the backend API's merchant. */
async function backendCaller(env: AppEnv["Bindings"], shopParam: string): Promise<RefundCaller> {
  const shop = await getShop(env, shopParam);
  return { shopId: shop.id, actor: BACKEND_ACTOR };
}

export const refundApi = new Hono<AppEnv>();

const BASE = "/api/shops/:shop/payments/:paymentId/refunds";

refundApi.post(BASE, backendAuth, limitBody(MAX_REFUND_BODY), jsonBody(createRefundSchema), async (c) =>
  createRefund(c, await backendCaller(c.env, c.req.param("shop")), c.req.valid("json")),
);

refundApi.get(BASE, backendAuth, async (c) => listRefunds(c, (await getShop(c.env, c.req.param("shop"))).id));

refundApi.get(`${BASE}/:refundId`, backendAuth, async (c) =>
  getRefund(c, (await getShop(c.env, c.req.param("shop"))).id),
);

refundApi.get(`${BASE}/:refundId/payout-limits`, backendAuth, async (c) =>
  refundPayoutLimits(c, (await getShop(c.env, c.req.param("shop"))).id),
);

refundApi.post(
  `${BASE}/:refundId/approve`,
  backendAuth,
  limitBody(MAX_REFUND_BODY),
  jsonBody(approveRefundSchema),
  async (c) => approveRefund(c, await backendCaller(c.env, c.req.param("shop")), c.req.valid("json")),
);

refundApi.post(`${BASE}/:refundId/cancel`, backendAuth, limitBody(MAX_REFUND_BODY), async (c) =>
  cancelRefund(c, await backendCaller(c.env, c.req.param("shop"))),
);

refundApi.post(`${BASE}/:refundId/link`, backendAuth, async (c) =>
  linkRefund(c, await backendCaller(c.env, c.req.param("shop"))),
);

// ---- the customer's refund page

async function limitClient(limiter: RateLimit, shopId: string, request: Request, what: string): Promise<void> {
  const { success } = await limiter.limit({ key: `${shopId}:${clientKey(request.headers.get("CF-Connecting-IP"))}` });
  if (!success)
    throw new CheckoutError(429, "rate_limited", `Too many ${what} from this client; try again in a minute.`, {
      "Retry-After": String(RATE_RETRY_AFTER_SECONDS),
    });
}

const invalidLink = (): Answer =>
  errorAnswer(404, "refund_link_invalid", "This refund link is not valid. Use the latest link the shop sent.");

refundApi.get("/api/shops/:shop/refund-links/:token", async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  await limitClient(c.env.REFUND_LINK_LIMITER, shop.id, c.req.raw, "refund link reads");
  const token = parseLinkToken(c.req.param("token"));
  if (!token) return send(c, invalidLink());
  return send(c, await refundsObject(c.env, shop.id, token.paymentId).readLink(token.refundId, token.secret));
});

refundApi.post(
  "/api/shops/:shop/refund-links/:token/address",
  limitBody(MAX_REFUND_BODY),
  async (c, next) => {
    const shop = await getShop(c.env, c.req.param("shop"));
    await limitClient(c.env.REFUND_ADDRESS_LIMITER, shop.id, c.req.raw, "address submissions");
    await next();
  },
  plainTextAsJson,
  jsonBody(refundAddressSchema),
  async (c) => {
    const shop = await getShop(c.env, c.req.param("shop"));
    const token = parseLinkToken(c.req.param("token"));
    if (!token) return send(c, invalidLink());
    const { address: given, confirmation } = c.req.valid("json");
    return send(
      c,
      await refundsObject(c.env, shop.id, token.paymentId).submitAddress(
        token.refundId,
        token.secret,
        { address: given, ...(confirmation === undefined ? {} : { confirmation }) },
        callContext(c, shop.id, token.paymentId),
      ),
    );
  },
);
