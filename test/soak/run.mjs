// One soak run: starts the sandbox and the checkout Worker for real (scripts/servers.mjs, state
// in a temporary folder), the webhook receiver and the upstream proxy, drives the customers while
// the faults overlap, lets the system settle with every fault undone, reads everything back and
// checks the proofs (verify.mjs). Returns the result; scripts/soak.mjs prints and writes it.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { devVars, ensureBuilt, freePort, startServers } from "../../scripts/servers.mjs";
import { mulberry32 } from "../bench/webhook-receiver.mjs";
import { percentile } from "../bench/stats.mjs";
import { runCustomer, sandboxControl } from "./customers.mjs";
import { faultPlan, runFaults } from "./faults.mjs";
import { startReceiver } from "./receiver.mjs";
import { folderSize, groupRss } from "./resources.mjs";
import { streamWatchers } from "./streams.mjs";
import { startUpstreamProxy } from "./upstream-faults.mjs";
import { prove, settled } from "./verify.mjs";

/**
 * Webhook retries in the soak (seconds): 14 retries over about 4.4 minutes, longer than the
 * endpoint's two-minute outage, so that every event is still retried within the run.
 */
export const SOAK_RETRY_SCHEDULE = "1,2,3,5,8,13,20,30,30,30,30,30,30,30";

/**
 * Sizes. `drainSeconds`: how long the system may take to settle once the faults are undone; a
 * local Queue's consumer takes one batch at a time, so a long run's backlog of webhooks takes minutes.
 */
export const FULL = { payments: 2000, seconds: 600, drainSeconds: 900, createDeadlineSeconds: 120, maxInFlight: 200 };
export const SHORT = { payments: 60, seconds: 60, drainSeconds: 90, createDeadlineSeconds: 45, maxInFlight: 80 };

const SAMPLE_MS = 5000;
const QUIET_MS = 6000;
const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const stat = (values) =>
  values.length
    ? {
        n: values.length,
        p50: percentile(values, 50),
        p95: percentile(values, 95),
        p99: percentile(values, 99),
        max: Math.max(...values),
      }
    : { n: 0 };

/** Ports: `base` .. `base + 4` (checkout, sandbox, receiver, upstream proxy, inspector), or free ones. */
async function ports(base) {
  if (base) return { checkout: base, sandbox: base + 1, receiver: base + 2, proxy: base + 3, inspector: base + 4 };
  return {
    checkout: await freePort(),
    sandbox: await freePort(),
    receiver: await freePort(),
    proxy: await freePort(),
    inspector: await freePort(),
  };
}

/**
 * Runs the soak. `options`: { payments, seconds, drainSeconds, createDeadlineSeconds, maxInFlight, seed,
 * portBase, keep (leave the state folder), log(line) }.
 */
