// The customers of the soak: each creates a payment for an order of its own through the checkout
// Worker's public route (as the element does; retried on failure, as the element's "Try again"
// does), watches it over its stream, and pays, or not, through the sandbox's control API, which
// plays the customer's wallet and the blockchain. Every order keeps what the sandbox answered last:
// the truth its payment must end in.
import Decimal from "decimal.js";
import { signOrderToken } from "../../examples/shop-backend/order-token.mjs";
import { runRefund } from "./refunds.mjs";

/**
 * What a customer does once the payment exists, with the share of customers that do it. `refund`:
 * the shop then refunds it through the Worker's backend API (refunds.mjs), one customer in ten.
 */
export const SCENARIOS = [
  { name: "pay exactly, accepted at once", weight: 20, final: "CONFIRMED" },
  { name: "pay exactly, pending, then accepted", weight: 20, final: "CONFIRMED" },
  { name: "underpay, then pay the rest", weight: 10, final: "CONFIRMED" },
  { name: "pay exactly, pending, then rejected", weight: 10, final: "INVALID" },
  { name: "never pay: expired", weight: 15, final: "EXPIRED" },
  { name: "underpay, then expired", weight: 5, final: "EXPIRED" },
  { name: "pay, left pending (UNCONFIRMED at the end)", weight: 5, final: "UNCONFIRMED" },
  { name: "open the checkout only (NEW at the end)", weight: 5, final: "NEW" },
  { name: "overpay by half, then the excess refunded", weight: 5, final: "CONFIRMED", refund: "overpaid_excess" },
  { name: "pay exactly, then the whole payment refunded", weight: 5, final: "CONFIRMED", refund: "whole_payment" },
];

const pickWeighted = (items, random) => {
  let draw = random() * items.reduce((sum, item) => sum + item.weight, 0);
  for (const item of items) {
    draw -= item.weight;
    if (draw < 0) return item;
  }
  return items[items.length - 1];
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A distinct IPv4 address per customer (CF-Connecting-IP): the per-client rate limits see many customers. */
export const customerIp = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** The sandbox's control API (no key), with a few retries on network errors. */
export function sandboxControl(sandboxUrl) {
  const call = async (method, path, body) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(`${sandboxUrl}/sandbox${path}`, {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        if (!response.ok)
          throw Object.assign(new Error(`sandbox ${method} ${path}: HTTP ${response.status} ${text}`), {
            status: response.status,
          });
        return text ? JSON.parse(text) : undefined;
      } catch (error) {
        if (error.status !== undefined || attempt >= 5) throw error;
        await sleep(500 * attempt);
      }
    }
  };
  return {
    call,
    pay: (paymentId, amount, accepted) =>
      call("POST", `/payments/${paymentId}/transactions`, accepted ? { amount, state: "ACCEPTED" } : { amount }),
    accept: (paymentId, transactionId) => call("POST", `/payments/${paymentId}/transactions/${transactionId}/accept`),
    reject: (paymentId, transactionId) => call("POST", `/payments/${paymentId}/transactions/${transactionId}/reject`),
    expire: (paymentId) => call("POST", `/payments/${paymentId}/expire`),
    payment: (paymentId) => call("GET", `/payments/${encodeURIComponent(paymentId)}`),
    notifications: (paymentId) => call("GET", `/notifications?paymentId=${encodeURIComponent(paymentId)}&limit=1000`),
    setChaos: (chaos) => call("PUT", "/chaos", chaos),
    flush: () => call("POST", "/notifications/flush"),
  };
}

/** Whether a view of the Worker shows what the sandbox holds: status and the exact paid amounts. */
export function sameState(view, truth) {
  if (!view || !truth || view.status !== truth.status) return false;
  return ["paidTransferAmount", "pendingPaidTransferAmount", "acceptedPaidTransferAmount"].every((field) =>
    new Decimal(view[field] ?? "0").eq(truth[field] ?? "0"),
  );
}

/**
 * Runs one customer `n` to its end: its order record goes into `ctx.orders` at once and is filled
 * in as it goes; the promise ends when the Worker's stream shows what the sandbox holds.
 * `ctx`: { checkoutUrl, sandbox, watchers, random, runId, secrets, createDeadlineMs, orders }, and for
 * a refunded one what runRefund takes (refunds.mjs).
 */
