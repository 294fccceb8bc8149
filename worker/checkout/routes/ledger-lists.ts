/**
 * The ledger's payments list and CSV export as HTTP, shared by the shop backend's ledger API
 * (ledger-api.ts, backend token) and the merchant's dashboard API (dashboard-api.ts, session):
 * one query schema (filters, search, cursor, limit), one page answer, one CSV response.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { LedgerPaymentList } from "../backend-wire.js";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import { exportCsv } from "../ledger/ledger-csv.js";
import { decodeCursor, encodeCursor, listPayments, type PaymentFilter } from "../ledger/ledger-query.js";
import { currencyCode } from "../rules.js";
import { DECIMAL_AMOUNT, parseRfc3339 } from "../wire.js";

export const DEFAULT_LEDGER_LIMIT = 50;
export const MAX_LEDGER_LIMIT = 200;
/** Most values of one list parameter (status, currency). */
const MAX_VALUES = 20;

/** A comma-separated list of values of `item`. */
const listOf = (item: z.ZodString, what: string) =>
  z
    .string()
    .transform((value) => value.split(","))
    .pipe(
      z
        .array(item, { error: `must be ${what}, comma-separated` })
        .min(1)
        .max(MAX_VALUES),
    );

export const time = z
  .string()
  .refine((value) => parseRfc3339(value) !== undefined, "must be an RFC 3339 date-time, e.g. 2026-11-01T00:00:00Z")
  .transform((value) => parseRfc3339(value) as number);

export const filterQuery = z.strictObject({
  status: listOf(z.string().regex(/^[A-Z][A-Z_]{0,31}$/), "payment statuses (CONFIRMED, EXPIRED, ...)").optional(),
  currency: listOf(currencyCode, "currency codes").optional(),
  from: time.optional(),
  to: time.optional(),
  minAmount: z.string().regex(DECIMAL_AMOUNT, "must be a decimal amount such as 10.00").optional(),
  maxAmount: z.string().regex(DECIMAL_AMOUNT, "must be a decimal amount such as 10.00").optional(),
  q: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[^\p{Cc}]+$/u, "must be text without control characters")
    .optional(),
});

export const listQuery = filterQuery.extend({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LEDGER_LIMIT).optional(),
});

/** The LEDGER binding, or 404 saying how to add it. */
export function ledgerOf(env: AppEnv["Bindings"]): D1Database {
  if (!env.LEDGER)
    throw new CheckoutError(
      404,
      "not_found",
      "This Worker keeps no payments ledger: add the LEDGER D1 binding to wrangler.toml and apply its migrations.",
    );
  return env.LEDGER;
}

function filterOf(query: z.output<typeof filterQuery>): PaymentFilter {
  return {
    statuses: query.status,
    currencies: query.currency,
    from: query.from,
    to: query.to,
    q: query.q,
    minAmount: query.minAmount,
    maxAmount: query.maxAmount,
  };
}

/** One page of the shop's payments that pass the query's filters (400 for a cursor this API did not give). */
export async function paymentsPage(
  c: Context<AppEnv>,
  shopId: string,
  query: z.output<typeof listQuery>,
): Promise<Response> {
  const db = ledgerOf(c.env);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after)
    throw new CheckoutError(400, "invalid_request", "Invalid query. cursor: must be a cursor from an earlier answer");
  const page = await listPayments(db, shopId, filterOf(query), after, query.limit ?? DEFAULT_LEDGER_LIMIT);
  const body: LedgerPaymentList = { payments: page.payments, next: page.next ? encodeCursor(page.next) : null };
  return c.json(body, 200, { "Cache-Control": "no-store" });
}

/** Every payment of the shop that passes the query's filters, as CSV, streamed. */
export function paymentsCsv(env: AppEnv["Bindings"], shopId: string, query: z.output<typeof filterQuery>): Response {
  const db = ledgerOf(env);
  return new Response(exportCsv(db, shopId, filterOf(query)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${shopId}-payments.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
