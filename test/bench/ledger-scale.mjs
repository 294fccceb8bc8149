// The payments ledger of one busy shop: 100,000 payments of demo-open in a local D1 of the
// bench's own (ledger-seed.mjs), served by the checkout Worker under `wrangler dev` (its ledger
// build, ledger-worker.mjs: the product's routes and two bench-only ones). Measured from this
// process, one request at a time:
// - the backend API's list route (GET /api/shops/demo-open/ledger/payments): the first page, a page
//   half-way down through a cursor, a status filter and an order-id prefix search, p50 / p95 each,
//   with SQLite's plan of each query (EXPLAIN QUERY PLAN of the route's own SQL);
// - the CSV export of all of them (GET .../ledger/payments.csv), twice: total time, bytes, rows,
//   and the workerd process's memory (VmRSS from /proc/<pid>/status every 20 ms and at every chunk
//   while it streams, VmHWM before and after);
// - ledger writes through the queue consumer's write path (ledger/record-batch.ts): batches of 10
//   events, each one D1 batch, on top of the 100,000 rows.
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { applyMigrations, freePort, startWorker } from "../../scripts/servers.mjs";
import { SEED_SHOP, SEED_SPACING_MS, seedLedger } from "./ledger-seed.mjs";
import { percentile } from "./stats.mjs";

const round1 = (n) => Math.round(n * 10) / 10;

