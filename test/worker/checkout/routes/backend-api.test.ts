/**
 * The shop backend's API (backend-api.ts): the Bearer token of the shop and no other, no CORS,
 * the order's payment status, the event log in order with cursor paging, and one event with its
 * attempts.
 */
import { describe, expect, it, vi } from "vitest";
import type {
  EventDetail,
  EventEntry,
  EventList,
  OrderStatus,
  PaymentEvent,
} from "../../../../worker/checkout/backend-wire.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { errorOf } from "../support/http.js";
import {
  backend,
  backendJson,
  committedShops,
  createOpen,
  endCursor,
  eventsAfter,
  notify,
} from "../support/merchant.js";
import { freshOrderId, settle } from "../support/orders.js";
import { transaction, withStatus } from "../support/payments.js";
import { TEST_SECRETS } from "../support/test-env.js";
import { useStubs } from "../support/stubs.js";

const stubs = useStubs();

/** demo-signed with a backend token of its own (the committed shops share one binding name). */
const SIGNED_TOKEN = "signedShopToken_4pQ9zR2mX7vB1nK8sT3wY6uE";
const ownTokens = {
  SHOPS: JSON.stringify(
    committedShops().map((s) =>
      s.id === "demo-signed"
        ? { ...s, secrets: { ...(s.secrets as object), backendToken: "SIGNED_BACKEND_TOKEN" } }
        : s,
    ),
  ),
  SIGNED_BACKEND_TOKEN: SIGNED_TOKEN,
};

const ORIGIN = "http://127.0.0.1:8787";

