/**
 * What the ledger keeps of a refund (refunds/, docs/refunds.md): from each `refund.*` event, the
 * refund's row at the event's version (the number of steps in its history), written in the same
 * D1 batch as the payments of the queue batch (record-batch.ts). An older event never overwrites
 * a newer row, whatever order the queue brings them in. Pure, but for the statement it binds.
 */
import type { RefundEvent, RefundView, WebhookEvent } from "../backend-wire.js";
import { parseRfc3339 } from "../wire.js";

export interface LedgerRefundEntry {
  shop: string;
  eventId: string;
  version: number;
  /** The event's time, milliseconds since the epoch. */
  at: number;
  /** The refund's creation, milliseconds since the epoch. */
  createdAt: number;
  refund: RefundView;
}

const isRefundEvent = (event: WebhookEvent): event is RefundEvent => event.type.startsWith("refund.");

/** The entry of a refund event of `shop`, or undefined for any other event or a malformed one. */
export function ledgerRefundEntry(shop: string, event: WebhookEvent): LedgerRefundEntry | undefined {
  if (!isRefundEvent(event)) return undefined;
  const { refund, version } = event.data;
  const at = parseRfc3339(event.timestamp);
  const createdAt = parseRfc3339(refund?.createdAt ?? "");
  if (
    at === undefined ||
    createdAt === undefined ||
    !Number.isSafeInteger(version) ||
    version < 1 ||
    typeof refund.id !== "string" ||
    typeof refund.paymentId !== "string"
  )
    return undefined;
  return { shop, eventId: event.id, version, at, createdAt, refund };
}

const UPSERT_REFUND = `
INSERT INTO ledger_refunds (shop_id, refund_id, payment_id, state, reason, amount, currency,
  transfer_currency, address, payout_id, transaction_id, created_at, updated_at, version, event_id, refund)
VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
ON CONFLICT (shop_id, refund_id) DO UPDATE SET
  state = excluded.state, reason = excluded.reason, amount = excluded.amount, currency = excluded.currency,
  address = excluded.address, payout_id = excluded.payout_id, transaction_id = excluded.transaction_id,
  updated_at = excluded.updated_at, version = excluded.version, event_id = excluded.event_id,
  refund = excluded.refund
WHERE excluded.version > ledger_refunds.version`;

/** The statement that applies one refund event to the ledger. */
export function refundStatement(db: D1Database, e: LedgerRefundEntry): D1PreparedStatement {
  const r = e.refund;
  return db
    .prepare(UPSERT_REFUND)
    .bind(
      e.shop,
      r.id,
      r.paymentId,
      r.state,
      r.reason,
      r.amount,
      r.currency,
      r.transferCurrency,
      r.address ?? null,
      r.payout?.payoutId ?? null,
      r.payout?.transactionId ?? null,
      e.createdAt,
      e.at,
      e.version,
      e.eventId,
      JSON.stringify(r),
    );
}
