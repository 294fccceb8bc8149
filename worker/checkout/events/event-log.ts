/**
 * The SQL of a shop's event log (ShopEventsObject's storage): every event in the order it was
 * recorded (`seq`, the API's cursor), per endpoint its delivery state, and every attempt.
 * Synchronous: each method is one SQLite transaction of the object.
 *
 * Leases: a delivery that waits (pending or retrying) holds `lease_until`, the time by which the
 * Queue should have brought its message back (its next attempt time plus a grace period). An
 * event whose lease ran out is handed back by `expiredLeases`, so that the object queues it again:
 * a message lost by the Queue (a local `wrangler dev` keeps its queues in memory, so a restart
 * loses them) does not lose the event.
 *
 * Held events: while the shop is disabled, an event the consumer takes is held (`hold`): its
 * waiting deliveries are `shop_disabled`, without a lease or a next attempt, so nothing retries
 * them until they die. `releaseHeld` opens them again once the shop is enabled.
 *
 * An event keeps the id of the request that created its payment (`request_id`, null for others),
 * so that a message made again from the log (a lease, a release, a redelivery) carries it too.
 */
import type { AttemptResult } from "./deliver.js";
import { overallDelivery } from "./delivery-state.js";
import type {
  DeliveryAttempt,
  DeliveryState,
  EndpointDelivery,
  EventDetail,
  EventEntry,
  EventList,
  WebhookEvent,
  WebhookMessage,
} from "../backend-wire.js";
import { addColumns, type StorageSchema } from "../storage-version.js";

