/**
 * The payouts this Worker created for a shop (a table of the shop's ShopEventsObject). A payout
 * notification that cannot be trusted (a shop without an HMAC key, or a hint) is fetched from the
 * payment service only when its payout is one of these: anyone can post a payout id to a hook,
 * and a payout this shop did not create through the Worker (made in the service's console with
 * this Worker's hook URL, say) must cost no upstream request. Authentic notifications do not
 * need this record. The flow that creates a payout (a refund) records its id here as soon as the
 * service has answered the create, before anything else is done with it.
 */

const SCHEMA = "CREATE TABLE IF NOT EXISTS own_payouts (payout_id TEXT PRIMARY KEY, created_at INTEGER NOT NULL)";

export class OwnPayouts {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  /** Records a payout this Worker created (idempotent: the first time stays). */
  record(payoutId: string, at: number): void {
    this.sql.exec("INSERT OR IGNORE INTO own_payouts (payout_id, created_at) VALUES (?, ?)", payoutId, at);
  }

  /** Whether this Worker created the payout. */
  owns(payoutId: string): boolean {
    return (
      this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM own_payouts WHERE payout_id = ?", payoutId).one().n > 0
    );
  }
}
