/**
 * The overview's figures of a shop that the totals (ledger-totals.ts) do not give: how many
 * payments created in a range ended CONFIRMED of those that reached a final status, and how many
 * payments are open now (any age). Bound to one shop.
 */
export interface Outcomes {
  confirmed: number;
  final: number;
}

/** Of the payments created in [from, to): how many are CONFIRMED, and how many are final. */
export async function outcomes(db: D1Database, shop: string, from: number, to: number): Promise<Outcomes> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(status = 'CONFIRMED'), 0) AS confirmed, COALESCE(SUM(final_at IS NOT NULL), 0) AS final
       FROM ledger_payments WHERE shop_id = ?1 AND created_at >= ?2 AND created_at < ?3`,
    )
    .bind(shop, from, to)
    .first<Outcomes>();
  return { confirmed: row?.confirmed ?? 0, final: row?.final ?? 0 };
}

/** The shop's payments without a final status now. */
export async function openPayments(db: D1Database, shop: string): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM ledger_payments WHERE shop_id = ?1 AND final_at IS NULL")
    .bind(shop)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
