// Where a payment creation's time goes in the checkout Worker (local workerd): creates for new
// orders against repeated creates of orders that already exist (the same route and checks, no new
// Durable Object), the sandbox called directly for scale, and a V8 CPU profile of the new-order
// run taken over the Worker's inspector. Prints the figures and the heaviest frames with their
// source line; writes the profile to bench-results/create.cpuprofile (open it in Chrome DevTools).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { drive } from "../test/bench/stats.mjs";
import { startWebhookReceiver } from "../test/bench/webhook-receiver.mjs";
import { devVars, freePort, ROOT, startServers } from "./servers.mjs";

const TOTAL = 200;
const IN_FLIGHT = 8;
const secrets = devVars();
const receiver = await startWebhookReceiver({ secret: secrets.DEMO_WEBHOOK_SECRET });
const inspectorPort = await freePort();
const servers = await startServers({
  inspectorPort,
  persistDir: mkdtempSync(join(tmpdir(), "crypto-checkout-profile-")),
  backend: false,
  backendPort: receiver.port,
  vars: { DEMO_MODE: "true" },
});
const run = Date.now().toString(36);
const auth = `Basic ${Buffer.from(`demo_shop:${secrets.DEMO_API_KEY_SECRET}`).toString("base64")}`;

const create = async (orderId, i) => {
  const response = await fetch(`${servers.checkoutUrl}/api/shops/demo-open/payments`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "cf-connecting-ip": `198.51.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`,
    },
    body: JSON.stringify({ orderId, priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC" }),
  });
  await response.arrayBuffer();
  if (response.status !== 201 && response.status !== 200) throw new Error(`create answered ${response.status}`);
};
const direct = async (i) => {
  const response = await fetch(`${servers.sandboxUrl}/v3/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: auth },
    body: JSON.stringify({
      priceAmount: "25.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      externalPaymentId: `profile-${run}-${i}`,
    }),
  });
  await response.arrayBuffer();
};
/** Requests per second for TOTAL calls of `call(i)`, IN_FLIGHT at a time (a failed call throws). */
const perSecond = async (call) => (await drive(TOTAL, IN_FLIGHT, async (i) => (await call(i), true))).perSecond;

/** A minimal Chrome DevTools Protocol session over the Worker's inspector. */
async function inspector() {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let id = 0;
  const pending = new Map();
  ws.on("message", (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      pending.set(++id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** The heaviest frames of a profile (self and inclusive ms), each with its source line. */
async function heaviest(profile, send, count = 12) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const sources = new Map();
  const label = async (node) => {
    const { functionName, scriptId, lineNumber } = node.callFrame;
    if (lineNumber < 0) return functionName;
    if (!sources.has(scriptId))
      sources.set(scriptId, ((await send("Debugger.getScriptSource", { scriptId }))?.scriptSource ?? "").split("\n"));
    return `${functionName || "(anonymous)"}: ${(sources.get(scriptId)[lineNumber] ?? "").trim().slice(0, 90)}`;
  };
  const self = new Map();
  const inclusive = new Map();
  profile.samples.forEach((sample, i) => {
    const ms = profile.timeDeltas[i] / 1000;
    self.set(sample, (self.get(sample) ?? 0) + ms);
    const seen = new Set();
    for (let id = sample; id; id = parent.get(id)) {
      const key = `${nodes.get(id).callFrame.scriptId}:${nodes.get(id).callFrame.lineNumber}:${nodes.get(id).callFrame.functionName}`;
      if (!seen.has(key)) inclusive.set(key, { node: nodes.get(id), ms: (inclusive.get(key)?.ms ?? 0) + ms });
      seen.add(key);
    }
  });
  const bySelf = new Map();
  for (const [id, ms] of self) {
    const node = nodes.get(id);
    const key = `${node.callFrame.scriptId}:${node.callFrame.lineNumber}:${node.callFrame.functionName}`;
    bySelf.set(key, { node, ms: (bySelf.get(key)?.ms ?? 0) + ms });
  }
  const top = async (map) =>
    Promise.all(
      [...map.values()]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, count)
        .map(async ({ node, ms }) => `${ms.toFixed(0).padStart(7)} ms  ${await label(node)}`),
    );
  return { self: await top(bySelf), inclusive: await top(inclusive) };
}

try {
  for (let i = 0; i < 30; i++) await create(`warm-${run}-${i}`, i);
  const existing = Array.from({ length: IN_FLIGHT }, (_, i) => `existing-${run}-${i}`);
  for (const [i, orderId] of existing.entries()) await create(orderId, i);
  const session = await inspector();
  await session.send("Debugger.enable");
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 200 });
  await session.send("Profiler.start");
  const newOrders = await perSecond((i) => create(`new-${run}-${i}`, i));
  const { profile } = await session.send("Profiler.stop");
  const repeated = await perSecond((i) => create(existing[i % existing.length], i));
  const sandbox = await perSecond(direct);
  mkdirSync(join(ROOT, "bench-results"), { recursive: true });
  writeFileSync(join(ROOT, "bench-results", "create.cpuprofile"), JSON.stringify(profile));
  const { self, inclusive } = await heaviest(profile, session.send);
  session.close();
  const busy =
    profile.timeDeltas.reduce(
      (sum, d, i) =>
        profile.nodes.find((n) => n.id === profile.samples[i])?.callFrame.functionName === "(idle)" ? sum : sum + d,
      0,
    ) / 1000;
  console.log(`${TOTAL} creates, ${IN_FLIGHT} in flight (the inspector attached slows the first run)`);
  console.log(
    `  new orders (a new OrderObject and PaymentObject each):  ${newOrders} /s, Worker CPU ${(busy / TOTAL).toFixed(1)} ms per create`,
  );
  console.log(`  orders that exist (same route and checks, no new object): ${repeated} /s`);
  console.log(`  sandbox directly:                                        ${sandbox} /s`);
  console.log("heaviest frames, self time:\n" + self.join("\n"));
  console.log("heaviest frames, inclusive:\n" + inclusive.join("\n"));
} finally {
  await servers.stop();
  await receiver.close?.();
}
