/**
 * Totals of a shop's payments per day (UTC, by creation), price currency and status over a date
 * range: how many, and the exact sums of their price amounts and paid price amounts (decimal
 * strings, summed in SQL as integers: decimal-sql.ts). Bound to one shop.
 */
import type { LedgerTotal } from "../backend-wire.js";
import { sumOf, sumSql } from "./decimal-sql.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TotalsFilter {
  from: number;
  to: number;
  statuses?: readonly string[];
  currencies?: readonly string[];
}

export async function totals(db: D1Database, shop: string, filter: TotalsFilter): Promise<LedgerTotal[]> {
  const params: (string | number)[] = [shop, filter.from, filter.to];
  const bind = (value: string | number) => {
    params.push(value);
    return `?${params.length}`;
  };
  const where = ["shop_id = ?1", "created_at >= ?2", "created_at < ?3"];
  if (filter.statuses?.length) where.push(`status IN (${filter.statuses.map(bind).join(", ")})`);
  if (filter.currencies?.length) where.push(`price_currency IN (${filter.currencies.map(bind).join(", ")})`);
  const { results } = await db
    .prepare(
      `SELECT created_at / ${DAY_MS} AS day, price_currency, status, COUNT(*) AS count,
         ${sumSql("price_amount", "price")}, ${sumSql("paid_price_amount", "paid")}
       FROM ledger_payments WHERE ${where.join(" AND ")}
       GROUP BY day, price_currency, status ORDER BY day, price_currency, status`,
    )
    .bind(...params)
    .all<Record<string, unknown> & { day: number; price_currency: string; status: string; count: number }>();
  return results.map((row) => ({
    day: new Date(row.day * DAY_MS).toISOString().slice(0, 10),
    currency: row.price_currency,
    status: row.status,
    count: row.count,
    priceAmount: sumOf(row, "price"),
    paidPriceAmount: sumOf(row, "paid"),
  }));
}
