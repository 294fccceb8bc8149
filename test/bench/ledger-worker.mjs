// The checkout Worker with two bench-only routes beside the product's, for `npm run bench` only:
// `wrangler dev test/bench/ledger-worker.mjs -c wrangler.toml` runs it with the production
// configuration (a deployment builds worker/checkout/index.ts, which knows nothing of this file).
// - POST /__bench/ledger/write?run=&from=&batches=: `batches` queue batches of 10 payment events,
//   one after another, each handed to the queue consumer's ledger step as the consumer hands it a
//   queue batch (ledger/record-batch.ts recordBatch: the events' statements and one pruning step
//   of the retention, one D1 batch). Batch j holds payments 5j..5j+4 at version 1 (NEW, a new
//   row each) and payments 5j-5..5j-1 at version 2 (CONFIRMED with a transaction: the row of the
//   batch before moves on), so half the events insert and half update, as a busy shop's do.
//   Answers the events written, the batches, how many failed and the milliseconds they took.
// - POST /__bench/ledger/plan {filter, cursor?, limit}: EXPLAIN QUERY PLAN of the list route's SQL
//   (ledger/ledger-query.ts pageQuery) for demo-open, as SQLite plans it on this ledger, and the
//   median time of that query's D1 call from the Worker.
// Everything else is the product's, unchanged.
import checkout from "../../worker/checkout/index.ts";
import { paymentEvent } from "../../worker/checkout/events/build.ts";
import { decodeCursor, pageQuery } from "../../worker/checkout/ledger/ledger-query.ts";
import { recordBatch } from "../../worker/checkout/ledger/record-batch.ts";
import { toView } from "../../worker/checkout/payments/view.ts";

export {
  DeskSessionObject,
  LinksObject,
  OrderObject,
  PaymentObject,
  RefundsObject,
  ShopEventsObject,
} from "../../worker/checkout/index.ts";

const SHOP = "demo-open";
const EVENTS_PER_BATCH = 10;

/** Payment `index` of the run as the upstream sends it: NEW, or (version 2) CONFIRMED by one transaction. */
function upstreamPayment(run, index, confirmed, at) {
  const paymentId = `pay_bench_${run}_${index}`;
  const address = `tb1qbench${run}${String(index).padStart(24, "0")}`.slice(0, 42);
  const paid = confirmed ? "0.00041667" : "0";
  return {
    paymentId,
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferAmount: "0.00041667",
    transferCurrency: "BTC",
    address,
    status: confirmed ? "CONFIRMED" : "NEW",
    paymentUri: `bitcoin:${address}?amount=0.00041667`,
    expirationTime: new Date(at.getTime() + 15 * 60_000).toISOString(),
    paymentPageUrl: `https://sandbox.example/pay/${paymentId}`,
    paidPriceAmount: confirmed ? "25.00" : "0",
    pendingPaidPriceAmount: "0",
    acceptedPaidPriceAmount: confirmed ? "25.00" : "0",
    paidTransferAmount: paid,
    pendingPaidTransferAmount: "0",
    acceptedPaidTransferAmount: paid,
    exchangeRate: "60000",
    externalPaymentId: `bench-${run}-${index}`,
    transactions: confirmed
      ? [
          {
            transactionId: `tx_bench_${run}_${index}`,
            state: "ACCEPTED",
            paidTransferAmount: paid,
            priceAmount: "25.00",
            exchangeRate: "60000",
            observedTime: at.toISOString(),
            acceptedTime: at.toISOString(),
          },
        ]
      : [],
    redirectUrls: { confirmed: "https://shop.example/thanks" },
  };
}

/** The event of payment `index` at `version` (1: created, 2: confirmed), as a queue message. */
function message(run, index, version, at) {
  const view = toView(upstreamPayment(run, index, version === 2, at), version, at);
  const previous = version === 2 ? { status: "NEW", pendingPaidPriceAmount: "0" } : undefined;
  const event = paymentEvent({ shop: SHOP, orderId: `bench-${run}-${index}`, previous, view });
  return {
    id: event.id,
    timestamp: at,
    body: { shop: SHOP, event },
    attempts: 1,
    ack() {},
    retry() {},
  };
}

/** Queue batch `j` of the run: five new payments and the five of the batch before, confirmed. */
function queueBatch(run, j) {
  const at = new Date();
  const half = EVENTS_PER_BATCH / 2;
  return Array.from({ length: EVENTS_PER_BATCH }, (_, k) =>
    k < half ? message(run, half * j + k, 1, at) : message(run, half * (j - 1) + k - half, 2, at),
  );
}

async function writeBatches(env, url) {
  const run = url.searchParams.get("run") ?? "r";
  const from = Number(url.searchParams.get("from") ?? "0");
  const batches = Number(url.searchParams.get("batches") ?? "1");
  let failures = 0;
  const started = Date.now();
  for (let j = from; j < from + batches; j++) {
    const messages = queueBatch(run, j);
    const settled = await recordBatch(env, messages);
    // recordBatch answers the same messages when the write succeeded, ones with a retry for an ack when it failed.
    if (settled[0] !== messages[0]) failures += 1;
  }
  return { events: batches * EVENTS_PER_BATCH, batches, failures, ms: Date.now() - started };
}

/** The route's SQL for a filter: SQLite's plan of it, and the median milliseconds of `runs` runs from this Worker (its D1 call alone). */
async function plan(env, request) {
  const { filter = {}, cursor, limit = 50, runs = 21 } = await request.json();
  const { sql, params } = pageQuery(SHOP, filter, cursor ? decodeCursor(cursor) : undefined, limit);
  const { results } = await env.LEDGER.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all();
  const times = [];
  for (let i = 0; i < runs; i++) {
    // The clock of a Worker moves on at I/O: the D1 call's start and end are both read after one.
    const started = Date.now();
    await env.LEDGER.prepare(sql)
      .bind(...params)
      .all();
    times.push(Date.now() - started);
  }
  times.sort((a, b) => a - b);
  return { plan: results.map((row) => row.detail), d1Ms: times[Math.floor(runs / 2)] };
}

export default {
  ...checkout,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/__bench/ledger/write")
      return Response.json(await writeBatches(env, url));
    if (request.method === "POST" && url.pathname === "/__bench/ledger/plan")
      return Response.json(await plan(env, request));
    return checkout.fetch(request, env, ctx);
  },
};
