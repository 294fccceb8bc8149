// The payments ledger (worker/checkout/ledger/): how long after a create its payment is a ledger
// row (the create's 201, then GET /api/shops/{shop}/ledger/payments?q=<payment id> every 5 ms until
// it lists it: the outbox, the Queue, the consumer's D1 batch), and how many events a second the
// ledger takes in batches: the backfill of the shop's whole event log (each page one D1 batch,
// four statements an event, as the consumer writes a queue batch), with pages of 10 events (the
// queue's max_batch_size) and of 100.
import { performance } from "node:perf_hooks";
import { percentile } from "./stats.mjs";

async function backendJson(url, token, init = {}) {
  const response = await fetch(url, { ...init, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Creates `payments` payments one at a time; for each, the milliseconds from its 201 to its ledger row. */
async function measureLag(checkoutUrl, token, payments, run) {
  const samples = [];
  for (let i = 0; i < payments; i++) {
    const response = await fetch(`${checkoutUrl}/api/shops/demo-open/payments`, {
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
    const { paymentId } = await response.json();
    const created = performance.now();
    for (;;) {
      const list = await backendJson(
        `${checkoutUrl}/api/shops/demo-open/ledger/payments?q=${encodeURIComponent(paymentId)}`,
        token,
      );
      if (list.payments.length) break;
      if (performance.now() - created > 30_000) throw new Error(`payment ${paymentId} never reached the ledger`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    samples.push(performance.now() - created);
  }
  return { samples: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** The backfill of demo-open's whole log with pages of `page` events: events written per second. */
async function measureBackfill(checkoutUrl, token, page) {
  let after = "0";
  let pages = 0;
  let written = 0;
  const started = performance.now();
  for (;;) {
    const answer = await backendJson(
      `${checkoutUrl}/api/shops/demo-open/ledger/backfill?after=${after}&limit=${page}`,
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

export async function measureLedger({ checkoutUrl, backendToken, payments = 50 }) {
  const run = Date.now().toString(36);
  const lag = await measureLag(checkoutUrl, backendToken, payments, run);
  const batches = [];
  for (const page of [10, 100]) batches.push(await measureBackfill(checkoutUrl, backendToken, page));
  return { lag, batches };
}
