/**
 * Metrics: one Workers Analytics Engine data point per fact an operator counts (the METRICS
 * dataset of wrangler.toml; its queries in docs/operations.md, "Metrics"). The functions named
 * after a fact are pure: they turn the fact into a data point. `writeMetric` is the one call of
 * the binding: the platform takes the point without waiting (nothing is awaited), a missing
 * binding means metrics are off, and a binding that throws is logged once per isolate and never
 * reaches the caller, so no request, alarm or queue batch is slowed or failed by its metrics.
 *
 * Layout of every point (SQL API column names):
 * - index1: the shop id (Analytics Engine samples per index, so one shop's burst never thins out another's);
 * - blob1: the kind (`MetricKind`), blob2 to blob5: the kind's dimensions (below), "" when unknown;
 * - double1: 1 (a count: `SUM(_sample_interval * double1)`), double2: milliseconds, double3: an HTTP status
 *   (0: none), double4: the attempt number; 0 where a kind has no such figure.
 *
 * | blob1 | blob2 | blob3 | blob4 | blob5 | double2 | double3 | double4 |
 * |---|---|---|---|---|---|---|---|
 * | `checkout_created` | environment | price currency | transfer currency | pricing | create to answer | | |
 * | `payment_status` | status | previous status | source | | since the payment was created | | version |
 * | `upstream_call` | operation | outcome | environment | | to the answer's headers | status | |
 * | `webhook_attempt` | outcome | event type | endpoint origin | | to the answer | status | attempt |
 * | `notification_refused` | error code | | | | | status | |
 */
import type { Env } from "../env.js";
import { CheckoutError } from "./errors.js";
import { log } from "./log.js";

export type MetricKind =
  "checkout_created" | "payment_status" | "upstream_call" | "webhook_attempt" | "notification_refused";

/** What `writeDataPoint` takes, with every field present (the SQL API's columns are positional). */
export interface DataPoint {
  indexes: [string];
  blobs: [MetricKind, string, string, string, string];
  doubles: [number, number, number, number];
}

/** Analytics Engine's limit on an index, in bytes; a longer one would be refused. */
const MAX_INDEX_BYTES = 96;

function indexOf(shopId: string): string {
  const bytes = new TextEncoder().encode(shopId);
  return bytes.length <= MAX_INDEX_BYTES ? shopId : new TextDecoder().decode(bytes.subarray(0, MAX_INDEX_BYTES));
}

function point(
  shopId: string,
  kind: MetricKind,
  blobs: readonly [string?, string?, string?, string?],
  doubles: { ms?: number; status?: number | null; attempt?: number } = {},
): DataPoint {
  const [b2 = "", b3 = "", b4 = "", b5 = ""] = blobs;
  return {
    indexes: [indexOf(shopId)],
    blobs: [kind, b2, b3, b4, b5],
    doubles: [1, Math.max(0, doubles.ms ?? 0), doubles.status ?? 0, doubles.attempt ?? 0],
  };
}

/** A payment created at the payment service for a checkout (not a live one handed back). */
export function checkoutCreated(fact: {
  shopId: string;
  environment: string;
  priceCurrency: string;
  transferCurrency: string;
  pricing: string;
  ms: number;
}): DataPoint {
  return point(
    fact.shopId,
    "checkout_created",
    [fact.environment, fact.priceCurrency, fact.transferCurrency, fact.pricing],
    {
      ms: fact.ms,
    },
  );
}

/**
 * A payment's status as stored, when it is new (the first version, or a version whose status
 * differs from the last one's). `sinceCreatedMs`: from the payment's creation here to this
 * change, so that the CONFIRMED points give the time from creation to confirmation.
 */
export function paymentStatus(fact: {
  shopId: string;
  status: string;
  previous: string | undefined;
  source: string;
  sinceCreatedMs: number;
  version: number;
}): DataPoint {
  return point(fact.shopId, "payment_status", [fact.status, fact.previous ?? "", fact.source], {
    ms: fact.sinceCreatedMs,
    attempt: fact.version,
  });
}

/** One attempt at the payment service (upstream/upstream-calls.ts's record of it). */
export function upstreamCall(
  shopId: string,
  call: { environment: string; operation: string; outcome: string; status?: number; ms: number },
): DataPoint {
  return point(shopId, "upstream_call", [call.operation, call.outcome, call.environment], {
    ms: call.ms,
    status: call.status ?? 0,
  });
}

/** How a webhook attempt ended: answered 2xx, answered otherwise, or no answer (timeout, network, no secret). */
export type WebhookOutcome = "delivered" | "refused" | "no_answer";

export function webhookOutcome(attempt: { ok: boolean; status: number | null }): WebhookOutcome {
  return attempt.ok ? "delivered" : attempt.status !== null ? "refused" : "no_answer";
}

/** The origin of an endpoint URL (never its path or query, which may carry a shop's token). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/** One POST of an event to one endpoint of a shop (events/deliver.ts's result). */
export function webhookAttempt(
  shopId: string,
  eventType: string,
  attempt: { url: string; ok: boolean; status: number | null; durationMs: number },
  attemptNumber: number,
): DataPoint {
  return point(shopId, "webhook_attempt", [webhookOutcome(attempt), eventType, originOf(attempt.url)], {
    ms: attempt.durationMs,
    status: attempt.status,
    attempt: attemptNumber,
  });
}

/** A notification from the payment service answered with an error (bad signature, bad body). */
export function notificationRefused(shopId: string, error: { code: string; status: number }): DataPoint {
  return point(shopId, "notification_refused", [error.code], { status: error.status });
}

let warned = false;

/** Writes `dataPoint` to the METRICS dataset when it is bound; never throws, never waits. */
export function writeMetric(env: Pick<Env, "METRICS">, dataPoint: DataPoint): void {
  const dataset = env.METRICS;
  if (!dataset) return;
  try {
    dataset.writeDataPoint(dataPoint);
  } catch (err) {
    if (!warned) log("warn", "metric_write_failed", { kind: dataPoint.blobs[0], error: err });
    warned = true;
  }
}

/** For a promise's catch: counts a refused notification (a 4xx answer) of `shopId` and throws the error on. */
export function countRefusedNotification(env: Pick<Env, "METRICS">, shopId: string): (err: unknown) => never {
  return (err) => {
    if (err instanceof CheckoutError && err.status < 500) writeMetric(env, notificationRefused(shopId, err));
    throw err;
  };
}
