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

/** The SQL and its parameters of one page (limit + 1 rows, to know whether more follow). */
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
  const where = ["shop_id = ?1"];
  if (filter.statuses?.length) where.push(`status IN (${filter.statuses.map(bind).join(", ")})`);
  if (filter.currencies?.length) {
    const list = filter.currencies.map(bind).join(", ");
    where.push(`(price_currency IN (${list}) OR transfer_currency IN (${list}))`);
  }
  if (filter.from !== undefined) where.push(`created_at >= ${bind(filter.from)}`);
  if (filter.to !== undefined) where.push(`created_at < ${bind(filter.to)}`);
  if (filter.minAmount !== undefined) where.push(`${sortKeySql("price_amount")} >= ${bind(sortKey(filter.minAmount))}`);
  if (filter.maxAmount !== undefined) where.push(`${sortKeySql("price_amount")} <= ${bind(sortKey(filter.maxAmount))}`);
  if (filter.q) {
    const low = bind(filter.q);
    const high = bind(filter.q + MAX_CHAR);
    // One indexed range per column, joined by UNION (an OR of the four would scan the shop's rows).
    const starts = (table: string, column: string) =>
      `SELECT payment_id FROM ${table} WHERE shop_id = ?1 AND ${column} >= ${low} AND ${column} < ${high}`;
    where.push(
      `payment_id IN (${[
        starts("ledger_payments", "order_id"),
        starts("ledger_payments", "payment_id"),
        starts("ledger_payments", "address"),
        starts("ledger_transactions", "transaction_id"),
      ].join(" UNION ")})`,
    );
  }
  if (after) {
    const at = bind(after.createdAt);
    where.push(`(created_at < ${at} OR (created_at = ${at} AND payment_id < ${bind(after.paymentId)}))`);
  }
  const sql = `SELECT ${PAYMENT_COLUMNS}
    FROM ledger_payments WHERE ${where.join(" AND ")}
    ORDER BY created_at DESC, payment_id DESC LIMIT ${bind(limit + 1)}`;
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
