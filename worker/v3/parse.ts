/**
 * Parsing of upstream JSON: the text is read with lossless-json (numbers keep their source
 * digits), then checked and normalised by the zod schemas. A failure is a V3Error that names the
 * field: code "missing_field" when it is absent (or null), "invalid_field" when it has the wrong
 * shape, "invalid_json" when the text is not JSON.
 */
import { parse as parseLossless } from "lossless-json";
import type { z } from "zod";
import { V3Error, type V3ErrorKind } from "./errors.js";
import {
  conversionEstimateSchema,
  conversionSchema,
  currencyListSchema,
  paymentSchema,
  payoutLimitsSchema,
  payoutPageSchema,
  payoutSchema,
} from "./schemas.js";
import type { Conversion, ConversionEstimate, Currency, Payment, Payout, PayoutLimits } from "./types.js";

/** Parses JSON text keeping every number as its source text (a lossless-json LosslessNumber). */
export function parseJsonText(text: string, kind: V3ErrorKind = "invalid_response"): unknown {
  try {
    // Duplicate keys: the last one wins, as with JSON.parse.
    return parseLossless(text, null, { onDuplicateKey: ({ newValue }) => newValue });
  } catch (error) {
    throw new V3Error(
      kind,
      "invalid_json",
      `not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** "transactions[0].state" from ["transactions", 0, "state"], with an optional prefix. */
export function fieldPath(path: readonly PropertyKey[], prefix = ""): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

export interface ParseContext {
  kind?: V3ErrorKind;
  /** Prefix of field paths, for example "body" inside a notification. */
  prefix?: string;
  /** Upstream status, kept on the error. */
  status?: number;
  /** Scrubbed upstream body, kept on the error. */
  upstreamBody?: string;
}

/** Checks an already parsed value against a schema; the first problem becomes a V3Error. */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  ctx: ParseContext = {},
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const field = fieldPath(path, ctx.prefix ?? "");
  const missing = path.length > 0 && valueAt(value, path) == null;
  const code = missing ? "missing_field" : "invalid_field";
  const where = field === "" ? what : `${what} field "${field}"`;
  const message = missing ? `${where} is missing` : `${where} is invalid: ${issue?.message ?? "wrong shape"}`;
  throw new V3Error(ctx.kind ?? "invalid_response", code, message, {
    ...(field === "" ? {} : { field }),
    ...(ctx.status === undefined ? {} : { status: ctx.status }),
    ...(ctx.upstreamBody === undefined ? {} : { upstreamBody: ctx.upstreamBody }),
  });
}

/** Accepts JSON text or a value already parsed with lossless-json. */
function input(source: unknown, ctx: ParseContext | undefined): unknown {
  return typeof source === "string" ? parseJsonText(source, ctx?.kind) : source;
}

export function parsePayment(source: unknown, ctx?: ParseContext): Payment {
  return check(paymentSchema, input(source, ctx), "payment", ctx);
}

export function parsePayout(source: unknown, ctx?: ParseContext): Payout {
  return check(payoutSchema, input(source, ctx), "payout", ctx);
}

export function parsePayoutPageBody(source: unknown, ctx?: ParseContext): z.output<typeof payoutPageSchema> {
  return check(payoutPageSchema, input(source, ctx), "payout page", ctx);
}

export function parsePayoutLimits(source: unknown, ctx?: ParseContext): PayoutLimits {
  return check(payoutLimitsSchema, input(source, ctx), "payout limits", ctx);
}

export function parseConversion(source: unknown, ctx?: ParseContext): Conversion {
  return check(conversionSchema, input(source, ctx), "conversion", ctx);
}

export function parseConversionEstimate(source: unknown, ctx?: ParseContext): ConversionEstimate {
  return check(conversionEstimateSchema, input(source, ctx), "conversion estimate", ctx);
}

export function parseCurrencies(source: unknown, ctx?: ParseContext): Currency[] {
  return check(currencyListSchema, input(source, ctx), "currency list", ctx);
}
