/**
 * The refunds' routes (docs/refunds.md, "The API"). Every answer comes from the payment's
 * RefundsObject (refunds/refund-object.ts), which answers a status and a body.
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
import { Hono, type Context } from "hono";
import { z } from "zod";
import { backendAuth } from "./backend-auth.js";
import { CheckoutError } from "../http/errors.js";
import { clientKey } from "../http/client-key.js";
import { jsonBody, limitBody, plainTextAsJson, type AppEnv } from "../http/plumbing.js";
import { PAYMENT_ID, decimalAmount, currencyCode } from "../rules.js";
import { getShop } from "../shops/shop-source.js";
import { publicOrigin, refundHookUrlFor } from "../upstream/hook-url.js";
import { REFUND_REASONS } from "../refunds/refund.js";
import { parseLinkToken, REFUND_ID } from "../refunds/refund-link.js";
import { refundsObject, type CallContext, type Idempotency } from "../refunds/refund-object.js";
import { errorAnswer, type Answer } from "../refunds/refund-answer.js";
import { secretHash } from "../refunds/refund-link.js";

const MAX_REFUND_BODY = 8 * 1024;
const RATE_RETRY_AFTER_SECONDS = 60;

/** The merchant who acts through the backend API, as the refund's history names them. */
const BACKEND_ACTOR = { kind: "merchant" as const, id: "backend-api" };

const address = z.string().trim().min(1, "must not be empty").max(256, "must be at most 256 characters");

export const createRefundSchema = z
  .strictObject({
    amount: decimalAmount.optional(),
    denomination: z.enum(["transfer", "price"]).optional(),
    proposal: z.enum(["overpaid_excess", "paid_after_expiry", "whole_payment"]).optional(),
    reason: z.enum(REFUND_REASONS).optional(),
    address: address.optional(),
    confirmation: address.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.proposal === undefined) {
      if (body.amount === undefined)
        ctx.addIssue({ code: "custom", path: ["amount"], message: "is required unless a proposal is given" });
      if (body.reason === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["reason"],
          message: `is required unless a proposal is given (${REFUND_REASONS.join(", ")})`,
        });
    } else if (body.amount !== undefined || body.denomination !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["proposal"],
        message: "takes its amount from the proposal: leave out amount and denomination",
      });
    }
  });

export const approveRefundSchema = z.strictObject({
  amount: decimalAmount,
  currency: currencyCode,
  address,
});

export const cancelRefundSchema = z.strictObject({ reason: z.string().trim().max(500).optional() });

export const refundAddressSchema = z.strictObject({
  address: z.string().max(256, "must be at most 256 characters"),
  confirmation: z.string().max(256, "must be at most 256 characters").optional(),
});

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function paymentIdParam(value: string | undefined): string {
  if (!value || !PAYMENT_ID.test(value))
    throw new CheckoutError(400, "invalid_request", "The payment id is not valid.");
  return value;
}

function refundIdParam(value: string | undefined): string {
  if (!value || !REFUND_ID.test(value))
    throw new CheckoutError(404, "refund_not_found", "This payment has no refund with this id.");
  return value;
}

/** The Idempotency-Key of a POST with what the request was; a malformed key is 400. */
async function idempotencyOf(c: Context<AppEnv>, body: unknown): Promise<Idempotency | undefined> {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key))
    throw new CheckoutError(
      400,
      "invalid_request",
      "Idempotency-Key must be 1-255 visible ASCII characters (a UUID, say).",
    );
  const fingerprint = await secretHash(
    `${c.req.method} ${new URL(c.req.url).pathname}\n${JSON.stringify(body ?? null)}`,
  );
  return { key, fingerprint };
}

function send(c: Context<AppEnv>, a: Answer): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  if (a.status >= 400) {
    const code = (a.body as { error?: { code?: string } }).error?.code;
    if (code) c.set("failure", { code: code as never, shop: c.req.param("shop") });
  }
  return new Response(JSON.stringify(a.body), { status: a.status, headers });
}

function callContext(c: Context<AppEnv>, shopId: string, paymentId: string): CallContext {
  return { hookUrl: refundHookUrlFor(c.env, { id: shopId }, paymentId, c.req.url), requestId: c.get("requestId") };
}

export const refundApi = new Hono<AppEnv>();

const BASE = "/api/shops/:shop/payments/:paymentId/refunds";

refundApi.post(BASE, backendAuth, limitBody(MAX_REFUND_BODY), jsonBody(createRefundSchema), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  const body = c.req.valid("json");
  const { amount, denomination, proposal, reason, address: given, confirmation } = body;
  const refunds = refundsObject(c.env, shop.id, paymentId);
  return send(
    c,
    await refunds.create(
      {
        actor: BACKEND_ACTOR,
        ...(amount === undefined ? {} : { amount }),
        ...(denomination === undefined ? {} : { denomination }),
        ...(proposal === undefined ? {} : { proposal }),
        ...(reason === undefined ? {} : { reason }),
        ...(given === undefined ? {} : { address: given }),
        ...(confirmation === undefined ? {} : { confirmation }),
      },
      callContext(c, shop.id, paymentId),
      await idempotencyOf(c, body),
    ),
  );
});

refundApi.get(BASE, backendAuth, async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  return send(c, await refundsObject(c.env, shop.id, paymentIdParam(c.req.param("paymentId"))).list());
});

refundApi.get(`${BASE}/:refundId`, backendAuth, async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  return send(c, await refundsObject(c.env, shop.id, paymentId).get(refundIdParam(c.req.param("refundId"))));
});

refundApi.post(
  `${BASE}/:refundId/approve`,
  backendAuth,
  limitBody(MAX_REFUND_BODY),
  jsonBody(approveRefundSchema),
  async (c) => {
    const shop = await getShop(c.env, c.req.param("shop"));
    const paymentId = paymentIdParam(c.req.param("paymentId"));
    const refundId = refundIdParam(c.req.param("refundId"));
    const body = c.req.valid("json");
    return send(
      c,
      await refundsObject(c.env, shop.id, paymentId).approve(
        refundId,
        { ...body, actor: BACKEND_ACTOR },
        callContext(c, shop.id, paymentId),
        await idempotencyOf(c, body),
      ),
    );
  },
);

refundApi.post(`${BASE}/:refundId/cancel`, backendAuth, limitBody(MAX_REFUND_BODY), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  const refundId = refundIdParam(c.req.param("refundId"));
  const text = await c.req.text();
  let raw: unknown;
  try {
    raw = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new CheckoutError(400, "invalid_request", 'The body must be JSON: {} or {"reason": "..."}.');
  }
  const parsed = cancelRefundSchema.safeParse(raw);
  if (!parsed.success)
    throw new CheckoutError(
      400,
      "invalid_request",
      `Invalid request body. ${parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")}`,
    );
  return send(
    c,
    await refundsObject(c.env, shop.id, paymentId).cancel(
      refundId,
      BACKEND_ACTOR,
      parsed.data.reason,
      callContext(c, shop.id, paymentId),
      await idempotencyOf(c, parsed.data),
    ),
  );
});

refundApi.post(`${BASE}/:refundId/link`, backendAuth, async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  const refundId = refundIdParam(c.req.param("refundId"));
  return send(
    c,
    await refundsObject(c.env, shop.id, paymentId).makeLink(
      refundId,
      BACKEND_ACTOR,
      publicOrigin(c.env, c.req.url),
      callContext(c, shop.id, paymentId),
      await idempotencyOf(c, {}),
    ),
  );
});

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
