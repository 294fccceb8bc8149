#!/usr/bin/env node
// `npm run bench`: measures the widget and the whole loop on this machine, prints a table and
// writes bench-results/latest.json (with `--docs`, also docs/bench.md). Figures are reported,
// never asserted. Starts its own sandbox and checkout Worker on free loopback ports, and receives
// the demo shops' webhooks itself (test/bench/webhook-receiver.mjs). `--only cost` measures only
// what a checkout costs: the create rates (direct, through the Worker, the bare pass-through
// bound) and the platform operations of one checkout (test/bench/checkout-cost.mjs); `--only ledger`
// only the payments ledger: its lag against the running Workers (test/bench/ledger.mjs) and, on a
// ledger of 100,000 payments of its own, the list route, the CSV export and the writes in batches
// (test/bench/ledger-scale.mjs); `--only metrics` only what the metrics cost the create path: the same
// Worker with its Analytics Engine binding and without it, in turns (test/bench/metrics-cost.mjs).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { measureCheckoutCost, measureWatchedMinute } from "../test/bench/checkout-cost.mjs";
import { startCountingProxy } from "../test/bench/counting-proxy.mjs";
import { measureBroadcast, measureNotificationToDom, measureUpstreamPolls } from "../test/bench/live-updates.mjs";
import { measureLedger } from "../test/bench/ledger.mjs";
import { measureLedgerScale } from "../test/bench/ledger-scale.mjs";
import { measureMetricsCost } from "../test/bench/metrics-cost.mjs";
import { measureQrPaint } from "../test/bench/qr-paint.mjs";
import { measureRegistry } from "../test/bench/registry.mjs";
import { measureBreakdown } from "../test/bench/size-breakdown.mjs";
import { measureSizes } from "../test/bench/sizes.mjs";
import { allowOrigin, measureTimeToQr, startShopPage, timeToQrRows } from "../test/bench/time-to-qr.mjs";
import { kb, ms } from "../test/bench/stats.mjs";
import { measureCreateThroughput } from "../test/bench/throughput.mjs";
import { measureWidgetRequests } from "../test/bench/assets.mjs";
import { startWebhookReceiver } from "../test/bench/webhook-receiver.mjs";
import { measureNotificationToWebhook, measureWebhookDelivery } from "../test/bench/webhooks.mjs";
import { launchChromium } from "./engines.mjs";
import { devVars, ensureBuilt, freePort, ROOT, shopsForOrigin, startServers, startWorker } from "./servers.mjs";

