/**
 * Reading the ledger. Every query names the shop: a shop's caller reads only that shop's rows.
 */
import type { PaymentView } from "../wire.js";

/** The payment views of a shop's order as the ledger holds them, newest first (empty when none). */
export async function orderPayments(db: D1Database, shop: string, orderId: string): Promise<PaymentView[]> {
  const { results } = await db
    .prepare(
      "SELECT view FROM ledger_payments WHERE shop_id = ?1 AND order_id = ?2 ORDER BY created_at DESC, payment_id DESC",
    )
    .bind(shop, orderId)
    .all<{ view: string }>();
  return results.map((row) => JSON.parse(row.view) as PaymentView);
}
