/**
 * A payment is readable only by whoever created it: the GET route (with its 304 path) and the
 * stream need the payment's client secret, and answer without it, or with a wrong one, the very
 * same 404 as for an unknown payment. Strangers never count as viewers, never keep the payment
 * polled, never make it load again from the upstream; the secret never reaches a log line, a
 * webhook event, the ledger or the upstream.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { isClientSecret, newClientSecret } from "../../../../worker/checkout/payments/client-secret.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import { DEFAULT_MAX_VIEWERS } from "../../../../worker/checkout/payments/stream-limits.js";
import type { CreatedPayment } from "../../../../worker/checkout/wire.js";
import { forgottenPayment } from "../support/forgotten.js";
import { call, ORIGIN, postJson } from "../support/http.js";
import { paymentRow } from "../support/ledger.js";
import { freshOrderId, settle } from "../support/orders.js";
import {
  CLIENT_SECRET,
  connectStream,
  newPayment,
  paymentPath,
  TEST_POLL_INTERVAL_MS,
  type StreamClient,
} from "../support/payments.js";
import { useStubs } from "../support/stubs.js";
import { TEST_SECRETS } from "../support/test-env.js";

const testEnv = env as unknown as Env;
const SHOP = "demo-open";
const stubs = useStubs();
const clients: StreamClient[] = [];
const touched: DurableObjectStub[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const stub of touched.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

async function create(): Promise<CreatedPayment> {
  const response = await postJson(`/api/shops/${SHOP}/payments`, {
    orderId: freshOrderId("secret"),
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferCurrency: "BTC",
  });
  expect(response.status).toBe(201);
  const created = (await response.json()) as CreatedPayment;
  touched.push(paymentObject(testEnv, SHOP, created.paymentId).stub);
  return created;
}

/** A stored payment (NEW, `age` ms old) with the tests' client secret, and its object. */
async function stored(age = 0) {
  const payment = newPayment();
  stubs.upstream.payments.set(payment.paymentId, payment);
  const object = paymentObject(testEnv, SHOP, payment.paymentId);
  touched.push(object.stub);
  await object.init(payment, Date.now() - age, "order-1", CLIENT_SECRET);
  return { payment, object };
}

const streamPath = (paymentId: string, query = "") => `/api/shops/${SHOP}/payments/${paymentId}/stream${query}`;
const upgrade = (path: string) => call(path, { headers: { Upgrade: "websocket" } });

/** The wrong ways to ask: no secret, an empty one, another payment's, a near miss, garbage. */
function wrongQueries(secret: string, otherSecret: string): string[] {
  const flipped = (secret[0] === "A" ? "B" : "A") + secret.slice(1);
  return [
    "",
    "?clientSecret=",
    `?clientSecret=${otherSecret}`,
    `?clientSecret=${flipped}`,
    `?clientSecret=${secret.slice(0, -1)}`,
    `?clientSecret=${secret}x`,
    `?clientsecret=${secret}`,
    `?secret=${secret}`,
    `?clientSecret=${encodeURIComponent(" " + secret)}`,
    `?clientSecret=${"x".repeat(5000)}`,
  ];
}

describe("isClientSecret", () => {
  it("matches only the stored secret itself; nothing matches a payment without one", async () => {
    const secret = newClientSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await isClientSecret(secret, secret)).toBe(true);
    for (const given of [undefined, "", secret.slice(1), `${secret} `, newClientSecret()])
      expect(await isClientSecret(given, secret)).toBe(false);
    for (const given of [undefined, "", secret]) expect(await isClientSecret(given, null)).toBe(false);
  });
});

