#!/usr/bin/env node
// `npm run bench`: measures the widget and the whole loop on this machine, prints a table and
// writes bench-results/latest.json (with `--docs`, also docs/bench.md). Figures are reported,
// never asserted. Starts its own sandbox and checkout Worker on free loopback ports.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { startCountingProxy } from "../test/bench/counting-proxy.mjs";
import { measureBroadcast, measureNotificationToDom, measureUpstreamPolls } from "../test/bench/live-updates.mjs";
import { measureQrPaint } from "../test/bench/qr-paint.mjs";
import { measureSizes } from "../test/bench/sizes.mjs";
import { kb, ms } from "../test/bench/stats.mjs";
import { measureCreateThroughput } from "../test/bench/throughput.mjs";
import { devVars, ensureBuilt, freePort, launchChromium, ROOT, startServers } from "./servers.mjs";

const started = Date.now();
const step = (what) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${what}`);
const POLL_WINDOW_MS = 30_000;

ensureBuilt({ log: step });
const secrets = devVars();
const publicDir = join(ROOT, "dist", "public");
const results = {
  date: new Date().toISOString(),
  machine: { cpus: availableParallelism(), model: cpus()[0]?.model ?? "unknown", node: process.version },
};

step("sizes");
results.sizes = measureSizes(publicDir);

const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-bench-"));
step("starting the sandbox and the checkout Worker (its upstream calls through a counting proxy)");
const sandboxPort = await freePort();
const proxy = await startCountingProxy(await freePort(), `http://127.0.0.1:${sandboxPort}`);
const servers = await startServers({ sandboxPort, persistDir, vars: { DEMO_MODE: "true", SANDBOX_BASE_URL: proxy.url } });
const browser = await launchChromium();
results.machine.chromium = browser.version();
const context = { browser, proxy, checkoutUrl: servers.checkoutUrl, sandboxUrl: servers.sandboxUrl, hmacKey: secrets.DEMO_HMAC_KEY };
try {
  step("element connected -> QR painted (30 runs, stubbed API)");
  results.qrPaint = await measureQrPaint(browser, publicDir, 30);
  step("notification POST -> element DOM updated (200 updates)");
  results.notificationToDom = await measureNotificationToDom({ ...context, updates: 200 });
  await browser.close();
  results.broadcast = [];
  for (const [count, rounds] of [[1, 20], [100, 10], [1000, 5]]) {
    step(`broadcast to ${count} viewer(s), ${rounds} notifications`);
    results.broadcast.push(await measureBroadcast({ ...context, count, rounds }));
  }
  results.upstreamPolls = [];
  for (const count of [1, 100]) {
    step(`upstream GETs with ${count} viewer(s), ${POLL_WINDOW_MS / 1000} s without notifications`);
    results.upstreamPolls.push(await measureUpstreamPolls({ ...context, count, windowMs: POLL_WINDOW_MS }));
  }
  step("create-payment throughput, Worker vs sandbox directly");
  const routesBefore = proxy.routes();
  results.createThroughput = await measureCreateThroughput({ ...context, apiKeyId: "demo_shop", apiKeySecret: secrets.DEMO_API_KEY_SECRET });
  const routesAfter = proxy.routes();
  results.createThroughput.upstreamCallsPerWorkerCreate = Object.fromEntries(
    Object.entries(routesAfter).map(([route, n]) => [route, Math.round(((n - (routesBefore[route] ?? 0)) / results.createThroughput.worker.total) * 100) / 100]).filter(([, n]) => n > 0),
  );
} finally {
  await browser.close().catch(() => {});
  await servers.stop();
  await proxy.close();
  rmSync(persistDir, { recursive: true, force: true });
}
results.seconds = Math.round((Date.now() - started) / 1000);

const rows = [
  ["widget.js minified / gzip -9", `${kb(results.sizes.widget.minified)} KB / ${kb(results.sizes.widget.gzip)} KB`],
  ...results.sizes.chunks.map((c) => [`${c.file} minified / gzip -9`, `${kb(c.minified)} KB / ${kb(c.gzip)} KB`]),
  ["element connected -> QR painted, median of 30 (in DOM)", `${ms(results.qrPaint.medianPaintedMs)} ms (${ms(results.qrPaint.medianInDomMs)} ms)`],
  [`notification POST -> element DOM p50 / p95 / p99 (${results.notificationToDom.samples})`, `${ms(results.notificationToDom.p50)} / ${ms(results.notificationToDom.p95)} / ${ms(results.notificationToDom.p99)} ms`],
  ...results.broadcast.map((b) => [`broadcast, ${b.viewers} viewer(s): p50 / p99 (${b.samples} deliveries)`, `${ms(b.p50)} / ${ms(b.p99)} ms`]),
  ...results.upstreamPolls.map((p) => [`upstream GETs per minute, ${p.viewers} viewer(s) (${p.gets} in ${p.windowSeconds} s)`, `${p.perMinute}`]),
  [`create payment, sandbox directly (${results.createThroughput.direct.total}, ${results.createThroughput.concurrency} in flight)`, `${results.createThroughput.direct.perSecond} /s`],
  [`create payment through the Worker (${results.createThroughput.worker.total}, ${results.createThroughput.worker.failures} failed)`, `${results.createThroughput.worker.perSecond} /s`],
  ["Worker / direct throughput ratio", `${results.createThroughput.ratio}`],
  ["upstream calls per create through the Worker", Object.entries(results.createThroughput.upstreamCallsPerWorkerCreate).map(([r, n]) => `${r}: ${n}`).join(", ")],
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`\ncrypto-checkout bench, ${results.date}, ${results.machine.cpus} CPUs (${results.machine.model}), Node ${results.machine.node}, Chromium ${results.machine.chromium}`);
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
console.log(`(${results.seconds} s)`);

mkdirSync(join(ROOT, "bench-results"), { recursive: true });
writeFileSync(join(ROOT, "bench-results", "latest.json"), `${JSON.stringify(results, null, 2)}\n`);
console.log("wrote bench-results/latest.json");
if (process.argv.includes("--docs")) {
  const { benchMarkdown } = await import("../test/bench/report.mjs");
  writeFileSync(join(ROOT, "docs", "bench.md"), benchMarkdown(results, rows));
  console.log("wrote docs/bench.md");
}