describe("backend API authentication", () => {
  it.each<[string, string | null, string]>([
    ["no Authorization header", null, "/api/shops/demo-open/events"],
    ["a wrong token", "x".repeat(40), "/api/shops/demo-open/events"],
    ["another shop's token (demo-signed's on demo-open)", SIGNED_TOKEN, "/api/shops/demo-open/events"],
    [
      "another shop's token (demo-open's on demo-signed)",
      TEST_SECRETS.DEMO_BACKEND_TOKEN,
      "/api/shops/demo-signed/events",
    ],
    ["the token with a suffix", `${TEST_SECRETS.DEMO_BACKEND_TOKEN}x`, "/api/shops/demo-open/orders/order-1"],
    [
      "a token that is not of the Bearer alphabet",
      "token with spaces",
      "/api/shops/demo-open/events/evt_00000000000000000000000000000000",
    ],
  ])("answers 401 unauthorized with a Bearer challenge to %s", async (_name, token, path) => {
    const response = await backend(path, {}, token, ownTokens);
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="crypto-checkout"');
    expect((await errorOf(response)).code).toBe("unauthorized");
  });

  it("answers 401 to Basic credentials carrying the right token", async () => {
    const response = await backend(
      "/api/shops/demo-open/events",
      { headers: { Authorization: `Basic ${btoa(`demo-open:${TEST_SECRETS.DEMO_BACKEND_TOKEN}`)}` } },
      null,
    );
    expect(response.status).toBe(401);
  });

  it("takes the scheme name in any case (RFC 9110), the token only exactly", async () => {
    for (const scheme of ["bearer", "BEARER"]) {
      expect(
        (
          await backend(
            "/api/shops/demo-open/events",
            { headers: { Authorization: `${scheme} ${TEST_SECRETS.DEMO_BACKEND_TOKEN}` } },
            null,
          )
        ).status,
      ).toBe(200);
    }
    expect(
      (await backend("/api/shops/demo-open/events", {}, TEST_SECRETS.DEMO_BACKEND_TOKEN.toUpperCase())).status,
    ).toBe(401);
  });

  it("opens each shop to its own token", async () => {
    expect((await backend("/api/shops/demo-signed/events", {}, SIGNED_TOKEN, ownTokens)).status).toBe(200);
    expect((await backend("/api/shops/demo-open/events", {}, TEST_SECRETS.DEMO_BACKEND_TOKEN, ownTokens)).status).toBe(
      200,
    );
  });

  it("sends no CORS headers, even to an allowed Origin and to a preflight (the element's routes do)", async () => {
    const get = await backend("/api/shops/demo-open/events", { headers: { Origin: ORIGIN } });
    expect(get.status).toBe(200);
    expect([...get.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    const preflight = await backend(
      "/api/shops/demo-open/events",
      {
        method: "OPTIONS",
        headers: {
          Origin: ORIGIN,
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "authorization",
        },
      },
      null,
    );
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toBeNull();
    const element = await backend("/api/shops/demo-open", { headers: { Origin: ORIGIN } }, null);
    expect(element.headers.get("Access-Control-Allow-Origin")).toBe(ORIGIN);
  });
});

describe("GET /api/shops/{shop}/orders/{orderId}", () => {
  const orderPath = (orderId: string) => `/api/shops/demo-open/orders/${orderId}`;

  it("answers 404 order_not_found for an order the shop never created (asking creates nothing), 400 for an invalid id", async () => {
    const unknown = await backend(orderPath(freshOrderId("never")));
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("order_not_found");
    expect(stubs.upstream.count()).toBe(0);
    const invalid = await backend(orderPath("-bad-id"));
    expect(invalid.status).toBe(400);
    expect((await errorOf(invalid)).code).toBe("invalid_request");
  });

  it("says paid:false while NEW and paid:true once CONFIRMED", async () => {
    const orderId = freshOrderId("paid");
    const view = await createOpen(orderId);
    const open = await backendJson<OrderStatus>(orderPath(orderId));
    expect(open).toMatchObject({
      shop: "demo-open",
      orderId,
      paid: false,
      payment: { paymentId: view.paymentId, status: "NEW" },
      earlierPayments: [],
    });
    await settle(stubs.upstream, "demo-open", view.paymentId, "CONFIRMED");
    const paid = await backendJson<OrderStatus>(orderPath(orderId));
    expect(paid).toMatchObject({
      paid: true,
      payment: { paymentId: view.paymentId, status: "CONFIRMED" },
      earlierPayments: [],
    });
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 2);
  });

  /** The stub's payment of a fresh order created through the Worker (NEW, version 1). */
  async function freshOrder(prefix: string): Promise<{ orderId: string; created: Payment }> {
    const orderId = freshOrderId(prefix);
    const { paymentId } = await createOpen(orderId);
    const created = stubs.upstream.payments.get(paymentId);
    if (!created) throw new Error(`the stub has no payment ${paymentId}`);
    return { orderId, created };
  }

  /** The upstream's payment becomes `payment`, told by an authentic notification `seconds` after now; the hook's outcome. */
  async function change(payment: Payment, seconds: number): Promise<unknown> {
    stubs.upstream.update(payment.paymentId, payment);
    return (await notify("demo-open", "v3/payment", payment, new Date(Date.now() + seconds * 1000))).outcome;
  }

  /** The upstream's snapshot of the payment in each status, with amounts that fit it. */
  const inStatus = (created: Payment, status: string): Payment =>
    status === "UNDERPAID"
      ? {
          ...withStatus(created, "UNDERPAID"),
          paidTransferAmount: "0.0002",
          acceptedPaidTransferAmount: "0.0002",
          pendingPaidTransferAmount: "0",
          transactions: [transaction({ paidTransferAmount: "0.0002", state: "ACCEPTED" })],
        }
      : withStatus(created, status);

  // A shop's backend fulfils on `paid`: only a CONFIRMED payment is paid. REFUNDED stands for a
  // status the spec does not name (section 3.2): stored and shown as it came, never paid.
  it.each([
    { status: "UNDERPAID", paid: false },
    { status: "UNCONFIRMED", paid: false },
    { status: "EXPIRED", paid: false },
    { status: "INVALID", paid: false },
    { status: "REFUNDED", paid: false },
    { status: "CONFIRMED", paid: true },
  ])("says paid:$paid when the order's payment went from NEW to $status", async ({ status, paid }) => {
    const { orderId, created } = await freshOrder("status");
    expect(await backendJson<OrderStatus>(orderPath(orderId))).toMatchObject({
      paid: false,
      payment: { status: "NEW", version: 1 },
    });
    expect(await change(inStatus(created, status), 1)).toBe("apply");
    const order = await backendJson<OrderStatus>(orderPath(orderId));
    expect(order).toMatchObject({
      shop: "demo-open",
      orderId,
      paid,
      payment: { paymentId: created.paymentId, status, version: 2 },
      earlierPayments: [],
    });
    await stubs.receiver.until((r) => r.eventsOf(created.paymentId).length === 2);
  });

  it("stays paid:true through later changes of a confirmed payment: more paid after confirmation, then other statuses refused as final", async () => {
    const { orderId, created } = await freshOrder("later");
    const confirmed = withStatus(created, "CONFIRMED");
    expect(await change(confirmed, 1)).toBe("apply");
    // A second transaction after confirmation (an overpayment): still CONFIRMED, a new version.
    const extra = transaction({ paidTransferAmount: "0.0001", state: "ACCEPTED" });
    const overpaid: Payment = {
      ...confirmed,
      paidTransferAmount: "0.00051667",
      acceptedPaidTransferAmount: "0.00051667",
      transactions: [...confirmed.transactions, extra],
    };
    expect(await change(overpaid, 2)).toBe("apply");
    expect(await backendJson<OrderStatus>(orderPath(orderId))).toMatchObject({
      paid: true,
      payment: { status: "CONFIRMED", version: 3, paidTransferAmount: "0.00051667" },
    });
    // The upstream later says something else of it: CONFIRMED is final (snapshot.ts), the order stays paid.
    for (const [i, status] of ["INVALID", "UNCONFIRMED", "REFUNDED", "NEW"].entries()) {
      expect(await change(inStatus(created, status), 3 + i), status).toBe("final");
      expect(await backendJson<OrderStatus>(orderPath(orderId)), status).toMatchObject({
        paid: true,
        payment: { status: "CONFIRMED", version: 3 },
      });
    }
    await stubs.receiver.until((r) => r.eventsOf(created.paymentId).length === 3);
  });

  it("lists an expired payment under earlierPayments when the order was paid again", async () => {
    const orderId = freshOrderId("again");
    const expired = await createOpen(orderId);
    await settle(stubs.upstream, "demo-open", expired.paymentId, "EXPIRED");
    const again = await createOpen(orderId);
    expect(again.paymentId).not.toBe(expired.paymentId);
    const status = await backendJson<OrderStatus>(orderPath(orderId));
    expect(status).toMatchObject({
      paid: false,
      payment: { paymentId: again.paymentId, status: "NEW" },
      earlierPayments: [{ paymentId: expired.paymentId, status: "EXPIRED" }],
    });
    await settle(stubs.upstream, "demo-open", again.paymentId, "CONFIRMED");
    expect(await backendJson<OrderStatus>(orderPath(orderId))).toMatchObject({
      paid: true,
      payment: { paymentId: again.paymentId },
      earlierPayments: [{ paymentId: expired.paymentId }],
    });
    await stubs.receiver.until(
      (r) => r.eventsOf(expired.paymentId).length === 2 && r.eventsOf(again.paymentId).length === 2,
    );
    expect(stubs.receiver.eventsOf(expired.paymentId).map((e) => (e as PaymentEvent).data.orderId)).toEqual([
      orderId,
      orderId,
    ]);
  });
});

describe("GET /api/shops/{shop}/events", () => {
  it("lists the shop's events in order, page by page with after / limit / hasMore / next", async () => {
    const start = await endCursor("demo-open");
    const view = await createOpen(freshOrderId("pages"));
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    await settle(stubs.upstream, "demo-open", view.paymentId, "UNCONFIRMED");
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 2);
    await settle(stubs.upstream, "demo-open", view.paymentId, "CONFIRMED");
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 3);

    const mineOf = (entries: EventEntry[]) =>
      entries.filter((e) => (e.event as PaymentEvent).data.payment?.paymentId === view.paymentId);
    // The consumer records the last delivery right after the stubs.receiver answered: wait for it.
    const all = await vi.waitFor(
      async () => {
        const entries = await eventsAfter("demo-open", start);
        expect(mineOf(entries).map((e) => e.delivery)).toEqual(["delivered", "delivered", "delivered"]);
        return entries;
      },
      { timeout: 5000, interval: 20 },
    );
    const pages: EventList[] = [];
    let cursor = start;
    for (let i = 0; i < 100; i++) {
      const page = await backendJson<EventList>(`/api/shops/demo-open/events?after=${cursor}&limit=2`);
      pages.push(page);
      expect(page.events.length).toBeLessThanOrEqual(2);
      expect(page.next).toBe(page.events.at(-1)?.cursor ?? cursor);
      cursor = page.next;
      if (!page.hasMore) break;
    }
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.slice(0, -1).every((p) => p.hasMore && p.events.length === 2)).toBe(true);
    expect(pages.flatMap((p) => p.events.map((e) => e.event.id))).toEqual(all.map((e) => e.event.id));
    const cursors = all.map((e) => Number(e.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(cursors).size).toBe(cursors.length);

    expect(mineOf(all).map((e) => [e.event.type, (e.event as PaymentEvent).data.version, e.delivery])).toEqual([
      ["payment.created", 1, "delivered"],
      ["payment.unconfirmed", 2, "delivered"],
      ["payment.confirmed", 3, "delivered"],
    ]);
    // Past the end: an empty page that keeps the cursor.
    const end = await backendJson<EventList>(`/api/shops/demo-open/events?after=${cursor}`);
    expect(end).toEqual({ events: [], next: cursor, hasMore: false });
  });

  it.each([
    ["after=abc"],
    ["after=-1"],
    ["after=1.5"],
    ["limit=0"],
    ["limit=201"],
    ["limit=ten"],
    ["limit=2.5"],
    ["cursor=3"],
  ])("answers 400 invalid_request to ?%s", async (query) => {
    const response = await backend(`/api/shops/demo-open/events?${query}`);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
  });
});

