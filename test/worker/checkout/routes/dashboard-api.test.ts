/**
 * The dashboard's data API (routes/dashboard-api.ts) on data written through the real paths: the
 * events of each payment through the webhook queue's consumer (event log, deliveries, ledger), or
 * a payment created through the element's route and delivered by the Worker's own queue. The
 * session's identity is the input (support/desk.ts); every route refuses a request without one,
 * and a shop that is not the session's answers as a shop that does not exist.
 */
import { describe, expect, it } from "vitest";
import type { EventDetail, LedgerPaymentList, PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import type { DeskOverview, DeskPaymentDetail } from "../../../../worker/checkout/dashboard-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { deskCall, deskJson, identityOf } from "../support/desk.js";
import { errorOf } from "../support/http.js";
import { consumeEvents, eventsOf } from "../support/ledger.js";
import { backend, createOpen, freshShopId, shopsWithCopy, testEnv, tokenOf } from "../support/merchant.js";
import { freshOrderId, settle } from "../support/orders.js";
import { newPayment, transaction, withStatus } from "../support/payments.js";
import { useStubs } from "../support/stubs.js";
import { WEBHOOK_URL } from "../support/test-env.js";

const stubs = useStubs();
const DAY = 24 * 60 * 60 * 1000;

/** A shop of its own (a copy of demo-open with one endpoint of its own), its bindings and env, and a session of it. */
function shopOf() {
  const shop = freshShopId("desk");
  const url = `${WEBHOOK_URL}?${shop}`;
  const bindings: Partial<Env> = {
    SHOPS: shopsWithCopy(shop, { webhooks: [{ url, secret: "DEMO_WEBHOOK_SECRET" }] }),
  };
  const env: Env = { ...testEnv, ...bindings };
  const me = identityOf(shop);
  const get = <T>(path: string) => deskJson<T>(me, `/shops/${shop}${path}`, {}, bindings);
  /** One payment's history through the consumer: each snapshot at its time. */
  const history = (orderId: string | null, ...changes: [Payment, number][]) =>
    consumeEvents(
      shop,
      eventsOf(
        shop,
        orderId,
        changes.map(([payment, at]) => ({ payment, at: new Date(at) })),
      ),
      env,
    );
  return { shop, url, bindings, env, me, get, history };
}

const ROUTES: [string, string][] = [
  ["GET", "/overview"],
  ["GET", "/payments"],
  ["GET", "/payments.csv"],
  ["GET", "/payments/pay_1"],
  ["POST", "/events/evt_0123456789abcdef0123456789abcdef/redeliver"],
  ["GET", "/webhooks"],
  ["POST", "/webhooks/ping"],
  ["GET", "/settings"],
  ["PATCH", "/settings"],
];

describe("the dashboard API's session check", () => {
  it.each(ROUTES)(
    "%s %s without a session is 401 unauthenticated, before its query or body is read",
    async (method, path) => {
      const response = await deskCall(null, `/shops/demo-open${path}?days=0&status=x`, {
        method,
        body: method === "PATCH" ? "{" : undefined,
      });
      expect(response.status).toBe(401);
      const error = await errorOf(response);
      expect(error.code).toBe("unauthenticated");
      expect(error.message).toContain("open a sign-in link");
    },
  );

  it.each(ROUTES)(
    "%s %s of a shop that is not the session's is 404 unknown_shop, as a shop that does not exist",
    async (method, path) => {
      const other = await deskCall(identityOf("demo-signed"), `/shops/demo-open${path}`, {
        method,
        body: method === "PATCH" ? { allowedOrigins: [] } : undefined,
      });
      // A session that names a shop that does not exist passes the session check and meets the lookup's 404.
      const missing = await deskCall(identityOf("no-such-shop"), `/shops/no-such-shop${path}`, {
        method,
        body: method === "PATCH" ? { allowedOrigins: [] } : undefined,
      });
      expect(other.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(await errorOf(other)).toEqual(await errorOf(missing));
    },
  );
});

describe("GET …/overview", () => {
  it("totals per day, currency and status with exact sums, the confirmed rate, the open payments and the deliveries", async () => {
    const s = shopOf();
    const now = Date.now();
    const today = Math.floor(now / DAY) * DAY;
    const yesterday = today - DAY + 60_000;
    const a = newPayment({ priceAmount: "10.10" });
    const b = newPayment({ priceAmount: "0.000000000000000001" });
    const c = newPayment({ priceAmount: "5" });
    const d = newPayment({ priceAmount: "7.5", priceCurrency: "USD" });
    const old = newPayment({ priceAmount: "99" });
    await s.history("o-a", [a, yesterday], [withStatus(a, "CONFIRMED"), yesterday + 1000]);
    await s.history("o-b", [b, yesterday + 2000], [withStatus(b, "CONFIRMED"), yesterday + 3000]);
    await s.history("o-c", [c, today], [withStatus(c, "EXPIRED"), today + 1]);
    await s.history("o-d", [d, today + 2]);
    // Created 40 days ago and still open: outside the range, but open now.
    await s.history("o-old", [old, today - 40 * DAY]);

    const body = await s.get<DeskOverview>("/overview?days=30");
    expect(body.to).toBe(new Date(today + DAY).toISOString());
    expect(body.from).toBe(new Date(today + DAY - 30 * DAY).toISOString());
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(body.days).toEqual([
      { day: day(yesterday), currency: "EUR", status: "CONFIRMED", count: 2, priceAmount: "10.100000000000000001" },
      { day: day(today), currency: "EUR", status: "EXPIRED", count: 1, priceAmount: "5" },
      { day: day(today), currency: "USD", status: "NEW", count: 1, priceAmount: "7.5" },
    ]);
    expect([body.confirmed, body.final, body.open]).toEqual([2, 3, 2]);
    // Every event went to the one endpoint (the receiver took them): 2 + 2 + 2 + 1 + 1.
    expect(body.deliveries).toEqual({ pending: 0, retrying: 0, delivered: 8, dead: 0, shop_disabled: 0 });
  });

  it("counts a delivery that failed as retrying", async () => {
    const s = shopOf();
    stubs.receiver.failUrl(s.url, "http503");
    await s.history("o-1", [newPayment(), Date.now()]);
    const body = await s.get<DeskOverview>("/overview");
    expect(body.deliveries).toEqual({ pending: 0, retrying: 1, delivered: 0, dead: 0, shop_disabled: 0 });
    expect(body.days.map((d) => d.count)).toEqual([1]);
  });

  it.each(["days=0", "days=91", "days=x", "since=1"])("refuses %s with 400 naming the field", async (query) => {
    const s = shopOf();
    const response = await deskCall(s.me, `/shops/${s.shop}/overview?${query}`, {}, s.bindings);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/^Invalid query\. (days|query)/);
  });
});

describe("GET …/payments and …/payments.csv", () => {
  async function threePayments() {
    const s = shopOf();
    const now = Date.now() - 10_000;
    await s.history("NW-1", [newPayment({ paymentId: "pay_x1" }), now]);
    await s.history("NW-2", [withStatus(newPayment({ paymentId: "pay_x2" }), "CONFIRMED"), now + 1]);
    await s.history("=HYPERLINK(1)", [newPayment({ paymentId: "pay_x3", priceCurrency: "USD" }), now + 2]);
    return s;
  }
  const ledgerApi = (s: ReturnType<typeof shopOf>, path: string) =>
    backend(`/api/shops/${s.shop}/ledger/${path}`, {}, tokenOf("demo-open"), s.bindings);

  it.each(["", "status=CONFIRMED", "currency=USD", "q=NW-", "limit=1", "minAmount=1&maxAmount=30"])(
    "answers ?%s exactly as the ledger API does",
    async (query) => {
      const s = await threePayments();
      const mine = await s.get<LedgerPaymentList>(`/payments?${query}`);
      const theirs = (await (await ledgerApi(s, `payments?${query}`)).json()) as LedgerPaymentList;
      expect(mine).toEqual(theirs);
      expect(mine.payments.length).toBeGreaterThan(0);
    },
  );

  it("pages with the cursor of the answer", async () => {
    const s = await threePayments();
    const first = await s.get<LedgerPaymentList>("/payments?limit=2");
    expect(first.payments.map((p) => p.paymentId)).toEqual(["pay_x3", "pay_x2"]);
    const next = await s.get<LedgerPaymentList>(`/payments?limit=2&cursor=${first.next ?? ""}`);
    expect(next).toEqual({ payments: [expect.objectContaining({ paymentId: "pay_x1" })], next: null });
  });

  it("refuses a bad filter with the ledger API's message", async () => {
    const s = await threePayments();
    const mine = await deskCall(s.me, `/shops/${s.shop}/payments?status=confirmed&cursor=zz`, {}, s.bindings);
    const theirs = await ledgerApi(s, "payments?status=confirmed&cursor=zz");
    expect(mine.status).toBe(400);
    expect((await errorOf(mine)).message).toBe((await errorOf(theirs)).message);
  });

  it("exports the same CSV as the ledger API, formula cells neutralized", async () => {
    const s = await threePayments();
    const mine = await deskCall(s.me, `/shops/${s.shop}/payments.csv?currency=USD,EUR`, {}, s.bindings);
    const theirs = await ledgerApi(s, "payments.csv?currency=USD,EUR");
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(mine.headers.get("Content-Disposition")).toBe(`attachment; filename="${s.shop}-payments.csv"`);
    const text = await mine.text();
    expect(text).toBe(await theirs.text());
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(4);
    expect(text).toContain("'=HYPERLINK(1)");
  });
});

describe("GET …/payments/{paymentId}", () => {
  it("answers the ledger row, the exact remainder, the transactions, the timeline with every attempt and the order's other payments", async () => {
    const s = shopOf();
    const orderId = freshOrderId("detail");
    const t0 = Date.now() - 60_000;
    const expired = newPayment({ paymentId: "pay_first" });
    await s.history(orderId, [expired, t0], [withStatus(expired, "EXPIRED"), t0 + 1000]);
    const p = newPayment({ paymentId: "pay_second", priceAmount: "25.00" });
    const tx = transaction({
      transactionId: "tx_part",
      state: "ACCEPTED",
      priceAmount: "10.005",
      paidTransferAmount: "0.0001667",
    });
    const underpaid: Payment = {
      ...p,
      status: "UNDERPAID",
      paidPriceAmount: "10.005",
      acceptedPaidPriceAmount: "10.005",
      paidTransferAmount: "0.0001667",
      acceptedPaidTransferAmount: "0.0001667",
      transactions: [tx],
    };
    const [created, changed] = eventsOf(s.shop, orderId, [
      { payment: p, at: new Date(t0 + 2000) },
      { payment: underpaid, at: new Date(t0 + 3000) },
    ]);
    if (!created || !changed) throw new Error("two events expected");
    // The first event's delivery fails once (the consumer gets its message once: it waits to retry).
    stubs.receiver.failUrl(s.url, "http503");
    await consumeEvents(s.shop, [created], s.env);
    stubs.receiver.failUrl(s.url, undefined);
    await consumeEvents(s.shop, [changed], s.env);

    const detail = await s.get<DeskPaymentDetail>("/payments/pay_second");
    expect(detail.payment).toMatchObject({ paymentId: "pay_second", orderId, status: "UNDERPAID", version: 2 });
    expect(detail.remainingPriceAmount).toBe("14.995");
    expect(detail.transactions).toEqual([
      {
        transactionId: "tx_part",
        state: "ACCEPTED",
        paidTransferAmount: "0.0001667",
        priceAmount: "10.005",
        exchangeRate: "60000",
        observedTime: tx.observedTime,
        acceptedTime: null,
        rejectedTime: null,
      },
    ]);
    expect(detail.timeline.map((entry) => [entry.event.type, (entry.event as PaymentEvent).data.version])).toEqual([
      ["payment.created", 1],
      ["payment.underpaid", 2],
    ]);
    const [first, later] = detail.timeline;
    expect(first?.event.id).toBe(created.id);
    expect(first?.delivery).toBe("retrying");
    expect(first?.attempts).toEqual([
      expect.objectContaining({ url: s.url, status: 503, error: expect.any(String) as unknown }),
    ]);
    expect(first?.endpoints).toEqual([expect.objectContaining({ url: s.url, state: "retrying", attempts: 1 })]);
    expect(later?.delivery).toBe("delivered");
    expect(later?.attempts).toEqual([expect.objectContaining({ url: s.url, status: 200, error: null })]);
    expect(detail.earlierPayments.map((e) => [e.paymentId, e.status])).toEqual([["pay_first", "EXPIRED"]]);
    expect(detail.live).toBeNull();
    expect(detail.jsonUrl).toBe(`https://checkout.test/api/shops/${s.shop}/orders/${orderId}`);
  });

  it("never answers a remainder below zero (an overpaid payment)", async () => {
    const s = shopOf();
    const p = newPayment({ paymentId: "pay_over", priceAmount: "25.00" });
    await s.history("o-over", [
      { ...withStatus(p, "CONFIRMED"), acceptedPaidPriceAmount: "30.00", paidPriceAmount: "30.00" },
      Date.now(),
    ]);
    const detail = await s.get<DeskPaymentDetail>("/payments/pay_over");
    expect(detail.remainingPriceAmount).toBe("0");
  });

  it("is 404 payment_not_found for a payment the ledger has not for this shop, even one of another shop", async () => {
    const s = shopOf();
    const other = shopOf();
    await other.history("o-theirs", [newPayment({ paymentId: "pay_theirs" }), Date.now()]);
    for (const id of ["pay_theirs", "pay_never"]) {
      const response = await deskCall(s.me, `/shops/${s.shop}/payments/${id}`, {}, s.bindings);
      expect(response.status).toBe(404);
      const error = await errorOf(response);
      expect(error.code).toBe("payment_not_found");
      expect(error.message).toContain("The ledger has no payment with this id for this shop");
    }
  });

  it("has the live view of a payment its object holds, and the timeline of a payment made through the Worker", async () => {
    const orderId = freshOrderId("live");
    const view = await createOpen(orderId);
    await settle(stubs.upstream, "demo-open", view.paymentId, "CONFIRMED");
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 2);
    const me = identityOf("demo-open");
    let detail: DeskPaymentDetail | undefined;
    // The ledger row and the deliveries are written by the Worker's own queue consumer.
    await expect
      .poll(async () => {
        detail = await deskJson<DeskPaymentDetail>(me, `/shops/demo-open/payments/${view.paymentId}`).catch(
          () => undefined,
        );
        return detail?.timeline.map((t) => `${t.event.type}:${t.delivery}`);
      })
      .toEqual(["payment.created:delivered", "payment.confirmed:delivered"]);
    expect(detail?.payment.status).toBe("CONFIRMED");
    expect(detail?.live).toMatchObject({ paymentId: view.paymentId, status: "CONFIRMED", version: 2 });
    expect(detail?.jsonUrl).toBe(`https://checkout.test/api/shops/demo-open/orders/${orderId}`);
  });
});

