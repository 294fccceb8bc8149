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
import type { LedgerBackfill, LedgerTotals } from "../backend-wire.js";
import { shopEvents } from "../events/shop-events-object.js";
import { queryParams, type AppEnv } from "../http/plumbing.js";
import { recordEvents } from "../ledger/record-batch.js";
import { totals } from "../ledger/ledger-totals.js";
import { getShop } from "../shops/shop-source.js";
import { DEFAULT_EVENTS_LIMIT, eventsQuery } from "./backend-api.js";
import { backendAuth } from "./backend-auth.js";
import { filterQuery, ledgerOf, listQuery, paymentsCsv, paymentsPage, time } from "./ledger-lists.js";

/** The longest range of one totals request. */
export const MAX_TOTALS_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

export const totalsQuery = z
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
  return paymentsPage(c, shop.id, c.req.valid("query"));
});

ledgerApi.get("/api/shops/:shop/ledger/payments.csv", backendAuth, queryParams(filterQuery), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  return paymentsCsv(c.env, shop.id, c.req.valid("query"));
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