/** Attempts of one event in one answer, unless asked otherwise (the backend API's `attemptsLimit`). */
export const DEFAULT_ATTEMPTS_LIMIT = 100;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  order_id TEXT,
  body TEXT NOT NULL,
  recorded_at INTEGER NOT NULL,
  request_id TEXT
);
CREATE INDEX IF NOT EXISTS events_order ON events (order_id);
CREATE TABLE IF NOT EXISTS deliveries (
  event_id TEXT NOT NULL,
  url TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  round_attempts INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT,
  last_attempt_at INTEGER,
  next_attempt_at INTEGER,
  delivered_at INTEGER,
  lease_until INTEGER,
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
CREATE INDEX IF NOT EXISTS attempts_event ON attempts (event_id);
CREATE TABLE IF NOT EXISTS held (
  event_id TEXT PRIMARY KEY,
  since INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS events_recorded ON events (recorded_at);
CREATE INDEX IF NOT EXISTS attempts_failed ON attempts (url, seq) WHERE status IS NULL OR status < 200 OR status > 299;`;

interface EventRow extends Record<string, SqlStorageValue> {
  seq: number;
  id: string;
  body: string;
  request_id: string | null;
}

/** The queue message of a stored event, with the request id kept with it. */
function messageOf(row: EventRow): WebhookMessage {
  const event = JSON.parse(row.body) as WebhookEvent;
  return row.request_id === null ? { shop: event.shop, event } : { shop: event.shop, event, requestId: row.request_id };
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
  seq: number;
  url: string;
  at: number;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/**
 * The versions of a ShopEventsObject's storage (storage-version.ts). 1: every shape stored before
 * versions were kept; 2: the deliveries' leases and round counts, and the events' request ids.
 */
export const SHOP_EVENTS_STORAGE: StorageSchema = {
  object: "ShopEventsObject",
  version: 2,
  steps: [
    addColumns([
      ["deliveries", "lease_until", "INTEGER"],
      ["deliveries", "round_attempts", "INTEGER NOT NULL DEFAULT 0"],
      ["events", "request_id", "TEXT"],
    ]),
  ],
};

/** An endpoint that still waits for an event, and how many attempts it had since it was (re)opened. */
export interface OpenDelivery {
  url: string;
  roundAttempts: number;
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
    // Storage of an older version was brought up to SHOP_EVENTS_STORAGE's by the object first.
    sql.exec(SCHEMA);
    sql.exec("CREATE INDEX IF NOT EXISTS deliveries_lease ON deliveries (lease_until) WHERE lease_until IS NOT NULL");
  }

  /**
   * One pruning step: deletes up to `limit` events recorded before `cutoff` (epoch ms) with their
   * deliveries and attempts, except events still in flight (a delivery holding a lease). The
   * number of events deleted.
   */
  prune(cutoff: number, limit: number): number {
    const ids = this.sql
      .exec<{ id: string }>(
        `SELECT id FROM events WHERE recorded_at < ?
           AND NOT EXISTS (SELECT 1 FROM deliveries WHERE event_id = events.id AND lease_until IS NOT NULL)
         ORDER BY seq LIMIT ?`,
        cutoff,
        limit,
      )
      .toArray()
      .map((row) => row.id);
    for (const id of ids) {
      this.sql.exec("DELETE FROM attempts WHERE event_id = ?", id);
      this.sql.exec("DELETE FROM deliveries WHERE event_id = ?", id);
      this.sql.exec("DELETE FROM held WHERE event_id = ?", id);
      this.sql.exec("DELETE FROM events WHERE id = ?", id);
    }
    return ids.length;
  }

  has(eventId: string): boolean {
    return this.sql.exec("SELECT 1 FROM events WHERE id = ?", eventId).toArray().length > 0;
  }

  /**
   * Records the event once (later calls keep the first), adds a pending delivery per new endpoint.
   * `leaseUntil`: the deliveries of these endpoints that still wait are being attempted now; when
   * nothing was recorded about them by then, the event is queued again. `requestId`: the id of
   * the request that created the event's payment, kept with the event.
   */
  record(
    event: WebhookEvent,
    urls: readonly string[],
    now: number,
    leaseUntil: number | null,
    requestId?: string,
  ): void {
    const orderId = "orderId" in event.data ? event.data.orderId : null;
    this.sql.exec(
      "INSERT OR IGNORE INTO events (id, type, order_id, body, recorded_at, request_id) VALUES (?, ?, ?, ?, ?, ?)",
      event.id,
      event.type,
      orderId,
      JSON.stringify(event),
      now,
      requestId ?? null,
    );
    for (const url of urls) {
      this.sql.exec("INSERT OR IGNORE INTO deliveries (event_id, url, state) VALUES (?, ?, 'pending')", event.id, url);
      this.sql.exec(
        "UPDATE deliveries SET lease_until = ? WHERE event_id = ? AND url = ? AND state IN ('pending', 'retrying')",
        leaseUntil,
        event.id,
        url,
      );
    }
  }

  /**
   * The endpoints among `urls` that still wait for this event (pending or retrying), with their
   * attempts since the delivery was opened (or reopened by a redelivery): the retry policy counts
   * these, not the Queue message's attempts, so a message queued again by a lease goes on with
   * the schedule instead of starting it over.
   */
  undelivered(eventId: string, urls: readonly string[]): OpenDelivery[] {
    const open = new Map(
      this.sql
        .exec<{ url: string; round_attempts: number }>(
          "SELECT url, round_attempts FROM deliveries WHERE event_id = ? AND state IN ('pending', 'retrying')",
          eventId,
        )
        .toArray()
        .map((row) => [row.url, row.round_attempts]),
    );
    return urls.flatMap((url) => {
      const roundAttempts = open.get(url);
      return roundAttempts === undefined ? [] : [{ url, roundAttempts }];
    });
  }

  /**
   * Stores a round of attempts; failed endpoints wait for `failure.retryAt` (their lease runs
   * `leaseMs` past it) or are dead.
   */
  finish(eventId: string, results: readonly AttemptResult[], failure: FailureOutcome | null, leaseMs: number): void {
    for (const r of results) {
      this.sql.exec(
        "INSERT INTO attempts (event_id, url, at, status, duration_ms, error) VALUES (?, ?, ?, ?, ?, ?)",
        eventId,
        r.url,
        r.at,
        r.status,
        r.durationMs,
        r.error,
      );
      const state = r.ok ? "delivered" : failure && "dead" in failure ? "dead" : "retrying";
      const nextAt = !r.ok && failure && "retryAt" in failure ? failure.retryAt : null;
      this.sql.exec(
        `UPDATE deliveries SET state = ?, attempts = attempts + 1, round_attempts = round_attempts + 1, last_status = ?, last_error = ?, last_attempt_at = ?, next_attempt_at = ?,
           delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END, lease_until = ?
         WHERE event_id = ? AND url = ?`,
        state,
        r.status,
        r.error,
        r.at,
        nextAt,
        state,
        r.at + r.durationMs,
        nextAt === null ? null : nextAt + leaseMs,
        eventId,
        r.url,
      );
    }
  }

  /** Every delivery of the event that has not succeeded is given up (the dead-letter queue has it). */
  markDead(eventId: string, reason: string): number {
    return this.sql.exec(
      "UPDATE deliveries SET state = 'dead', next_attempt_at = NULL, lease_until = NULL, last_error = COALESCE(last_error, ?) WHERE event_id = ? AND state <> 'delivered'",
      reason,
      eventId,
    ).rowsWritten;
  }

  /**
   * Holds the event while its shop is disabled: recorded if it was not, its waiting deliveries
   * `shop_disabled` (no lease, no next attempt), and listed in `held` until `releaseHeld`.
   */
  hold(event: WebhookEvent, now: number, requestId?: string): void {
    this.record(event, [], now, null, requestId);
    this.sql.exec(
      "UPDATE deliveries SET state = 'shop_disabled', next_attempt_at = NULL, lease_until = NULL WHERE event_id = ? AND state IN ('pending', 'retrying')",
      event.id,
    );
    this.sql.exec("INSERT OR IGNORE INTO held (event_id, since) VALUES (?, ?)", event.id, now);
  }

  /** Whether any event is held. */
  hasHeld(): boolean {
    return this.sql.exec("SELECT 1 FROM held LIMIT 1").toArray().length > 0;
  }

  /** The oldest held event's shop and since when it is held, or null when none is. */
  oldestHeld(): { shop: string; since: number } | null {
    const row = this.sql
      .exec<{ body: string; since: number }>(
        "SELECT e.body AS body, h.since AS since FROM held h JOIN events e ON e.id = h.event_id ORDER BY h.since LIMIT 1",
      )
      .toArray()[0];
    return row ? { shop: (JSON.parse(row.body) as WebhookEvent).shop, since: row.since } : null;
  }

  /**
   * Up to `limit` held events, oldest first, let go: their `shop_disabled` deliveries pending
   * again (a new round, holding a lease until `leaseUntil`). Their messages, for the caller to queue.
   */
  releaseHeld(leaseUntil: number, limit = 100): WebhookMessage[] {
    const rows = this.sql
      .exec<EventRow>(
        "SELECT e.seq, e.id, e.body, e.request_id FROM held h JOIN events e ON e.id = h.event_id ORDER BY e.seq LIMIT ?",
        limit,
      )
      .toArray();
    for (const row of rows) {
      this.sql.exec(
        "UPDATE deliveries SET state = 'pending', round_attempts = 0, next_attempt_at = NULL, lease_until = ? WHERE event_id = ? AND state = 'shop_disabled'",
        leaseUntil,
        row.id,
      );
      this.sql.exec("DELETE FROM held WHERE event_id = ?", row.id);
    }
    return rows.map(messageOf);
  }

  /** Marks the event's deliveries to `urls` pending again; its message, or undefined when unknown. */
  reopen(eventId: string, urls: readonly string[], leaseUntil: number): WebhookMessage | undefined {
    const row = this.sql
      .exec<EventRow>("SELECT seq, id, body, request_id FROM events WHERE id = ?", eventId)
      .toArray()[0];
    if (!row) return undefined;
    for (const url of urls) {
      this.sql.exec(
        `INSERT INTO deliveries (event_id, url, state, lease_until) VALUES (?, ?, 'pending', ?)
         ON CONFLICT (event_id, url) DO UPDATE SET state = 'pending', round_attempts = 0, next_attempt_at = NULL, lease_until = excluded.lease_until`,
        eventId,
        url,
        leaseUntil,
      );
    }
    return messageOf(row);
  }

  /** The messages of events with a waiting delivery whose lease ran out by `now`; their leases move to `leaseUntil`. */
  expiredLeases(now: number, leaseUntil: number, limit = 100): WebhookMessage[] {
    const rows = this.sql
      .exec<EventRow>(
        `SELECT e.seq, e.id, e.body, e.request_id FROM events e WHERE e.id IN (
           SELECT DISTINCT event_id FROM deliveries WHERE lease_until <= ? AND state IN ('pending', 'retrying') LIMIT ?)`,
        now,
        limit,
      )
      .toArray();
    for (const row of rows)
      this.sql.exec(
        "UPDATE deliveries SET lease_until = ? WHERE event_id = ? AND state IN ('pending', 'retrying')",
        leaseUntil,
        row.id,
      );
    return rows.map(messageOf);
  }

  /** The earliest lease of a waiting delivery, or null. */
  nextLeaseEnd(): number | null {
    return this.sql
      .exec<{ at: number | null }>(
        "SELECT MIN(lease_until) AS at FROM deliveries WHERE state IN ('pending', 'retrying')",
      )
      .one().at;
  }

  list(after: number, limit: number): EventList {
    const rows = this.sql
      .exec<EventRow>("SELECT seq, id, body FROM events WHERE seq > ? ORDER BY seq LIMIT ?", after, limit + 1)
      .toArray();
    const page = rows.slice(0, limit);
    const events = page.map((row) => this.entry(row));
    return { events, next: String(page.at(-1)?.seq ?? after), hasMore: rows.length > limit };
  }

  /** The event with its attempts, a page of them: at most `limit` after the attempt `after` (a cursor from `attemptsNext`). */
  detail(eventId: string, after = 0, limit = DEFAULT_ATTEMPTS_LIMIT): EventDetail | undefined {
    const row = this.sql.exec<EventRow>("SELECT seq, id, body FROM events WHERE id = ?", eventId).toArray()[0];
    if (!row) return undefined;
    const rows = this.sql
      .exec<AttemptRow>(
        "SELECT seq, url, at, status, duration_ms, error FROM attempts WHERE event_id = ? AND seq > ? ORDER BY seq LIMIT ?",
        eventId,
        after,
        limit + 1,
      )
      .toArray();
    const page = rows.slice(0, limit);
    const attemptsNext = rows.length > limit ? String(page.at(-1)?.seq ?? after) : null;
    const attempts: DeliveryAttempt[] = page.map((a) => ({
      url: a.url,
      at: new Date(a.at).toISOString(),
      status: a.status,
      durationMs: a.duration_ms,
      error: a.error,
    }));
    return { ...this.entry(row), attempts, attemptsNext };
  }

  private entry(row: EventRow): EventEntry {
    const endpoints = this.sql
      .exec<DeliveryRow>("SELECT * FROM deliveries WHERE event_id = ? ORDER BY url", row.id)
      .toArray()
      .map(endpointView);
    // A held event may have no delivery yet (its shop's endpoints were not known while it was disabled).
    const held = this.sql.exec("SELECT 1 FROM held WHERE event_id = ?", row.id).toArray().length > 0;
    return {
      cursor: String(row.seq),
      event: JSON.parse(row.body) as WebhookEvent,
      delivery: held ? "shop_disabled" : overallDelivery(endpoints),
      endpoints,
    };
  }
}