/** The workerd processes in a process group (wrangler dev runs its runtime as a child in its group). */
function workerdPids(group) {
  const pids = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const [, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (comm === "workerd" && Number(pgrp) === group) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

/** VmRSS and VmHWM (peak RSS) of a process, in MB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (key) => round1(Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb("VmRSS"), hwm: mb("VmHWM") };
}

async function timed(url, token) {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** The list queries measured: what each asks, its query string and the filter the plan is asked for. */
function listCases(rows, deepCursor) {
  return [
    { name: "first page", query: "", filter: {} },
    {
      name: `page ${Math.round(rows / 2).toLocaleString("en")} rows deep (cursor)`,
      query: `?cursor=${deepCursor}`,
      filter: {},
      cursor: deepCursor,
    },
    { name: "status filter (INVALID, 2 % of rows)", query: "?status=INVALID", filter: { statuses: ["INVALID"] } },
    { name: "search, order id prefix (10 matches)", query: "?q=order-04213", filter: { q: "order-04213" } },
  ];
}

async function samplesOf(runs, warmup, request) {
  const samples = [];
  for (let i = 0; i < warmup + runs; i++) {
    const ms = await request();
    if (i >= warmup) samples.push(ms);
  }
  return { samples: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function measureList(url, token, newest, rows, runs, warmup) {
  // A real cursor half-way down: the page that ends at the row created `rows / 2` spacings ago.
  const middle = new Date(newest - Math.round(rows / 2) * SEED_SPACING_MS + 1).toISOString();
  const { body } = await timed(`${url}/api/shops/${SEED_SHOP}/ledger/payments?to=${middle}&limit=1`, token);
  if (!body.next) throw new Error("the seeded ledger answered no cursor half-way down");
  const list = `${url}/api/shops/${SEED_SHOP}/ledger/payments`;
  // The floor: the same route refused at its token check (routing and the check, no D1), as loaded as the rest.
  const floor = await samplesOf(runs, warmup, async () => {
    const started = performance.now();
    const response = await fetch(list, { headers: { authorization: "Bearer not-the-token" } });
    await response.arrayBuffer();
    if (response.status !== 401) throw new Error(`a wrong token answered ${response.status}`);
    return performance.now() - started;
  });
  const queries = [];
  for (const c of listCases(rows, body.next)) {
    let listed = 0;
    const timing = await samplesOf(runs, warmup, async () => {
      const { ms, body: page } = await timed(`${list}${c.query}`, token);
      listed = page.payments.length;
      return ms;
    });
    const { plan, d1Ms } = await fetch(`${url}/__bench/ledger/plan`, {
      method: "POST",
      body: JSON.stringify({ filter: c.filter, cursor: c.cursor, limit: 50 }),
    }).then((r) => r.json());
    queries.push({ name: c.name, query: c.query, listed, ...timing, d1Ms, plan });
  }
  return { floor, queries };
}

async function measureExport(url, token, pid) {
  const before = memory(pid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memory(pid).rss);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let firstByteMs;
  try {
    const response = await fetch(`${url}/api/shops/${SEED_SHOP}/ledger/payments.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok || !response.body) throw new Error(`CSV export: HTTP ${response.status} ${await response.text()}`);
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
      peak = Math.max(peak, memory(pid).rss);
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = memory(pid);
  return {
    rows: lines - 1,
    bytes,
    seconds: Math.round(seconds * 100) / 100,
    firstByteMs: round1(firstByteMs ?? 0),
    rssBeforeMb: before.rss,
    rssPeakMb: round1(Math.max(peak, after.rss)),
    rssAfterMb: after.rss,
    hwmBeforeMb: before.hwm,
    hwmAfterMb: after.hwm,
  };
}

async function measureWrites(url, requests, batchesPerRequest) {
  const run = Date.now().toString(36);
  const write = async (from, batches) => {
    const response = await fetch(`${url}/__bench/ledger/write?run=${run}&from=${from}&batches=${batches}`, {
      method: "POST",
    });
    if (!response.ok) throw new Error(`ledger write: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
  await write(0, batchesPerRequest); // warm-up, not counted
  let events = 0;
  let batches = 0;
  let failures = 0;
  let workerMs = 0;
  const started = performance.now();
  for (let r = 1; r <= requests; r++) {
    const answer = await write(r * batchesPerRequest, batchesPerRequest);
    events += answer.events;
    batches += answer.batches;
    failures += answer.failures;
    workerMs += answer.ms;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    events,
    batches,
    failures,
    seconds: Math.round(seconds * 100) / 100,
    eventsPerSecond: Math.round(events / seconds),
    batchesPerSecond: Math.round(batches / seconds),
    batchMsInWorker: Math.round((workerMs / batches) * 100) / 100,
  };
}

/**
 * Seeds `rows` payments into a ledger under `persistDir`, starts the checkout Worker's ledger build
 * on it, measures the list route, the export and the writes, and stops it.
 */
export async function measureLedgerScale({ persistDir, backendToken, rows = 100_000, log = () => {} }) {
  log(`ledger at scale: migrations and ${rows.toLocaleString("en")} seeded payments (wrangler d1 execute --file)`);
  await applyMigrations(persistDir);
  const seed = await seedLedger(persistDir, rows);
  const worker = await startWorker({
    name: "checkout Worker (ledger build)",
    config: "wrangler.toml",
    main: "test/bench/ledger-worker.mjs",
    port: await freePort(),
    persistDir,
    readyPath: "/widget.js",
  });
  try {
    const [pid] = workerdPids(worker.processGroup);
    if (!pid) throw new Error("no workerd process in the ledger Worker's process group");
    log("ledger at scale: list route, a refused request and 4 queries, each 5 warm-up + 60 measured");
    const list = await measureList(worker.url, backendToken, seed.newest, rows, 60, 5);
    log("ledger at scale: CSV export of every row, twice, workerd's memory sampled");
    // Twice: the first also fills SQLite's page cache with the whole table (in the same process);
    // a stream that held the file would grow by its size again the second time.
    const csv = await measureExport(worker.url, backendToken, pid);
    csv.again = await measureExport(worker.url, backendToken, pid);
    log("ledger at scale: writes through the queue consumer's path, 500 batches of 10 events");
    const writes = await measureWrites(worker.url, 20, 25);
    return { rows, seedSeconds: seed.seconds, list, csv, writes };
  } finally {
    await worker.stop();
  }
}