const started = Date.now();
const step = (what) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${what}`);
const POLL_WINDOW_MS = 60_000;
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
if (only !== undefined && only !== "cost" && only !== "ledger" && only !== "metrics") {
  console.error(`--only takes cost, ledger or metrics, not ${only ?? "nothing"}.`);
  process.exit(2);
}
const onlyCost = only === "cost";
const onlyLedger = only === "ledger";
const onlyMetrics = only === "metrics";
const WATCH_SECONDS = 30;
/** Payments in the ledger of the list, export and write measurements (test/bench/ledger-scale.mjs). */
const LEDGER_ROWS = 100_000;
if (only && process.argv.includes("--docs")) {
  console.error(`--docs rewrites docs/bench.md from a whole run: leave out --only ${only}, or --docs.`);
  process.exit(2);
}

ensureBuilt({ log: step });
const secrets = devVars();
const publicDir = join(ROOT, "dist", "public");
const results = {
  date: new Date().toISOString(),
  machine: { cpus: availableParallelism(), model: cpus()[0]?.model ?? "unknown", node: process.version },
};

if (!only) {
  step("sizes");
  results.sizes = measureSizes(publicDir);
  results.sizeBreakdown = {
    widget: measureBreakdown(publicDir, ["widget.js"]),
    chunks: measureBreakdown(
      publicDir,
      results.sizes.chunks.map((c) => c.file),
    ),
  };
}

const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-bench-"));
step(
  "starting the sandbox and the checkout Worker (its upstream calls through a counting proxy, its webhooks to the bench's receiver)",
);
const sandboxPort = await freePort();
const proxy = await startCountingProxy(await freePort(), `http://127.0.0.1:${sandboxPort}`);
// The demo shops' webhooks come to this process (no reference shop backend), for the whole run.
const receiver = await startWebhookReceiver({ secret: secrets.DEMO_WEBHOOK_SECRET });
if (onlyMetrics) {
  try {
    await measureMetrics();
  } finally {
    await receiver.close();
    await proxy.close();
    rmSync(persistDir, { recursive: true, force: true });
  }
  await report(metricsRows(results.metricsCost));
  process.exit(0);
}
// An integrator's page on an origin of its own, which the open demo shop allows.
const shopPage = await startShopPage({ shop: "demo-open" });
const checkoutPort = await freePort();
shopPage.checkoutUrl = `http://127.0.0.1:${checkoutPort}`;
const servers = await startServers({
  sandboxPort,
  checkoutPort,
  persistDir,
  backendPort: receiver.port,
  backend: false,
  vars: {
    DEMO_MODE: "true",
    SANDBOX_BASE_URL: proxy.url,
    MAX_VIEWERS_PER_PAYMENT: "1000",
    SHOPS: allowOrigin(
      shopsForOrigin(shopPage.checkoutUrl, `http://127.0.0.1:${receiver.port}`),
      "demo-open",
      shopPage.url,
    ),
  },
});
// The ledger's figures need no browser.
const browser = onlyLedger ? undefined : await launchChromium();
results.machine.chromium = browser?.version();
const context = {
  browser,
  proxy,
  receiver,
  checkoutUrl: servers.checkoutUrl,
  sandboxUrl: servers.sandboxUrl,
  hmacKey: secrets.DEMO_HMAC_KEY,
};
try {
  if (!only) await measureLoop();
  if (!onlyLedger) await measureCreates();
  if (!onlyCost) await measureAfterCreates();
} finally {
  await browser?.close().catch(() => {});
  await servers.stop();
}
try {
  if (!onlyCost) {
    step(
      `payments ledger of ${LEDGER_ROWS.toLocaleString("en")} payments (test/bench/ledger-scale.mjs): list route, CSV export, writes in batches`,
    );
    results.ledgerScale = await measureLedgerScale({
      persistDir: join(persistDir, "ledger"),
      backendToken: secrets.DEMO_BACKEND_TOKEN,
      rows: LEDGER_ROWS,
      log: step,
    });
  }
  if (!onlyLedger) await measureCost();
  if (!onlyLedger) await measureMetrics();
} finally {
  await receiver.close();
  await shopPage.close();
  await proxy.close();
  rmSync(persistDir, { recursive: true, force: true });
}

async function measureCreates() {
  step("bare pass-through Worker (the bound of the create path), under wrangler dev");
  const bound = await startWorker({
    name: "pass-through Worker",
    config: "test/bench/pass-through.toml",
    port: await freePort(),
    persistDir: join(persistDir, "pass-through"),
    vars: { UPSTREAM: proxy.url },
  });
  try {
    step("create-payment throughput: sandbox directly, through the Worker, through the pass-through (in turns)");
    results.createThroughput = await measureCreateThroughput({
      ...context,
      boundUrl: bound.url,
      apiKeyId: "demo_shop",
      apiKeySecret: secrets.DEMO_API_KEY_SECRET,
    });
  } finally {
    await bound.stop();
  }
}

