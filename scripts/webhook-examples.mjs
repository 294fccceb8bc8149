#!/usr/bin/env node
// Produces one real webhook event of every type against a running `npm run demo` and prints each
// body, pretty-printed, in the catalogue's order (docs/webhooks.md shows them). It plays the
// customer through the sandbox's control API, makes a payout with the demo shop's key, and reads
// the events back from the checkout's events API with the demo backend token.
//
//   npm run demo                                # in another terminal
//   node scripts/webhook-examples.mjs [first]   # orders NW-<first>, NW-<first+1>, NW-<first+2>
//
// `first` defaults to 1001. The demo keeps its state in .wrangler/state: when an order number is
// already used there, pass another one. PORT and SANDBOX_PORT name other ports, as for the demo.
import { PAYMENT_EVENT_TYPES, PAYOUT_EVENT_TYPE } from "../examples/shop-backend/webhook.mjs";
import { devVars } from "./servers.mjs";

const checkoutUrl = `http://127.0.0.1:${process.env.PORT || 8787}`;
const sandboxUrl = `http://127.0.0.1:${process.env.SANDBOX_PORT || 8788}`;
const SHOP = "demo-open";
const WAIT_MS = 30_000;
/**
 * The catalogue, in its order: the reference backend's copy, which a test pins to the Worker's
 * EVENT_TYPES; but `ping`, which only the dashboard's "Send test event" makes (a session, not a
 * payment), so docs/webhooks.md shows it as written.
 */
const TYPES = [...PAYMENT_EVENT_TYPES, PAYOUT_EVENT_TYPE];

const first = Number(process.argv[2] ?? "1001");
if (!Number.isInteger(first) || first < 0) {
  console.error("usage: node scripts/webhook-examples.mjs [first order number]");
  process.exit(2);
}
const secrets = devVars();
const backendToken = secrets.DEMO_BACKEND_TOKEN;
const apiKey = `demo_shop:${secrets.DEMO_API_KEY_SECRET}`;
if (!backendToken || !secrets.DEMO_API_KEY_SECRET) {
  console.error(".dev.vars lacks DEMO_BACKEND_TOKEN or DEMO_API_KEY_SECRET (copy .dev.vars.example)");
  process.exit(1);
}

async function call(method, url, { body, headers = {}, expect = [200] } = {}) {
  const response = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!expect.includes(response.status)) throw new Error(`${method} ${url}: HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const backend = { authorization: `Bearer ${backendToken}` };
const sandbox = (path, body) => call("POST", `${sandboxUrl}/sandbox${path}`, { body, expect: [200, 201] });

/** The cursor after the shop's last event: only events after it are this run's. */
async function endCursor() {
  let after = "0";
  for (;;) {
    const page = await call("GET", `${checkoutUrl}/api/shops/${SHOP}/events?after=${after}&limit=200`, {
      headers: backend,
    });
    after = page.next;
    if (!page.hasMore) return after;
  }
}

const start = await endCursor();
const seen = new Map();

/** Waits until an event of this run matches; returns it. */
async function waitFor(description, match) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const page = await call("GET", `${checkoutUrl}/api/shops/${SHOP}/events?after=${start}&limit=200`, {
      headers: backend,
    });
    const entry = page.events.find((e) => !seen.has(e.event.id) && match(e.event));
    if (entry) {
      seen.set(entry.event.id, entry.event);
      console.error(`  ${entry.event.type} (cursor ${entry.cursor})`);
      return entry.event;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no event within ${WAIT_MS / 1000} s: ${description}`);
}

const of = (paymentId, type) => (event) => event.type === type && event.data.payment?.paymentId === paymentId;

