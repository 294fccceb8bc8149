/**
 * The storage of one PaymentObject, as named operations over its SQLite database (the object
 * decides; this only reads and writes). Tables:
 *
 * - `snapshots`: every applied version of the payment (what the upstream said, when, from where);
 * - `payment`: one row, the current version and the poll state (last fetch, failures, whether the
 *   expiry was checked, whether a re-fetch was asked for and not before when);
 * - `payment_order`: the shop's order the payment was created for (kept when snapshots go);
 * - `payment_secret`: the payment's client secret (payments/client-secret.ts; kept when snapshots go);
 * - `payment_request`: the id of the request that created the payment (http/plumbing.ts), which its
 *   log lines and webhook events carry (kept when snapshots go);
 * - `forgotten`: the last version once the snapshots were deleted, so versions never repeat.
 *
 * The tables are created with the first snapshot: an object asked about a payment it does not
 * hold stores nothing at all. What it stores is versioned (`PAYMENT_STORAGE`, storage-version.ts):
 * storage an older release wrote is brought up to date when the object first reads it.
 */
import type { Payment } from "../../v3/types.js";
import { addColumns, markVersion, upgradeStorage, VERSION_TABLE, type StorageSchema } from "../storage-version.js";

/** Where a snapshot came from. */
export type SnapshotSource = "created" | "notification" | "poll";

/** The current version of the payment with its poll state. */
export interface PaymentRow extends Record<string, SqlStorageValue> {
  shop_id: string;
  payment_id: string;
  version: number;
  status: string;
  source_time: number;
  fingerprint: string;
  /** The snapshot as JSON. */
  payment: string;
  /** When the current version was stored. */
  applied_at: number;
  expires_at: number | null;
  last_fetch_at: number | null;
  failures: number;
  expiry_checked: number;
  refetch_requested: number;
  /** A re-fetch deferred by the shop's hint budget waits until then (null: not deferred). */
  refetch_not_before: number | null;
}

