/**
 * Request validation (zod). Request amounts are decimal strings, as the spec declares them
 * (`"0.001"`); a JSON number is refused with 400 so that no amount ever passes through a float.
 * Amounts and currency codes follow the upstream's rules as the v3 client states them
 * (DECIMAL_AMOUNT, CURRENCY_CODE and the http(s) URL check in worker/v3/types.ts), so that both
 * sides agree on what the upstream takes. Unknown fields are ignored. The first problem found is
 * reported with its field path.
 */
import { z } from "zod";
import { decimalAmount, positiveDecimalAmount } from "../v3/decimal.js";
import { CURRENCY_CODE, isHttpUrl } from "../v3/types.js";
import { SandboxError } from "./errors.js";

const currency = z
  .string({ error: "must be a currency code" })
  .regex(CURRENCY_CODE, "must be a currency code such as BTC or EUR");
const text = (max: number) => z.string().max(max);
export const httpUrl = z.string().max(2048).refine(isHttpUrl, "must be an absolute http(s) URL");

export const newPaymentSchema = z.object({
  priceAmount: positiveDecimalAmount,
  priceCurrency: currency,
  transferCurrency: currency,
  walletLabel: text(100).optional(),
  walletMessage: text(200).optional(),
  notificationUrl: httpUrl.optional(),
  externalPaymentId: text(100).optional(),
  redirectUrls: z
    .object({
      expired: httpUrl.optional(),
      confirmed: httpUrl.optional(),
      invalid: httpUrl.optional(),
      unconfirmed: httpUrl.optional(),
    })
    .optional(),
});

export const newPayoutSchema = z
  .object({
    priceCurrency: currency,
    transferCurrency: currency,
    transferAmount: positiveDecimalAmount.optional(),
    priceAmount: positiveDecimalAmount.optional(),
    address: text(100).optional(),
    comment: text(500).optional(),
    notificationUrl: httpUrl.optional(),
    autoApprove: z.boolean().optional(),
    externalPayoutId: text(100).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.transferAmount === undefined) === (v.priceAmount === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["transferAmount"],
        message: "exactly one of transferAmount and priceAmount is required",
      });
    }
  });

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
export const payoutListSchema = z.object({
  limit: int(0, 100).default(20),
  offset: int(0, 2_147_483_647).default(0),
  // The spec's format; payouts.ts parses them.
  timeFrom: z.string().optional(),
  timeTo: z.string().optional(),
  // The spec declares every filter a plain string: any text is accepted and matched exactly
  // (amounts as decimals when the text is a number); a filter nothing matches gives an empty page.
  merchantId: z.string().optional(),
  address: z.string().optional(),
  transferAmount: z.string().optional(),
  priceAmount: z.string().optional(),
  transferCurrency: z.string().optional(),
  priceCurrency: z.string().optional(),
});

export const payoutLimitsSchema = z.object({ transferCurrency: currency, priceCurrency: currency });

export const newConversionSchema = z.object({
  sellAmount: positiveDecimalAmount,
  sellCurrency: currency,
  buyCurrency: currency,
});
/** ConversionDeclarationRequest: the body is required, `boughtAmount` is not (and may be zero). */
export const declarationSchema = z.object({ boughtAmount: decimalAmount.optional() });

export const controlTransactionSchema = z.object({
  amount: positiveDecimalAmount,
  state: z.enum(["PENDING", "ACCEPTED"]).default("PENDING"),
});

function describe(issue: z.core.$ZodIssue, input: unknown): SandboxError {
  const field = issue.path.map(String).join(".");
  let value: unknown = input;
  for (const key of issue.path)
    value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  const missing = issue.code === "invalid_type" && value === undefined && issue.path.length > 0;
  return new SandboxError(
    400,
    "invalid_request",
    missing ? `${field} is required` : `${field || "body"}: ${issue.message}`,
    field || undefined,
  );
}

export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw first ? describe(first, input) : new SandboxError(400, "invalid_request", "invalid request");
}

/** Parses a JSON object body (the GET of estimate-conversion included) and validates it. */
export function parseJsonBody<S extends z.ZodType>(schema: S, raw: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new SandboxError(400, "invalid_request", "the body must be a JSON object");
  }
  if (json === null || typeof json !== "object" || Array.isArray(json))
    throw new SandboxError(400, "invalid_request", "the body must be a JSON object");
  return validate(schema, json);
}