async function measureCost() {
  step("the counted checkout Worker (test/bench/counted-worker.mjs): one checkout, creation to confirmation");
  const countedProxyPort = await freePort();
  const countedSandboxPort = await freePort();
  const countedProxy = await startCountingProxy(countedProxyPort, `http://127.0.0.1:${countedSandboxPort}`);
  const counted = await startServers({
    main: "test/bench/counted-worker.mjs",
    sandboxPort: countedSandboxPort,
    persistDir: join(persistDir, "counted"),
    backendPort: receiver.port,
    backend: false,
    vars: { DEMO_MODE: "true", SANDBOX_BASE_URL: countedProxy.url },
  });
  try {
    const countedContext = {
      ...context,
      proxy: countedProxy,
      checkoutUrl: counted.checkoutUrl,
      sandboxUrl: counted.sandboxUrl,
    };
    // The first checkout warms the isolate (the shop registry's cache, the currency list); the second is the one counted.
    results.checkoutCostCold = await measureCheckoutCost(countedContext);
    results.checkoutCost = await measureCheckoutCost(countedContext);
    step(`a payment watched by one viewer for ${WATCH_SECONDS} s with nothing happening`);
    results.watched = await measureWatchedMinute(countedContext, WATCH_SECONDS);
  } finally {
    await counted.stop();
    await countedProxy.close();
  }
}

async function measureMetrics() {
  step("create path with the metrics on and off (test/bench/metrics-switch-worker.mjs), in turns");
  const run = await startServers({
    main: "test/bench/metrics-switch-worker.mjs",
    sandboxPort: await freePort(),
    persistDir: join(persistDir, "metrics"),
    backendPort: receiver.port,
    backend: false,
    vars: { DEMO_MODE: "true" },
  });
  try {
    results.metricsCost = await measureMetricsCost({ checkoutUrl: run.checkoutUrl });
  } finally {
    await run.stop();
  }
}

async function measureLoop() {
  step("element connected -> QR painted (30 runs, stubbed API)");
  results.qrPaint = await measureQrPaint(browser, publicDir, 30);
  step("time to QR: shop page on another origin -> QR painted, new order per run (3 warm-up runs, 20 measured)");
  results.timeToQr = await measureTimeToQr({ browser, pageUrl: shopPage.url, shop: "demo-open", runs: 20, warmup: 3 });
  step("notification POST -> element DOM updated (200 updates)");
  results.notificationToDom = await measureNotificationToDom({ ...context, updates: 200 });
  await browser.close();
  results.broadcast = [];
  for (const [count, rounds] of [
    [1, 20],
    [100, 10],
    [1000, 5],
  ]) {
    step(`broadcast to ${count} viewer(s), ${rounds} notifications`);
    results.broadcast.push(await measureBroadcast({ ...context, count, rounds }));
  }
  results.upstreamPolls = [];
  for (const count of [1, 100]) {
    step(`upstream GETs with ${count} viewer(s), ${POLL_WINDOW_MS / 1000} s without notifications`);
    results.upstreamPolls.push(await measureUpstreamPolls({ ...context, count, windowMs: POLL_WINDOW_MS }));
  }
  step("widget.js requests per second (2000, 100 in flight, through the asset layer)");
  results.widgetRequests = await measureWidgetRequests({
    checkoutUrl: servers.checkoutUrl,
    total: 2000,
    concurrency: 100,
  });
}

async function measureAfterCreates() {
  if (!onlyLedger) await measureWebhooks();
  step("payments ledger: event recorded -> ledger row at that version (20 payments x 3 changes), backfill of the log");
  results.ledger = await measureLedger({
    checkoutUrl: servers.checkoutUrl,
    sandboxUrl: servers.sandboxUrl,
    backendToken: secrets.DEMO_BACKEND_TOKEN,
    payments: 20,
  });
  if (onlyLedger) return;
  step("shop registry: 1000 shops registered, settings request with a warm cache and in a restarted Worker");
  results.registry = await measureRegistry({
    servers,
    adminToken: secrets.ADMIN_TOKEN,
    apiKeySecret: secrets.DEMO_API_KEY_SECRET,
    shops: 1000,
  });
}

async function measureWebhooks() {
  step("upstream notification -> shop backend received webhook (4 payments x 55 changes, one at a time)");
  results.notificationToWebhook = await measureNotificationToWebhook({ ...context, payments: 4, perPayment: 55 });
  step("1000 notifications, receiver failing 30 % of first attempts (10 in flight; drain wait at most 120 s)");
  results.webhookDelivery = await measureWebhookDelivery({
    ...context,
    total: 1000,
    payments: 10,
    failRate: 0.3,
    drainTimeoutMs: 120_000,
  });
}

