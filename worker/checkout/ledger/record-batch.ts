/**
 * The ledger's side of the webhook queue's consumer: the payment and refund events of one queue
 * batch are written in one D1 batch (one transaction), together with one pruning step (retention.ts). When
 * that write fails, nothing of the batch is in the ledger, so no message may leave the queue: the
 * consumer gets the messages back with `ack` turned into a retry after LEDGER_RETRY_SECONDS. It
 * still delivers them now, and when a message comes back the event log knows which endpoints took
 * it, so the retry repeats the ledger's write and no webhook.
 */
import type { Env } from "../env.js";
import type { WebhookEvent } from "../backend-wire.js";
import { log } from "../http/log.js";
import { ackLater, eventOf } from "../queue-message.js";
import { ledgerEntry } from "./ledger-entry.js";
import { ledgerRefundEntry, refundStatement, type LedgerRefundEntry } from "./ledger-refund.js";
import { writeEntries } from "./ledger-write.js";
import { ledgerRetentionMs, pruneStatements } from "./retention.js";

/** Delay of a message whose event the ledger could not write. */
export const LEDGER_RETRY_SECONDS = 30;

/** What the ledger keeps of a batch of events: the payments' entries and the refunds'. */
function entriesOf(events: readonly { shop: string; event: WebhookEvent }[]) {
  return {
    payments: events.flatMap(({ shop, event }) => ledgerEntry(shop, event) ?? []),
    refunds: events.flatMap(({ shop, event }) => ledgerRefundEntry(shop, event) ?? []),
  };
}

const refundStatements = (db: D1Database, refunds: readonly LedgerRefundEntry[]) =>
  refunds.map((entry) => refundStatement(db, entry));

/**
 * Writes a page of a shop's event log to the ledger in one D1 batch (the backfill: events recorded
 * before the ledger existed, or while it failed); how many were payment events. Every event counts
 * as `shop`'s, the log's owner.
 */
export async function recordEvents(db: D1Database, shop: string, events: readonly WebhookEvent[]): Promise<number> {
  const { payments, refunds } = entriesOf(events.map((event) => ({ shop, event })));
  await writeEntries(db, payments, refundStatements(db, refunds));
  return payments.length;
}

/**
 * Writes the batch's payment events to the ledger (when the Worker has one); the messages for the
 * consumer to settle: the same ones, or, when the write failed, ones whose ack is a retry.
 */
export async function recordBatch(env: Env, messages: readonly Message[], now = Date.now()): Promise<Message[]> {
  const db = env.LEDGER;
  if (!db) return [...messages];
  const { payments, refunds } = entriesOf(messages.flatMap((message) => eventOf(message.body) ?? []));
  try {
    await writeEntries(db, payments, [
      ...refundStatements(db, refunds),
      ...pruneStatements(db, now - ledgerRetentionMs(env.LEDGER_RETENTION_DAYS)),
    ]);
    return [...messages];
  } catch (err) {
    const events = [...payments, ...refunds].map((e) => e.eventId);
    log("error", "ledger_write_failed", { events, error: err });
    return messages.map((message) => ackLater(message, LEDGER_RETRY_SECONDS));
  }
}