export async function runSoak(options) {
  const log = options.log ?? console.log;
  const seed = options.seed ?? 20261125;
  const started = Date.now();
  ensureBuilt({ log });
  const secrets = devVars();
  const port = await ports(options.portBase);
  const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-soak-"));
  const sandboxUrl = `http://127.0.0.1:${port.sandbox}`;
  const receiver = await startReceiver({ port: port.receiver, secret: secrets.DEMO_WEBHOOK_SECRET });
  const proxy = await startUpstreamProxy({ port: port.proxy, target: sandboxUrl, random: mulberry32(seed + 1) });
  log(`state in ${persistDir}; starting the sandbox and the checkout Worker...`);
  const servers = await startServers({
    checkoutPort: port.checkout,
    sandboxPort: port.sandbox,
    backendPort: port.receiver,
    backend: false,
    inspectorPort: port.inspector,
    persistDir,
    vars: { SANDBOX_BASE_URL: proxy.url, WEBHOOK_RETRY_SCHEDULE: SOAK_RETRY_SCHEDULE, WEBHOOK_LEASE_SECONDS: "5" },
    // A payment left open must not expire upstream (15 minutes by default) while the soak reads
    // back: its truth would change under the proofs.
    sandboxVars: { PAYMENT_EXPIRY_SECONDS: "7200" },
    // A restart meets every waiting customer at once: on a busy machine it answers late.
    timeoutMs: 300_000,
  });
  const sandbox = sandboxControl(sandboxUrl);
  const watchers = streamWatchers({ checkoutUrl: servers.checkoutUrl, random: mulberry32(seed + 2) });
  const shops = [
    { shop: "demo-open", token: secrets.DEMO_BACKEND_TOKEN },
    { shop: "demo-signed", token: secrets.DEMO_SIGNED_BACKEND_TOKEN },
  ];

  // Memory: the sandbox's workerd lives the whole run; the checkout Worker's, from (re)start to kill.
  const memory = { samples: [], checkoutLives: [] };
  const sample = () => {
    const groups = servers.processGroups();
    const point = {
      t: Date.now() - started,
      checkoutKb: groupRss(groups.checkout).workerdKb,
      sandboxKb: groupRss(groups.sandbox).workerdKb,
    };
    memory.samples.push(point);
    const life = memory.checkoutLives.at(-1);
    if (life && !life.ended && point.checkoutKb > 0) {
      life.lastKb = point.checkoutKb;
      life.maxKb = Math.max(life.maxKb, point.checkoutKb);
    }
    return point;
  };
  const newLife = () => {
    const kb = groupRss(servers.processGroups().checkout).workerdKb;
    memory.checkoutLives.push({ startKb: kb, lastKb: kb, maxKb: kb, startedAt: Date.now() - started });
  };
  newLife();
  const storageBefore = {
    checkout: folderSize(join(persistDir, "checkout")),
    sandbox: folderSize(join(persistDir, "sandbox")),
  };
  const rssBefore = sample();

  const orders = [];
  const refunds = [];
  // A refund's approvals are sent again after the Worker's next kill: waiters of the next restart.
  let restartWaiters = [];
  let killsOver = false;
  const wakeRestartWaiters = (restarted) => {
    for (const wake of restartWaiters) wake(restarted);
    restartWaiters = [];
  };
  const ctx = {
    checkoutUrl: servers.checkoutUrl,
    sandbox,
    watchers,
    random: mulberry32(seed + 3),
    runId: `${seed}-${started.toString(36)}`,
    secrets,
    createDeadlineMs: options.createDeadlineSeconds * 1000,
    orders,
    refunds,
    backendTokens: Object.fromEntries(shops.map(({ shop, token }) => [shop, token])),
    nextRestart: () => (killsOver ? Promise.resolve(false) : new Promise((wake) => restartWaiters.push(wake))),
  };
  const durationMs = options.seconds * 1000;
  const plan = faultPlan(mulberry32(seed + 4), durationMs);
  log(
    `driving ${options.payments} payments over ${options.seconds} s with ${plan.length} faults planned (seed ${seed})`,
  );
  const driveStart = Date.now();
  const endLife = () => {
    const life = memory.checkoutLives.at(-1);
    if (life) life.ended = true;
  };
  const faults = runFaults(plan, {
    servers,
    proxy,
    receiver,
    sandbox,
    log,
    onCrash: endLife,
    onRestart: () => {
      newLife();
      wakeRestartWaiters(true);
    },
  });
  const noMoreKills = () => {
    killsOver = true;
    wakeRestartWaiters(false);
  };
  faults.done.then(noMoreKills, noMoreKills);
  const customers = [];
  let maxInFlight = 0;
  let inFlight = 0;
  const ticker = setInterval(() => {
    const point = sample();
    const created = orders.filter((o) => o.paymentId).length;
    const done = orders.filter((o) => o.convergedMs !== undefined).length;
    const refunded = refunds.filter((r) => r.state !== undefined).length;
    log(
      `${((Date.now() - driveStart) / 1000).toFixed(0).padStart(4)} s: ${customers.length} started, ${created} created, ` +
        `${done} settled in the stream, ${refunds.length} refunds (${refunded} ended), ${inFlight} in flight, ${watchers.stats.open} streams open, ` +
        `${receiver.received.size} events received; upstream ${proxy.mode}, endpoint ${receiver.isUp ? "up" : "down"}; ` +
        `workerd RSS checkout ${(point.checkoutKb / 1024).toFixed(0)} MB, sandbox ${(point.sandboxKb / 1024).toFixed(0)} MB`,
    );
  }, SAMPLE_MS);
  // A new customer at the planned pace, unless `maxInFlight` are still busy (the Worker is behind):
  // then the next waits, and when the time is up no more start. The rate reached is reported.
  let waitedMs = 0;
  for (let n = 0; n < options.payments && Date.now() - driveStart < durationMs; n++) {
    const due = driveStart + (n * durationMs) / options.payments;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const blocked = Date.now();
    while (inFlight >= options.maxInFlight && Date.now() - driveStart < durationMs)
      await new Promise((r) => setTimeout(r, 100));
    waitedMs += Date.now() - blocked;
    if (Date.now() - driveStart >= durationMs) break;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    customers.push(
      runCustomer(n, ctx)
        .catch((error) => log(`customer ${n}: ${error.message}`))
        .finally(() => inFlight--),
    );
  }
  const launchedMs = Date.now() - driveStart;
  await faults.done;
  const faultsOverMs = Date.now() - driveStart;
  log(
    `every customer started after ${(launchedMs / 1000).toFixed(0)} s; faults over and undone after ${(faultsOverMs / 1000).toFixed(0)} s: settling`,
  );

  // Settle: held notifications sent, every customer's stream showing the truth, every event delivered.
  await sandbox.flush();
  const drainDeadline = Date.now() + options.drainSeconds * 1000;
  const allCustomers = Promise.all(customers);
  let isSettled = false;
  // Reading every event log is work for the shops' event logs, which the webhooks are also
  // waiting on: it is done only once no webhook has arrived for QUIET_MS.
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() < drainDeadline) {
    const finished = await Promise.race([
      allCustomers.then(() => true),
      new Promise((r) => setTimeout(r, 2000, false)),
    ]);
    if (receiver.received.size !== seen) {
      seen = receiver.received.size;
      quietSince = Date.now();
    }
    if (!finished || Date.now() - quietSince < QUIET_MS) continue;
    if (await settled({ checkoutUrl: servers.checkoutUrl, shops, receiver, orders }).catch(() => false)) {
      isSettled = true;
      break;
    }
  }
  const settledMs = Date.now() - driveStart;
  clearInterval(ticker);
  log(
    isSettled
      ? `settled after ${(settledMs / 1000).toFixed(0)} s: checking`
      : "did not settle in time: checking what there is",
  );

  const proveNow = () =>
    prove({
      checkoutUrl: servers.checkoutUrl,
      sandboxUrl,
      sandbox,
      apiKey: { id: "demo_shop", secret: secrets.DEMO_API_KEY_SECRET },
      shops,
      receiver,
      orders,
      refunds,
    });
  let { proofs, figures } = await proveNow();
  // A payment left NEW expires upstream 15 minutes after its creation, which a long run can reach
  // while it reads back: the Worker learns it at expiry (its alarm), so one more reading settles it.
  let readings = 1;
  if (proofs.some((p) => !p.ok)) {
    log(`a proof failed on the first reading: reading again in 15 s`);
    await new Promise((r) => setTimeout(r, 15_000));
    ({ proofs, figures } = await proveNow());
    readings = 2;
  }
  proofs.unshift({
    name: "no delivery refused by standardwebhooks (signature, timestamp)",
    ok: receiver.stats.refused === 0,
    detail: `${receiver.stats.refused} refused of ${receiver.stats.attempts}`,
    failures: [],
  });
  proofs.push({
    name: "the run settled: every stream showed the sandbox's state, every event delivered",
    ok: isSettled,
    detail: isSettled
      ? `after ${(settledMs / 1000).toFixed(0)} s`
      : `not within ${options.drainSeconds} s of the faults' end`,
    failures: orders
      .filter((o) => o.paymentId && o.convergedMs === undefined)
      .slice(0, 10)
      .map(
        (o) =>
          `${o.paymentId}: stream shows ${o.watcher?.latest?.status} v${o.watcher?.latest?.version}, sandbox ${o.truth?.status}`,
      ),
  });
  const rssAfter = sample();
  for (const order of orders) order.watcher?.close();
  const storageAfter = {
    checkout: folderSize(join(persistDir, "checkout")),
    sandbox: folderSize(join(persistDir, "sandbox")),
  };
  await servers.stop();
  await proxy.close();
  await receiver.close();
  if (!options.keep) rmSync(persistDir, { recursive: true, force: true });

  const created = orders.filter((o) => o.paymentId);
  const createErrors = {};
  for (const order of orders)
    for (const [kind, count] of Object.entries(order.createErrors))
      createErrors[kind] = (createErrors[kind] ?? 0) + count;
  const scenarios = {};
  for (const order of created) scenarios[order.scenario] = (scenarios[order.scenario] ?? 0) + 1;
  const checkoutLives = memory.checkoutLives.map(({ ended: _ended, ...life }) => ({
    ...life,
    growthKb: life.lastKb - life.startKb,
  }));
  return {
    ok: proofs.every((p) => p.ok),
    date: new Date(started).toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? "",
      node: process.version,
      loadavg: loadavg().map((l) => round(l, 2)),
    },
    seed,
    options: {
      payments: options.payments,
      seconds: options.seconds,
      maxInFlight: options.maxInFlight,
      retrySchedule: SOAK_RETRY_SCHEDULE,
    },
    seconds: {
      launched: round(launchedMs / 1000),
      faultsOver: round(faultsOverMs / 1000),
      settled: round(settledMs / 1000),
      total: round((Date.now() - started) / 1000),
    },
    payments: {
      started: orders.length,
      created: created.length,
      notCreated: orders.length - created.length,
      notCreatedOrders: orders
        .filter((o) => !o.paymentId)
        .map((o) => ({ shop: o.shop, orderId: o.orderId, createErrors: o.createErrors })),
      perSecond: round(created.length / (launchedMs / 1000), 2),
      maxInFlight,
      inFlightCap: options.maxInFlight,
      secondsHeldAtCap: round(waitedMs / 1000),
      scenarios,
      createAttempts: orders.reduce((sum, o) => sum + o.createAttempts, 0),
      createErrors,
      createMs: stat(created.map((o) => o.createMs)),
      convergedMs: stat(created.filter((o) => o.convergedMs !== undefined).map((o) => o.convergedMs)),
      actionErrors: orders.filter((o) => o.actionError).length,
    },
    faults: {
      crashes: faults.record.crashes,
      upstream: faults.record.upstream,
      upstreamStats: proxy.stats,
      orphans: proxy.orphans.length,
      receiver: { outages: receiver.stats.outages, downSeconds: round(receiver.stats.downMs / 1000) },
      chaosPhases: faults.record.chaos.length,
    },
    streams: watchers.stats,
    webhooks: { attempts: receiver.stats.attempts, verified: receiver.stats.verified, refused: receiver.stats.refused },
    figures,
    storage: { before: storageBefore, after: storageAfter },
    memory: {
      sandboxKb: {
        start: rssBefore.sandboxKb,
        end: rssAfter.sandboxKb,
        max: Math.max(...memory.samples.map((s) => s.sandboxKb)),
      },
      checkoutLives,
      samples: memory.samples,
    },
    readings,
    proofs,
  };
}
