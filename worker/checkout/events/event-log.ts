/**
 * The SQL of a shop's event log (ShopEventsObject's storage): every event in the order it was
 * recorded (`seq`, the API's cursor), per endpoint its delivery state, and every attempt.
 * Synchronous: each method is one SQLite transaction of the object.
 */
import type { AttemptResult } from "./deliver.js";
import { overallDelivery } from "./delivery-state.js";
import type { DeliveryAttempt, DeliveryState, EndpointDelivery, EventDetail, EventEntry, EventList, WebhookEvent } from "./types.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  order_id TEXT,
  body TEXT NOT NULL,
  recorded_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS events_order ON events (order_id);
CREATE TABLE IF NOT EXISTS deliveries (
  event_id TEXT NOT NULL,
  url TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT,
  last_attempt_at INTEGER,
  next_attempt_at INTEGER,
  delivered_at INTEGER,
  PRIMARY KEY (event_id, url)
);
CREATE TABLE IF NOT EXISTS attempts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  url TEXT NOT NULL,
  at INTEGER NOT NULL,
  status INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT
);
CREATE INDEX IF NOT EXISTS attempts_event ON attempts (event_id);`;

interface EventRow extends Record<string, SqlStorageValue> {
  seq: number;
  id: string;
  body: string;
}

interface DeliveryRow extends Record<string, SqlStorageValue> {
  event_id: string;
  url: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  next_attempt_at: number | null;
  delivered_at: number | null;
}

interface AttemptRow extends Record<string, SqlStorageValue> {
  url: string;
  at: number;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/** What happens to the endpoints that failed in one round of attempts. */
export type FailureOutcome = { retryAt: number } | { dead: true };

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function endpointView(row: DeliveryRow): EndpointDelivery {
  return {
    url: row.url,
    state: row.state as DeliveryState,
    attempts: row.attempts,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastAttemptAt: iso(row.last_attempt_at),
    nextAttemptAt: row.state === "retrying" ? iso(row.next_attempt_at) : null,
    deliveredAt: iso(row.delivered_at),
  };
}

export class EventLog {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  has(eventId: string): boolean {
    return this.sql.exec("SELECT 1 FROM events WHERE id = ?", eventId).toArray().length > 0;
  }

  /** Records the event once (later calls keep the first), adds a pending delivery per new endpoint. */
  record(event: WebhookEvent, urls: readonly string[], now = Date.now()): void {
    const orderId = "orderId" in event.data ? event.data.orderId : null;
    this.sql.exec("INSERT OR IGNORE INTO events (id, type, order_id, body, recorded_at) VALUES (?, ?, ?, ?, ?)", event.id, event.type, orderId, JSON.stringify(event), now);
    for (const url of urls) this.sql.exec("INSERT OR IGNORE INTO deliveries (event_id, url, state) VALUES (?, ?, 'pending')", event.id, url);
  }

  /** The endpoints among `urls` that still wait for this event (pending or retrying). */
  undelivered(eventId: string, urls: readonly string[]): string[] {
    const open = new Set(
      this.sql.exec<{ url: string }>("SELECT url FROM deliveries WHERE event_id = ? AND state IN ('pending', 'retrying')", eventId).toArray().map((row) => row.url),
    );
    return urls.filter((url) => open.has(url));
  }

  /** Stores a round of attempts; failed endpoints wait for `failure.retryAt` or are dead. */
  finish(eventId: string, results: readonly AttemptResult[], failure: FailureOutcome | null): void {
    for (const r of results) {
      this.sql.exec("INSERT INTO attempts (event_id, url, at, status, duration_ms, error) VALUES (?, ?, ?, ?, ?, ?)", eventId, r.url, r.at, r.status, r.durationMs, r.error);
      const state = r.ok ? "delivered" : failure && "dead" in failure ? "dead" : "retrying";
      const nextAt = !r.ok && failure && "retryAt" in failure ? failure.retryAt : null;
      this.sql.exec(
        `UPDATE deliveries SET state = ?, attempts = attempts + 1, last_status = ?, last_error = ?, last_attempt_at = ?, next_attempt_at = ?,
           delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
         WHERE event_id = ? AND url = ?`,
        state, r.status, r.error, r.at, nextAt, state, r.at + r.durationMs, eventId, r.url,
      );
    }
  }

  /** Every delivery of the event that has not succeeded is given up (the dead-letter queue has it). */
  markDead(eventId: string, reason: string): number {
    return this.sql.exec("UPDATE deliveries SET state = 'dead', next_attempt_at = NULL, last_error = COALESCE(last_error, ?) WHERE event_id = ? AND state <> 'delivered'", reason, eventId).rowsWritten;
  }

  /** Marks the event's deliveries to `urls` pending again; the event, or undefined when unknown. */
  reopen(eventId: string, urls: readonly string[]): WebhookEvent | undefined {
    const row = this.sql.exec<EventRow>("SELECT seq, id, body FROM events WHERE id = ?", eventId).toArray()[0];
    if (!row) return undefined;
    for (const url of urls) {
      this.sql.exec(
        "INSERT INTO deliveries (event_id, url, state) VALUES (?, ?, 'pending') ON CONFLICT (event_id, url) DO UPDATE SET state = 'pending', next_attempt_at = NULL",
        eventId, url,
      );
    }
    return JSON.parse(row.body) as WebhookEvent;
  }

  list(after: number, limit: number): EventList {
    const rows = this.sql.exec<EventRow>("SELECT seq, id, body FROM events WHERE seq > ? ORDER BY seq LIMIT ?", after, limit + 1).toArray();
    const page = rows.slice(0, limit);
    const events = page.map((row) => this.entry(row));
    return { events, next: String(page.at(-1)?.seq ?? after), hasMore: rows.length > limit };
  }

  detail(eventId: string): EventDetail | undefined {
    const row = this.sql.exec<EventRow>("SELECT seq, id, body FROM events WHERE id = ?", eventId).toArray()[0];
    if (!row) return undefined;
    const attempts: DeliveryAttempt[] = this.sql
      .exec<AttemptRow>("SELECT url, at, status, duration_ms, error FROM attempts WHERE event_id = ? ORDER BY seq", eventId)
      .toArray()
      .map((a) => ({ url: a.url, at: new Date(a.at).toISOString(), status: a.status, durationMs: a.duration_ms, error: a.error }));
    return { ...this.entry(row), attempts };
  }

  private entry(row: EventRow): EventEntry {
    const endpoints = this.sql.exec<DeliveryRow>("SELECT * FROM deliveries WHERE event_id = ? ORDER BY url", row.id).toArray().map(endpointView);
    return { cursor: String(row.seq), event: JSON.parse(row.body) as WebhookEvent, delivery: overallDelivery(endpoints), endpoints };
  }
}
