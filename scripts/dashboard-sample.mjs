// A month of one shop's payments as the dashboard's API answers it (worker/checkout/dashboard-wire.ts),
// made up but consistent, for `npm run screenshots`: a fresh demo has only today's payments, and the
// overview's chart is about the month. Deterministic (a fixed seed and a fixed "now"), so the
// pictures change only when the dashboard does.
const NOW = Date.parse("2026-11-25T09:30:00Z");
const DAY = 86_400_000;
const SHOP = "demo-open";
const WEBHOOK_URL = "http://127.0.0.1:8789/webhooks";
const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/** A small deterministic generator (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (ms) => new Date(ms).toISOString();
const cents = (n) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, "0")}`;
/** BTC at 58,350.00 EUR, to 8 places, from whole cents (no floating point in the amounts). */
const btc = (priceCents) => {
  const sats = (BigInt(priceCents) * 100_000_000n) / 5_835_000n;
  return `0.${String(sats).padStart(8, "0")}`;
};

function payments() {
  const next = random(42);
  const list = [];
  for (let d = 29; d >= 0; d--) {
    const n = Math.floor(next() * (d < 3 ? 9 : 6)) + (d % 7 === 2 ? 0 : 2);
    for (let i = 0; i < n; i++) {
      const created = NOW - d * DAY - Math.floor(next() * (d === 0 ? 9 : 23) * 3_600_000);
      const roll = next();
      const status =
        d === 0 && i < 2
          ? i === 0
            ? "NEW"
            : "UNCONFIRMED"
          : roll < 0.72
            ? "CONFIRMED"
            : roll < 0.86
              ? "EXPIRED"
              : roll < 0.95
                ? "UNDERPAID"
                : "INVALID";
      const price = 900 + Math.floor(next() * 24_000);
      const paid =
        status === "CONFIRMED" || status === "UNCONFIRMED"
          ? price
          : status === "UNDERPAID"
            ? Math.floor(price * 0.6)
            : 0;
      const final = ["CONFIRMED", "EXPIRED", "INVALID"].includes(status);
      list.push({
        paymentId: `pay_${(list.length + 1001).toString(36)}${Math.floor(next() * 1e6).toString(36)}`,
        orderId: `NW-${4100 + list.length}`,
        status,
        priceAmount: cents(price),
        priceCurrency: next() < 0.85 ? "EUR" : "USD",
        transferAmount: btc(price),
        transferCurrency: "BTC",
        paidPriceAmount: cents(paid),
        pendingPaidPriceAmount: status === "UNCONFIRMED" ? cents(paid) : "0.00",
        acceptedPaidPriceAmount: status === "UNCONFIRMED" ? "0.00" : cents(paid),
        paidTransferAmount: paid ? btc(paid) : "0",
        pendingPaidTransferAmount: status === "UNCONFIRMED" ? btc(paid) : "0",
        acceptedPaidTransferAmount: status === "UNCONFIRMED" || !paid ? "0" : btc(paid),
        address: ADDRESS,
        createdAt: iso(created),
        updatedAt: iso(created + 6 * 60_000),
        finalAt: final ? iso(created + 6 * 60_000) : null,
        version: final ? 3 : 2,
      });
    }
  }
  return list.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export const SAMPLE_PAYMENTS = payments();

export const SAMPLE_SESSION = {
  identity: { email: "owner@shop.example", via: "access", operator: false },
  shops: [
    { id: SHOP, name: "Demo Shop (open pricing)", environment: "sandbox" },
    { id: "demo-signed", name: "Demo Shop (signed pricing)", environment: "sandbox" },
  ],
  csrfToken: "sample-csrf-token",
  expiresAt: iso(NOW + 8 * 3_600_000),
  idleExpiresAt: iso(NOW + 3_600_000),
};

function sumCents(amounts) {
  return cents(amounts.reduce((n, a) => n + Number(a.replace(".", "")), 0));
}

export function sampleOverview() {
  const groups = new Map();
  for (const p of SAMPLE_PAYMENTS) {
    const key = `${p.createdAt.slice(0, 10)}|${p.priceCurrency}|${p.status}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const days = [...groups].map(([key, group]) => {
    const [day, currency, status] = key.split("|");
    return { day, currency, status, count: group.length, priceAmount: sumCents(group.map((p) => p.priceAmount)) };
  });
  const final = SAMPLE_PAYMENTS.filter((p) => p.finalAt);
  return {
    from: iso(Math.floor(NOW / DAY) * DAY - 29 * DAY),
    to: iso(Math.floor(NOW / DAY) * DAY + DAY),
    days,
    confirmed: final.filter((p) => p.status === "CONFIRMED").length,
    final: final.length,
    open: SAMPLE_PAYMENTS.length - final.length,
    deliveries: { pending: 1, retrying: 2, delivered: SAMPLE_PAYMENTS.length * 3 - 4, dead: 1, shop_disabled: 0 },
  };
}

/** The detail of the newest confirmed payment: created, seen unconfirmed, confirmed; a retried webhook and a redelivery. */
export function sampleDetail() {
  const p = SAMPLE_PAYMENTS.find((x) => x.status === "CONFIRMED");
  const t0 = Date.parse(p.createdAt);
  const view = (status, version) => ({ paymentId: p.paymentId, status, version });
  const event = (id, type, at, previousStatus, status, version) => ({
    id,
    type,
    timestamp: iso(at),
    shop: SHOP,
    data: { orderId: p.orderId, previousStatus, version, payment: view(status, version) },
  });
  const attempt = (at, status, durationMs, error = null) => ({
    url: WEBHOOK_URL,
    at: iso(at),
    status,
    durationMs,
    error,
  });
  return {
    payment: p,
    remainingPriceAmount: "0.00",
    transactions: [
      {
        transactionId: "4f1c9a7e0b2d8c6e5a3f1b0d9c8e7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
        state: "ACCEPTED",
        paidTransferAmount: p.transferAmount,
        priceAmount: p.priceAmount,
        exchangeRate: "58350.00",
        observedTime: iso(t0 + 2 * 60_000),
        acceptedTime: iso(t0 + 6 * 60_000),
        rejectedTime: null,
      },
    ],
    timeline: [
      {
        event: event("evt_01JDX3K8Q2", "payment.created", t0, null, "NEW", 1),
        delivery: "delivered",
        endpoints: [],
        attempts: [attempt(t0 + 400, 200, 41)],
      },
      {
        event: event("evt_01JDX3PB7M", "payment.unconfirmed", t0 + 2 * 60_000, "NEW", "UNCONFIRMED", 2),
        delivery: "delivered",
        endpoints: [],
        attempts: [attempt(t0 + 2 * 60_000 + 300, 503, 112, "HTTP 503"), attempt(t0 + 2 * 60_000 + 1400, 200, 38)],
      },
      {
        event: event("evt_01JDX3W0ZC", "payment.confirmed", t0 + 6 * 60_000, "UNCONFIRMED", "CONFIRMED", 3),
        delivery: "delivered",
        endpoints: [],
        attempts: [attempt(t0 + 6 * 60_000 + 350, 200, 44), attempt(t0 + 48 * 60_000, 200, 36)],
      },
    ],
    earlierPayments: [{ ...SAMPLE_PAYMENTS.find((x) => x.status === "EXPIRED"), orderId: p.orderId }],
    live: null,
    jsonUrl: `http://127.0.0.1:8787/api/shops/${SHOP}/orders/${p.orderId}`,
  };
}

/** BTC amounts as satoshis and back (exact: BigInt). */
const sats = (amount) => BigInt(amount.replace(".", "").replace(/^0+(?=\d)/, ""));
const fromSats = (n) => {
  const digits = String(n).padStart(9, "0");
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`.replace(/\.?0+$/, "");
};

/**
 * The refunds of the detail's payment: one sent (with its transaction), one waiting for the
 * merchant's approval after the customer gave the address through a link.
 */
export function sampleRefunds() {
  const p = SAMPLE_PAYMENTS.find((x) => x.status === "CONFIRMED");
  const t0 = Date.parse(p.updatedAt) + 20 * 60_000;
  const accepted = sats(p.acceptedPaidTransferAmount);
  const sentSats = (accepted * 30n) / 100n;
  const readySats = 20_000n;
  const remaining = accepted - sentSats - readySats;
  const merchant = { kind: "merchant", id: "access:owner@shop.example" };
  const step = (at, actor, event, from, to, note) => ({
    at: iso(at),
    actor,
    event,
    from,
    to,
    ...(note ? { note } : {}),
  });
  const base = (id, amount, reason, created) => ({
    id,
    shopId: SHOP,
    paymentId: p.paymentId,
    reason,
    amount,
    denomination: "transfer",
    currency: "BTC",
    transferCurrency: "BTC",
    priceCurrency: p.priceCurrency,
    network: "mainnet",
    createdAt: iso(created),
  });
  const customerAddress = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";
  const sent = {
    ...base("rf_5b0c2e8f9a1d4c3b8e7f6a5d4c3b2a19", fromSats(sentSats), "order_cancelled", t0),
    state: "sent",
    address: ADDRESS,
    addressBy: "merchant",
    payout: {
      payoutId: "po_7Hq2Kd9",
      status: "SENT",
      transferAmount: fromSats(sentSats),
      address: ADDRESS,
      transactionId: "9c2e4b7a1f0d3e6c8b5a2f9e7d4c1b0a3f6e9d2c5b8a7f4e1d0c3b6a9f2e5d8c",
      sentTime: iso(t0 + 40 * 60_000),
      sourceTime: t0 + 40 * 60_000,
    },
    history: [
      step(t0, merchant, "create", null, "ready_for_approval", "address entered by the merchant"),
      step(t0 + 60_000, { kind: "payment_service" }, "payout", "ready_for_approval", "ready_for_approval", "CREATED"),
      step(t0 + 62_000, merchant, "approve", "ready_for_approval", "approved"),
      step(t0 + 40 * 60_000, { kind: "payment_service" }, "payout", "approved", "sent", "SENT"),
    ],
  };
  const t1 = t0 + 40 * 60_000;
  const ready = {
    ...base("rf_a1e2d3c4b5a6978877665544332211ff", fromSats(readySats), "duplicate", t1),
    state: "ready_for_approval",
    address: customerAddress,
    addressBy: "customer",
    history: [
      step(t1, merchant, "create", null, "requested"),
      step(t1 + 30_000, merchant, "request_address", "requested", "awaiting_address"),
      step(t1 + 3_600_000, { kind: "customer" }, "submit_address", "awaiting_address", "ready_for_approval"),
    ],
  };
  return {
    paymentId: p.paymentId,
    transferCurrency: "BTC",
    priceCurrency: p.priceCurrency,
    totals: {
      accepted: p.acceptedPaidTransferAmount,
      held: fromSats(sentSats + readySats),
      remaining: fromSats(remaining),
    },
    proposals: [
      {
        kind: "whole_payment",
        reason: "order_cancelled",
        amount: fromSats(remaining),
        currency: "BTC",
        denomination: "transfer",
      },
    ],
    refunds: [sent, ready],
  };
}

/** The API's answer to a dashboard API request (path and query), or undefined. */
export function sampleAnswer(pathname, search) {
  if (pathname === "/dashboard/api/session") return SAMPLE_SESSION;
  const m = /^\/dashboard\/api\/shops\/[^/]+\/(.+)$/.exec(pathname);
  if (!m) return undefined;
  if (m[1] === "overview") return sampleOverview();
  if (m[1] === "payments") {
    const status = new URLSearchParams(search).get("status")?.split(",");
    return {
      payments: SAMPLE_PAYMENTS.filter((p) => !status || status.includes(p.status)).slice(0, 25),
      next: "sample-cursor",
    };
  }
  if (/^payments\/[^/]+\/refunds$/.test(m[1])) return sampleRefunds();
  const limits = /^payments\/[^/]+\/refunds\/([^/]+)\/payout-limits$/.exec(m[1]);
  if (limits) {
    const refund = sampleRefunds().refunds.find((r) => r.id === limits[1]);
    return {
      refundId: limits[1],
      currency: "BTC",
      transferAmount: refund?.amount ?? "0",
      available: "0.84210000",
      minPayoutAmount: "0.0001",
    };
  }
  if (/^payments\/[^/]+$/.test(m[1])) return sampleDetail();
  return undefined;
}
