/**
 * POST /api/shops/{shop}/payments: decides the price (a verified order token, or an open amount
 * inside the shop's limits), checks the transfer currency against the shop and the upstream,
 * fills the redirect URLs and the notification URL, then lets the order's OrderObject create the
 * payment once (or return the live one).
 */
import Decimal from "decimal.js";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import type { NewPaymentRequest } from "../../v3/types.js";
import { clientKey } from "../http/client-key.js";
import { assertTransferCurrency } from "../upstream/currencies.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { externalPaymentIdFor } from "../upstream/external-id.js";
import { hookUrlFor } from "../upstream/hook-url.js";
import { orderObject, type OrderPayment } from "./order-object.js";
import { verifyOrderToken } from "./order-token.js";
import type { AppEnv } from "../http/plumbing.js";
import { redirectUrlsFor } from "./redirects.js";
import { currencyCode, decimalAmount, orderId } from "../rules.js";
import type { Shop } from "../shops/shop.js";

/** The body of a create (CreatePaymentRequest in wire.ts); unknown fields are refused. */
export const createPaymentSchema = z.strictObject({
  orderId,
  transferCurrency: currencyCode,
  orderToken: z.string().min(1).max(4096).optional(),
  priceAmount: decimalAmount.optional(),
  priceCurrency: currencyCode.optional(),
});
export type CreatePaymentBody = z.output<typeof createPaymentSchema>;

export interface Price {
  priceAmount: string;
  priceCurrency: string;
}

/** 400 currency_not_enabled unless the shop prices in `currency`. */
export function assertPriceCurrency(shop: Shop, currency: string): void {
  if (!shop.priceCurrencies.includes(currency)) {
    throw new CheckoutError(
      400,
      "currency_not_enabled",
      `This shop prices in ${shop.priceCurrencies.join(", ")}, not ${currency}.`,
    );
  }
}

/** 400 amount_out_of_range unless the amount is above zero and inside the shop's limits (when it has them). */
export function assertAmountInRange(shop: Pick<Shop, "limits">, amount: string, currency: string): void {
  const value = new Decimal(amount);
  const limits = shop.limits;
  if (!value.gt(0) || (limits && (value.lt(limits.min) || value.gt(limits.max)))) {
    const range = limits ? `between ${limits.min} and ${limits.max} ${currency}` : "greater than zero";
    throw new CheckoutError(400, "amount_out_of_range", `The amount must be ${range}.`);
  }
}

/** The price of the order, decided by the shop's pricing mode. */
export async function decidePrice(shop: Shop, body: CreatePaymentBody, now?: Date): Promise<Price> {
  if (shop.pricing === "signed") {
    if (!body.orderToken)
      throw new CheckoutError(400, "invalid_order_token", "This shop needs an orderToken from its backend.");
    const key = shop.secret("orderSigningKey");
    if (!key)
      throw new CheckoutError(
        500,
        "internal_error",
        "This shop cannot verify order tokens: its configuration is incomplete.",
      );
    const claims = await verifyOrderToken(body.orderToken, key, shop.id, body.orderId, now);
    if (
      (body.priceAmount !== undefined && !new Decimal(body.priceAmount).eq(claims.priceAmount)) ||
      (body.priceCurrency !== undefined && body.priceCurrency !== claims.priceCurrency)
    ) {
      throw new CheckoutError(400, "invalid_order_token", "The price in the request differs from the order token's.");
    }
    assertPriceCurrency(shop, claims.priceCurrency);
    if (!new Decimal(claims.priceAmount).gt(0))
      throw new CheckoutError(400, "amount_out_of_range", "The price must be greater than zero.");
    return { priceAmount: claims.priceAmount, priceCurrency: claims.priceCurrency };
  }
  if (body.orderToken !== undefined)
    throw new CheckoutError(
      400,
      "invalid_request",
      "This shop uses open pricing: send priceAmount and priceCurrency, not an orderToken.",
    );
  if (body.priceAmount === undefined || body.priceCurrency === undefined) {
    throw new CheckoutError(400, "invalid_request", "priceAmount and priceCurrency are required.");
  }
  assertPriceCurrency(shop, body.priceCurrency);
  assertAmountInRange(shop, body.priceAmount, body.priceCurrency);
  return { priceAmount: body.priceAmount, priceCurrency: body.priceCurrency };
}