const rows = [
  ...(only ? [] : loopRows()),
  ...(onlyLedger ? [] : createRows(results.createThroughput)),
  ...(onlyLedger ? [] : costRows(results.checkoutCost, results.watched)),
  ...(onlyLedger ? [] : metricsRows(results.metricsCost)),
  ...(only ? [] : webhookRows(results.notificationToWebhook, results.webhookDelivery)),
  ...(onlyCost ? [] : ledgerRows(results.ledger, results.ledgerScale)),
  ...(only ? [] : registryRows(results.registry)),
];
function loopRows() {
  return [
    ["widget.js minified / gzip -9", `${kb(results.sizes.widget.minified)} KB / ${kb(results.sizes.widget.gzip)} KB`],
    ...results.sizeBreakdown.widget.groups
      .filter((g) => g.minified > 0)
      .map((g) => [`widget.js: ${g.group} minified / share of gzip`, `${kb(g.minified)} KB / ${kb(g.gzip)} KB`]),
    [
      `${results.sizes.chunks.length} language chunks in all, minified / gzip -9`,
      `${kb(results.sizeBreakdown.chunks.total.minified)} KB / ${kb(results.sizeBreakdown.chunks.total.gzip)} KB`,
    ],
    chunksRow(results.sizes.chunks),
    [
      "element connected -> QR painted, median of 30 (in DOM)",
      `${ms(results.qrPaint.medianPaintedMs)} ms (${ms(results.qrPaint.medianInDomMs)} ms)`,
    ],
    ...timeToQrRows(results.timeToQr),
    [
      `notification POST -> element DOM p50 / p95 / p99 (${results.notificationToDom.samples})`,
      `${ms(results.notificationToDom.p50)} / ${ms(results.notificationToDom.p95)} / ${ms(results.notificationToDom.p99)} ms`,
    ],
    ...results.broadcast.map((b) => [
      `broadcast, ${b.viewers} viewer(s): p50 / p99 (${b.samples} deliveries)`,
      `${ms(b.p50)} / ${ms(b.p99)} ms`,
    ]),
    ...results.upstreamPolls.map((p) => [
      `upstream polls per minute, ${p.viewers} viewer(s) (GETs incl. retries: ${p.gets} in ${p.windowSeconds} s)`,
      `${p.pollsPerMinute} (${p.perMinute})`,
    ]),
    [
      `widget.js requests per second (${results.widgetRequests.total}, ${results.widgetRequests.concurrency} in flight, ${results.widgetRequests.failures} failed${results.widgetRequests.workerRan ? ", through the Worker" : ""})`,
      `${results.widgetRequests.perSecond} /s`,
    ],
  ];
}
function createRows(t) {
  return [
    [
      `create payment: sandbox directly / through the Worker / bare pass-through Worker (${t.direct.total} each in blocks of ${t.block}, ${t.concurrency} in flight; failed: ${t.direct.failures} / ${t.worker.failures} / ${t.bound.failures})`,
      `${t.direct.perSecond} / ${t.worker.perSecond} / ${t.bound.perSecond} /s`,
    ],
    [
      "create ratios: Worker / direct, bound / direct, Worker / bound",
      `${t.ratio}, ${t.boundRatio}, ${t.workerOverBound}`,
    ],
  ];
}
/** One checkout's platform operations (checkout-cost.mjs), then what a minute of watching adds. */
function costRows(cost, watched) {
  const b = cost.billed;
  const list = (counts) =>
    Object.entries(counts)
      .map(([key, n]) => `${key}: ${n}`)
      .join(", ");
  return [
    [
      "one checkout (settings, create, stream, UNCONFIRMED, CONFIRMED, webhooks): Worker requests / Durable Object requests (+ WebSocket messages)",
      `${b.workerRequests} / ${b.durableObjectRequests} (+ ${b.webSocketMessages})`,
    ],
    [
      "one checkout: storage rows written / read, queue messages, D1 queries, upstream calls",
      `${b.storageRowsWritten} / ${b.storageRowsRead}, ${b.queueMessages}, ${b.d1Queries}, ${b.upstreamCalls}`,
    ],
    ["one checkout: upstream calls by route", list(cost.upstream)],
    [
      "one checkout: every count",
      list(
        Object.fromEntries(Object.entries(cost.counts).filter(([key]) => !key.startsWith("storage rows written by"))),
      ),
    ],
    [
      "one checkout: storage rows written by statement",
      list(
        Object.fromEntries(
          Object.entries(cost.counts)
            .filter(([key]) => key.startsWith("storage rows written by: "))
            .map(([key, n]) => [key.slice("storage rows written by: ".length), n]),
        ),
      ),
    ],
    [
      `each minute one viewer watches a payment without changes (${watched.seconds} s measured): Worker / DO requests, rows written, upstream calls`,
      `${watched.perMinute.workerRequests} / ${watched.perMinute.durableObjectRequests}, ${watched.perMinute.storageRowsWritten}, ${watched.perMinute.upstreamCalls}`,
    ],
  ];
}
function ledgerRows(r, scale) {
  const lag = r.lag;
  const step = (name) => `${ms(lag.steps[name].p50)} / ${ms(lag.steps[name].p95)}`;
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
  return [
    [
      `ledger lag, event recorded -> ledger lists the payment at that version: p50 / p95 (${lag.samples} events of ${lag.payments} payments: created, paid, confirmed through the sandbox; max ${ms(lag.max)} ms${lag.skipped ? `, ${lag.skipped} versions passed between polls` : ""})`,
      `${ms(lag.p50)} / ${ms(lag.p95)} ms`,
    ],
    [
      "ledger lag by event: created / paid (UNCONFIRMED) / confirmed, p50 / p95",
      `${step("created")}, ${step("unconfirmed")}, ${step("confirmed")} ms`,
    ],
    [
      `ledger backfill of the shop's event log, pages of ${r.backfill.page} events (${r.backfill.written} events, ${r.backfill.pages} pages)`,
      `${r.backfill.perSecond} events/s`,
    ],
    ...scale.list.queries.map((q) => [
      `ledger list, ${scale.rows.toLocaleString("en")} payments of one shop: ${q.name}, p50 / p95 (${q.samples} requests; goal p95 <= 50 ms), its D1 call in the Worker (median)`,
      `${ms(q.p50)} / ${ms(q.p95)} ms, ${q.d1Ms} ms`,
    ]),
    [
      `ledger list's floor: the same route refused at its token check (no D1), p50 / p95 (${scale.list.floor.samples} requests)`,
      `${ms(scale.list.floor.p50)} / ${ms(scale.list.floor.p95)} ms`,
    ],
    [
      `ledger CSV export of ${scale.csv.rows.toLocaleString("en")} rows: total (first byte), size`,
      `${scale.csv.seconds} s (${ms(scale.csv.firstByteMs)} ms), ${mb(scale.csv.bytes)} MB`,
    ],
    [
      "ledger CSV export: workerd RSS before -> peak while streaming, first export / the same again (VmHWM after the second)",
      `${scale.csv.rssBeforeMb} -> ${scale.csv.rssPeakMb} MB / ${scale.csv.again.rssBeforeMb} -> ${scale.csv.again.rssPeakMb} MB (${scale.csv.again.hwmAfterMb} MB)`,
    ],
    [
      `ledger writes through the queue consumer's path, batches of 10 events, one D1 batch each (${scale.writes.batches} batches on ${scale.rows.toLocaleString("en")} rows; ${scale.writes.failures} failed): events (payment rows upserted) / batches per second`,
      `${scale.writes.eventsPerSecond} / ${scale.writes.batchesPerSecond} /s (${scale.writes.batchMsInWorker} ms a batch in the Worker)`,
    ],
  ];
}
function metricsRows(m) {
  return [
    [
      `creates per second through the Worker, metrics on / off (${m.on.total} each, ${m.concurrency} in flight, in turns; failed ${m.on.failures} / ${m.off.failures})`,
      `${m.on.perSecond} / ${m.off.perSecond} /s (ratio ${m.ratio})`,
    ],
  ];
}
function registryRows(r) {
  return [
    [
      `shop registry: ${r.shops} shops registered through the admin API (${r.registered.failures} failed)`,
      `${r.registered.perSecond} /s`,
    ],
    [
      `shop settings, registry shop, warm cache: p50 / p99 (${r.warm.samples} requests over ${r.shops} shops)`,
      `${ms(r.warm.p50)} / ${ms(r.warm.p99)} ms`,
    ],
    [
      `shop settings, SHOPS var shop, same isolate: p50 / p99 (${r.configWarm.samples} requests)`,
      `${ms(r.configWarm.p50)} / ${ms(r.configWarm.p99)} ms`,
    ],
    [
      `shop settings, registry shop, cold isolate (first request of each of ${r.cold.samples} shops): p50 / p99`,
      `${ms(r.cold.p50)} / ${ms(r.cold.p99)} ms`,
    ],
  ];
}
/** The language chunks in one row, smallest and largest (each one is in bench-results/latest.json). */
function chunksRow(chunks) {
  const spread = (key) => `${kb(Math.min(...chunks.map((c) => c[key])))}–${kb(Math.max(...chunks.map((c) => c[key])))}`;
  return [
    `${chunks.length} language chunks, each minified / gzip -9 (smallest–largest)`,
    `${spread("minified")} KB / ${spread("gzip")} KB`,
  ];
}
function webhookRows(latency, delivery) {
  const d = delivery;
  const of = `${d.total} events, ${Math.round(d.failRate * 100)} % of first attempts failed`;
  return [
    [
      `notification POST -> shop backend received p50 / p95 / p99 (${latency.samples} events)`,
      `${ms(latency.p50)} / ${ms(latency.p95)} / ${ms(latency.p99)} ms`,
    ],
    [
      "notification POST -> shop backend received min / max, signatures refused",
      `${ms(latency.min)} / ${ms(latency.max)} ms, ${latency.signatureRefused}`,
    ],
    [`${of}: POSTed / accepted / outcome "apply"`, `${d.posted} / ${d.accepted} / ${d.outcomes.apply ?? 0}`],
    [`${of}: delivered / lost (${d.drainTimeoutSeconds} s wait)`, `${d.delivered} / ${d.lost}`],
    [`${of}: duplicates after dedupe (raw repeats)`, `${d.duplicates} (${d.rawRepeats})`],
    [
      `${of}: first attempts failed / retried, signatures refused`,
      `${d.injected} (${Math.round((d.injected / Math.max(1, d.firstAttempts)) * 1000) / 10} %) / ${d.retriedDeliveries}, ${d.signatureRefused}`,
    ],
    [`${of}: first POST -> last delivered (POSTs took)`, `${d.drainSeconds} s (${d.postSeconds} s)`],
  ];
}

await report(rows);

/** Prints the rows and writes bench-results/latest.json (and docs/bench.md with --docs). */
async function report(rows) {
  results.seconds = Math.round((Date.now() - started) / 1000);
  // The host is shared: how busy it was over the last minute of the run, beside the figures.
  results.machine.loadAverage = Math.round(loadavg()[0] * 10) / 10;
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(
    `\ncrypto-checkout bench, ${results.date}, ${results.machine.cpus} CPUs (${results.machine.model}), Node ${results.machine.node}${results.machine.chromium ? `, Chromium ${results.machine.chromium}` : ""}`,
  );
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  console.log(`(${results.seconds} s; load average ${results.machine.loadAverage} over the last minute)`);

  mkdirSync(join(ROOT, "bench-results"), { recursive: true });
  writeFileSync(join(ROOT, "bench-results", "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote bench-results/latest.json");
  if (process.argv.includes("--docs")) {
    const { benchMarkdown } = await import("../test/bench/report.mjs");
    writeFileSync(join(ROOT, "docs", "bench.md"), benchMarkdown(results, rows));
    console.log("wrote docs/bench.md");
  }
}
