/**
 * Validation of what the caller asks the client to send (docs/upstream.md, "Operations"). A refused request is a
 * V3Error of kind "invalid_request" and nothing reaches the upstream. Codes: "invalid_limit",
 * "invalid_offset", "invalid_time", "invalid_time_range", "invalid_filter", "invalid_amount",
 * "amount_conflict" (both payout amounts), "missing_amount" (neither), "invalid_url", "invalid_id",
 * "invalid_conversion_id", "missing_field", "invalid_field".
 */
import { z } from "zod";
import { decimalAmount, positiveDecimalAmount } from "./decimal.js";
import { V3Error } from "./errors.js";
import { fieldPath } from "./parse.js";
import { REDIRECT_KEYS, isHttpUrl } from "./types.js";
import type {
  ConversionDeclaration,
  NewConversionRequest,
  NewPaymentRequest,
  NewPayoutRequest,
  PayoutListQuery,
} from "./types.js";

const required = z.string().min(1, "must not be empty");
const amount = positiveDecimalAmount;
const nonNegativeAmount = decimalAmount;
const HTTP_URL_MESSAGE = "must be an absolute http(s) URL";
const httpUrl = z.string({ error: HTTP_URL_MESSAGE }).refine(isHttpUrl, HTTP_URL_MESSAGE);
/** yyyy-MM-ddTHH:mm:ss.SSSXXX with a real date and an offset of Z or ±HH:mm. */
const apiTime = z.iso.datetime({
  offset: true,
  precision: 3,
  error: "must be yyyy-MM-ddTHH:mm:ss.SSSXXX, e.g. 2026-01-31T23:59:59.000+01:00",
});

const redirectUrlsRequest = z.strictObject(Object.fromEntries(REDIRECT_KEYS.map((k) => [k, httpUrl.optional()])));

const newPayment = z.strictObject({
  priceAmount: amount,
  priceCurrency: required,
  transferCurrency: required,
  walletLabel: z.string().optional(),
  walletMessage: z.string().optional(),
  notificationUrl: httpUrl.optional(),
  externalPaymentId: z.string().optional(),
  redirectUrls: redirectUrlsRequest.optional(),
});

const newPayout = z.strictObject({
  priceCurrency: required,
  transferCurrency: required,
  transferAmount: amount.optional(),
  priceAmount: amount.optional(),
  address: z.string().optional(),
  comment: z.string().optional(),
  notificationUrl: httpUrl.optional(),
  autoApprove: z.boolean().optional(),
  externalPayoutId: z.string().optional(),
});

const filter = required.optional();
const payoutQuery = z.strictObject({
  limit: z.number().int().min(0).max(100).optional(),
  offset: z.number().int().min(0).max(2147483647).optional(),
  timeFrom: apiTime.optional(),
  timeTo: apiTime.optional(),
  merchantId: filter,
  address: filter,
  transferAmount: filter,
  priceAmount: filter,
  transferCurrency: filter,
  priceCurrency: filter,
});

const payoutLimitsQuery = z.strictObject({ transferCurrency: required, priceCurrency: required });

const newConversion = z.strictObject({ sellAmount: amount, sellCurrency: required, buyCurrency: required });

const declaration = z.strictObject({ boughtAmount: nonNegativeAmount.optional() });

const AMOUNT_FIELDS = new Set(["priceAmount", "transferAmount", "sellAmount", "boughtAmount"]);

function codeFor(field: string, missing: boolean, query: boolean): string {
  if (field === "limit") return "invalid_limit";
  if (field === "offset") return "invalid_offset";
  if (field === "timeFrom" || field === "timeTo") return "invalid_time";
  if (query && field !== "") return missing ? "missing_field" : "invalid_filter";
  if (missing) return "missing_field";
  if (AMOUNT_FIELDS.has(field)) return "invalid_amount";
  if (field === "notificationUrl" || field.startsWith("redirectUrls")) return "invalid_url";
  return "invalid_field";
}

function validate<S extends z.ZodType>(schema: S, value: unknown, what: string, query = false): z.output<S> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new V3Error("invalid_request", "invalid_field", `${what} must be an object`);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const unknownKey = issue?.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const path = unknownKey === undefined ? (issue?.path ?? []) : [...(issue?.path ?? []), unknownKey];
  const field = fieldPath(path);
  const missing =
    unknownKey === undefined && (value as Record<string, unknown>)[String(path[0])] === undefined && path.length === 1;
  const code = unknownKey === undefined ? codeFor(field, missing, query) : "unknown_field";
  const message =
    unknownKey !== undefined
      ? `${what}: unknown field "${field}"`
      : missing
        ? `${what}: "${field}" is required`
        : `${what}: "${field}" ${issue?.message ?? "is invalid"}`;
  throw new V3Error("invalid_request", code, message, { field });
}

export function validateNewPayment(req: NewPaymentRequest): NewPaymentRequest {
  return validate(newPayment, req, "payment request");
}

export function validateNewPayout(req: NewPayoutRequest): NewPayoutRequest {
  const checked = validate(newPayout, req, "payout request");
  const { transferAmount, priceAmount, ...rest } = checked;
  if (transferAmount !== undefined && priceAmount !== undefined) {
    throw new V3Error(
      "invalid_request",
      "amount_conflict",
      "payout request: give exactly one of transferAmount and priceAmount, not both",
    );
  }
  if (transferAmount !== undefined) return { ...rest, transferAmount };
  if (priceAmount !== undefined) return { ...rest, priceAmount };
  throw new V3Error(
    "invalid_request",
    "missing_amount",
    "payout request: give exactly one of transferAmount and priceAmount",
  );
}

/** Returns the query with the spec's defaults applied (limit 20, offset 0). */
export function validatePayoutQuery(query: PayoutListQuery = {}): PayoutListQuery & { limit: number; offset: number } {
  const checked = validate(payoutQuery, query, "payout list query", true);
  if (
    checked.timeFrom !== undefined &&
    checked.timeTo !== undefined &&
    Date.parse(checked.timeFrom) > Date.parse(checked.timeTo)
  ) {
    throw new V3Error("invalid_request", "invalid_time_range", "payout list query: timeFrom is after timeTo", {
      field: "timeFrom",
    });
  }
  return { ...checked, limit: checked.limit ?? 20, offset: checked.offset ?? 0 };
}

export function validatePayoutLimitsQuery(q: { transferCurrency: string; priceCurrency: string }): {
  transferCurrency: string;
  priceCurrency: string;
} {
  return validate(payoutLimitsQuery, q, "payout limits query", true);
}

export function validateNewConversion(req: NewConversionRequest): NewConversionRequest {
  return validate(newConversion, req, "conversion request");
}

export function validateDeclaration(decl: ConversionDeclaration): ConversionDeclaration {
  return validate(declaration, decl, "conversion declaration");
}

/** A path segment: a non-empty id, percent-encoded; "." and ".." would move up the path, so are refused. */
export function idSegment(id: unknown, what: string): string {
  if (typeof id !== "string" || id.length === 0 || id.length > 256 || id === "." || id === "..") {
    throw new V3Error(
      "invalid_request",
      "invalid_id",
      `${what} must be a non-empty string of at most 256 characters, not "." or ".."`,
      { field: what },
    );
  }
  return encodeURIComponent(id);
}

export function conversionIdSegment(id: unknown): string {
  if (!z.guid().safeParse(id).success) {
    throw new V3Error("invalid_request", "invalid_conversion_id", "conversionId must be a UUID", {
      field: "conversionId",
    });
  }
  return encodeURIComponent(id as string);
}