export async function createPayment(
  env: Env,
  shop: Shop,
  body: CreatePaymentBody,
  requestUrl: string,
  requestId: string,
): Promise<OrderPayment> {
  const price = await decidePrice(shop, body);
  return createPricedPayment(
    env,
    shop,
    { orderId: body.orderId, transferCurrency: body.transferCurrency, price },
    shop.pricing === "signed",
    requestUrl,
    requestId,
  );
}

/** An order whose price is decided (by the element's create, a payment link's rules or the point of sale's session). */
export interface PricedOrder {
  orderId: string;
  transferCurrency: string;
  price: Price;
  /** Shown in the customer's wallet (the point of sale's memo). */
  walletMessage?: string;
}

/**
 * The creation path every payment takes once its price is decided: the transfer currency checked
 * against the shop and the upstream, the shop's ceiling, the notification and redirect URLs, then
 * the order's OrderObject creates it once. `trusted`: the price came from the shop (an order
 * token, a link), so a create with the same terms gets the order's live payment back.
 */
export async function createPricedPayment(
  env: Env,
  shop: Shop,
  order: PricedOrder,
  trusted: boolean,
  requestUrl: string,
  requestId: string,
): Promise<OrderPayment> {
  await assertTransferCurrency(env, shop, order.transferCurrency);
  // Only creates that passed every check count against the shop's ceiling: junk cannot use it up.
  await limitShopCreates(env, shop.id);
  const request: NewPaymentRequest = {
    ...order.price,
    transferCurrency: order.transferCurrency,
    notificationUrl: hookUrlFor(env, shop, requestUrl),
    externalPaymentId: await externalPaymentIdFor(shop.id, order.orderId),
  };
  if (order.walletMessage) request.walletMessage = order.walletMessage;
  const redirectUrls = redirectUrlsFor(shop, order.orderId);
  if (Object.keys(redirectUrls).length) request.redirectUrls = redirectUrls;
  return orderObject(env, shop.id, order.orderId).create(request, trusted, requestId);
}

export const RATE_LIMIT_RETRY_AFTER_SECONDS = 60;

function rateLimited(message: string): CheckoutError {
  return new CheckoutError(429, "rate_limited", message, { "Retry-After": String(RATE_LIMIT_RETRY_AFTER_SECONDS) });
}

/** The creation rate limit's key for one client of one shop: the client is its IPv4 address or its IPv6 /64. */
export function createLimitKey(shopId: string, connectingIp: string | null | undefined): string {
  return `${shopId}|${clientKey(connectingIp)}`;
}

/**
 * The creation rate limit per client (the CREATE_LIMITER binding), per shop and client
 * (CF-Connecting-IP, IPv6 by its /64): 429 rate_limited with Retry-After once exceeded.
 */
export const rateLimitCreate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { success } = await c.env.CREATE_LIMITER.limit({
    key: createLimitKey(c.req.param("shop") ?? "", c.req.header("CF-Connecting-IP")),
  });
  if (!success) throw rateLimited("Too many payment requests; try again in a minute.");
  await next();
};

/**
 * The shop's ceiling over all its clients (the SHOP_CREATE_LIMITER binding, keyed by shop id):
 * 429 rate_limited with Retry-After once exceeded, before anything is sent upstream.
 */
export async function limitShopCreates(env: Env, shopId: string): Promise<void> {
  const { success } = await env.SHOP_CREATE_LIMITER.limit({ key: shopId });
  if (!success) throw rateLimited("This shop is taking too many payment requests; try again in a minute.");
}
