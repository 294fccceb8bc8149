/**
 * What the merchant's dashboard reads of a shop's event log (event-log.ts's tables, in the
 * ShopEventsObject): the deliveries of a time range by state, every event of one payment with its
 * deliveries and attempts, and per endpoint its deliveries over the latest events and its latest
 * failed attempts. Synchronous SQL of the object; the arithmetic (`successRate`) is pure.
 */
import type { DeliveryAttempt, DeliveryState, EventDetail } from "../backend-wire.js";
import type { EventLog } from "./event-log.js";

/** How many of the latest events the per-endpoint figures look at. */
export const STATS_EVENTS = 1000;
/** How many failed attempts are listed per endpoint. */
export const LAST_FAILURES = 10;

export type DeliveryCounts = Record<DeliveryState, number>;

export const noDeliveries = (): DeliveryCounts => ({
  pending: 0,
  retrying: 0,
  delivered: 0,
  dead: 0,
  shop_disabled: 0,
});

/** delivered / (delivered + dead); null before any delivery was final. */
export function successRate(counts: DeliveryCounts): number | null {
  const final = counts.delivered + counts.dead;
  return final === 0 ? null : counts.delivered / final;
}

function countInto(counts: DeliveryCounts, state: string, n: number): void {
  if (state in counts) counts[state as DeliveryState] += n;
}

/** The deliveries (one per event and endpoint) of the events recorded in [from, to), by state. */
export function deliveriesBetween(sql: SqlStorage, from: number, to: number): DeliveryCounts {
  const counts = noDeliveries();
  const rows = sql.exec<{ state: string; n: number }>(
    `SELECT d.state AS state, COUNT(*) AS n FROM deliveries d JOIN events e ON e.id = d.event_id
     WHERE e.recorded_at >= ? AND e.recorded_at < ? GROUP BY d.state`,
    from,
    to,
  );
  for (const row of rows) countInto(counts, row.state, row.n);
  return counts;
}

/**
 * Every event of one payment, oldest first, with its deliveries and every attempt. Selected by
 * the order id (indexed), then by the payment id in the body: an order may have several payments.
 */
export function paymentEvents(
  sql: SqlStorage,
  log: EventLog,
  orderId: string | null,
  paymentId: string,
): EventDetail[] {
  const ids = sql
    .exec<{ id: string }>(
      `SELECT id FROM events WHERE order_id IS ? AND type LIKE 'payment.%'
         AND json_extract(body, '$.data.payment.paymentId') = ? ORDER BY seq`,
      orderId,
      paymentId,
    )
    .toArray();
  return ids.flatMap((row) => log.detail(row.id) ?? []);
}

export interface EndpointFigures {
  url: string;
  deliveries: DeliveryCounts;
  /** Newest first. */
  lastFailures: (DeliveryAttempt & { eventId: string; eventType: string })[];
}

interface FailureRow extends Record<string, SqlStorageValue> {
  event_id: string;
  type: string;
  at: number;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

/** Per endpoint (by URL): its deliveries over the latest STATS_EVENTS events, and its latest failed attempts. */
export function endpointFigures(sql: SqlStorage, urls: readonly string[]): EndpointFigures[] {
  const byUrl = new Map(urls.map((url) => [url, noDeliveries()]));
  const rows = sql.exec<{ url: string; state: string; n: number }>(
    `SELECT d.url AS url, d.state AS state, COUNT(*) AS n FROM deliveries d
     JOIN (SELECT id FROM events ORDER BY seq DESC LIMIT ?) e ON e.id = d.event_id
     GROUP BY d.url, d.state`,
    STATS_EVENTS,
  );
  for (const row of rows) {
    const counts = byUrl.get(row.url);
    if (counts) countInto(counts, row.state, row.n);
  }
  return urls.map((url) => ({
    url,
    deliveries: byUrl.get(url) ?? noDeliveries(),
    lastFailures: sql
      .exec<FailureRow>(
        `SELECT a.event_id AS event_id, e.type AS type, a.at AS at, a.status AS status, a.duration_ms AS duration_ms, a.error AS error
         FROM attempts a JOIN events e ON e.id = a.event_id
         WHERE a.url = ? AND (a.status IS NULL OR a.status < 200 OR a.status > 299)
         ORDER BY a.seq DESC LIMIT ?`,
        url,
        LAST_FAILURES,
      )
      .toArray()
      .map((row) => ({
        url,
        at: new Date(row.at).toISOString(),
        status: row.status,
        durationMs: row.duration_ms,
        error: row.error,
        eventId: row.event_id,
        eventType: row.type,
      })),
  }));
}