describe("GET /api/shops/{shop}/events/{eventId}", () => {
  it("shows the event with every delivery attempt", async () => {
    stubs.receiver.fail("http503", 1);
    const view = await createOpen(freshOrderId("detail"));
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const eventId = stubs.receiver.eventsOf(view.paymentId)[0]?.id ?? "";
    // The consumer records the attempt right after the stubs.receiver answered: wait for it.
    const detail = await vi.waitFor(
      async () => {
        const found = await backendJson<EventDetail>(`/api/shops/demo-open/events/${eventId}`);
        expect(found.delivery).toBe("delivered");
        return found;
      },
      { timeout: 5000, interval: 20 },
    );
    expect(detail).toMatchObject({
      event: { id: eventId, type: "payment.created", shop: "demo-open" },
      endpoints: [{ state: "delivered", attempts: 2 }],
    });
    expect(detail.attempts.map((a) => [a.status, a.error])).toEqual([
      [503, "HTTP 503: down for maintenance"],
      [200, null],
    ]);
  });

  it("answers 404 event_not_found for an unknown id and for another shop's event", async () => {
    const view = await createOpen(freshOrderId("other"));
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const eventId = stubs.receiver.eventsOf(view.paymentId)[0]?.id ?? "";
    for (const path of [
      "/api/shops/demo-open/events/evt_ffffffffffffffffffffffffffffffff",
      `/api/shops/demo-signed/events/${eventId}`,
    ]) {
      const response = await backend(path);
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("event_not_found");
    }
  });
});
