// Webhooks end to end: signed upstream notification POST -> checkout Worker -> payment Durable
// Object (change and event in one transaction) -> outbox -> Queue -> queue consumer -> signed POST
// to the shop's backend (the bench's own receiver, webhook-receiver.mjs). Latency one change at a
// time, then a burst with a receiver that fails a share of first attempts.
import { createHmac } from "node:crypto";
import { performance } from "node:perf_hooks";
import Decimal from "decimal.js";
import { createPayment } from "./live-updates.mjs";
import { upstreamPayment } from "./notify.mjs";
import { changeKey } from "./webhook-receiver.mjs";
import { percentile } from "./stats.mjs";

const SHOP = "demo-open";
const now = () => performance.timeOrigin + performance.now();
/** How long one webhook may take before the latency run gives up. */
const EVENT_TIMEOUT_MS = 30_000;
/** The latency run stops after this many webhooks that never came. */
const MAX_MISSING = 3;
/** How long the Worker may take to answer one notification. */
const POST_TIMEOUT_MS = 30_000;

/**
 * `count` payments created through the Worker (each from its own client address, under the
 * per-address creation limit), with the upstream's snapshot of each and the version its
 * payment.created webhook carried (once that webhook has reached the receiver).
 */
async function preparePayments({ checkoutUrl, sandboxUrl, receiver }, count, tag, ipPrefix) {
  const run = Date.now().toString(36);
  const payments = [];
  for (let i = 0; i < count; i++) {
    const created = await createPayment(checkoutUrl, `bench-webhooks-${tag}-${run}-${i}`, `${ipPrefix}.${i + 1}`);
    const base = await upstreamPayment(sandboxUrl, created.paymentId);
    const first = await receiver.waitFor(created.paymentId, created.version ?? 1, EVENT_TIMEOUT_MS);
    payments.push({
      base,
      version: first.version,
      lastTime: Date.now(),
      step: stepOf(base.transferAmount),
      changes: 0,
    });
  }
  return payments;
}

/** A ten-thousandth of the transfer amount, at least one unit of its 8th decimal place. */
function stepOf(transferAmount) {
  const step = new Decimal(transferAmount).div(10_000).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  return step.isZero() ? new Decimal("0.00000001") : step;
}

/**
 * The next real change of a payment as the upstream would notify it: more of the transfer amount
 * seen as pending and paid (k steps of about transferAmount / 10000, never enough to complete
 * it), with a notification timestamp later than the previous one.
 */
function nextChange(payment) {
  payment.changes += 1;
  const pending = payment.step.mul(payment.changes).toFixed(8);
  const price = new Decimal(payment.base.exchangeRate ?? "0").mul(pending).toFixed(2);
  payment.lastTime = Math.max(Date.now(), payment.lastTime + 1);
  return {
    body: {
      ...payment.base,
      status: "NEW",
      pendingPaidTransferAmount: pending,
      paidTransferAmount: pending,
      pendingPaidPriceAmount: price,
      paidPriceAmount: price,
    },
    timestamp: new Date(payment.lastTime),
  };
}

/**
 * POSTs one change signed as the upstream signs it (as notify.mjs's postPaymentNotification, which
 * does not return the answer): HMAC-SHA256, hex, over the exact bytes sent. Returns the HTTP
 * status (0: no answer within POST_TIMEOUT_MS or a network error), the Worker's `outcome`
 * ("apply", "duplicate", "older", ...) and when the POST started.
 */