/** One applied snapshot, as `store` writes it. */
export interface StoredSnapshot {
  shopId: string;
  payment: Payment;
  version: number;
  source: SnapshotSource;
  /** When the source says the payment was in this state (ms since the epoch). */
  sourceTime: number;
  fingerprint: string;
  /** The payment's expirationTime in ms, when it has one. */
  expiresAt: number | undefined;
  /** When the fetch (or the create) that answered this snapshot started, if one did. */
  fetchedAt?: number | undefined;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshots (
  version INTEGER PRIMARY KEY,
  status TEXT NOT NULL,
  source TEXT NOT NULL,
  source_time INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  payment TEXT NOT NULL,
  applied_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS payment (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  shop_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  source_time INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  expires_at INTEGER,
  last_fetch_at INTEGER,
  failures INTEGER NOT NULL DEFAULT 0,
  expiry_checked INTEGER NOT NULL DEFAULT 0,
  refetch_requested INTEGER NOT NULL DEFAULT 0,
  refetch_not_before INTEGER
);`;

/**
 * The versions of a PaymentObject's storage. 1: every shape stored before versions were kept;
 * 2: `payment.refetch_not_before` (the shop's hint budget) is there.
 */
export const PAYMENT_STORAGE: StorageSchema = {
  object: "PaymentObject",
  version: 2,
  steps: [addColumns([["payment", "refetch_not_before", "INTEGER"]])],
};

const ORDER_SCHEMA =
  "CREATE TABLE IF NOT EXISTS payment_order (id INTEGER PRIMARY KEY CHECK (id = 1), order_id TEXT NOT NULL)";
const SECRET_SCHEMA =
  "CREATE TABLE IF NOT EXISTS payment_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL)";
const REQUEST_SCHEMA =
  "CREATE TABLE IF NOT EXISTS payment_request (id INTEGER PRIMARY KEY CHECK (id = 1), request_id TEXT NOT NULL)";
const FORGOTTEN_SCHEMA =
  "CREATE TABLE IF NOT EXISTS forgotten (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)";

export class PaymentStore {
  /** The order id once read (undefined: not read yet; null: none). */
  private order: string | null | undefined;
  /** The creating request's id once read (undefined: not read yet; null: none). */
  private request: string | null | undefined;
  private tables: Set<string> | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly sql: SqlStorage = storage.sql,
  ) {}

  private has(table: string): boolean {
    if (this.tables === undefined) {
      upgradeStorage(this.sql, PAYMENT_STORAGE);
      this.tables = new Set(
        this.sql
          .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
          .toArray()
          .map((row) => row.name),
      );
    }
    return this.tables.has(table);
  }

  /** Creates tables (`ddl`), with the storage's version when it is the first. */
  private create(ddl: string, ...tables: string[]): void {
    this.sql.exec(ddl);
    if (!this.has(VERSION_TABLE)) markVersion(this.sql, PAYMENT_STORAGE);
    for (const table of [...tables, VERSION_TABLE]) this.tables?.add(table);
  }

  /** Runs `fn` in one SQLite transaction. */
  transaction<T>(fn: () => T): T {
    return this.storage.transactionSync(fn);
  }

  /** The current version and poll state, or undefined when no snapshot is held. */
  current(): PaymentRow | undefined {
    if (!this.has("payment")) return undefined;
    return this.sql
      .exec<PaymentRow>(
        "SELECT p.*, s.payment AS payment, s.applied_at AS applied_at FROM payment p JOIN snapshots s ON s.version = p.version WHERE p.id = 1",
      )
      .toArray()[0];
  }

  /** When the oldest snapshot held was true at its source (the create's request time for version 1), or undefined. */
  firstSourceTime(): number | undefined {
    if (!this.has("snapshots")) return undefined;
    return this.sql
      .exec<{ source_time: number }>("SELECT source_time FROM snapshots ORDER BY version LIMIT 1")
      .toArray()[0]?.source_time;
  }

  /** When the first snapshot held with this status was stored (ms), or undefined when none is held. */
  firstAppliedAt(status: string): number | undefined {
    if (!this.has("snapshots")) return undefined;
    return this.sql
      .exec<{ applied_at: number }>(
        "SELECT applied_at FROM snapshots WHERE status = ? ORDER BY version LIMIT 1",
        status,
      )
      .toArray()[0]?.applied_at;
  }

  /** The last version of snapshots this object deleted (0 when none). */
  forgottenVersion(): number {
    return this.has("forgotten")
      ? this.sql.exec<{ version: number }>("SELECT version FROM forgotten").one().version
      : 0;
  }

  /** The order id given at creation, or null for a payment not created through this Worker. */
  orderId(): string | null {
    this.order ??= this.has("payment_order")
      ? (this.sql.exec<{ order_id: string }>("SELECT order_id FROM payment_order").toArray()[0]?.order_id ?? null)
      : null;
    return this.order;
  }

  setOrderId(orderId: string): void {
    this.create(ORDER_SCHEMA, "payment_order");
    this.sql.exec("INSERT OR REPLACE INTO payment_order (id, order_id) VALUES (1, ?)", orderId);
    this.order = orderId;
  }

  /** The id of the request that created the payment, or null (not created here, or created before ids were kept). */
  requestId(): string | null {
    this.request ??= this.has("payment_request")
      ? (this.sql.exec<{ request_id: string }>("SELECT request_id FROM payment_request").toArray()[0]?.request_id ??
        null)
      : null;
    return this.request;
  }

  /** Stores the creating request's id unless one is stored: it never changes. */
  setRequestId(requestId: string): void {
    this.create(REQUEST_SCHEMA, "payment_request");
    this.sql.exec("INSERT OR IGNORE INTO payment_request (id, request_id) VALUES (1, ?)", requestId);
    this.request = undefined;
  }

  /** The payment's client secret, or null when it has none (not created here, or created before secrets). */
  clientSecret(): string | null {
    return this.has("payment_secret")
      ? (this.sql.exec<{ secret: string }>("SELECT secret FROM payment_secret").toArray()[0]?.secret ?? null)
      : null;
  }

  /** Stores the client secret unless one is stored: a payment's secret never changes. */
  setClientSecret(secret: string): void {
    this.create(SECRET_SCHEMA, "payment_secret");
    this.sql.exec("INSERT OR IGNORE INTO payment_secret (id, secret) VALUES (1, ?)", secret);
  }

  /** Writes an applied snapshot as the current version (call it inside a transaction with its event). */
  store(snapshot: StoredSnapshot): void {
    if (!this.has("payment")) this.create(SCHEMA, "payment", "snapshots");
    const { payment } = snapshot;
    this.sql.exec(
      "INSERT INTO snapshots (version, status, source, source_time, fingerprint, payment, applied_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      snapshot.version,
      payment.status,
      snapshot.source,
      snapshot.sourceTime,
      snapshot.fingerprint,
      JSON.stringify(payment),
      Date.now(),
    );
    this.sql.exec(
      `INSERT INTO payment (id, shop_id, payment_id, version, status, source_time, fingerprint, expires_at, last_fetch_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version, status = excluded.status,
         source_time = excluded.source_time, fingerprint = excluded.fingerprint, expires_at = excluded.expires_at,
         last_fetch_at = COALESCE(excluded.last_fetch_at, last_fetch_at)`,
      snapshot.shopId,
      payment.paymentId,
      snapshot.version,
      payment.status,
      snapshot.sourceTime,
      snapshot.fingerprint,
      snapshot.expiresAt ?? null,
      snapshot.fetchedAt ?? null,
    );
  }

  /** A duplicate snapshot moved the source time forward (snapshot.ts). */
  setSourceTime(sourceTime: number): void {
    this.update("source_time = ?", sourceTime);
  }

  /**
   * Somebody wants a fresh copy from the upstream: the alarm fetches it, not before `notBefore`
   * when given (a hint the shop's budget deferred; upstream/hint-budget.ts), else as soon as it may.
   */
  requestRefetch(notBefore?: number): void {
    this.update("refetch_requested = 1, refetch_not_before = ?", notBefore ?? null);
  }

  /**
   * The fetch started at `at` answered: no failures, no pending re-fetch, whether the expiry is
   * now checked, and a duplicate's later source time (snapshot.ts) when it found no change. One
   * statement, one row.
   */
  fetchSucceeded(at: number, expiryChecked: boolean, sourceTime?: number): void {
    if (sourceTime === undefined)
      this.update(
        "last_fetch_at = ?, failures = 0, refetch_requested = 0, refetch_not_before = NULL, expiry_checked = ?",
        at,
        expiryChecked ? 1 : 0,
      );
    else
      this.update(
        "last_fetch_at = ?, failures = 0, refetch_requested = 0, refetch_not_before = NULL, expiry_checked = ?, source_time = MAX(source_time, ?)",
        at,
        expiryChecked ? 1 : 0,
        sourceTime,
      );
  }

  /** The fetch started at `at` failed. */
  fetchFailed(at: number): void {
    this.update("last_fetch_at = ?, failures = failures + 1", at);
  }

  /** Deletes the snapshots; only the last version number stays. */
  forget(version: number): void {
    this.transaction(() => {
      this.sql.exec("DROP TABLE payment");
      this.sql.exec("DROP TABLE snapshots");
      this.sql.exec(FORGOTTEN_SCHEMA);
      if (!this.has(VERSION_TABLE)) markVersion(this.sql, PAYMENT_STORAGE);
      this.sql.exec("INSERT OR REPLACE INTO forgotten (id, version) VALUES (1, ?)", version);
    });
    this.tables = undefined;
  }

  private update(assignments: string, ...values: SqlStorageValue[]): void {
    this.sql.exec(`UPDATE payment SET ${assignments}`, ...values);
  }
}
