/* global document, window -- in-page code */
// Live updates end to end: signed notification POST -> checkout Worker -> payment Durable Object
// -> WebSocket stream -> element DOM (Chromium) or -> many Node WebSocket viewers; and how often
// the Worker asks the upstream about a watched payment.
import { performance } from "node:perf_hooks";
import Decimal from "decimal.js";
import WebSocket from "ws";
import { postPaymentNotification, upstreamPayment } from "./notify.mjs";
import { percentile } from "./stats.mjs";

const SHOP = "demo-open";
const now = () => performance.timeOrigin + performance.now();

/** Creates a payment through the Worker, as the element would (one client address per call). */
export async function createPayment(checkoutUrl, orderId, clientIp = "198.51.100.1") {
  const response = await fetch(`${checkoutUrl}/api/shops/${SHOP}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": clientIp },
    body: JSON.stringify({ orderId, priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC" }),
  });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`create payment: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** The upstream payment with `pending` (transfer currency) waiting for confirmation: a visible change. */
function withPending(payment, pending) {
  const rate = new Decimal(payment.exchangeRate ?? "0");
  const price = rate.mul(pending).toFixed(2);
  return {
    ...payment,
    status: "NEW",
    pendingPaidTransferAmount: pending,
    paidTransferAmount: pending,
    pendingPaidPriceAmount: price,
    paidPriceAmount: price,
  };
}

/** Pending amounts k * transferAmount / 10000, k = 1..count: each one differs, none completes the payment. */
function pendingSteps(payment, count, offset = 0) {
  const step = new Decimal(payment.transferAmount).div(10_000);
  return Array.from({ length: count }, (_, i) => step.mul(offset + i + 1).toFixed(8));
}

/** Notification POST -> element DOM updated, `updates` times in sequence, in the demo page. */
export async function measureNotificationToDom({ browser, checkoutUrl, sandboxUrl, hmacKey, updates = 200 }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(
    `${checkoutUrl}/demo/?shop=${SHOP}&order=bench-dom-${Date.now()}&amount=25.00&currency=EUR&transfer=BTC`,
  );
  await page.waitForFunction(() => document.querySelector("crypto-checkout")?.payment?.status === "NEW", undefined, {
    timeout: 30_000,
  });
  // Record when each pending amount has been rendered (Lit committed the DOM), on the shared epoch clock.
  await page.evaluate(() => {
    window.__rendered = {};
    document.addEventListener("checkout-payment", async (event) => {
      const element = event.target;
      await element.updateComplete;
      window.__rendered[event.detail.pendingPaidTransferAmount] ??= performance.timeOrigin + performance.now();
    });
  });
  const paymentId = await page.evaluate(() => document.querySelector("crypto-checkout").payment.paymentId);
  const base = await upstreamPayment(sandboxUrl, paymentId);
  const latencies = [];
  for (const pending of pendingSteps(base, updates)) {
    const sent = now();
    const status = await postPaymentNotification(checkoutUrl, SHOP, hmacKey, withPending(base, pending));
    if (status < 200 || status >= 300) throw new Error(`/hooks answered ${status}`);
    const handle = await page.waitForFunction((amount) => window.__rendered[amount], pending, {
      timeout: 30_000,
      polling: 5,
    });
    latencies.push((await handle.jsonValue()) - sent);
  }
  await context.close();
  return summary(latencies);
}

function summary(latencies) {
  return {
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** Opens `count` stream viewers of one payment (at most `batch` handshakes at a time); resolves once each has the first view. */
async function openViewers(checkoutUrl, { paymentId, clientSecret }, count, onView, onLost = () => {}, batch = 50) {
  const url = `${checkoutUrl.replace(/^http/, "ws")}/api/shops/${SHOP}/payments/${paymentId}/stream?clientSecret=${encodeURIComponent(clientSecret)}`;
  const viewers = [];
  for (let start = 0; start < count; start += batch) {
    const opened = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      // Each viewer is its own client (address), as on a real page: the per-client connect limit
      // applies to one client, the benchmark's 1000 viewers are 1000 customers.
      const socket = new WebSocket(url, {
        perMessageDeflate: false,
        headers: { "CF-Connecting-IP": `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      });
      viewers.push(socket);
      opened.push(
        new Promise((resolve, reject) => {
          socket.once("error", reject);
          socket.once("message", () => resolve());
        }),
      );
      socket.on("message", (data) => onView(i, JSON.parse(String(data))));
      socket.on("close", (code) => {
        if (!socket.closing)
          onLost(new Error(`viewer ${i} lost its stream (close code ${code}); did the Worker restart?`));
      });
    }
    await Promise.all(opened);
  }
  return viewers;
}

function closeAll(viewers) {
  return Promise.all(
    viewers.map(
      (socket) =>
        new Promise((resolve) => {
          socket.closing = true;
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once("close", resolve);
          socket.close(1000);
        }),
    ),
  );
}

/** One payment, `count` viewers: notification POST -> each viewer has the new view, over `rounds` notifications. */
export async function measureBroadcast({ checkoutUrl, sandboxUrl, hmacKey, count, rounds }) {
  const payment = await createPayment(checkoutUrl, `bench-fanout-${count}-${Date.now()}`);
  const base = await upstreamPayment(sandboxUrl, payment.paymentId);
  let expected = "";
  let sentAt = 0;
  let waiting = 0;
  let allArrived = () => {};
  let failRound = () => {};
  const latencies = [];
  const seen = new Set();
  const viewers = await openViewers(
    checkoutUrl,
    payment,
    count,
    (index, message) => {
      if (message.type !== "payment" || message.payment.pendingPaidTransferAmount !== expected || seen.has(index))
        return;
      seen.add(index);
      latencies.push(now() - sentAt);
      if (--waiting === 0) allArrived();
    },
    (error) => failRound(error),
  );
  for (const pending of pendingSteps(base, rounds)) {
    seen.clear();
    expected = pending;
    waiting = count;
    let timer;
    const arrived = new Promise((resolve, reject) => {
      allArrived = resolve;
      failRound = reject;
      timer = setTimeout(
        () => reject(new Error(`broadcast to ${count} viewers: ${waiting} missing after 60 s`)),
        60_000,
      );
    }).finally(() => clearTimeout(timer));
    sentAt = now();
    const status = await postPaymentNotification(checkoutUrl, SHOP, hmacKey, withPending(base, pending));
    if (status < 200 || status >= 300) throw new Error(`/hooks answered ${status}`);
    await arrived;
  }
  await closeAll(viewers);
  return { viewers: count, ...summary(latencies) };
}

/**
 * Upstream GETs of one payment in `windowMs` with `count` viewers and no notifications, counted by
 * the proxy between the Worker and the sandbox.
 */
/** GETs closer than this to the one before are the v3 client's retries of it (its backoff is under a second). */
const RETRY_WINDOW_MS = 1000;

export async function measureUpstreamPolls({ checkoutUrl, proxy, count, windowMs }) {
  const payment = await createPayment(checkoutUrl, `bench-polls-${count}-${Date.now()}`);
  let lost;
  const viewers = await openViewers(
    checkoutUrl,
    payment,
    count,
    () => {},
    (error) => (lost ??= error),
  );
  const before = proxy.paymentGets(payment.paymentId);
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const gets = proxy.paymentGets(payment.paymentId) - before;
  const times = proxy.paymentGetTimes(payment.paymentId).filter((t) => t >= started);
  // A poll is one GET, or a GET and the client's retries of it (which come within a second).
  const polls = times.filter((t, i) => i === 0 || t - (times[i - 1] ?? t) >= RETRY_WINDOW_MS).length;
  await closeAll(viewers);
  if (lost) throw lost;
  const perMinute = (n) => Math.round(((n * 60_000) / windowMs) * 10) / 10;
  return {
    viewers: count,
    windowSeconds: windowMs / 1000,
    gets,
    perMinute: perMinute(gets),
    polls,
    pollsPerMinute: perMinute(polls),
  };
}
