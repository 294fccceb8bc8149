/**
 * The merchant side end to end: the checkout Worker, the sandbox and the reference shop backend
 * (examples/shop-backend) started for real, on their own state folder (this file restarts the
 * checkout Worker). Payments are made through the Worker's API and paid through the sandbox's
 * control API; what counts is what the shop's backend recorded and what the Worker's event log says.
 */
import Decimal from "decimal.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventList, OrderStatus } from "../../worker/checkout/backend-wire.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { devVars, startServers, type Servers } from "../../scripts/servers.mjs";

interface ReceivedEntry {
  seq: number;
  webhookId: string | null;
  type: string | null;
  orderId?: string;
  verified: boolean;
  outcome: string;
  message: string;
}

interface BackendOrder {
  orderId: string;
  status: string;
  paid?: { amount: string; currency: string; paymentId: string };
}

let servers: Servers;
let persistDir: string;
const secrets = devVars();
const token = secrets.DEMO_BACKEND_TOKEN ?? "";

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-webhooks-"));
  servers = await startServers({ persistDir, vars: { DEMO_MODE: "true" } });
});
afterAll(async () => {
  await servers.stop();
  rmSync(persistDir, { recursive: true, force: true });
});

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Polls `read` until `done` holds (bounded): the condition ends the wait, not a fixed sleep. */
async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (done(last)) return last;
    } catch {
      // a server restarting: ask again
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
}

let orders = 0;
async function createPayment(shop = "demo-open"): Promise<{ orderId: string; view: PaymentView }> {
  orders += 1;
  const orderId = `NW-E2E-${orders}-${Date.now().toString(36)}`;
  const response = await fetch(`${servers.checkoutUrl}/api/shops/${shop}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", "CF-Connecting-IP": `198.51.100.${orders}` },
    body: JSON.stringify({ orderId, transferCurrency: "BTC", priceAmount: "49.90", priceCurrency: "EUR" }),
  });
  return { orderId, view: await json<PaymentView>(response) };
}

/** The customer pays the whole amount and the blockchain accepts it at once (the payment becomes CONFIRMED). */
async function payInFull(view: PaymentView): Promise<void> {
  await json(
    await fetch(`${servers.sandboxUrl}/sandbox/payments/${view.paymentId}/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ amount: view.transferAmount, state: "ACCEPTED" }),
    }),
  );
}

