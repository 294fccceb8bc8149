/**
 * The transactional outbox of a Durable Object: an event is written to the `outbox` table in the
 * same SQLite transaction as the change it reports, then sent to the webhook Queue; a row is
 * deleted only once the Queue has accepted it. What the Queue refused stays and is sent again
 * by the object's alarm (`nextRelayAt`), with a growing wait (1 s, 2 s, ... at most 60 s).
 * Used by PaymentObject (payment events) and ShopEventsObject (payout events, redeliveries).
 * With `recordFirst`, each message is first recorded where it is kept for good (the shop's event
 * log, whose leases queue it again if the Queue loses it): a row leaves only once both took it,
 * so an accepted message that is lost before its consumer saw it (a local Queue, kept in memory,
 * when the process dies) is not lost with it.
 */
import { log } from "../http/log.js";
import type { WebhookMessage } from "../backend-wire.js";

const SCHEMA = `CREATE TABLE IF NOT EXISTS outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  message TEXT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL
)`;
/** Messages per Queue sendBatch (the platform allows 100 and 256 KB per batch). */
const BATCH = 50;
/** Bytes of message bodies per sendBatch, below the platform's 256 KB. */
const BATCH_BYTES = 200_000;

/** The longest prefix of `rows` (at least one row) whose messages stay within BATCH_BYTES. */
export function batchBySize<T extends { message: string }>(rows: readonly T[], maxBytes = BATCH_BYTES): T[] {
  const out: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = new TextEncoder().encode(row.message).length;
    if (out.length && bytes + size > maxBytes) break;
    out.push(row);
    bytes += size;
  }
  return out;
}
const MAX_WAIT_MS = 60_000;

interface OutboxRow extends Record<string, SqlStorageValue> {
  seq: number;
  message: string;
  failures: number;
}

export function relayWaitMs(failures: number): number {
  return Math.min(MAX_WAIT_MS, 1000 * 2 ** Math.max(0, failures - 1));
}

export class Outbox {
  private relaying: Promise<void> | undefined;
  /** The table exists (it is created with the first message: an object that never has one stores nothing). */
  private ready = false;

  constructor(
    private readonly sql: SqlStorage,
    private readonly queue: Queue<WebhookMessage>,
    private readonly recordFirst?: (messages: WebhookMessage[]) => Promise<void>,
  ) {}

  private exists(): boolean {
    this.ready ||=
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").toArray().length > 0;
    return this.ready;
  }

  /** Adds a message; call it inside the transaction that stores the change. */
  add(message: WebhookMessage, now = Date.now()): void {
    if (!this.exists()) {
      this.sql.exec(SCHEMA);
      this.ready = true;
    }
    this.sql.exec("INSERT INTO outbox (message, next_at) VALUES (?, ?)", JSON.stringify(message), now);
  }

  /** Messages not yet accepted by the Queue. */
  size(): number {
    return this.exists() ? this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outbox").one().n : 0;
  }

  /** When the alarm should send again, or null when nothing waits. */
  nextRelayAt(): number | null {
    return this.exists()
      ? this.sql.exec<{ at: number | null }>("SELECT MIN(next_at) AS at FROM outbox").one().at
      : null;
  }

  /** Sends every due message to the Queue (one relay at a time: concurrent callers share it). */
  relay(now = Date.now()): Promise<void> {
    this.relaying ??= this.relayNow(now).finally(() => {
      this.relaying = undefined;
    });
    return this.relaying;
  }

  private async relayNow(now: number): Promise<void> {
    if (!this.exists()) return;
    for (;;) {
      const due = this.sql
        .exec<OutboxRow>(
          "SELECT seq, message, failures FROM outbox WHERE next_at <= ? ORDER BY seq LIMIT ?",
          now,
          BATCH,
        )
        .toArray();
      if (!due.length) return;
      const rows = batchBySize(due);
      try {
        const messages = rows.map((row) => JSON.parse(row.message) as WebhookMessage);
        await this.recordFirst?.(messages);
        await this.queue.sendBatch(messages.map((body) => ({ body, contentType: "json" as const })));
      } catch (err) {
        const failures = (rows[0]?.failures ?? 0) + 1;
        for (const row of rows)
          this.sql.exec(
            "UPDATE outbox SET failures = failures + 1, next_at = ? WHERE seq = ?",
            Date.now() + relayWaitMs(row.failures + 1),
            row.seq,
          );
        log("warn", "outbox_relay_failed", { messages: rows.length, failures, error: err });
        return;
      }
      this.sql.exec(
        `DELETE FROM outbox WHERE seq IN (${rows.map(() => "?").join(",")})`,
        ...rows.map((row) => row.seq),
      );
      if (due.length < BATCH && rows.length === due.length) return;
    }
  }
}
