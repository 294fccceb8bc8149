/**
 * Response quirks (pure): shapes the spec leaves open that a real upstream may use, switched on
 * through the control API (`PUT /sandbox/quirks`) so that clients can be tried against them. They
 * apply to payments only: the responses of `POST /v3/payments` and `GET /v3/payments/{id}` and the
 * bodies of `v3/payment` notifications. The control API keeps answering plain JSON.
 *
 * - numbersAsJson: every amount (the payment's and each transaction's) is a JSON number written
 *   from its exact decimal text, padded with zeros to QUIRK_SIGNIFICANT_DIGITS significant digits,
 *   more than a double holds: `"transferAmount": 0.000831670000000000000000`. The value is
 *   unchanged; a client that reads it through a float loses digits.
 * - redirectUrlsAsString: `redirectUrls` is the JSON text of the object, as a string (the spec's
 *   response schema declares a string).
 */
import { LosslessNumber, stringify } from "lossless-json";
import { z } from "zod";
import type { Payment, PaymentTransaction } from "../v3/types.js";
import { Dec } from "./money.js";
import type { PaymentNotification } from "./delivery-policy.js";

export const quirksSchema = z
  .object({
    numbersAsJson: z.boolean(),
    redirectUrlsAsString: z.boolean(),
  })
  .strict();
export type Quirks = z.infer<typeof quirksSchema>;
export const NO_QUIRKS: Quirks = { numbersAsJson: false, redirectUrlsAsString: false };

/** Significant digits of an amount written as a JSON number (a double holds at most 17). */
export const QUIRK_SIGNIFICANT_DIGITS = 21;

const PAYMENT_AMOUNTS = [
  "priceAmount",
  "transferAmount",
  "paidPriceAmount",
  "pendingPaidPriceAmount",
  "acceptedPaidPriceAmount",
  "paidTransferAmount",
  "pendingPaidTransferAmount",
  "acceptedPaidTransferAmount",
  "exchangeRate",
] as const;
const TRANSACTION_AMOUNTS = ["paidTransferAmount", "priceAmount", "exchangeRate"] as const;

/** The exact decimal text as a JSON number token with at least QUIRK_SIGNIFICANT_DIGITS digits (never rounded, never exponent notation). */
export function longNumber(decimal: string): LosslessNumber {
  const value = new Dec(decimal);
  return new LosslessNumber(value.toPrecision(Math.max(QUIRK_SIGNIFICANT_DIGITS, value.precision(true))));
}

function withNumbers(source: object, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(source as Record<string, unknown>) };
  for (const field of fields) {
    const value = out[field];
    if (typeof value === "string") out[field] = longNumber(value);
  }
  return out;
}

function shaped(payment: Payment, quirks: Quirks): Record<string, unknown> {
  let out: Record<string, unknown> = { ...payment };
  if (quirks.numbersAsJson) {
    out = withNumbers(payment, PAYMENT_AMOUNTS);
    out.transactions = payment.transactions.map((t: PaymentTransaction) => withNumbers(t, TRANSACTION_AMOUNTS));
  }
  if (quirks.redirectUrlsAsString && payment.redirectUrls !== undefined)
    out.redirectUrls = JSON.stringify(payment.redirectUrls);
  return out;
}

/** The JSON text of a payment response. */
export function paymentJson(payment: Payment, quirks: Quirks): string {
  return stringify(shaped(payment, quirks)) ?? "{}";
}

/** The JSON text of a `v3/payment` notification. */
export function paymentNotificationJson(envelope: PaymentNotification, quirks: Quirks): string {
  return stringify({ ...envelope, body: shaped(envelope.body, quirks) }) ?? "{}";
}
