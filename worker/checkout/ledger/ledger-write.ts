/**
 * Writing the ledger: the statements of one payment event, and one D1 batch (one transaction)
 * for many. Every statement is idempotent and commutes with the others of the same payment, so
 * events applied in any order, any number of times, leave the row of the newest version:
 * - the payment's row moves only to a higher version (`WHERE excluded.version > version`);
 * - `created_at` and `final_at` are the earliest times seen (of any event; of a final one);
 * - the transactions are those of the version the row holds: rows of an older version go, and an
 *   event's transactions are written only while its version is the row's.
 */
import type { LedgerEntry } from "./ledger-entry.js";

const UPSERT_PAYMENT = `
INSERT INTO ledger_payments (shop_id, payment_id, order_id, status, price_amount, price_currency,
  transfer_amount, transfer_currency, paid_price_amount, pending_paid_price_amount,
  accepted_paid_price_amount, paid_transfer_amount, pending_paid_transfer_amount,
  accepted_paid_transfer_amount, address, created_at, updated_at, final_at, version, event_id, view)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16, ?17, ?18, ?19, ?20)
ON CONFLICT (shop_id, payment_id) DO UPDATE SET
  order_id = excluded.order_id, status = excluded.status,
  price_amount = excluded.price_amount, price_currency = excluded.price_currency,
  transfer_amount = excluded.transfer_amount, transfer_currency = excluded.transfer_currency,
  paid_price_amount = excluded.paid_price_amount,
  pending_paid_price_amount = excluded.pending_paid_price_amount,
  accepted_paid_price_amount = excluded.accepted_paid_price_amount,
  paid_transfer_amount = excluded.paid_transfer_amount,
  pending_paid_transfer_amount = excluded.pending_paid_transfer_amount,
  accepted_paid_transfer_amount = excluded.accepted_paid_transfer_amount,
  address = excluded.address, updated_at = excluded.updated_at, version = excluded.version,
  event_id = excluded.event_id, view = excluded.view
WHERE excluded.version > ledger_payments.version`;

/** The earliest times win, whichever event brought them (MIN of SQL is NULL with a NULL argument). */
const MERGE_TIMES = `
UPDATE ledger_payments SET created_at = MIN(created_at, ?3), final_at = COALESCE(MIN(final_at, ?4), final_at, ?4)
WHERE shop_id = ?1 AND payment_id = ?2`;

const DROP_OLDER_TRANSACTIONS = `
DELETE FROM ledger_transactions WHERE shop_id = ?1 AND payment_id = ?2
  AND version < (SELECT version FROM ledger_payments WHERE shop_id = ?1 AND payment_id = ?2)`;

const INSERT_TRANSACTIONS = `
INSERT INTO ledger_transactions (shop_id, payment_id, position, transaction_id, state,
  paid_transfer_amount, price_amount, exchange_rate, observed_time, accepted_time, rejected_time,
  version, updated_at)
SELECT ?1, ?2, t.key, json_extract(t.value, '$.transactionId'), json_extract(t.value, '$.state'),
  json_extract(t.value, '$.paidTransferAmount'), json_extract(t.value, '$.priceAmount'), json_extract(t.value, '$.exchangeRate'),
  json_extract(t.value, '$.observedTime'), json_extract(t.value, '$.acceptedTime'), json_extract(t.value, '$.rejectedTime'), ?3, ?4
FROM json_each(?5) AS t
WHERE ?3 = (SELECT version FROM ledger_payments WHERE shop_id = ?1 AND payment_id = ?2)
ON CONFLICT (shop_id, payment_id, position) DO UPDATE SET
  transaction_id = excluded.transaction_id, state = excluded.state,
  paid_transfer_amount = excluded.paid_transfer_amount, price_amount = excluded.price_amount,
  exchange_rate = excluded.exchange_rate, observed_time = excluded.observed_time,
  accepted_time = excluded.accepted_time, rejected_time = excluded.rejected_time,
  version = excluded.version, updated_at = excluded.updated_at
WHERE excluded.version > ledger_transactions.version`;

/** The statements that apply one event to the ledger (in this order, in one batch). */
export function entryStatements(db: D1Database, e: LedgerEntry): D1PreparedStatement[] {
  return [
    db
      .prepare(UPSERT_PAYMENT)
      .bind(
        e.shop,
        e.paymentId,
        e.orderId,
        e.status,
        e.priceAmount,
        e.priceCurrency,
        e.transferAmount,
        e.transferCurrency,
        e.paidPriceAmount,
        e.pendingPaidPriceAmount,
        e.acceptedPaidPriceAmount,
        e.paidTransferAmount,
        e.pendingPaidTransferAmount,
        e.acceptedPaidTransferAmount,
        e.address,
        e.at,
        e.finalAt,
        e.version,
        e.eventId,
        e.view,
      ),
    db.prepare(MERGE_TIMES).bind(e.shop, e.paymentId, e.at, e.finalAt),
    db.prepare(DROP_OLDER_TRANSACTIONS).bind(e.shop, e.paymentId),
    db.prepare(INSERT_TRANSACTIONS).bind(e.shop, e.paymentId, e.version, e.at, e.transactions),
  ];
}

/** Applies the entries in one D1 batch (one transaction), with `extra` statements after them. */
export async function writeEntries(
  db: D1Database,
  entries: readonly LedgerEntry[],
  extra: readonly D1PreparedStatement[] = [],
): Promise<void> {
  const statements = [...entries.flatMap((entry) => entryStatements(db, entry)), ...extra];
  if (statements.length) await db.batch(statements);
}
