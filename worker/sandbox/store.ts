/**
 * The Ledger's SQLite tables and every query on them. Documents (payments, payouts, conversions)
 * are stored as JSON next to the columns that queries need; balances are a ledger of signed entries.
 */
import type Decimal from "decimal.js";
import type { SandboxConversion } from "./conversions.js";
import { Dec } from "./money.js";
import type { SandboxPayment } from "./payments.js";
import type { SandboxPayout } from "./payouts.js";
import type { AttemptLog } from "./control-types.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS payments (id TEXT PRIMARY KEY, account TEXT NOT NULL, status TEXT NOT NULL, expires_ms INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS payouts (id TEXT PRIMARY KEY, account TEXT NOT NULL, created_ms INTEGER NOT NULL, due_ms INTEGER, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS payouts_by_account ON payouts (account, created_ms);
CREATE TABLE IF NOT EXISTS conversions (id TEXT PRIMARY KEY, account TEXT NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries (seq INTEGER PRIMARY KEY AUTOINCREMENT, account TEXT NOT NULL, currency TEXT NOT NULL, amount TEXT NOT NULL, reason TEXT NOT NULL, ref TEXT NOT NULL, time_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS deliveries (id INTEGER PRIMARY KEY AUTOINCREMENT, account TEXT NOT NULL, ref TEXT NOT NULL, notification_type TEXT NOT NULL, subject_status TEXT NOT NULL, url TEXT NOT NULL, body TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_ms INTEGER NOT NULL, state TEXT NOT NULL, fail_first INTEGER NOT NULL, copies INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (state, next_ms);
CREATE TABLE IF NOT EXISTS attempts (seq INTEGER PRIMARY KEY AUTOINCREMENT, delivery_id INTEGER NOT NULL, ref TEXT NOT NULL, attempt INTEGER NOT NULL, url TEXT NOT NULL, notification_type TEXT NOT NULL, subject_status TEXT NOT NULL, status_code INTEGER, error TEXT, time_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS attempts_by_ref ON attempts (ref, seq);
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

export interface DeliveryRow {
  id: number;
  account: string;
  ref: string;
  notification_type: string;
  subject_status: string;
  url: string;
  body: string;
  attempts: number;
  next_ms: number;
  state: "pending" | "sending" | "delivered" | "failed";
  fail_first: number;
  copies: number;
}

type Row = Record<string, SqlStorageValue>;

export class Store {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
    // A new instance has nothing in flight: attempts claimed by a previous one are due again.
    sql.exec("UPDATE deliveries SET state = 'pending' WHERE state = 'sending'");
  }

  private one<T extends Row>(query: string, ...args: SqlStorageValue[]): T | undefined {
    return this.sql.exec<T>(query, ...args).toArray()[0];
  }

  getPayment(id: string): { account: string; payment: SandboxPayment } | undefined {
    const row = this.one<{ account: string; doc: string }>("SELECT account, doc FROM payments WHERE id = ?", id);
    return row && { account: row.account, payment: JSON.parse(row.doc) as SandboxPayment };
  }

  putPayment(account: string, p: SandboxPayment): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO payments (id, account, status, expires_ms, doc) VALUES (?, ?, ?, ?, ?)",
      p.paymentId,
      account,
      p.status,
      Date.parse(p.expirationTime),
      JSON.stringify(p),
    );
  }

  /** Payments that can still expire, due at or before `until`. */
  expiringPayments(until: number): string[] {
    return this.sql
      .exec<{ id: string }>("SELECT id FROM payments WHERE status IN ('NEW','UNDERPAID') AND expires_ms <= ?", until)
      .toArray()
      .map((r) => r.id);
  }

  nextPaymentExpiry(): number | undefined {
    return (
      this.one<{ t: number | null }>("SELECT MIN(expires_ms) AS t FROM payments WHERE status IN ('NEW','UNDERPAID')")
        ?.t ?? undefined
    );
  }

  getPayout(id: string): { account: string; payout: SandboxPayout } | undefined {
    const row = this.one<{ account: string; doc: string }>("SELECT account, doc FROM payouts WHERE id = ?", id);
    return row && { account: row.account, payout: JSON.parse(row.doc) as SandboxPayout };
  }

  /** `dueMs`: when the alarm must look at the payout next (expiry or sending), or null. */
  putPayout(account: string, p: SandboxPayout, dueMs: number | null): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO payouts (id, account, created_ms, due_ms, doc) VALUES (?, ?, ?, ?, ?)",
      p.payoutId,
      account,
      Date.parse(p.createdTime),
      dueMs,
      JSON.stringify(p),
    );
  }

  payoutsOf(account: string): SandboxPayout[] {
    return this.sql
      .exec<{ doc: string }>("SELECT doc FROM payouts WHERE account = ?", account)
      .toArray()
      .map((r) => JSON.parse(r.doc) as SandboxPayout);
  }

  duePayouts(until: number): string[] {
    return this.sql
      .exec<{ id: string }>("SELECT id FROM payouts WHERE due_ms IS NOT NULL AND due_ms <= ?", until)
      .toArray()
      .map((r) => r.id);
  }

  nextPayoutDue(): number | undefined {
    return this.one<{ t: number | null }>("SELECT MIN(due_ms) AS t FROM payouts")?.t ?? undefined;
  }

  getConversion(id: string): { account: string; conversion: SandboxConversion } | undefined {
    const row = this.one<{ account: string; doc: string }>("SELECT account, doc FROM conversions WHERE id = ?", id);
    return row && { account: row.account, conversion: JSON.parse(row.doc) as SandboxConversion };
  }

  putConversion(account: string, c: SandboxConversion): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO conversions (id, account, doc) VALUES (?, ?, ?)",
      c.id,
      account,
      JSON.stringify(c),
    );
  }

  /** Books a signed amount (decimal string, negative for a debit) on an account's balance. */
  addEntry(account: string, currency: string, amount: string, reason: string, ref: string, now: number): void {
    this.sql.exec(
      "INSERT INTO entries (account, currency, amount, reason, ref, time_ms) VALUES (?, ?, ?, ?, ?, ?)",
      account,
      currency,
      amount,
      reason,
      ref,
      now,
    );
  }

  balance(account: string, currency: string, starting: Decimal | undefined): Decimal {
    const rows = this.sql
      .exec<{ amount: string }>("SELECT amount FROM entries WHERE account = ? AND currency = ?", account, currency)
      .toArray();
    return rows.reduce((acc, r) => acc.plus(r.amount), new Dec(starting ?? 0));
  }

  getSetting(key: string): string | undefined {
    return this.one<{ value: string }>("SELECT value FROM settings WHERE key = ?", key)?.value;
  }

  putSetting(key: string, value: string): void {
    this.sql.exec("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", key, value);
  }

  /** Adds a pending delivery; returns its id. */
  addDelivery(d: Omit<DeliveryRow, "id" | "attempts" | "state">): number {
    return this.sql
      .exec<{ id: number }>(
        "INSERT INTO deliveries (account, ref, notification_type, subject_status, url, body, next_ms, state, fail_first, copies) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id",
        d.account,
        d.ref,
        d.notification_type,
        d.subject_status,
        d.url,
        d.body,
        d.next_ms,
        d.fail_first,
        d.copies,
      )
      .one().id;
  }

  /**
   * Held (never attempted) deliveries for `ref` go after `after`, newest first: a delivery due at
   * `after` is sent first, then the previous ones in reverse order of creation.
   */
  postponeHeld(ref: string, after: number): void {
    const held = this.sql
      .exec<{ id: number }>(
        "SELECT id FROM deliveries WHERE ref = ? AND state = 'pending' AND attempts = 0 ORDER BY id DESC",
        ref,
      )
      .toArray();
    held.forEach(({ id }, rank) =>
      this.sql.exec("UPDATE deliveries SET next_ms = ? WHERE id = ?", after + rank + 1, id),
    );
  }

  /** Pending deliveries due at or before `until`, in due order; claimed (state 'sending') as they are returned. */
  claimDueDeliveries(until: number): DeliveryRow[] {
    const rows = this.sql
      .exec<DeliveryRow & Row>(
        "SELECT * FROM deliveries WHERE state = 'pending' AND next_ms <= ? ORDER BY next_ms, id",
        until,
      )
      .toArray();
    for (const r of rows) this.sql.exec("UPDATE deliveries SET state = 'sending' WHERE id = ?", r.id);
    return rows;
  }

  finishAttempt(id: number, attempts: number, state: DeliveryRow["state"], nextMs: number): void {
    this.sql.exec(
      "UPDATE deliveries SET attempts = ?, state = ?, next_ms = ? WHERE id = ?",
      attempts,
      state,
      nextMs,
      id,
    );
  }

  nextDeliveryDue(): number | undefined {
    return (
      this.one<{ t: number | null }>("SELECT MIN(next_ms) AS t FROM deliveries WHERE state = 'pending'")?.t ?? undefined
    );
  }

  pendingDeliveries(ref: string | undefined): number {
    const q =
      ref === undefined
        ? this.one<{ n: number }>("SELECT COUNT(*) AS n FROM deliveries WHERE state IN ('pending','sending')")
        : this.one<{ n: number }>(
            "SELECT COUNT(*) AS n FROM deliveries WHERE state IN ('pending','sending') AND ref = ?",
            ref,
          );
    return q?.n ?? 0;
  }

  logAttempt(d: DeliveryRow, attempt: number, statusCode: number | null, error: string | undefined, now: number): void {
    this.sql.exec(
      "INSERT INTO attempts (delivery_id, ref, attempt, url, notification_type, subject_status, status_code, error, time_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      d.id,
      d.ref,
      attempt,
      d.url,
      d.notification_type,
      d.subject_status,
      statusCode,
      error ?? null,
      now,
    );
  }

  attempts(ref: string | undefined, limit: number): AttemptLog[] {
    const rows = (
      ref === undefined
        ? this.sql.exec<Row>("SELECT * FROM attempts ORDER BY seq DESC LIMIT ?", limit)
        : this.sql.exec<Row>("SELECT * FROM attempts WHERE ref = ? ORDER BY seq DESC LIMIT ?", ref, limit)
    )
      .toArray()
      .reverse();
    return rows.map((r) => ({
      deliveryId: Number(r.delivery_id),
      attempt: Number(r.attempt),
      ref: String(r.ref),
      url: String(r.url),
      notificationType: String(r.notification_type),
      status: String(r.subject_status),
      statusCode: r.status_code === null ? null : Number(r.status_code),
      ...(r.error === null ? {} : { error: String(r.error) }),
      time: new Date(Number(r.time_ms)).toISOString(),
    }));
  }
}