async function createPayment(orderId, transferCurrency, priceAmount, priceCurrency) {
  const response = await fetch(`${checkoutUrl}/api/shops/${SHOP}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ orderId, transferCurrency, priceAmount, priceCurrency }),
  });
  const view = await response.json();
  if (response.status === 409)
    throw new Error(`order ${orderId} already has a payment in this demo's state: pass another first order number`);
  if (response.status !== 201) throw new Error(`create ${orderId}: HTTP ${response.status} ${JSON.stringify(view)}`);
  await waitFor(`${orderId} created`, of(view.paymentId, "payment.created"));
  return view;
}

/** a - b for amounts with 8 decimal places (BTC, LTC), exactly. */
function minus8(a, b) {
  const units = (s) => {
    const [whole, fraction = ""] = s.split(".");
    return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, "0"));
  };
  const diff = (units(a) - units(b)).toString().padStart(9, "0");
  return `${diff.slice(0, -8)}.${diff.slice(-8)}`;
}

// NW-<first>: seen pending, part accepted (underpaid), more accepted (updated), the rest seen
// (unconfirmed), the rest accepted (confirmed).
const a = await createPayment(`NW-${first}`, "BTC", "49.90", "EUR");
console.error(`NW-${first}: ${a.paymentId}`);
const tx1 = await sandbox(`/payments/${a.paymentId}/transactions`, { amount: "0.0004" });
await waitFor("pending", of(a.paymentId, "payment.pending"));
await sandbox(`/payments/${a.paymentId}/transactions/${tx1.transaction.transactionId}/accept`);
await waitFor("underpaid", of(a.paymentId, "payment.underpaid"));
await sandbox(`/payments/${a.paymentId}/transactions`, { amount: "0.0001", state: "ACCEPTED" });
await waitFor("updated", of(a.paymentId, "payment.updated"));
const tx3 = await sandbox(`/payments/${a.paymentId}/transactions`, { amount: minus8(a.transferAmount, "0.0005") });
await waitFor("unconfirmed", of(a.paymentId, "payment.unconfirmed"));
await sandbox(`/payments/${a.paymentId}/transactions/${tx3.transaction.transactionId}/accept`);
await waitFor("confirmed", of(a.paymentId, "payment.confirmed"));

// NW-<first+1>: nothing paid, expired now.
const b = await createPayment(`NW-${first + 1}`, "LTC", "12.00", "EUR");
console.error(`NW-${first + 1}: ${b.paymentId}`);
await sandbox(`/payments/${b.paymentId}/expire`);
await waitFor("expired", of(b.paymentId, "payment.expired"));

// NW-<first+2>: a transaction seen, then rejected.
const c = await createPayment(`NW-${first + 2}`, "BTC", "25.00", "EUR");
console.error(`NW-${first + 2}: ${c.paymentId}`);
const txc = await sandbox(`/payments/${c.paymentId}/transactions`, { amount: "0.0002" });
await waitFor("pending", of(c.paymentId, "payment.pending"));
await sandbox(`/payments/${c.paymentId}/transactions/${txc.transaction.transactionId}/reject`);
await waitFor("invalid", of(c.paymentId, "payment.invalid"));

// A payout with the demo shop's key: the sandbox notifies the checkout when it is SENT.
const payout = await call("POST", `${sandboxUrl}/v3/payouts`, {
  headers: { authorization: `Basic ${Buffer.from(apiKey).toString("base64")}` },
  body: {
    transferCurrency: "BTC",
    priceCurrency: "EUR",
    priceAmount: "30.00",
    comment: `Refund NW-${first - 2}`,
    externalPayoutId: `refund-NW-${first - 2}`,
    notificationUrl: `${checkoutUrl}/hooks/${SHOP}`,
    autoApprove: true,
  },
});
console.error(`payout: ${payout.payoutId}`);
await waitFor(
  "payout sent",
  (event) => event.type === "payout.updated" && event.data.payout.payoutId === payout.payoutId,
);

for (const type of TYPES) {
  const event = [...seen.values()].find((e) => e.type === type);
  console.log(`### ${type}\n\n${JSON.stringify(event, null, 2)}\n`);
}
