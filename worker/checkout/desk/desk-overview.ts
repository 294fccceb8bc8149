/**
 * The dashboard's overview of a shop (DeskOverview): per day (UTC), price currency and status the
 * count and exact price sum of the payments created (ledger-totals.ts), how many of them ended
 * CONFIRMED of those that are final, the payments open now, and the webhook deliveries of the
 * events recorded in the range by state (the shop's event log).
 */
import type { DeskOverview } from "../dashboard-wire.js";
import type { Env } from "../env.js";
import { shopEvents } from "../events/shop-events-object.js";
import { openPayments, outcomes } from "../ledger/ledger-overview.js";
import { totals } from "../ledger/ledger-totals.js";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_OVERVIEW_DAYS = 30;
export const MAX_OVERVIEW_DAYS = 90;

/** The last `days` whole UTC days up to and including today: [from, to) in ms. Pure. */
export function overviewRange(now: number, days: number): { from: number; to: number } {
  const to = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  return { from: to - days * DAY_MS, to };
}

export async function overview(
  env: Env,
  db: D1Database,
  shopId: string,
  days: number,
  now = Date.now(),
): Promise<DeskOverview> {
  const { from, to } = overviewRange(now, days);
  const [rows, ended, open, deliveries] = await Promise.all([
    totals(db, shopId, { from, to }),
    outcomes(db, shopId, from, to),
    openPayments(db, shopId),
    shopEvents(env, shopId).deliveriesBetween(from, to),
  ]);
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    days: rows.map(({ day, currency, status, count, priceAmount }) => ({ day, currency, status, count, priceAmount })),
    confirmed: ended.confirmed,
    final: ended.final,
    open,
    deliveries,
  };
}
