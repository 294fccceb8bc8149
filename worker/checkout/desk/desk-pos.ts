/**
 * The point of sale's charge (docs/point-of-sale.md): the amount the counter typed becomes an
 * ordinary payment of the session's shop, through the creation path every payment takes
 * (payments/create-payment.ts). The signed-in session is the authority on the price, so the
 * shop's pricing mode (an order token, or an open amount from a page) does not apply; the shop's
 * price currencies and, when it has them, its limits do. The order id is the Worker's:
 * `pos-{yyyymmdd}-{16 hex}`.
 */
import { z } from "zod";
import type { DeskPosCharge, DeskPosSale } from "../dashboard-wire.js";
import type { Env } from "../env.js";
import { assertAmountInRange, assertPriceCurrency, createPricedPayment } from "../payments/create-payment.js";
import { currencyCode } from "../rules.js";
import type { Shop } from "../shops/shop.js";

/** Digits before the decimal point an amount may have (999,999,999 at most). */
export const MAX_INTEGER_DIGITS = 9;
/** Characters of a memo. */
export const MAX_MEMO_LENGTH = 140;

/** A plain decimal as a keypad makes it: digits, at most one point with digits after it, no sign, no exponent. */
const POS_AMOUNT = new RegExp(`^(0|[1-9]\\d{0,${MAX_INTEGER_DIGITS - 1}})(\\.\\d{1,18})?$`);

/** The decimals a price currency has (EUR 2, JPY 0, BHD 3), as the ISO 4217 data of the runtime's Intl says. */
export function priceDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** The body of a charge (DeskPosCharge); unknown fields are refused. */
export const posChargeSchema = z
  .strictObject({
    priceAmount: z
      .string()
      .regex(
        POS_AMOUNT,
        `must be a plain decimal of at most ${MAX_INTEGER_DIGITS} digits before the point, no sign or exponent ("12.50")`,
      ),
    priceCurrency: currencyCode,
    transferCurrency: currencyCode,
    memo: z
      .string()
      .trim()
      .max(MAX_MEMO_LENGTH, `must be at most ${MAX_MEMO_LENGTH} characters`)
      // Control characters (line breaks included) would reach the customer's wallet as they are.
      .regex(/^[^\p{Cc}]*$/u, "must be one line of text without control characters")
      .optional(),
  })
  .superRefine((body, ctx) => {
    const decimals = priceDecimals(body.priceCurrency);
    const fraction = body.priceAmount.split(".")[1] ?? "";
    if (fraction.length > decimals)
      ctx.addIssue({
        code: "custom",
        path: ["priceAmount"],
        message: `${body.priceCurrency} has ${decimals} decimal${decimals === 1 ? "" : "s"}; this amount has ${fraction.length}`,
      });
  }) satisfies z.ZodType<DeskPosCharge>;

/** A new order id of the point of sale: `pos-20261127-0123456789abcdef`. */
export function posOrderId(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  const random = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `pos-${day}-${random}`;
}

/** Creates the payment of one sale at the counter. */
export async function chargeAtCounter(
  env: Env,
  shop: Shop,
  body: z.output<typeof posChargeSchema>,
  requestUrl: string,
  requestId: string,
): Promise<DeskPosSale> {
  assertPriceCurrency(shop, body.priceCurrency);
  assertAmountInRange(shop, body.priceAmount, body.priceCurrency);
  const orderId = posOrderId();
  const { view, clientSecret } = await createPricedPayment(
    env,
    shop,
    {
      orderId,
      transferCurrency: body.transferCurrency,
      price: { priceAmount: body.priceAmount, priceCurrency: body.priceCurrency },
      ...(body.memo ? { walletMessage: body.memo } : {}),
    },
    shop.pricing === "signed",
    requestUrl,
    requestId,
  );
  return {
    orderId,
    paymentId: view.paymentId,
    clientSecret,
    priceAmount: view.priceAmount,
    priceCurrency: view.priceCurrency,
    transferCurrency: view.transferCurrency,
  };
}
