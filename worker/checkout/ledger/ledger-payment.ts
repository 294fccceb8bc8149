/**
 * One payment of a shop as the ledger holds it, for the merchant's dashboard: its row, its
 * transactions, and the other payments of its order. Every query names the shop.
 */
import type { LedgerPayment } from "../backend-wire.js";
import type { DeskTransaction } from "../dashboard-wire.js";
import type { PaymentView } from "../wire.js";
import { PAYMENT_COLUMNS, toPayment, type PaymentListRow } from "./ledger-query.js";

/** The shop's payment, or null when the ledger has none with this id for this shop. */
export async function ledgerPayment(db: D1Database, shop: string, paymentId: string): Promise<LedgerPayment | null> {
  const row = await db
    .prepare(`SELECT ${PAYMENT_COLUMNS} FROM ledger_payments WHERE shop_id = ?1 AND payment_id = ?2`)
    .bind(shop, paymentId)
    .first<PaymentListRow>();
  return row ? toPayment(row) : null;
}

/** The payments of the shop's order, newest first. */
export async function orderLedgerPayments(db: D1Database, shop: string, orderId: string): Promise<LedgerPayment[]> {
  const { results } = await db
    .prepare(
      `SELECT ${PAYMENT_COLUMNS} FROM ledger_payments WHERE shop_id = ?1 AND order_id = ?2
       ORDER BY created_at DESC, payment_id DESC`,
    )
    .bind(shop, orderId)
    .all<PaymentListRow>();
  return results.map(toPayment);
}

interface TransactionRow {
  transaction_id: string | null;
  state: string | null;
  paid_transfer_amount: string | null;
  price_amount: string | null;
  exchange_rate: string | null;
  observed_time: string | null;
  accepted_time: string | null;
  rejected_time: string | null;
}

/** The payment's transactions at the version the ledger holds, in the payment view's order. */
export async function ledgerTransactions(db: D1Database, shop: string, paymentId: string): Promise<DeskTransaction[]> {
  const { results } = await db
    .prepare(
      `SELECT transaction_id, state, paid_transfer_amount, price_amount, exchange_rate, observed_time, accepted_time,
         rejected_time FROM ledger_transactions WHERE shop_id = ?1 AND payment_id = ?2 ORDER BY position`,
    )
    .bind(shop, paymentId)
    .all<TransactionRow>();
  return results.map((row) => ({
    transactionId: row.transaction_id,
    state: row.state,
    paidTransferAmount: row.paid_transfer_amount,
    priceAmount: row.price_amount,
    exchangeRate: row.exchange_rate,
    observedTime: row.observed_time,
    acceptedTime: row.accepted_time,
    rejectedTime: row.rejected_time,
  }));
}

/** What a receipt reads of a payment the ledger holds: its view at the version held, its order and when it became final. */
export interface LedgerReceiptRow {
  view: PaymentView;
  orderId: string | null;
  /** ms since the epoch; null while open. */
  finalAt: number | null;
  updatedAt: number;
}

/** The shop's payment for a receipt, or null when the ledger has none with this id for this shop. */
export async function ledgerReceiptRow(
  db: D1Database,
  shop: string,
  paymentId: string,
): Promise<LedgerReceiptRow | null> {
  const row = await db
    .prepare("SELECT view, order_id, final_at, updated_at FROM ledger_payments WHERE shop_id = ?1 AND payment_id = ?2")
    .bind(shop, paymentId)
    .first<{ view: string; order_id: string | null; final_at: number | null; updated_at: number }>();
  if (!row) return null;
  return {
    view: JSON.parse(row.view) as PaymentView,
    orderId: row.order_id,
    finalAt: row.final_at,
    updatedAt: row.updated_at,
  };
}
