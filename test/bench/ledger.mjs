// The payments ledger (worker/checkout/ledger/) against the bench's running Workers:
// - lag: how long after the Worker recorded a payment event its row is in the ledger at that
//   version. Payments created through the Worker, then moved by the sandbox's control API (a
//   transaction of the whole amount: UNCONFIRMED; accepted: CONFIRMED), one at a time. From each
//   step on, `GET /api/shops/{shop}/ledger/payments?q=<payment id>` is asked every 5 ms; the lag of
//   a version is the first time an answer lists the payment at it minus the event's timestamp (the
//   row's updatedAt: the Worker's clock when its Durable Object recorded the change; the outbox,
//   the Queue and the consumer's D1 batch lie between). Both are this machine's epoch clock.
// - the backfill of the shop's whole event log (each page one D1 batch, four statements an event,
//   as the consumer writes a queue batch), in pages of 100 events: what `crypto-checkout ledger
//   backfill` writes a second.
import { performance } from "node:perf_hooks";
import { percentile } from "./stats.mjs";
import { sandboxControl } from "./sandbox-control.mjs";

const SHOP = "demo-open";

async function backendJson(url, token, init = {}) {
  const response = await fetch(url, { ...init, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Polls the ledger for the payment until it lists it at `version` or later; the lag of the version
 * it lists (first seen minus the row's updatedAt, its event's time), and that version.
 */
async function seenAt(checkoutUrl, token, paymentId, version) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const list = await backendJson(
      `${checkoutUrl}/api/shops/${SHOP}/ledger/payments?q=${encodeURIComponent(paymentId)}`,
      token,
    );
    const seen = Date.now();
    const row = list.payments.find((p) => p.paymentId === paymentId);
    if (row && row.version >= version) return { version: row.version, lagMs: seen - Date.parse(row.updatedAt) };
    if (performance.now() > deadline)
      throw new Error(
        `payment ${paymentId} never reached the ledger at version ${version} (${row?.version ?? "no row"})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** `payments` payments created, paid and confirmed one at a time; the lag of each of their versions. */
async function measureLag({ checkoutUrl, sandboxUrl, backendToken }, payments, run) {
  const samples = [];
  const byStep = { created: [], unconfirmed: [], confirmed: [] };
  let skipped = 0;
  for (let i = 0; i < payments; i++) {
    const response = await fetch(`${checkoutUrl}/api/shops/${SHOP}/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": `198.51.200.${(i % 250) + 1}` },
      body: JSON.stringify({
        orderId: `bench-ledger-${run}-${i}`,
        priceAmount: "25.00",
        priceCurrency: "EUR",
        transferCurrency: "BTC",
      }),
    });
    if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
    const payment = await response.json();
    let version = 1;
    const step = async (name, move) => {
      await move?.();
      const seen = await seenAt(checkoutUrl, backendToken, payment.paymentId, version);
      // A version the poll missed (two changes between answers) has no sample of its own.
      skipped += seen.version - version;
      samples.push(seen.lagMs);
      byStep[name].push(seen.lagMs);
      version = seen.version + 1;
    };
    await step("created");
    let transactionId;
    await step("unconfirmed", async () => {
      ({
        transaction: { transactionId },
      } = await sandboxControl(sandboxUrl, `/payments/${payment.paymentId}/transactions`, {
        amount: payment.transferAmount,
      }));
    });
    await step("confirmed", () =>
      sandboxControl(sandboxUrl, `/payments/${payment.paymentId}/transactions/${transactionId}/accept`),
    );
  }
  const summary = (list) => ({ samples: list.length, p50: percentile(list, 50), p95: percentile(list, 95) });
  return {
    payments,
    ...summary(samples),
    max: Math.max(...samples),
    skipped,
    steps: Object.fromEntries(Object.entries(byStep).map(([name, list]) => [name, summary(list)])),
  };
}

/** The backfill of demo-open's whole log with pages of `page` events: events written per second. */
async function measureBackfill(checkoutUrl, token, page) {
  let after = "0";
  let pages = 0;
  let written = 0;
  const started = performance.now();
  for (;;) {
    const answer = await backendJson(
      `${checkoutUrl}/api/shops/${SHOP}/ledger/backfill?after=${after}&limit=${page}`,
      token,
      { method: "POST" },
    );
    pages += 1;
    written += answer.written;
    after = answer.next;
    if (!answer.hasMore) break;
  }
  const seconds = (performance.now() - started) / 1000;
  return { page, pages, written, seconds: Math.round(seconds * 100) / 100, perSecond: Math.round(written / seconds) };
}

export async function measureLedger({ checkoutUrl, sandboxUrl, backendToken, payments = 20 }) {
  const run = Date.now().toString(36);
  const lag = await measureLag({ checkoutUrl, sandboxUrl, backendToken }, payments, run);
  const backfill = await measureBackfill(checkoutUrl, backendToken, 100);
  return { lag, backfill };
}
