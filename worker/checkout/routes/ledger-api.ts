/**
 * The payments ledger for the shop's backend (docs/webhooks.md, "The ledger API"), behind
 * backendAuth and without CORS, like the rest of the backend API:
 * - GET /api/shops/{shop}/ledger/payments?status=&currency=&from=&to=&minAmount=&maxAmount=&q=&cursor=&limit=: one page
 *   of the shop's payments, newest first, with the cursor of the next;
 * - GET /api/shops/{shop}/ledger/payments.csv?(the same filters): all of them as CSV, streamed;
 * - GET /api/shops/{shop}/ledger/totals?from=&to=&status=&currency=: per day, price currency and
 *   status, the count and the exact sums;
 * - POST /api/shops/{shop}/ledger/backfill?after=&limit=: one page of the shop's event log written
 *   to the ledger (`crypto-checkout ledger backfill` pages through the whole log).
 * Every query is bound to the shop of the path, whose token was checked.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { LedgerBackfill, LedgerPaymentList, LedgerTotals } from "../backend-wire.js";
import { shopEvents } from "../events/shop-events-object.js";
import { CheckoutError } from "../http/errors.js";
import { queryParams, type AppEnv } from "../http/plumbing.js";
import { exportCsv } from "../ledger/ledger-csv.js";
import { decodeCursor, encodeCursor, listPayments, type PaymentFilter } from "../ledger/ledger-query.js";
import { recordEvents } from "../ledger/record-batch.js";
import { totals } from "../ledger/ledger-totals.js";
import { currencyCode } from "../rules.js";
import { DECIMAL_AMOUNT } from "../wire.js";
import { getShop } from "../shops/shop-source.js";
import { parseRfc3339 } from "../wire.js";
import { DEFAULT_EVENTS_LIMIT, eventsQuery } from "./backend-api.js";
import { backendAuth } from "./backend-auth.js";

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

const time = z
  .string()
  .refine((value) => parseRfc3339(value) !== undefined, "must be an RFC 3339 date-time, e.g. 2026-11-01T00:00:00Z")
  .transform((value) => parseRfc3339(value) as number);

const filterQuery = z.strictObject({
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

const listQuery = filterQuery.extend({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LEDGER_LIMIT).optional(),
});

function ledgerOf(env: AppEnv["Bindings"]): D1Database {
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

/** The longest range of one totals request. */
export const MAX_TOTALS_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

const totalsQuery = z
  .strictObject({
    from: time,
    to: time,
    status: filterQuery.shape.status,
    currency: filterQuery.shape.currency,
  })
  .refine((q) => q.to > q.from && q.to - q.from <= MAX_TOTALS_DAYS * DAY_MS, {
    message: `must be after from, at most ${MAX_TOTALS_DAYS} days later`,
    path: ["to"],
  });

export const ledgerApi = new Hono<AppEnv>();

ledgerApi.get("/api/shops/:shop/ledger/payments", backendAuth, queryParams(listQuery), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const db = ledgerOf(c.env);
  const query = c.req.valid("query");
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after)
    throw new CheckoutError(400, "invalid_request", "Invalid query. cursor: must be a cursor from an earlier answer");
  const page = await listPayments(db, shop.id, filterOf(query), after, query.limit ?? DEFAULT_LEDGER_LIMIT);
  const body: LedgerPaymentList = { payments: page.payments, next: page.next ? encodeCursor(page.next) : null };
  return c.json(body, 200, { "Cache-Control": "no-store" });
});

ledgerApi.get("/api/shops/:shop/ledger/payments.csv", backendAuth, queryParams(filterQuery), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const db = ledgerOf(c.env);
  return new Response(exportCsv(db, shop.id, filterOf(c.req.valid("query"))), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${shop.id}-payments.csv"`,
      "Cache-Control": "no-store",
    },
  });
});

ledgerApi.get("/api/shops/:shop/ledger/totals", backendAuth, queryParams(totalsQuery), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const db = ledgerOf(c.env);
  const query = c.req.valid("query");
  const body: LedgerTotals = {
    from: new Date(query.from).toISOString(),
    to: new Date(query.to).toISOString(),
    totals: await totals(db, shop.id, {
      from: query.from,
      to: query.to,
      statuses: query.status,
      currencies: query.currency,
    }),
  };
  return c.json(body, 200, { "Cache-Control": "no-store" });
});

ledgerApi.post("/api/shops/:shop/ledger/backfill", backendAuth, queryParams(eventsQuery), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const db = ledgerOf(c.env);
  const { after, limit } = c.req.valid("query");
  const page = await shopEvents(c.env, shop.id).list(Number(after ?? "0"), limit ?? DEFAULT_EVENTS_LIMIT);
  const written = await recordEvents(
    db,
    shop.id,
    page.events.map((entry) => entry.event),
  );
  const body: LedgerBackfill = { read: page.events.length, written, next: page.next, hasMore: page.hasMore };
  return c.json(body, 200, { "Cache-Control": "no-store" });
});