/** The customer sends `amount` of the transfer currency; the blockchain accepts it at once or leaves it pending. */
async function pay(view: PaymentView, amount: string, state?: "ACCEPTED"): Promise<{ transactionId: string }> {
  const { transaction } = await json<{ transaction: { transactionId: string } }>(
    await fetch(`${servers.sandboxUrl}/sandbox/payments/${view.paymentId}/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(state ? { amount, state } : { amount }),
    }),
  );
  return transaction;
}

const backend = {
  received: async (): Promise<ReceivedEntry[]> =>
    (await json<{ entries: ReceivedEntry[] }>(await fetch(`${servers.backendUrl}/received`))).entries,
  order: async (orderId: string): Promise<BackendOrder | undefined> => {
    const response = await fetch(`${servers.backendUrl}/orders/${orderId}`);
    return response.status === 404 ? undefined : json<BackendOrder>(response);
  },
  failNext: async (count: number) =>
    json(
      await fetch(`${servers.backendUrl}/control/fail`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ count }),
      }),
    ),
};

const auth = { Authorization: `Bearer ${token}` };
const orderStatus = async (orderId: string, shop = "demo-open"): Promise<OrderStatus> =>
  json<OrderStatus>(await fetch(`${servers.checkoutUrl}/api/shops/${shop}/orders/${orderId}`, { headers: auth }));
const workerEvents = async (shop = "demo-open"): Promise<EventList> =>
  json<EventList>(await fetch(`${servers.checkoutUrl}/api/shops/${shop}/events?limit=200`, { headers: auth }));
const eventsOfOrder = (list: EventList, orderId: string) =>
  list.events.filter((e) => "orderId" in e.event.data && e.event.data.orderId === orderId);

describe("webhooks to the shop's backend", () => {
  it("a paid order: the backend records it paid exactly once, every event verified by standardwebhooks", async () => {
    const { orderId, view } = await createPayment();
    await payInFull(view);
    const order = await until(
      () => backend.order(orderId),
      (o) => o?.status === "paid",
      `order ${orderId} paid at the backend`,
    );
    expect(order?.paid).toMatchObject({ amount: "49.90", currency: "EUR", paymentId: view.paymentId });
    const mine = await until(
      backend.received,
      (entries) => entries.filter((e) => e.orderId === orderId).length >= 2,
      "two deliveries",
    );
    const entries = mine.filter((e) => e.orderId === orderId);
    expect(entries.map((e) => [e.type, e.verified])).toEqual([
      ["payment.created", true],
      ["payment.confirmed", true],
    ]);
    expect(entries.filter((e) => e.outcome === "paid")).toHaveLength(1);
    expect(entries[1]?.message).toContain("signature verified");

    const status = await json<OrderStatus>(
      await fetch(`${servers.checkoutUrl}/api/shops/demo-open/orders/${orderId}`, { headers: auth }),
    );
    expect(status).toMatchObject({
      paid: true,
      orderId,
      payment: { paymentId: view.paymentId, status: "CONFIRMED", externalPaymentId: `demo-open:${orderId}` },
    });
  });

  it("the backend refuses the first 3 deliveries: after it recovers every event arrives, none lost", async () => {
    await backend.failNext(3);
    const { orderId, view } = await createPayment();
    await payInFull(view);
    await until(
      () => backend.order(orderId),
      (o) => o?.status === "paid",
      `order ${orderId} paid after the outage`,
    );
    const list = await until(
      workerEvents,
      (l) =>
        eventsOfOrder(l, orderId).length === 2 && eventsOfOrder(l, orderId).every((e) => e.delivery === "delivered"),
      "both events delivered",
    );
    const events = eventsOfOrder(list, orderId);
    expect(events.map((e) => e.event.type)).toEqual(["payment.created", "payment.confirmed"]);
    const attempts = events.reduce((sum, e) => sum + (e.endpoints[0]?.attempts ?? 0), 0);
    expect(attempts).toBe(2 + 3);
    const refused = (await backend.received()).filter((e) => e.outcome === "failed-on-purpose");
    expect(refused.length).toBeGreaterThanOrEqual(3);
  });

  it("events waiting while the checkout Worker is stopped are delivered after it starts again on the same state", async () => {
    await backend.failNext(1000);
    const { orderId, view } = await createPayment();
    await payInFull(view);
    await until(
      workerEvents,
      (l) =>
        eventsOfOrder(l, orderId).length === 2 && eventsOfOrder(l, orderId).every((e) => e.delivery === "retrying"),
      "both events waiting for a retry",
    );
    await servers.stopCheckout();
    await backend.failNext(0);
    await servers.restartCheckout();
    await until(
      () => backend.order(orderId),
      (o) => o?.status === "paid",
      `order ${orderId} paid after the restart`,
      60_000,
    );
    const list = await until(
      workerEvents,
      (l) => eventsOfOrder(l, orderId).every((e) => e.delivery === "delivered"),
      "both events delivered after the restart",
    );
    expect(eventsOfOrder(list, orderId).map((e) => e.event.type)).toEqual(["payment.created", "payment.confirmed"]);
  });

  it("a replayed webhook with a 10-minute-old timestamp is refused by the backend", async () => {
    const { orderId } = await createPayment();
    const list = await until(workerEvents, (l) => eventsOfOrder(l, orderId).length === 1, "payment.created recorded");
    const entry = eventsOfOrder(list, orderId)[0];
    if (!entry) throw new Error("no event");
    // The Worker's own delivery of the event reaches the backend first, so that the replay is the last thing it received.
    await until(
      () => backend.received(),
      (all) => all.some((e) => e.webhookId === entry.event.id && e.verified === true),
      "the Worker's delivery received",
    );
    const body = JSON.stringify(entry.event);
    const old = new Date(Date.now() - 10 * 60_000);
    const headers = {
      "content-type": "application/json",
      "webhook-id": entry.event.id,
      "webhook-timestamp": String(Math.floor(old.getTime() / 1000)),
      "webhook-signature": new Webhook(secrets.DEMO_WEBHOOK_SECRET ?? "").sign(entry.event.id, old, body),
    };
    const replay = await fetch(`${servers.backendUrl}/webhooks`, { method: "POST", headers, body });
    expect(replay.status).toBe(401);
    const last = (await backend.received()).at(-1);
    expect(last).toMatchObject({ webhookId: entry.event.id, verified: false, outcome: "refused" });
  });

  it("the order API needs the shop's token: 401 without it, and no CORS for browsers", async () => {
    const response = await fetch(`${servers.checkoutUrl}/api/shops/demo-open/orders/any`, {
      headers: { Origin: servers.checkoutUrl },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("www-authenticate")).toContain("Bearer");
  });
});

describe("the order API while a payment goes on", () => {
  it("says paid:false while the payment is NEW, UNDERPAID and UNCONFIRMED, and paid:true once it is CONFIRMED", async () => {
    const { orderId, view } = await createPayment();
    expect(await orderStatus(orderId)).toMatchObject({
      orderId,
      paid: false,
      payment: { paymentId: view.paymentId, status: "NEW" },
    });
    const part = new Decimal(view.transferAmount).div(2).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    const rest = new Decimal(view.transferAmount).minus(part).toFixed();

    // Part of the amount, accepted by the blockchain.
    await pay(view, part, "ACCEPTED");
    const underpaid = await until(
      () => orderStatus(orderId),
      (o) => o.payment.status === "UNDERPAID",
      `order ${orderId} UNDERPAID`,
    );
    expect(underpaid).toMatchObject({ paid: false, payment: { acceptedPaidTransferAmount: part } });

    // The rest, seen but not yet accepted: everything is there, nothing is confirmed.
    const pending = await pay(view, rest);
    const unconfirmed = await until(
      () => orderStatus(orderId),
      (o) => o.payment.status === "UNCONFIRMED",
      `order ${orderId} UNCONFIRMED`,
    );
    expect(unconfirmed).toMatchObject({ paid: false, payment: { paidTransferAmount: view.transferAmount } });
    // Nothing has told the shop's backend it is paid either.
    expect((await backend.order(orderId))?.status).not.toBe("paid");

    await json(
      await fetch(
        `${servers.sandboxUrl}/sandbox/payments/${view.paymentId}/transactions/${pending.transactionId}/accept`,
        { method: "POST" },
      ),
    );
    const confirmed = await until(
      () => orderStatus(orderId),
      (o) => o.payment.status === "CONFIRMED",
      `order ${orderId} CONFIRMED`,
    );
    expect(confirmed).toMatchObject({
      paid: true,
      payment: { paymentId: view.paymentId, acceptedPaidTransferAmount: view.transferAmount },
      earlierPayments: [],
    });
    await until(
      () => backend.order(orderId),
      (o) => o?.status === "paid",
      `order ${orderId} paid at the backend`,
    );
  });
});