async function notify(checkoutUrl, hmacKey, payment) {
  const { body: payload, timestamp } = nextChange(payment);
  const body = JSON.stringify({ timestamp: timestamp.toISOString(), notificationType: "v3/payment", body: payload });
  const signature = createHmac("sha256", hmacKey).update(body).digest("hex");
  const started = now();
  try {
    const response = await fetch(`${checkoutUrl}/hooks/${SHOP}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature },
      body,
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const text = await response.text();
    let outcome;
    try {
      outcome = JSON.parse(text).outcome;
    } catch {
      outcome = undefined;
    }
    return { status: response.status, outcome, started };
  } catch {
    return { status: 0, outcome: undefined, started };
  }
}

/**
 * Notification POST -> webhook received and verified by the shop's endpoint: `payments` payments,
 * `perPayment` changes each, one at a time (the next POST after the previous webhook arrived).
 */
export async function measureNotificationToWebhook({
  checkoutUrl,
  sandboxUrl,
  hmacKey,
  receiver,
  payments = 4,
  perPayment = 55,
}) {
  const refusedBefore = receiver.refused();
  const list = await preparePayments({ checkoutUrl, sandboxUrl, receiver }, payments, "latency", "203.0.113");
  const latencies = [];
  const outcomes = {};
  let mismatched = 0;
  let missing = 0;
  for (let round = 0; round < perPayment && missing < MAX_MISSING; round++) {
    for (const payment of list) {
      const { status, outcome, started } = await notify(checkoutUrl, hmacKey, payment);
      tally(outcomes, status, outcome);
      if (status !== 200 || outcome !== "apply") continue;
      payment.version += 1;
      let entry;
      try {
        entry = await receiver.waitFor(payment.base.paymentId, payment.version, EVENT_TIMEOUT_MS);
      } catch {
        if (++missing >= MAX_MISSING) break;
        continue;
      }
      if (entry.event.data.payment.pendingPaidTransferAmount !== payment.step.mul(payment.changes).toFixed(8))
        mismatched++;
      latencies.push(entry.at - started);
    }
  }
  return {
    payments,
    notifications: payments * perPayment,
    samples: latencies.length,
    outcomes,
    mismatched,
    missing,
    signatureRefused: receiver.refused() - refusedBefore,
    min: Math.min(...latencies),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
}

/**
 * `total` changes over `payments` payments, `payments` POSTs in flight (each payment's changes in
 * order), while the receiver answers 503 to the first attempt of a seeded-random `failRate` of the
 * webhook ids. Then waits (at most `drainTimeoutMs` after the last POST) until every applied
 * change was accepted, and counts what arrived.
 */
export async function measureWebhookDelivery({
  checkoutUrl,
  sandboxUrl,
  hmacKey,
  receiver,
  total = 1000,
  payments = 10,
  failRate = 0.3,
  seed = 20_260_427,
  drainTimeoutMs = 120_000,
}) {
  const refusedBefore = receiver.refused();
  const list = await preparePayments({ checkoutUrl, sandboxUrl, receiver }, payments, "delivery", "203.0.114");
  const paymentIds = new Set(list.map((p) => p.base.paymentId));
  const logStart = receiver.log.length;
  receiver.failFirstAttempts({ rate: failRate, seed, paymentIds });

  const expected = new Set();
  const outcomes = {};
  let accepted = 0;
  let applied = 0;
  let rejected = 0;
  let next = 0;
  const firstPost = now();
  await Promise.all(
    list.map(async (payment) => {
      while (next < total) {
        next++;
        const { status, outcome } = await notify(checkoutUrl, hmacKey, payment);
        tally(outcomes, status, outcome);
        if (status !== 200) {
          rejected++;
          continue;
        }
        accepted++;
        if (outcome !== "apply") continue;
        applied++;
        payment.version += 1;
        expected.add(changeKey(payment.base.paymentId, payment.version));
      }
    }),
  );
  const lastPost = now();

  // Bounded wait: every applied change accepted by the receiver, or drainTimeoutMs.
  const missing = () => [...expected].filter((key) => !receiver.accepted(...splitKey(key)));
  while (missing().length > 0 && now() - lastPost < drainTimeoutMs) await new Promise((r) => setTimeout(r, 100));
  const lost = missing().length;
  // A little longer, so that late repeats of delivered events are counted too.
  await new Promise((r) => setTimeout(r, 1500));
  const injected = receiver.failFirstAttempts(null);

  const entries = receiver.log
    .slice(logStart)
    .filter((e) => e.verified && paymentIds.has(e.paymentId) && expected.has(e.key));
  const ok = entries.filter((e) => e.status === 200);
  const deliveredIds = new Set();
  const changesSeen = new Map();
  let rawRepeats = 0;
  let duplicates = 0;
  let lastDelivered = firstPost;
  for (const entry of ok) {
    if (deliveredIds.has(entry.id)) {
      rawRepeats++; // same event id accepted again: the receiver's dedupe by id drops it
      continue;
    }
    deliveredIds.add(entry.id);
    lastDelivered = Math.max(lastDelivered, entry.at);
    // After dedupe by id: another id carrying a change already received is a duplicate.
    if (changesSeen.has(entry.key)) duplicates++;
    else changesSeen.set(entry.key, entry.id);
  }
  const retries = entries.filter((e) => e.attempt > 1);
  return {
    total,
    payments,
    failRate,
    seed,
    posted: accepted + rejected,
    accepted,
    rejected,
    applied,
    outcomes,
    delivered: deliveredIds.size,
    lost,
    rawRepeats,
    duplicates,
    injected,
    firstAttempts: entries.filter((e) => e.attempt === 1).length,
    attempts: entries.length,
    retriedDeliveries: retries.length,
    signatureRefused: receiver.refused() - refusedBefore,
    drainTimeoutSeconds: drainTimeoutMs / 1000,
    postSeconds: Math.round((lastPost - firstPost) / 100) / 10,
    drainSeconds: Math.round((lastDelivered - firstPost) / 100) / 10,
  };
}

/** Counts an answer: its outcome when 200 ("apply", "duplicate", ...), else "HTTP <status>". */
function tally(outcomes, status, outcome) {
  const key = status === 200 ? String(outcome) : `HTTP ${status}`;
  outcomes[key] = (outcomes[key] ?? 0) + 1;
}

function splitKey(key) {
  const at = key.lastIndexOf("#");
  return [key.slice(0, at), Number(key.slice(at + 1))];
}