export async function runCustomer(n, ctx) {
  const { random } = ctx;
  const shop = random() < 0.5 ? "demo-open" : "demo-signed";
  const scenario = pickWeighted(SCENARIOS, random);
  const transferCurrency = random() < 0.5 ? "BTC" : "LTC";
  // 1.00 to 498.99: inside the open-pricing demo shop's limits (1.00 to 5000.00); from 20.00 when
  // refunded, so that a refund (half of it at least) is above the sandbox's minimum payout (6 EUR of BTC).
  const lowest = scenario.refund ? 2000 : 100;
  const priceAmount = new Decimal(lowest + Math.floor(random() * (49_900 - lowest))).div(100).toFixed(2);
  const order = {
    n,
    shop,
    orderId: `soak-${ctx.runId}-${n}`,
    ip: customerIp(n),
    scenario: scenario.name,
    expected: scenario.final,
    transferCurrency,
    createAttempts: 0,
    createErrors: {},
    paymentId: undefined,
    truth: undefined,
    createdAt: undefined,
    createMs: undefined,
    lastActionAt: undefined,
    convergedMs: undefined,
  };
  ctx.orders.push(order);
  const body = { orderId: order.orderId, transferCurrency };
  if (shop === "demo-open") Object.assign(body, { priceAmount, priceCurrency: "EUR" });
  else
    body.orderToken = await signOrderToken(
      { orderId: order.orderId, priceAmount, priceCurrency: "EUR", shop },
      ctx.secrets.DEMO_ORDER_SIGNING_KEY,
    );

  // Create, and try again (same order id: the Worker makes one payment per order) until it answers.
  const started = Date.now();
  let view;
  while (!view && Date.now() - started < ctx.createDeadlineMs) {
    order.createAttempts++;
    let failure;
    try {
      const response = await fetch(`${ctx.checkoutUrl}/api/shops/${shop}/payments`, {
        method: "POST",
        headers: { "content-type": "application/json", "CF-Connecting-IP": order.ip },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      if (response.status === 200 || response.status === 201) view = JSON.parse(text);
      else
        failure = `HTTP ${response.status} ${(() => {
          try {
            return JSON.parse(text).error.code;
          } catch {
            return "";
          }
        })()}`.trim();
    } catch (error) {
      failure = error.name === "TimeoutError" ? "timeout" : "network error";
    }
    if (failure) {
      order.createErrors[failure] = (order.createErrors[failure] ?? 0) + 1;
      // An open-pricing order whose first answer was lost (the Worker died after the create): its
      // payment exists, and the Worker hands it to nobody again (a create without the secret is
      // refused for as long as it is live). Trying again cannot help.
      if (failure.startsWith("HTTP 409")) break;
      await sleep(500 + Math.floor(random() * 1500));
    }
  }
  if (!view) return order;
  order.paymentId = view.paymentId;
  order.createdAt = Date.now();
  order.createMs = order.createdAt - started;

  let converged;
  const convergedNow = new Promise((resolve) => (converged = resolve));
  const check = () => {
    if (order.lastActionAt !== undefined && sameState(watcher.latest, order.truth)) converged();
  };
  const watcher = ctx.watchers.watch({
    shop,
    paymentId: view.paymentId,
    clientSecret: view.clientSecret,
    ip: order.ip,
    onView: check,
  });
  order.watcher = watcher;

  const pause = () => sleep(300 + Math.floor(random() * 2700));
  const due = new Decimal(view.transferAmount);
  const part = due.div(3).toDecimalPlaces(8, Decimal.ROUND_DOWN);
  const sandbox = ctx.sandbox;
  const set = (answer) => {
    order.truth = answer.payment ?? answer;
    return answer;
  };
  try {
    await pause();
    switch (scenario.name) {
      case SCENARIOS[0].name:
        set(await sandbox.pay(view.paymentId, due.toFixed(), true));
        break;
      case SCENARIOS[1].name: {
        const { transaction } = set(await sandbox.pay(view.paymentId, due.toFixed(), false));
        await pause();
        set(await sandbox.accept(view.paymentId, transaction.transactionId));
        break;
      }
      case SCENARIOS[2].name:
        set(await sandbox.pay(view.paymentId, part.toFixed(), true));
        await pause();
        set(await sandbox.pay(view.paymentId, due.minus(part).toFixed(), true));
        break;
      case SCENARIOS[3].name: {
        const { transaction } = set(await sandbox.pay(view.paymentId, due.toFixed(), false));
        await pause();
        set(await sandbox.reject(view.paymentId, transaction.transactionId));
        break;
      }
      case SCENARIOS[4].name:
        set(await sandbox.expire(view.paymentId));
        break;
      case SCENARIOS[5].name:
        set(await sandbox.pay(view.paymentId, part.toFixed(), true));
        await pause();
        set(await sandbox.expire(view.paymentId));
        break;
      case SCENARIOS[6].name:
        set(await sandbox.pay(view.paymentId, due.toFixed(), false));
        break;
      case SCENARIOS[8].name:
        set(await sandbox.pay(view.paymentId, due.times(1.5).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(), true));
        break;
      case SCENARIOS[9].name:
        set(await sandbox.pay(view.paymentId, due.toFixed(), true));
        break;
      default:
        set(await sandbox.payment(view.paymentId));
    }
  } catch (error) {
    order.actionError = error.message;
    order.truth = await sandbox.payment(view.paymentId).catch(() => order.truth);
  }
  order.lastActionAt = Date.now();
  check();
  await convergedNow;
  order.convergedMs = Date.now() - order.lastActionAt;
  // The customer leaves once the page shows what happened (an open payment then stays unwatched).
  watcher.close();
  if (scenario.refund && !order.actionError && order.truth?.status === "CONFIRMED")
    await runRefund(order, scenario.refund, ctx);
  return order;
}
