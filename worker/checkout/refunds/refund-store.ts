/**
 * The storage of one RefundsObject (the refunds of one payment), as named operations over its
 * SQLite database; the object decides, this only reads and writes. Tables, created with the first
 * refund (an object asked about a payment without refunds stores nothing):
 *
 * - `refunds`: each refund as JSON (refund.ts: its state, payout and history), in creation order,
 *   with what the object keeps beside it: when a payout create was sent whose answer was not
 *   stored (`create_sent_at`: a later try first looks for that payout), and the refund link's
 *   SHA-256 and expiry (refund-link.ts);
 * - `idempotency`: the answers of the backend API's POSTs by `Idempotency-Key`.
 */
import type { Refund } from "./refund.js";
import { markVersion, upgradeStorage, type StorageSchema } from "../storage-version.js";

export interface RefundRow extends Record<string, SqlStorageValue> {
  id: string;
  seq: number;
  refund: string;
  create_sent_at: number | null;
  link_hash: string | null;
  link_expires_at: number | null;
}

/** A stored answer of an idempotent POST. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS refunds (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  refund TEXT NOT NULL,
  create_sent_at INTEGER,
  link_hash TEXT,
  link_expires_at INTEGER
);
CREATE TABLE IF NOT EXISTS idempotency (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  at INTEGER NOT NULL
);`;

/** What RefundsObject stores, by version (storage-version.ts; how to change it: docs/architecture.md). */
export const REFUNDS_STORAGE: StorageSchema = { object: "RefundsObject", version: 1, steps: [] };

export class RefundStore {
  private ready = false;

  constructor(private readonly storage: DurableObjectStorage) {
    upgradeStorage(storage.sql, REFUNDS_STORAGE);
  }

  private get sql(): SqlStorage {
    return this.storage.sql;
  }

  private exists(): boolean {
    this.ready ||=
      this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'refunds'").toArray().length > 0;
    return this.ready;
  }

  private ensure(): void {
    if (this.exists()) return;
    this.sql.exec(SCHEMA);
    markVersion(this.sql, REFUNDS_STORAGE);
    this.ready = true;
  }

  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  rows(): RefundRow[] {
    return this.exists() ? this.sql.exec<RefundRow>("SELECT * FROM refunds ORDER BY seq").toArray() : [];
  }

  row(id: string): RefundRow | undefined {
    if (!this.exists()) return undefined;
    return this.sql.exec<RefundRow>("SELECT * FROM refunds WHERE id = ?", id).toArray()[0];
  }

  /** Every refund of the payment, oldest first. */
  all(): Refund[] {
    return this.rows().map((row) => JSON.parse(row.refund) as Refund);
  }

  /** Stores a new refund, or the new state of one. */
  put(refund: Refund): void {
    this.ensure();
    const seq = this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM refunds").one().n + 1;
    this.sql.exec(
      `INSERT INTO refunds (id, seq, refund) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET refund = excluded.refund`,
      refund.id,
      seq,
      JSON.stringify(refund),
    );
  }

  /** A payout create is on its way (at) or its outcome was stored (null). */
  setCreateSent(id: string, at: number | null): void {
    this.sql.exec("UPDATE refunds SET create_sent_at = ? WHERE id = ?", at, id);
  }

  setLink(id: string, hash: string | null, expiresAt: number | null): void {
    this.sql.exec("UPDATE refunds SET link_hash = ?, link_expires_at = ? WHERE id = ?", hash, expiresAt, id);
  }

  answer(key: string): StoredAnswer | undefined {
    if (!this.exists()) return undefined;
    return this.sql
      .exec<StoredAnswer & Record<string, SqlStorageValue>>(
        "SELECT fingerprint, status, body FROM idempotency WHERE key = ?",
        key,
      )
      .toArray()[0];
  }

  keepAnswer(key: string, answer: StoredAnswer, at: number): void {
    this.ensure();
    this.sql.exec(
      "INSERT OR IGNORE INTO idempotency (key, fingerprint, status, body, at) VALUES (?, ?, ?, ?, ?)",
      key,
      answer.fingerprint,
      answer.status,
      answer.body,
      at,
    );
  }
}
