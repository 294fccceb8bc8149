import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import { DEFAULT_POLL_SETTINGS } from "../../../../worker/checkout/payments/poll-policy.js";
import type { Payment } from "../../../../worker/v3/types.js";
import {
  CLIENT_SECRET,
  connectStream,
  newPayment,
  TEST_POLL_INTERVAL_MS,
  withStatus,
  type StreamClient,
} from "../support/payments.js";
import { call, errorOf } from "../support/http.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { forgottenPayment } from "../support/forgotten.js";

const testEnv = env as unknown as Env;
const SHOP = "demo-open";

let upstream: UpstreamStub;
const stubs: DurableObjectStub[] = [];
const clients: StreamClient[] = [];

beforeEach(() => {
  upstream = installUpstreamStub();
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  upstream.restore();
  for (const stub of stubs.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

/** A payment created through the Worker (stored as version 1) and known to the upstream stub. */
async function created(over: Partial<Payment> = {}) {
  const payment = newPayment(over);
  upstream.payments.set(payment.paymentId, payment);
  const object = paymentObject(testEnv, SHOP, payment.paymentId);
  stubs.push(object.stub);
  await object.init(payment, undefined, undefined, CLIENT_SECRET);
  return { payment, object };
}

async function viewer(paymentId: string, clientSecret = CLIENT_SECRET): Promise<StreamClient> {
  const client = await connectStream(SHOP, paymentId, clientSecret);
  clients.push(client);
  return client;
}

/** Every message up to now has arrived once "pong" does (the stream keeps order). */
async function drain(client: StreamClient): Promise<number[]> {
  client.ws.send("ping");
  const versions: number[] = [];
  for (let text = await client.nextText(); text !== "pong"; text = await client.nextText())
    versions.push((JSON.parse(text) as { payment: { version: number } }).payment.version);
  return versions;
}

const gets = (paymentId: string) => upstream.count("GET", `/v3/payments/${paymentId}`);
const alarmOf = (stub: DurableObjectStub) => runInDurableObject(stub, (_i, state) => state.storage.getAlarm());

describe("payment stream (Hibernation WebSocket API)", () => {
  it("sends the current view on connect", async () => {
    const { payment } = await created();
    const client = await viewer(payment.paymentId);
    const view = await client.next();
    expect(view).toMatchObject({
      paymentId: payment.paymentId,
      status: "NEW",
      version: 1,
      transactions: [],
      redirectUrls: { confirmed: "https://shop.example/thanks" },
    });
    expect(view).not.toHaveProperty("notificationUrl");
    expect(Number.isNaN(Date.parse(view.serverTime))).toBe(false);
  });

  it("loads a forgotten payment from the upstream before accepting the stream", async () => {
    const forgotten = await forgottenPayment(upstream, SHOP);
    stubs.push(paymentObject(testEnv, SHOP, forgotten.paymentId).stub);
    const before = gets(forgotten.paymentId);
    const client = await viewer(forgotten.paymentId, forgotten.clientSecret);
    expect(await client.next()).toMatchObject({ paymentId: forgotten.paymentId, status: "CONFIRMED", version: 3 });
    expect(gets(forgotten.paymentId) - before).toBe(1);
  });

  it("refuses a stream for a payment this shop never created with 404 payment_not_found", async () => {
    const response = await call(`/api/shops/${SHOP}/payments/pay_nobody_knows/stream`, {
      headers: { Upgrade: "websocket" },
    });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("payment_not_found");
  });

  it("sends every applied change to every viewer, and nothing for dropped snapshots", async () => {
    const { payment, object } = await created();
    const a = await viewer(payment.paymentId);
    const b = await viewer(payment.paymentId);
    await a.next();
    await b.next();
    const later = new Date(Date.now() + 1_000).toISOString();
    expect(await object.applyNotification(later, withStatus(payment, "UNCONFIRMED"))).toBe("apply");
    expect(await object.applyNotification(later, withStatus(payment, "UNCONFIRMED"))).toBe("duplicate");
    expect(
      await object.applyNotification(new Date(Date.now() - 1_000).toISOString(), withStatus(payment, "UNDERPAID")),
    ).toBe("older");
    for (const client of [a, b]) {
      const view = await client.next();
      expect(view).toMatchObject({ status: "UNCONFIRMED", version: 2 });
      expect(await drain(client)).toEqual([]);
    }
  });

  it("hands every stream to the runtime (Hibernation API), and lets go of the ones that close", async () => {
    const { payment, object } = await created();
    const a = await viewer(payment.paymentId);
    const b = await viewer(payment.paymentId);
    await Promise.all([a.next(), b.next()]);
    const open = () =>
      runInDurableObject(
        object.stub,
        (_i, state) => state.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).length,
      );
    expect(await open()).toBe(2);
    clients.splice(clients.indexOf(a), 1);
    a.close();
    const closed = await a.closed;
    expect(closed.code).toBe(1000);
    await vi.waitFor(async () => expect(await open()).toBe(1));
    expect(await drain(b)).toEqual([]);
  });

  it('answers "ping" with "pong" through the runtime\'s auto-response', async () => {
    const { payment, object } = await created();
    const client = await viewer(payment.paymentId);
    await client.next();
    client.ws.send("ping");
    expect(await client.nextText()).toBe("pong");
    const answeredAt = await runInDurableObject(object.stub, (_i, state) => {
      const [server] = state.getWebSockets();
      return server ? state.getWebSocketAutoResponseTimestamp(server) : null;
    });
    expect(answeredAt).toBeInstanceOf(Date);
  });

  it("ignores other client messages and keeps the stream open", async () => {
    const { payment } = await created();
    const client = await viewer(payment.paymentId);
    await client.next();
    client.ws.send('{"type":"hello"}');
    expect(await drain(client)).toEqual([]);
  });
});

describe("payment alarm", () => {
  it("polls the upstream while watched and sends what changed", async () => {
    const { payment, object } = await created();
    const client = await viewer(payment.paymentId);
    await client.next();
    // The next poll is one interval after the last upstream answer (here: the creation).
    expect(await alarmOf(object.stub)).toBeGreaterThan(Date.now() + TEST_POLL_INTERVAL_MS - 60_000);

    upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
    expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    expect(await client.next()).toMatchObject({ status: "UNDERPAID", version: 2 });
    expect(gets(payment.paymentId)).toBe(1);

    // Nothing changed upstream: a poll, no message.
    expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    expect(gets(payment.paymentId)).toBe(2);
    expect(await drain(client)).toEqual([]);
  });

  it("stops polling once the payment is final", async () => {
    const { payment, object } = await created();
    const client = await viewer(payment.paymentId);
    await client.next();
    upstream.update(payment.paymentId, withStatus(payment, "CONFIRMED"));
    expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    expect(await client.next()).toMatchObject({ status: "CONFIRMED", version: 2 });
    // What is left is the storage cleanup, a retention period away; run early, it does nothing.
    expect(await alarmOf(object.stub)).toBeGreaterThan(Date.now() + DEFAULT_POLL_SETTINGS.retentionMs - 60_000);
    expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    expect(gets(payment.paymentId)).toBe(1);
    expect(await drain(client)).toEqual([]);
  });

  it("forgets a finished payment after the retention period, and loads it again when asked", async () => {
    const { payment, object } = await created();
    const client = await viewer(payment.paymentId);
    await client.next();
    upstream.update(payment.paymentId, withStatus(payment, "CONFIRMED"));
    await runDurableObjectAlarm(object.stub);
    expect(await client.next()).toMatchObject({ status: "CONFIRMED", version: 2 });
    // Seed: the final status was stored one retention period ago.
    await runInDurableObject(object.stub, (_i, state) => {
      state.storage.sql.exec("UPDATE snapshots SET applied_at = applied_at - ?", DEFAULT_POLL_SETTINGS.retentionMs);
    });
    expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    expect((await client.closed).code).toBe(1001);
    const tables = await runInDurableObject(object.stub, (_i, state) =>
      state.storage.sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('payment', 'snapshots', 'forgotten')",
        )
        .toArray()
        .map((r) => r.name),
    );
    expect(tables).toEqual(["forgotten"]);
    expect(await alarmOf(object.stub)).toBeNull();
    // Loaded again as the next version: a version (and its ETag) never stands for two contents.
    expect(await object.view()).toMatchObject({ status: "CONFIRMED", version: 3 });
    expect(gets(payment.paymentId)).toBe(2);
  });

  it("stops polling when the last viewer leaves, keeping only the expiry check", async () => {
    const expiresAt = Date.now() + 3 * TEST_POLL_INTERVAL_MS;
    const { payment, object } = await created({ expirationTime: new Date(expiresAt).toISOString() });
    const client = await viewer(payment.paymentId);
    await client.next();
    // Watched: the next poll comes before the expiry check.
    expect(await alarmOf(object.stub)).toBeLessThan(expiresAt);
    clients.splice(clients.indexOf(client), 1);
    client.close();
    await client.closed;
    await vi.waitFor(async () => expect(await alarmOf(object.stub)).toBe(expiresAt + 2_000));
    // The alarm that is left fires at expiry; run early, it does not poll.
    await runDurableObjectAlarm(object.stub);
    expect(gets(payment.paymentId)).toBe(0);
  });

  it("polls at expirationTime + grace without viewers, so EXPIRED shows without a notification", async () => {
    const expiredAt = Date.now() - 3_000;
    const { payment, object } = await created({ expirationTime: new Date(expiredAt).toISOString() });
    upstream.update(payment.paymentId, withStatus(payment, "EXPIRED"));
    // The check is due now: whether the runtime or the test runs the alarm first, it runs once.
    await runDurableObjectAlarm(object.stub);
    await vi.waitFor(async () => expect((await object.view()).status).toBe("EXPIRED"));
    expect(gets(payment.paymentId)).toBe(1);
    expect(await alarmOf(object.stub)).toBeGreaterThan(Date.now() + DEFAULT_POLL_SETTINGS.retentionMs - 60_000);
  });

  it.each([1, 100])("makes one upstream request per interval with %i viewer(s)", async (viewers) => {
    const { payment, object } = await created();
    const clientsHere = await Promise.all(Array.from({ length: viewers }, () => viewer(payment.paymentId)));
    await Promise.all(clientsHere.map((c) => c.next()));
    const statuses = ["UNDERPAID", "UNCONFIRMED", "CONFIRMED"];
    for (const status of statuses) {
      upstream.update(payment.paymentId, withStatus(payment, status));
      expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    }
    expect(gets(payment.paymentId)).toBe(3);
    for (const client of clientsHere) {
      expect((await client.next()).status).toBe("UNDERPAID");
      expect((await client.next()).status).toBe("UNCONFIRMED");
      expect((await client.next()).status).toBe("CONFIRMED");
    }
  });
});

describe("a poll in flight", () => {
  it("counts as the last fetch while its GET is out: a viewer joining meanwhile schedules no second poll", async () => {
    const { payment, object } = await created();
    await (await viewer(payment.paymentId)).next();
    // The last fetch long ago: without the poll in flight, a poll would be due at once.
    await runInDurableObject(object.stub, (_i, state) => {
      state.storage.sql.exec("UPDATE payment SET last_fetch_at = 0");
    });
    const release = upstream.hold("GET", `/v3/payments/${payment.paymentId}`);
    const polling = runDurableObjectAlarm(object.stub);
    for (let i = 0; i < 200 && gets(payment.paymentId) === 0; i++) await scheduler.wait(5);
    expect(gets(payment.paymentId)).toBe(1);

    await (await viewer(payment.paymentId)).next();
    expect(await alarmOf(object.stub)).toBeGreaterThan(Date.now() + TEST_POLL_INTERVAL_MS - 60_000);

    release();
    expect(await polling).toBe(true);
    expect(gets(payment.paymentId)).toBe(1);
  });
});

describe("upstream outage", () => {
  const pollState = (stub: DurableObjectStub) =>
    runInDurableObject(stub, (_i, state) =>
      state.storage.sql
        .exec<{ failures: number; last_fetch_at: number }>("SELECT failures, last_fetch_at FROM payment")
        .one(),
    );

  // The tests' interval (10 min) is also the longest back-off, so a viewer's next poll is an
  // interval away with or without one. A re-fetch asked for by a notification hint is what shows
  // it: due 1 s (minGapMs) after the last fetch normally, but a whole back-off after a failed one.
  it("keeps streams open, backs off (a hint's re-fetch waits the back-off, not 1 s), and catches up when the upstream is back", async () => {
    const { payment, object } = await created();
    const client = await viewer(payment.paymentId);
    await client.next();
    upstream.fail("GET", "/v3/payments/", "http503");
    upstream.update(payment.paymentId, withStatus(payment, "UNCONFIRMED"));

    expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    expect(gets(payment.paymentId)).toBeGreaterThan(0);
    // Still open: the stream answers, no view was sent.
    expect(await drain(client)).toEqual([]);
    const failed = await pollState(object.stub);
    expect(failed.failures).toBe(1);
    expect(await object.hint()).toBe("refetch");
    expect(await alarmOf(object.stub)).toBe(failed.last_fetch_at + TEST_POLL_INTERVAL_MS);

    upstream.clearFailures();
    expect(await runDurableObjectAlarm(object.stub)).toBe(true);
    expect(await client.next()).toMatchObject({ status: "UNCONFIRMED", version: 2 });
    const recovered = await pollState(object.stub);
    expect(recovered.failures).toBe(0);
    // The first success ends the back-off: a hint now re-fetches one minimum gap after that fetch.
    expect(await object.hint()).toBe("refetch");
    expect(await alarmOf(object.stub)).toBe(recovered.last_fetch_at + DEFAULT_POLL_SETTINGS.minGapMs);
  });
});