describe("GET /api/shops/{shop}/payments/{id} needs the client secret", () => {
  it("answers 200 with the secret, and without it or with a wrong one the very body of an unknown payment's 404", async () => {
    const created = await create();
    const other = await create();
    const right = await call(paymentPath(SHOP, created.paymentId, created.clientSecret));
    expect(right.status).toBe(200);
    const view = (await right.json()) as Record<string, unknown>;
    expect(view.paymentId).toBe(created.paymentId);
    expect(view).not.toHaveProperty("clientSecret");

    const unknown = await call(`/api/shops/${SHOP}/payments/pay_nobody_knows?clientSecret=${created.clientSecret}`);
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    expect(JSON.parse(unknownBody)).toMatchObject({ error: { code: "payment_not_found" } });
    for (const query of wrongQueries(created.clientSecret, other.clientSecret)) {
      const response = await call(`/api/shops/${SHOP}/payments/${created.paymentId}${query}`);
      expect(response.status, query).toBe(404);
      expect(await response.text(), query).toBe(unknownBody);
      expect(response.headers.get("ETag"), query).toBeNull();
    }
  });

  it("never answers 304 without the secret, whatever If-None-Match says", async () => {
    const created = await create();
    const etag = `W/"${created.paymentId}-1"`;
    for (const tag of [etag, "*"]) {
      const stranger = await call(`/api/shops/${SHOP}/payments/${created.paymentId}`, {
        headers: { "If-None-Match": tag },
      });
      expect(stranger.status).toBe(404);
      expect(stranger.headers.get("ETag")).toBeNull();
      const wrong = await call(paymentPath(SHOP, created.paymentId, newClientSecret()), {
        headers: { "If-None-Match": tag },
      });
      expect(wrong.status).toBe(404);
    }
    const owner = await call(paymentPath(SHOP, created.paymentId, created.clientSecret), {
      headers: { "If-None-Match": etag },
    });
    expect(owner.status).toBe(304);
    expect(owner.headers.get("ETag")).toBe(etag);
  });

  it("keeps the secret when the snapshots are forgotten; a stranger never makes the payment load again from the upstream", async () => {
    const forgotten = await forgottenPayment(stubs.upstream, SHOP);
    touched.push(paymentObject(testEnv, SHOP, forgotten.paymentId).stub);
    const gets = () => stubs.upstream.count("GET", `/v3/payments/${forgotten.paymentId}`);
    const before = gets();
    for (const query of wrongQueries(forgotten.clientSecret, newClientSecret())) {
      expect((await call(`/api/shops/${SHOP}/payments/${forgotten.paymentId}${query}`)).status).toBe(404);
      expect((await upgrade(streamPath(forgotten.paymentId, query))).status).toBe(404);
    }
    expect(gets()).toBe(before);
    const read = await call(paymentPath(SHOP, forgotten.paymentId, forgotten.clientSecret));
    expect(read.status).toBe(200);
    expect(gets() - before).toBe(1);
  });

  it("a payment stored without a secret (before payments had one) is 404 to every reader until the server side hands one out", async () => {
    const payment = newPayment();
    const object = paymentObject(testEnv, SHOP, payment.paymentId);
    touched.push(object.stub);
    await object.init(payment);
    for (const query of ["", "?clientSecret=", `?clientSecret=${CLIENT_SECRET}`])
      expect((await call(`/api/shops/${SHOP}/payments/${payment.paymentId}${query}`)).status).toBe(404);
    const { clientSecret } = await object.owned("order-1");
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await object.owned("order-1")).clientSecret).toBe(clientSecret);
    expect((await call(paymentPath(SHOP, payment.paymentId, clientSecret))).status).toBe(200);
  });
});

describe("the stream needs the client secret", () => {
  it("upgrades with the secret; without it or with a wrong one, the very 404 of an unknown payment's stream", async () => {
    const created = await create();
    const unknown = await upgrade(streamPath("pay_nobody_knows", `?clientSecret=${created.clientSecret}`));
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    expect(JSON.parse(unknownBody)).toMatchObject({ error: { code: "payment_not_found" } });
    for (const query of wrongQueries(created.clientSecret, newClientSecret())) {
      const response = await upgrade(streamPath(created.paymentId, query));
      expect(response.status, query).toBe(404);
      expect(response.webSocket, query).toBeNull();
      expect(await response.text(), query).toBe(unknownBody);
    }
    // A secret in the object's own header is not taken from the client: only the query counts.
    const forged = await call(streamPath(created.paymentId), {
      headers: { Upgrade: "websocket", "X-Checkout-Client-Secret": created.clientSecret },
    });
    expect(forged.status).toBe(404);
    const client = await connectStream(SHOP, created.paymentId, created.clientSecret);
    clients.push(client);
    expect((await client.next()).paymentId).toBe(created.paymentId);
  });

  it(`strangers cannot fill the viewer cap: ${2 * DEFAULT_MAX_VIEWERS} secretless connects are refused and counted nowhere`, async () => {
    const { payment } = await stored();
    for (let i = 0; i < 2 * DEFAULT_MAX_VIEWERS; i += 1) {
      const query = i % 2 ? "" : `?clientSecret=${newClientSecret()}`;
      expect((await upgrade(streamPath(payment.paymentId, query))).status).toBe(404);
    }
    const open = await runInDurableObject(touched[0] as DurableObjectStub, (_i, state) => state.getWebSockets().length);
    expect(open).toBe(0);
    const owners = await Promise.all(
      Array.from({ length: DEFAULT_MAX_VIEWERS }, () => connectStream(SHOP, payment.paymentId, CLIENT_SECRET)),
    );
    clients.push(...owners);
    for (const owner of owners) expect((await owner.next()).paymentId).toBe(payment.paymentId);
  });
});

