/**
 * zod schemas of the upstream's response objects (docs/upstream.md, "Operations"), applied to values parsed with
 * lossless-json. Tolerant where the spec is loose: amounts as strings or numbers, `null` taken as
 * absent, unknown fields dropped, unknown status values kept, `transactions` defaulted to [],
 * every transaction field optional (the spec marks none required). Date-times in any ISO 8601
 * form the service could plausibly send are kept as RFC 3339 (see dateTime); an optional
 * date-time that is none is dropped (absent), never kept as text.
 */
import { isLosslessNumber, type LosslessNumber } from "lossless-json";
import { z } from "zod";
import { canonicalDateTime } from "./datetime.js";
import { decimalFromJson } from "./decimal.js";
import { REDIRECT_KEYS, type PaymentRedirectUrls } from "./types.js";

const losslessNumber = z.custom<LosslessNumber>((v) => isLosslessNumber(v), "expected a number");

/** null counts as absent for every optional field. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === null ? undefined : v), schema.optional());
}

/** An amount: JSON string or JSON number, delivered as an exact decimal string. */
export const decimal = z.union([z.string(), losslessNumber]).transform((value, ctx) => {
  const text = decimalFromJson(value);
  if (text === undefined) {
    ctx.addIssue({ code: "custom", message: "expected a decimal amount" });
    return z.NEVER;
  }
  return text;
});

/** An int32 count: JSON number or numeric string. */
export const int32 = z.union([z.string(), losslessNumber]).transform((value, ctx) => {
  const text = typeof value === "string" ? value.trim() : value.value;
  const n = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < -2147483648 || n > 2147483647) {
    ctx.addIssue({ code: "custom", message: "expected an integer" });
    return z.NEVER;
  }
  return n;
});

const text = z.string();

/**
 * An optional field that is only informative (nothing is computed from it): a value of another
 * shape is dropped (absent) instead of failing the whole object.
 */
function informative<T extends z.ZodType>(schema: T) {
  return optional(
    z.unknown().transform((value) => {
      const read = schema.safeParse(value);
      return read.success ? (read.data as z.output<T>) : undefined;
    }),
  );
}

/**
 * An optional date-time (spec `string(date-time)`, "ISO 8601"): RFC 3339 text is kept as sent;
 * another ISO 8601 form (`+0100`, `+01`, no offset = UTC, a space for `T`; datetime.ts) becomes
 * the same instant in RFC 3339 UTC. A value that is no date-time ("Nov 22 2026", "2026-11-22", a
 * number of milliseconds) is dropped: the field reads as absent, so no caller ever orders
 * snapshots, schedules a poll or shows a countdown from a guess. The rest of the object is still
 * used. (The notification envelope's `timestamp` is required: there a value that is no date-time
 * fails the notification, see notification.ts.)
 */
export const dateTime = optional(z.unknown().transform((value): string | undefined => canonicalDateTime(value)));

/**
 * redirectUrls: an object, a JSON-encoded object string, or absent. Members that are not strings
 * and keys other than the four redirect keys are dropped; a string that is not a JSON object
 * (the spec does not show its content) is ignored rather than failing the whole payment.
 */
export const redirectUrls = z.unknown().transform((value): PaymentRedirectUrls | undefined => {
  let source: unknown = value;
  if (typeof value === "string") {
    try {
      source = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof source !== "object" || source === null || Array.isArray(source)) return undefined;
  const out: PaymentRedirectUrls = {};
  for (const key of REDIRECT_KEYS) {
    const url = (source as Record<string, unknown>)[key];
    if (typeof url === "string" && url.length > 0) out[key] = url;
  }
  return Object.keys(out).length > 0 ? out : undefined;
});

/** Spec 2.2 marks no field required: each may be absent (or null); present amounts stay exact. */
export const transactionSchema = z.object({
  transactionId: optional(text),
  paidTransferAmount: optional(decimal),
  priceAmount: optional(decimal),
  exchangeRate: optional(decimal),
  observedTime: dateTime,
  acceptedTime: dateTime,
  rejectedTime: dateTime,
  state: optional(text),
});

export const paymentSchema = z.object({
  paymentId: text,
  priceAmount: decimal,
  priceCurrency: text,
  transferAmount: decimal,
  transferCurrency: text,
  address: text,
  status: text,
  walletLabel: optional(text),
  walletMessage: optional(text),
  paymentUri: optional(text),
  expirationTime: dateTime,
  paymentPageUrl: optional(text),
  notificationUrl: optional(text),
  paidPriceAmount: optional(decimal),
  pendingPaidPriceAmount: optional(decimal),
  acceptedPaidPriceAmount: optional(decimal),
  paidTransferAmount: optional(decimal),
  pendingPaidTransferAmount: optional(decimal),
  acceptedPaidTransferAmount: optional(decimal),
  exchangeRate: optional(decimal),
  // The spec shows it as a number; some services send a text ("none", "") when no rate is guaranteed.
  guaranteedExchangeRate: informative(decimal),
  externalPaymentId: optional(text),
  transactions: z.preprocess((v) => v ?? [], z.array(transactionSchema)),
  redirectUrls: optional(redirectUrls),
});

export const payoutSchema = z.object({
  payoutId: text,
  address: optional(text),
  transferAmount: optional(decimal),
  priceAmount: optional(decimal),
  priceCurrency: optional(text),
  transferCurrency: optional(text),
  transactionId: optional(text),
  comment: optional(text),
  expirationTime: dateTime,
  createdTime: dateTime,
  notificationUrl: optional(text),
  sentTime: dateTime,
  externalPayoutId: optional(text),
  status: optional(text),
});

/** The page's counts are not marked required upstream; `items` is (a page without it is garbage). */
export const payoutPageSchema = z.object({
  limit: optional(int32),
  offset: optional(int32),
  itemCount: optional(int32),
  items: z.array(payoutSchema),
});

export const payoutLimitsSchema = z.object({
  available: optional(decimal),
  minPayoutAmount: optional(decimal),
  currency: optional(text),
});

export const conversionSchema = z.object({ id: text });

export const conversionEstimateSchema = z.object({ currency: text, amount: decimal });

export const currencySchema = z.object({
  code: text,
  name: text,
  paymentPriceEnabled: z.boolean(),
  paymentTransferEnabled: z.boolean(),
  payoutTransferEnabled: z.boolean(),
  payoutPriceEnabled: z.boolean(),
});

export const currencyListSchema = z.array(currencySchema);