describe("POST …/events/{eventId}/redeliver", () => {
  /** The id of a demo-open payment's first event, once delivered; and a redelivery of it asked as a session of `shop`. */
  async function deliveredEvent() {
    const view = await createOpen();
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const eventId = stubs.receiver.eventsOf(view.paymentId)[0]?.id ?? "";
    const redeliverAs = (shop: string) =>
      deskCall(identityOf(shop), `/shops/${shop}/events/${eventId}/redeliver`, { method: "POST" });
    return { eventId, redeliverAs };
  }

  it("queues the event again for the shop's endpoints, as the backend API does: a new attempt arrives", async () => {
    const { eventId, redeliverAs } = await deliveredEvent();
    const response = await redeliverAs("demo-open");
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ redelivered: true, eventId, queued: [WEBHOOK_URL] });
    await stubs.receiver.until((r) => r.accepted().filter((d) => d.event.id === eventId).length === 2);
    const attempts = async () => {
      const detail = (await (await backend(`/api/shops/demo-open/events/${eventId}`)).json()) as EventDetail;
      return detail.attempts.map((a) => a.status);
    };
    await expect.poll(attempts).toEqual([200, 200]);
  });

  it("is 404 event_not_found for an event of another shop's log", async () => {
    const { redeliverAs } = await deliveredEvent();
    const response = await redeliverAs("demo-signed");
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("event_not_found");
  });
});
