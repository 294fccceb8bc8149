/**
 * The merchant's refund calls, shared by the two surfaces that make them: the shop's backend API
 * (refund-api.ts, backend token) and the dashboard's data API (dashboard-api.ts, the desk
 * session). Each takes the shop already authenticated and the merchant who acts, reads the
 * path's `:paymentId` and `:refundId`, and answers what the payment's RefundsObject answers.
 * The bodies' schemas are here, the one place they are written.
 */
import type { Context } from "hono";
import { z } from "zod";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import { decimalAmount, currencyCode, PAYMENT_ID } from "../rules.js";
import { publicOrigin, refundHookUrlFor } from "../upstream/hook-url.js";
import { REFUND_REASONS, type RefundActor } from "../refunds/refund.js";
import { REFUND_ID, secretHash } from "../refunds/refund-link.js";
import { refundsObject, type CallContext, type Idempotency } from "../refunds/refund-object.js";
import type { Answer } from "../refunds/refund-answer.js";

/** The largest body a refund call reads. */
export const MAX_REFUND_BODY = 8 * 1024;

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

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The shop (already authenticated by the caller's route) and the merchant who acts. */
export interface RefundCaller {
  shopId: string;
  actor: RefundActor;
}

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

/** An object's answer as the response (an error's code is noted for the request's log line). */
export function sendAnswer(c: Context<AppEnv>, a: Answer): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  if (a.status >= 400) {
    const code = (a.body as { error?: { code?: string } }).error?.code;
    if (code) c.set("failure", { code: code as never, shop: c.req.param("shop") });
  }
  return new Response(JSON.stringify(a.body), { status: a.status, headers });
}

export function callContext(c: Context<AppEnv>, shopId: string, paymentId: string): CallContext {
  return { hookUrl: refundHookUrlFor(c.env, { id: shopId }, paymentId, c.req.url), requestId: c.get("requestId") };
}

/** The path's payment's refunds, with the path's refund id when there is one. */
function target(c: Context<AppEnv>, shopId: string) {
  const paymentId = paymentIdParam(c.req.param("paymentId"));
  return { paymentId, refunds: refundsObject(c.env, shopId, paymentId) };
}

export async function createRefund(
  c: Context<AppEnv>,
  who: RefundCaller,
  body: z.infer<typeof createRefundSchema>,
): Promise<Response> {
  const { paymentId, refunds } = target(c, who.shopId);
  const { amount, denomination, proposal, reason, address: given, confirmation } = body;
  return sendAnswer(
    c,
    await refunds.create(
      {
        actor: who.actor,
        ...(amount === undefined ? {} : { amount }),
        ...(denomination === undefined ? {} : { denomination }),
        ...(proposal === undefined ? {} : { proposal }),
        ...(reason === undefined ? {} : { reason }),
        ...(given === undefined ? {} : { address: given }),
        ...(confirmation === undefined ? {} : { confirmation }),
      },
      callContext(c, who.shopId, paymentId),
      await idempotencyOf(c, body),
    ),
  );
}

export async function listRefunds(c: Context<AppEnv>, shopId: string): Promise<Response> {
  return sendAnswer(c, await target(c, shopId).refunds.list());
}

export async function getRefund(c: Context<AppEnv>, shopId: string): Promise<Response> {
  const { refunds } = target(c, shopId);
  return sendAnswer(c, await refunds.get(refundIdParam(c.req.param("refundId"))));
}

/** The payout limits for the refund's payout now: shown before the merchant approves. */
export async function refundPayoutLimits(c: Context<AppEnv>, shopId: string): Promise<Response> {
  const { refunds } = target(c, shopId);
  return sendAnswer(c, await refunds.payoutLimits(refundIdParam(c.req.param("refundId"))));
}

export async function approveRefund(
  c: Context<AppEnv>,
  who: RefundCaller,
  body: z.infer<typeof approveRefundSchema>,
): Promise<Response> {
  const { paymentId, refunds } = target(c, who.shopId);
  const refundId = refundIdParam(c.req.param("refundId"));
  return sendAnswer(
    c,
    await refunds.approve(
      refundId,
      { ...body, actor: who.actor },
      callContext(c, who.shopId, paymentId),
      await idempotencyOf(c, body),
    ),
  );
}

/** Cancel: the body is optional (`{}` or `{"reason": "..."}`), so it is read here rather than by jsonBody. */
export async function cancelRefund(c: Context<AppEnv>, who: RefundCaller): Promise<Response> {
  const { paymentId, refunds } = target(c, who.shopId);
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
  return sendAnswer(
    c,
    await refunds.cancel(
      refundId,
      who.actor,
      parsed.data.reason,
      callContext(c, who.shopId, paymentId),
      await idempotencyOf(c, parsed.data),
    ),
  );
}

export async function linkRefund(c: Context<AppEnv>, who: RefundCaller): Promise<Response> {
  const { paymentId, refunds } = target(c, who.shopId);
  const refundId = refundIdParam(c.req.param("refundId"));
  return sendAnswer(
    c,
    await refunds.makeLink(
      refundId,
      who.actor,
      publicOrigin(c.env, c.req.url),
      callContext(c, who.shopId, paymentId),
      await idempotencyOf(c, {}),
    ),
  );
}
