/**
 * Limits of the payment stream: a cap on open viewers per payment (429 too_many_viewers), a
 * per-client connect rate (429 rate_limited), and a socket that sends anything but the ping
 * protocol is closed with 1008.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import {
  DEFAULT_MAX_VIEWERS,
  maxViewers,
  POLICY_VIOLATION,
} from "../../../../worker/checkout/payments/stream-limits.js";
import { CLIENT_SECRET, connectStream, newPayment, type StreamClient } from "../support/payments.js";
import { call, errorOf, freshIp } from "../support/http.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";

const testEnv = env as unknown as Env;
const SHOP = "demo-open";
let upstream: UpstreamStub;
const clients: StreamClient[] = [];
const stubs: DurableObjectStub[] = [];

beforeEach(() => {
  upstream = installUpstreamStub();
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  upstream.restore();
  for (const stub of stubs.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

async function created(): Promise<string> {
  const payment = newPayment();
  const object = paymentObject(testEnv, SHOP, payment.paymentId);
  stubs.push(object.stub);
  await object.init(payment, undefined, undefined, CLIENT_SECRET);
  return payment.paymentId;
}

const upgrade = (paymentId: string, ip = freshIp()) =>
  call(`/api/shops/${SHOP}/payments/${paymentId}/stream?clientSecret=${CLIENT_SECRET}`, {
    headers: { Upgrade: "websocket", "CF-Connecting-IP": ip },
  });

describe("stream limits", () => {
  it(`refuses a viewer past ${DEFAULT_MAX_VIEWERS} open ones with 429 too_many_viewers, and takes one again after a viewer left`, async () => {
    const paymentId = await created();
    clients.push(
      ...(await Promise.all(
        Array.from({ length: DEFAULT_MAX_VIEWERS }, () => connectStream(SHOP, paymentId, CLIENT_SECRET)),
      )),
    );
    const refused = await upgrade(paymentId);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect((await errorOf(refused)).code).toBe("too_many_viewers");
    const leaving = clients.shift();
    leaving?.close();
    await leaving?.closed;
    await expect.poll(async () => (await upgrade(paymentId)).status).toBe(101);
  });

  it("closes a viewer that sends anything but ping (1008), and keeps the others", async () => {
    const paymentId = await created();
    const rude = await connectStream(SHOP, paymentId, CLIENT_SECRET);
    const polite = await connectStream(SHOP, paymentId, CLIENT_SECRET);
    clients.push(rude, polite);
    await rude.next();
    await polite.next();
    rude.ws.send('{"type":"subscribe","payment":"someone-else"}');
    const closed = await rude.closed;
    expect(closed.code).toBe(POLICY_VIOLATION);
    polite.ws.send("ping");
    expect(await polite.nextText()).toBe("pong");
  });

  it("limits stream connects per client address (429 rate_limited with Retry-After), not per payment", async () => {
    const paymentId = await created();
    // The local limiter counts in fixed one-minute windows of the wall clock: a measure that
    // crosses a window's end is repeated with another client.
    let measured: { status: number; connects: number } | undefined;
    for (let attempt = 0; attempt < 3 && !measured; attempt += 1) {
      const ip = freshIp();
      const minute = Math.floor(Date.now() / 60_000);
      let status = 101;
      let connects = 0;
      while (status === 101 && connects < 200) {
        const response = await upgrade(paymentId, ip);
        status = response.status;
        connects += 1;
        if (response.webSocket) {
          response.webSocket.accept();
          response.webSocket.close(1000, "done");
        } else {
          expect((await errorOf(response)).code).toBe("rate_limited");
          expect(response.headers.get("Retry-After")).toBe("60");
        }
      }
      if (Math.floor(Date.now() / 60_000) === minute) measured = { status, connects };
    }
    expect(measured?.status).toBe(429);
    expect((measured?.connects ?? 0) - 1).toBe(60);
    // Another client is not affected.
    const other = await upgrade(paymentId);
    expect(other.status).toBe(101);
    other.webSocket?.accept();
    other.webSocket?.close(1000, "done");
  });

  it.each([
    [undefined, DEFAULT_MAX_VIEWERS],
    ["3", 3],
    ["0", 1],
    ["99999", 10_000],
    ["many", DEFAULT_MAX_VIEWERS],
  ])("reads MAX_VIEWERS_PER_PAYMENT %s as %i", (value, expected) => {
    expect(maxViewers(value)).toBe(expected);
  });
});