describe("polling follows the viewers that hold the secret", () => {
  /** The poll state the object keeps, and its alarm. */
  const pollState = (stub: DurableObjectStub) =>
    runInDurableObject(stub, async (_i, state) => ({
      refetch: state.storage.sql.exec<{ r: number }>("SELECT refetch_requested AS r FROM payment").one().r,
      alarm: await state.storage.getAlarm(),
    }));

  it("secretless reads and connects ask for no re-fetch, set no poll and cost no upstream request", async () => {
    const { payment, object } = await stored(TEST_POLL_INTERVAL_MS + 1_000);
    const expiresAt = Date.parse(payment.expirationTime ?? "");
    const before = await pollState(object.stub);
    for (let i = 0; i < 5; i += 1) {
      expect((await call(`/api/shops/${SHOP}/payments/${payment.paymentId}`)).status).toBe(404);
      expect((await call(paymentPath(SHOP, payment.paymentId, newClientSecret()))).status).toBe(404);
      expect((await upgrade(streamPath(payment.paymentId))).status).toBe(404);
    }
    const after = await pollState(object.stub);
    expect(after).toEqual(before);
    expect(after.refetch).toBe(0);
    // Nothing sooner than the expiry check: nobody the object counts is watching.
    expect(after.alarm === null || after.alarm >= expiresAt - 60_000).toBe(true);
    expect(stubs.upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(0);

    // The owner's read of the same old snapshot does ask for it, and the alarm fetches it once.
    expect((await call(paymentPath(SHOP, payment.paymentId, CLIENT_SECRET))).status).toBe(200);
    expect((await pollState(object.stub)).refetch).toBe(1);
    await runDurableObjectAlarm(object.stub);
    await vi.waitFor(() => expect(stubs.upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1));
  });

  it("an owner's stream keeps the payment polled; strangers' attempts alone never do", async () => {
    const { payment, object } = await stored();
    for (let i = 0; i < 5; i += 1) expect((await upgrade(streamPath(payment.paymentId))).status).toBe(404);
    const idle = await pollState(object.stub);
    const expiresAt = Date.parse(payment.expirationTime ?? "");
    expect(idle.alarm === null || idle.alarm >= expiresAt - 60_000).toBe(true);
    const owner = await connectStream(SHOP, payment.paymentId, CLIENT_SECRET);
    clients.push(owner);
    await owner.next();
    const watched = await pollState(object.stub);
    expect(watched.alarm).not.toBeNull();
    expect(watched.alarm ?? 0).toBeLessThanOrEqual(Date.now() + TEST_POLL_INTERVAL_MS);
  });
});

describe("the client secret stays between the page and the Worker", () => {
  it("is in no log line, no ledger row, no upstream request, and in webhook events only as a confirmed payment's receipt link", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    let created: CreatedPayment;
    try {
      created = await create();
      const { paymentId, clientSecret } = created;
      expect((await call(paymentPath(SHOP, paymentId, clientSecret))).status).toBe(200);
      expect((await call(paymentPath(SHOP, paymentId, `${clientSecret}x`))).status).toBe(404);
      // An error answered after the secret was read: a malformed If-None-Match is fine, a 405 too.
      expect((await call(paymentPath(SHOP, paymentId, clientSecret), { method: "DELETE" })).status).toBe(405);
      const receipt = `/api/shops/${SHOP}/payments/${paymentId}/receipt?clientSecret=${encodeURIComponent(clientSecret)}`;
      expect((await call(receipt)).status).toBe(200);
      const client = await connectStream(SHOP, paymentId, clientSecret);
      clients.push(client);
      await client.next();
      await settle(stubs.upstream, SHOP, paymentId, "CONFIRMED");
      await client.next();
      await stubs.receiver.until((r) => r.eventsOf(paymentId).length === 2);
    } finally {
      spy.mockRestore();
    }
    const { paymentId, clientSecret } = created;
    const requestLines = lines.filter((line) => line.includes('"event":"request"') && line.includes(paymentId));
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const line of requestLines) expect(line).not.toContain("clientSecret");
    for (const line of lines) expect(line).not.toContain(clientSecret);

    // The one place: `data.receiptUrl` of the CONFIRMED payment's event, as its fragment (docs/receipts.md).
    const withoutReceiptUrl = (event: unknown) => {
      const copy = structuredClone(event) as { data?: { receiptUrl?: string } };
      delete copy.data?.receiptUrl;
      return JSON.stringify(copy);
    };
    const deliveries = stubs.receiver.accepted();
    for (const delivery of deliveries) expect(withoutReceiptUrl(JSON.parse(delivery.body))).not.toContain(clientSecret);
    const receiptUrls = stubs.receiver
      .eventsOf(paymentId)
      .map((event) => (event.data as { receiptUrl?: string }).receiptUrl)
      .filter(Boolean);
    // (A delivery may be repeated: at least once.)
    expect([...new Set(receiptUrls)]).toEqual([`${ORIGIN}/receipt/${SHOP}/${paymentId}#${clientSecret}`]);
    const events = await call(`/api/shops/${SHOP}/events?limit=200`, {
      headers: { Authorization: `Bearer ${TEST_SECRETS.DEMO_BACKEND_TOKEN}` },
    });
    expect(events.status).toBe(200);
    const eventLog = (await events.json()) as { events: { event: unknown }[] };
    expect(JSON.stringify(eventLog)).toContain(paymentId);
    for (const entry of eventLog.events) expect(withoutReceiptUrl(entry.event)).not.toContain(clientSecret);
    await vi.waitFor(async () => expect(await paymentRow(SHOP, paymentId)).not.toBeNull());
    expect(JSON.stringify(await paymentRow(SHOP, paymentId))).not.toContain(clientSecret);
    for (const sent of stubs.upstream.calls) expect(JSON.stringify(sent)).not.toContain(clientSecret);
  });
});
