// What one checkout costs on the platform: one payment from creation to confirmation with one
// viewer, against the counted build of the checkout Worker (counted-worker.mjs) with its upstream
// behind a counting proxy. The steps are the element's and the sandbox's own: the shop's settings,
// the create, the WebSocket stream, then the sandbox receives the exact amount (its notification
// makes the payment UNCONFIRMED) and confirms it (CONFIRMED); the viewer closes at the final
// status, and the count ends once every webhook event has been delivered to the shop's backend
// (the bench's receiver). A second phase watches a payment with nothing happening, for what each
// minute a customer keeps the page open costs.
import WebSocket from "ws";
import { upstreamPayment } from "./notify.mjs";
import { sandboxControl } from "./sandbox-control.mjs";

const SHOP = "demo-open";

/** The counted Worker's totals so far (test/bench/counted-worker.mjs). */
export async function workerCounts(checkoutUrl) {
  const response = await fetch(`${checkoutUrl}/__bench/counts`);
  if (!response.ok) throw new Error(`counts: HTTP ${response.status} (is the counted Worker running?)`);
  return response.json();
}

/** after - before, per key, leaving out what did not change. */
function difference(after, before) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([key, n]) => [key, n - (before[key] ?? 0)])
      .filter(([, n]) => n !== 0),
  );
}

/** The sum of the entries whose key starts with `prefix`. */
const sum = (counts, prefix) =>
  Object.entries(counts)
    .filter(([key]) => key.startsWith(prefix))
    .reduce((total, [, n]) => total + n, 0);

/** The counts grouped as the platform bills them. */
export function billed(counts, upstream) {
  return {
    workerRequests: sum(counts, "worker request "),
    durableObjectRequests: sum(counts, "do request "),
    webSocketMessages: sum(counts, "do websocket message "),
    storageRowsWritten:
      (counts["storage sql rows written"] ?? 0) +
      (counts["storage kv put"] ?? 0) +
      (counts["storage kv delete"] ?? 0) +
      (counts["storage setAlarm"] ?? 0) +
      (counts["storage deleteAlarm"] ?? 0),
    storageRowsRead: counts["storage sql rows read"] ?? 0,
    queueMessages: sum(counts, "queue messages sent "),
    d1Queries: counts["d1 queries"] ?? 0,
    upstreamCalls: Object.values(upstream).reduce((a, b) => a + b, 0),
  };
}

/** A viewer on the payment's stream: resolves each status as it arrives. */
function openViewer(checkoutUrl, { paymentId, clientSecret }) {
  const path = `/api/shops/${SHOP}/payments/${paymentId}/stream?clientSecret=${encodeURIComponent(clientSecret)}`;
  const socket = new WebSocket(`${checkoutUrl.replace(/^http/, "ws")}${path}`, {
    headers: { origin: checkoutUrl, "cf-connecting-ip": "198.51.100.7" },
  });
  const seen = [];
  const waiters = [];
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    if (message.type !== "payment") return;
    seen.push(message.payment.status);
    for (const waiter of waiters.splice(0)) waiter();
  });
  const opened = new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return {
    opened,
    /** Resolves once the viewer has seen `status` (bounded by `timeoutMs`). */
    async status(status, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!seen.includes(status)) {
        if (Date.now() > deadline) throw new Error(`the viewer never saw ${status} (saw ${seen.join(", ")})`);
        await new Promise((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
    close: () =>
      new Promise((resolve) => {
        socket.once("close", resolve);
        socket.close(1000, "done");
      }),
  };
}

/** Polls `read` until `done` holds, bounded; the condition, not a fixed wait, ends it. */
async function until(read, done, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function createPayment(checkoutUrl, orderId) {
  const response = await fetch(`${checkoutUrl}/api/shops/${SHOP}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: checkoutUrl, "cf-connecting-ip": "198.51.100.7" },
    body: JSON.stringify({ orderId, priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC" }),
  });
  if (response.status !== 201) throw new Error(`create: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Waits until the webhook Queue has nothing in flight: every message sent was acked. */
function queueSettled(checkoutUrl, before) {
  return until(
    () => workerCounts(checkoutUrl),
    (now) => {
      const d = difference(now, before);
      const sent = sum(d, "queue messages sent webhooks");
      return sent > 0 && sum(d, "queue messages acked ") === sent;
    },
    "the webhook events to be delivered",
  );
}

/**
 * One checkout from the settings request to the confirmation's webhook; counts per kind, the
 * upstream calls by route, and the grouped figures.
 */
export async function measureCheckoutCost({ checkoutUrl, sandboxUrl, proxy, receiver }) {
  const beforeCounts = await workerCounts(checkoutUrl);
  const beforeUpstream = proxy.routes();
  const started = Date.now();

  const settings = await fetch(`${checkoutUrl}/api/shops/${SHOP}`, { headers: { origin: checkoutUrl } });
  await settings.arrayBuffer();
  const created = await createPayment(checkoutUrl, `bench-cost-${Date.now().toString(36)}`);
  const viewer = openViewer(checkoutUrl, created);
  await viewer.opened;
  await viewer.status("NEW");
  const payment = await upstreamPayment(sandboxUrl, created.paymentId);
  const { transaction } = await sandboxControl(sandboxUrl, `/payments/${created.paymentId}/transactions`, {
    amount: payment.transferAmount,
  });
  await viewer.status("UNCONFIRMED");
  await sandboxControl(sandboxUrl, `/payments/${created.paymentId}/transactions/${transaction.transactionId}/accept`);
  await viewer.status("CONFIRMED");
  await viewer.close();
  const afterCounts = await queueSettled(checkoutUrl, beforeCounts);
  const counts = difference(afterCounts, beforeCounts);
  const upstream = difference(proxy.routes(), beforeUpstream);
  return {
    seconds: Math.round((Date.now() - started) / 100) / 10,
    webhooksReceived: receiver.log.filter((entry) => entry.paymentId === created.paymentId && entry.status === 200)
      .length,
    counts,
    upstream,
    billed: billed(counts, upstream),
  };
}

/** A created payment watched by one viewer for `seconds` with nothing happening: the cost per minute watched. */
export async function measureWatchedMinute({ checkoutUrl, proxy }, seconds = 30) {
  const created = await createPayment(checkoutUrl, `bench-watch-${Date.now().toString(36)}`);
  const viewer = openViewer(checkoutUrl, created);
  await viewer.opened;
  await viewer.status("NEW");
  const beforeCounts = await workerCounts(checkoutUrl);
  const beforeUpstream = proxy.routes();
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const counts = difference(await workerCounts(checkoutUrl), beforeCounts);
  const upstream = difference(proxy.routes(), beforeUpstream);
  const elapsed = (Date.now() - started) / 1000;
  await viewer.close();
  const perMinute = (n) => Math.round((n * 60 * 10) / elapsed) / 10;
  const grouped = billed(counts, upstream);
  return {
    seconds: Math.round(elapsed * 10) / 10,
    counts,
    upstream,
    perMinute: Object.fromEntries(Object.entries(grouped).map(([key, n]) => [key, perMinute(n)])),
  };
}
