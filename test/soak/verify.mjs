// The soak's end: what it reads back (the shops' event logs, orders and ledgers from the checkout
// Worker's backend API, the truth from the sandbox) and the proofs it checks against what the
// independent receiver got.
import { canonicalJson, sha256 } from "./receiver.mjs";
import { sameState } from "./customers.mjs";
import { proveRefunds, refundList, sandboxPayouts } from "./refunds.mjs";
import { proofList } from "./proof.mjs";

const FINAL = new Set(["CONFIRMED", "EXPIRED", "INVALID"]);

async function getJson(url, headers = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      if (response.ok) return JSON.parse(text);
      if (response.status < 500 || attempt >= 5)
        throw new Error(`GET ${url}: HTTP ${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      if (attempt >= 5 || /HTTP 4/.test(error.message)) throw error;
    }
    await new Promise((r) => setTimeout(r, 1000 * attempt));
  }
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool(items, limit, work) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

/** Every entry of a shop's event log (`GET /api/shops/{shop}/events`, paged). */
export async function eventLog(checkoutUrl, shop, token) {
  const entries = [];
  let after = "0";
  for (;;) {
    const page = await getJson(`${checkoutUrl}/api/shops/${shop}/events?after=${after}&limit=200`, {
      authorization: `Bearer ${token}`,
    });
    entries.push(...page.events);
    if (!page.hasMore || page.next === after) return entries;
    after = page.next;
  }
}

/** Every payment of a shop's ledger (`GET /api/shops/{shop}/ledger/payments`, paged). */
export async function ledger(checkoutUrl, shop, token) {
  const payments = [];
  let cursor;
  for (;;) {
    const query = cursor ? `limit=200&cursor=${encodeURIComponent(cursor)}` : "limit=200";
    const page = await getJson(`${checkoutUrl}/api/shops/${shop}/ledger/payments?${query}`, {
      authorization: `Bearer ${token}`,
    });
    payments.push(...page.payments);
    if (!page.next) return payments;
    cursor = page.next;
  }
}

/** Whether the run has settled: every event of every log delivered and received, every order's ledger row as the sandbox said last. */
export async function settled({ checkoutUrl, shops, receiver, orders }) {
  for (const { shop, token } of shops) {
    const entries = await eventLog(checkoutUrl, shop, token);
    if (entries.some((entry) => entry.delivery !== "delivered" || !receiver.received.has(entry.event.id))) return false;
    const rows = new Map((await ledger(checkoutUrl, shop, token)).map((row) => [row.paymentId, row]));
    for (const order of orders)
      if (order.shop === shop && order.paymentId && !sameState(rows.get(order.paymentId), order.truth)) return false;
  }
  return true;
}

/**
 * Reads everything back and checks the proofs. Returns `{ proofs: [{ name, ok, detail }], figures }`.
 * `io`: { checkoutUrl, sandboxUrl, sandbox, apiKey: { id, secret }, shops: [{ shop, token }], receiver, orders, refunds }.
 */
export async function prove(io) {
  const { checkoutUrl, receiver, orders, shops } = io;
  const created = orders.filter((order) => order.paymentId);
  const logs = new Map();
  const ledgers = new Map();
  for (const { shop, token } of shops) {
    logs.set(shop, await eventLog(checkoutUrl, shop, token));
    ledgers.set(shop, new Map((await ledger(checkoutUrl, shop, token)).map((row) => [row.paymentId, row])));
  }
  const tokenOf = new Map(shops.map(({ shop, token }) => [shop, token]));
  const truths = await pool(created, 16, (order) => io.sandbox.payment(order.paymentId));
  const orderAnswers = await pool(created, 16, (order) =>
    getJson(`${checkoutUrl}/api/shops/${order.shop}/orders/${order.orderId}`, {
      authorization: `Bearer ${tokenOf.get(order.shop)}`,
    }),
  );
  const notifications = await pool(created, 16, (order) => io.sandbox.notifications(order.paymentId));
  const payouts = await sandboxPayouts(io.sandboxUrl, io.apiKey);
  const refunds = io.refunds ?? [];
  const refundLists = await pool(refunds, 8, (refund) => refundList(checkoutUrl, refund, tokenOf.get(refund.shop)));

  const { proofs, proof } = proofList();

  // 1. Every event of every log received, verified, with the log's content.
  const allEntries = [...logs.values()].flat();
  const logIds = new Set(allEntries.map((entry) => entry.event.id));
  const lost = allEntries.filter((entry) => !receiver.received.has(entry.event.id));
  const unlike = allEntries.filter((entry) => {
    const got = receiver.received.get(entry.event.id);
    return got && !(got.hashes.size === 1 && got.hashes.has(sha256(canonicalJson(entry.event))));
  });
  const notDelivered = allEntries.filter((entry) => entry.delivery !== "delivered");
  proof(
    "every event in the event logs received and verified by standardwebhooks (0 lost)",
    lost.map((entry) => `${entry.event.id} (${entry.event.type}) never received`),
    allEntries.length,
  );
  proof(
    "every event in the event logs marked delivered",
    notDelivered.map((entry) => `${entry.event.id}: ${entry.delivery}`),
    allEntries.length,
  );
  // 2. An id never came with two contents, nor with content other than the log's.
  const twoContents = [...receiver.received].filter(([, got]) => got.hashes.size > 1);
  proof(
    "no event id received with different contents",
    twoContents.map(([id, got]) => `${id}: ${got.hashes.size} contents`),
    receiver.received.size,
  );
  proof(
    "what was received equals the event log's event",
    unlike.map((entry) => `${entry.event.id} differs from the log`),
    allEntries.length,
  );
  const phantoms = [...receiver.received.keys()].filter((id) => !logIds.has(id));
  proof("nothing received that is not in an event log", phantoms, receiver.received.size);

  // 3. Per payment: versions 1..final each have their event; the order API, the ledger and the
  //    shop's picture from its webhooks (highest version) equal the sandbox's truth.
  const eventsByPayment = new Map();
  for (const { event } of receiver.received.values()) {
    const paymentId = event.data?.payment?.paymentId;
    if (!paymentId) continue;
    const list = eventsByPayment.get(paymentId) ?? [];
    list.push(event);
    eventsByPayment.set(paymentId, list);
  }
  const gaps = [];
  const orderWrong = [];
  const ledgerWrong = [];
  const pictureWrong = [];
  created.forEach((order, i) => {
    const truth = truths[i];
    const answer = orderAnswers[i];
    const row = ledgers.get(order.shop)?.get(order.paymentId);
    const events = (eventsByPayment.get(order.paymentId) ?? []).sort((a, b) => a.data.version - b.data.version);
    const versions = new Set(events.map((event) => event.data.version));
    const finalVersion = answer.payment.version;
    const missing = [];
    for (let v = 1; v <= finalVersion; v++) if (!versions.has(v)) missing.push(v);
    if (missing.length)
      gaps.push(`${order.paymentId}: no event received for version ${missing.join(", ")} of ${finalVersion}`);
    if (
      answer.payment.paymentId !== order.paymentId ||
      !sameState(answer.payment, truth) ||
      answer.paid !== (truth.status === "CONFIRMED") ||
      answer.earlierPayments.length !== 0
    )
      orderWrong.push(
        `${order.shop}/${order.orderId}: order API ${answer.payment.status} v${answer.payment.version}, sandbox ${truth.status}`,
      );
    if (!row || !sameState(row, truth) || row.orderId !== order.orderId)
      ledgerWrong.push(
        `${order.shop}/${order.orderId}: ledger ${row ? row.status : "missing"}, sandbox ${truth.status}`,
      );
    const newest = events.at(-1);
    if (!newest || !sameState(newest.data.payment, truth))
      pictureWrong.push(
        `${order.paymentId}: webhooks say ${newest?.data.payment.status ?? "nothing"}, sandbox ${truth.status}`,
      );
  });
  proof("every version of every payment came as an event (none missing from the logs either)", gaps, created.length);
  proof("every order's state in the order API equals the sandbox's", orderWrong, created.length);
  proof("every order's state in the ledger equals the sandbox's", ledgerWrong, created.length);
  proof("the shop's picture built from its webhooks alone equals the sandbox's", pictureWrong, created.length);

  // 4. Refunds: one payout each in the sandbox, agreeing with the Worker, within what was accepted, their webhooks received.
  const refundCheck = proveRefunds({
    refunds,
    lists: refundLists,
    payouts,
    truths: new Map(created.map((order, i) => [order.paymentId, truths[i]])),
    entries: allEntries,
    receiver,
  });
  proofs.push(...refundCheck.proofs);

  // Figures.
  let dropped = 0;
  let attempts = 0;
  let duplicatesSent = 0;
  for (const log of notifications) {
    attempts += log.items.length;
    dropped += log.items.filter((item) => item.error?.startsWith("dropped")).length;
    const perDelivery = new Map();
    for (const item of log.items)
      if (item.statusCode !== null)
        perDelivery.set(
          `${item.deliveryId}#${item.attempt}`,
          (perDelivery.get(`${item.deliveryId}#${item.attempt}`) ?? 0) + 1,
        );
    duplicatesSent += [...perDelivery.values()].filter((copies) => copies > 1).length;
  }
  const statuses = {};
  for (const truth of truths) statuses[truth.status] = (statuses[truth.status] ?? 0) + 1;
  const deliveries = [...receiver.received.values()];
  return {
    proofs,
    figures: {
      events: allEntries.length,
      eventsByShop: Object.fromEntries([...logs].map(([shop, entries]) => [shop, entries.length])),
      received: receiver.received.size,
      receivedCopies: deliveries.reduce((sum, got) => sum + got.count, 0),
      receivedMoreThanOnce: deliveries.filter((got) => got.count > 1).length,
      rawVariants: deliveries.filter((got) => got.rawHashes.size > 1).length,
      finalStatuses: statuses,
      stillOpen: truths.filter((truth) => !FINAL.has(truth.status)).length,
      notificationAttempts: attempts,
      notificationsDropped: dropped,
      notificationAttemptsDuplicated: duplicatesSent,
      payouts: payouts.length,
      refunds: refundCheck.figures,
    },
  };
}
