/**
 * Listing a shop's payments from the ledger: filters, one search box, a stable order and cursor
 * paging. Newest first by creation time, then by payment id (so payments created in the same
 * millisecond keep one order); the cursor is the last row's (created_at, payment_id), opaque to
 * the caller. Every query is bound to one shop.
 */
import type { LedgerPayment } from "../backend-wire.js";
import { sortKey, sortKeySql } from "./decimal-sql.js";

export interface PaymentFilter {
  /** Any of these statuses. */
  statuses?: readonly string[];
  /** A price or transfer currency among these. */
  currencies?: readonly string[];
  /** Created at or after (epoch ms). */
  from?: number;
  /** Created before (epoch ms). */
  to?: number;
  /** An order id, payment id, address or transaction id that is this or starts with it. */
  q?: string;
  /** A price amount at least this (a decimal string). */
  minAmount?: string;
  /** A price amount at most this. */
  maxAmount?: string;
}

/** Where a page ends: the last row's sort key. */
export interface Position {
  createdAt: number;
  paymentId: string;
}

/** Above every character a prefix can be followed by (the highest code point): `q <= x < q + MAX` is "x starts with q". */
const MAX_CHAR = "\u{10FFFF}";

export function encodeCursor(position: Position): string {
  return btoa(JSON.stringify([position.createdAt, position.paymentId]))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The position of a cursor from an earlier answer, or undefined when it is not one. */
export function decodeCursor(cursor: string): Position | undefined {
  try {
    const value: unknown = JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/")));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [createdAt, paymentId] = value as unknown[];
    return Number.isSafeInteger(createdAt) && typeof paymentId === "string"
      ? { createdAt: createdAt as number, paymentId }
      : undefined;
  } catch {
    return undefined;
  }
}

/** The columns of a LedgerPayment, as `toPayment` reads them. */
export const PAYMENT_COLUMNS = `payment_id, order_id, status, price_amount, price_currency, transfer_amount, transfer_currency,
      paid_price_amount, pending_paid_price_amount, accepted_paid_price_amount, paid_transfer_amount,
      pending_paid_transfer_amount, accepted_paid_transfer_amount, address, created_at, updated_at, final_at, version`;

/** The same columns of `ledger_payments AS p`. */
const PREFIXED_COLUMNS = PAYMENT_COLUMNS.split(",")
  .map((column) => `p.${column.trim()}`)
  .join(", ");

export interface PaymentListRow {
  payment_id: string;
  order_id: string | null;
  status: string;
  price_amount: string;
  price_currency: string;
  transfer_amount: string;
  transfer_currency: string;
  paid_price_amount: string;
  pending_paid_price_amount: string;
  accepted_paid_price_amount: string;
  paid_transfer_amount: string;
  pending_paid_transfer_amount: string;
  accepted_paid_transfer_amount: string;
  address: string;
  created_at: number;
  updated_at: number;
  final_at: number | null;
  version: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toPayment(row: PaymentListRow): LedgerPayment {
  return {
    paymentId: row.payment_id,
    orderId: row.order_id,
    status: row.status,
    priceAmount: row.price_amount,
    priceCurrency: row.price_currency,
    transferAmount: row.transfer_amount,
    transferCurrency: row.transfer_currency,
    paidPriceAmount: row.paid_price_amount,
    pendingPaidPriceAmount: row.pending_paid_price_amount,
    acceptedPaidPriceAmount: row.accepted_paid_price_amount,
    paidTransferAmount: row.paid_transfer_amount,
    pendingPaidTransferAmount: row.pending_paid_transfer_amount,
    acceptedPaidTransferAmount: row.accepted_paid_transfer_amount,
    address: row.address,
    createdAt: iso(row.created_at) ?? "",
    updatedAt: iso(row.updated_at) ?? "",
    finalAt: iso(row.final_at),
    version: row.version,
  };
}

/**
 * The SQL and its parameters of one page (limit + 1 rows, to know whether more follow). Its plans
 * (test/worker/checkout/ledger/ledger-plan.test.ts; `npm run bench` shows them for 100,000 rows):
 * - no search: the shop's rows walked newest first on an index in the list's order, which stops at
 *   the page's end: (shop_id, created_at, payment_id), or (shop_id, status, created_at, payment_id)
 *   for one status, so that a rare status is not looked for row by row;
 * - a search: its matches first (one indexed range per column, joined by UNION), then their rows by
 *   primary key, sorted. `CROSS JOIN` keeps SQLite to that order: left to itself it walks the
 *   whole shop on the creation index and checks each row against the matches (20 ms of SQLite for
 *   100,000 rows, against 0.2 ms). A prefix that matches most of the shop (a single letter) costs a
 *   sort of all of them either way.
 */
export function pageQuery(
  shop: string,
  filter: PaymentFilter,
  after: Position | undefined,
  limit: number,
): { sql: string; params: (string | number)[] } {
  const params: (string | number)[] = [shop];
  const bind = (value: string | number) => {
    params.push(value);
    return `?${params.length}`;
  };
  const where = ["p.shop_id = ?1"];
  if (filter.statuses?.length) where.push(`p.status IN (${filter.statuses.map(bind).join(", ")})`);
  if (filter.currencies?.length) {
    const list = filter.currencies.map(bind).join(", ");
    where.push(`(p.price_currency IN (${list}) OR p.transfer_currency IN (${list}))`);
  }
  if (filter.from !== undefined) where.push(`p.created_at >= ${bind(filter.from)}`);
  if (filter.to !== undefined) where.push(`p.created_at < ${bind(filter.to)}`);
  if (filter.minAmount !== undefined)
    where.push(`${sortKeySql("p.price_amount")} >= ${bind(sortKey(filter.minAmount))}`);
  if (filter.maxAmount !== undefined)
    where.push(`${sortKeySql("p.price_amount")} <= ${bind(sortKey(filter.maxAmount))}`);
  let from = "ledger_payments AS p";
  if (filter.q) {
    const low = bind(filter.q);
    const high = bind(filter.q + MAX_CHAR);
    const starts = (table: string, column: string) =>
      `SELECT payment_id FROM ${table} WHERE shop_id = ?1 AND ${column} >= ${low} AND ${column} < ${high}`;
    const matches = [
      starts("ledger_payments", "order_id"),
      starts("ledger_payments", "payment_id"),
      starts("ledger_payments", "address"),
      starts("ledger_transactions", "transaction_id"),
    ].join(" UNION ");
    from = `(${matches}) AS m CROSS JOIN ledger_payments AS p ON p.shop_id = ?1 AND p.payment_id = m.payment_id`;
  }
  if (after) {
    const at = bind(after.createdAt);
    where.push(`(p.created_at < ${at} OR (p.created_at = ${at} AND p.payment_id < ${bind(after.paymentId)}))`);
  }
  const sql = `SELECT ${PREFIXED_COLUMNS}
    FROM ${from} WHERE ${where.join(" AND ")}
    ORDER BY p.created_at DESC, p.payment_id DESC LIMIT ${bind(limit + 1)}`;
  return { sql, params };
}

export interface PaymentPage {
  payments: LedgerPayment[];
  /** Where the next page starts; undefined on the last page. */
  next: Position | undefined;
}

/** One page of the shop's payments that pass the filter, after `after`. */
export async function listPayments(
  db: D1Database,
  shop: string,
  filter: PaymentFilter,
  after: Position | undefined,
  limit: number,
): Promise<PaymentPage> {
  const { sql, params } = pageQuery(shop, filter, after, limit);
  const { results } = await db
    .prepare(sql)
    .bind(...params)
    .all<PaymentListRow>();
  const rows = results.slice(0, limit);
  const last = rows.at(-1);
  return {
    payments: rows.map(toPayment),
    next: results.length > limit && last ? { createdAt: last.created_at, paymentId: last.payment_id } : undefined,
  };
}
