import { runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Store } from "../../../worker/sandbox/store.js";
import { parseNotification, verifyNotification } from "../../../worker/v3/notification.js";
import type { Chaos } from "../../../worker/sandbox/delivery-policy.js";
import { chaosSchema, isDropped, NO_CHAOS, retryDelayMs } from "../../../worker/sandbox/delivery-policy.js";
import { DROPPED_ERROR } from "../../../worker/sandbox/deliveries.js";
import type { DeliveryLog } from "../../../worker/sandbox/control-types.js";
import { installReceiver, RECEIVER } from "./support/receiver.js";
import type { Received } from "./support/receiver.js";
import { call, createPayment, decide, DEMO, expectJson, ledgerStub, OTHER, pay } from "./support/sandbox.js";
import type { ErrorBody } from "./support/sandbox.js";

type Log = DeliveryLog;
const log = (ref: string) => expectJson<Log>(200, "GET", `/sandbox/notifications?paymentId=${ref}`);
const setChaos = (chaos: Partial<Chaos>) => expectJson<Chaos>(200, "PUT", "/sandbox/chaos", { json: chaos });

/** What the checkout Worker does with a delivery: verify the signature over the raw body, then parse. */
async function verified(r: Received, hmacKey: string) {
  const request = new Request(r.url, { method: "POST", headers: r.headers, body: r.body });
  const { raw } = await verifyNotification(request, { key: hmacKey });
  return parseNotification(raw);
}

let receiver: ReturnType<typeof installReceiver>;
afterEach(async () => {
  receiver.restore();
  await setChaos({ duplicate: false, reorder: false, delayMs: 0, failFirst: false, dropRate: 0 });
});

describe("payment notifications", () => {
  beforeEach(() => {
    receiver = installReceiver();
  });

  it("POSTs a signed v3/payment envelope on every status change, verifiable by the v3 client", async () => {
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/a` });
    const { transaction } = await pay(p.paymentId, "0.00041667");
    await decide(p.paymentId, transaction.transactionId, "accept");
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    const envelopes = await Promise.all(receiver.received.map((r) => verified(r, DEMO.hmacKey)));
    expect(envelopes.map((n) => n.notificationType)).toEqual(["v3/payment", "v3/payment"]);
    expect(envelopes.map((n) => n.body.status)).toEqual(["UNCONFIRMED", "CONFIRMED"]);
    expect(envelopes[1]?.body).toMatchObject({
      paymentId: p.paymentId,
      acceptedPaidTransferAmount: "0.00041667",
      transactions: [{ state: "ACCEPTED" }],
    });
    expect(Date.parse(envelopes[1]?.timestamp ?? "")).toBeGreaterThanOrEqual(Date.parse(envelopes[0]?.timestamp ?? ""));
    expect(receiver.received[0]?.url).toBe(`${RECEIVER}/hooks/a`);
    expect(receiver.received[0]?.headers.get("x-signature")).toMatch(/^[0-9a-f]{64}$/);
    // A signature made with another account's key does not verify.
    await expect(verified(receiver.received[0] as Received, OTHER.hmacKey)).rejects.toMatchObject({
      kind: "invalid_signature",
      code: "bad_signature",
    });
    await vi.waitFor(async () => expect((await log(p.paymentId)).items.map((a) => a.statusCode)).toEqual([200, 200]));
  });

  it("notifies underpayments: each change of the paid amount while less than the price has arrived", async () => {
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/under` });
    await pay(p.paymentId, "0.0001", "ACCEPTED"); // NEW -> UNDERPAID
    await pay(p.paymentId, "0.0001", "ACCEPTED"); // still UNDERPAID, more paid
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    const bodies = (await Promise.all(receiver.received.map((r) => verified(r, DEMO.hmacKey)))).map((n) => n.body);
    expect(bodies.map((b) => [b.status, "paidTransferAmount" in b ? b.paidTransferAmount : undefined])).toEqual([
      ["UNDERPAID", "0.00010000"],
      ["UNDERPAID", "0.00020000"],
    ]);
  });

  it("notifies EXPIRED and INVALID", async () => {
    const expiring = await createPayment({ notificationUrl: `${RECEIVER}/hooks/expired` });
    await expectJson(200, "POST", `/sandbox/payments/${expiring.paymentId}/expire`);
    const rejected = await createPayment({ notificationUrl: `${RECEIVER}/hooks/invalid` });
    const { transaction } = await pay(rejected.paymentId, "0.00041667"); // -> UNCONFIRMED
    await decide(rejected.paymentId, transaction.transactionId, "reject");
    await vi.waitFor(() => expect(receiver.received).toHaveLength(3));
    const byUrl = new Map<string, string[]>();
    for (const r of receiver.received)
      byUrl.set(r.url, [...(byUrl.get(r.url) ?? []), (await verified(r, DEMO.hmacKey)).body.status ?? ""]);
    expect(byUrl.get(`${RECEIVER}/hooks/expired`)).toEqual(["EXPIRED"]);
    expect(byUrl.get(`${RECEIVER}/hooks/invalid`)).toEqual(["UNCONFIRMED", "INVALID"]);
  });

  it("sends nothing for payments without a notificationUrl", async () => {
    const p = await createPayment();
    await pay(p.paymentId, "0.00041667", "ACCEPTED");
    expect((await log(p.paymentId)).pending).toBe(0);
    expect((await log(p.paymentId)).items).toEqual([]);
  });
});

describe("retries", () => {
  it("retries a failed delivery with backoff until the receiver answers 2xx, and logs each attempt", async () => {
    receiver = installReceiver([500, 503]);
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/retry` });
    await pay(p.paymentId, "0.00041667", "ACCEPTED");
    await vi.waitFor(
      async () =>
        expect((await log(p.paymentId)).items.map((a) => [a.attempt, a.statusCode])).toEqual([
          [1, 500],
          [2, 503],
          [3, 200],
        ]),
      { timeout: 5000 },
    );
    const entries = (await log(p.paymentId)).items;
    expect(
      entries.every(
        (e) => e.notificationType === "v3/payment" && e.status === "CONFIRMED" && e.url === `${RECEIVER}/hooks/retry`,
      ),
    ).toBe(true);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1); // the same snapshot each time
    expect((await log(p.paymentId)).pending).toBe(0);
  });

  it("gives up after NOTIFY_MAX_ATTEMPTS failed attempts", async () => {
    receiver = installReceiver([500, 500, 500, 500, 500, 500]);
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/down` });
    await pay(p.paymentId, "0.00041667", "ACCEPTED");
    await vi.waitFor(async () => expect((await log(p.paymentId)).pending).toBe(0), { timeout: 5000 });
    expect((await log(p.paymentId)).items.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]); // test config: 4 attempts
  });

  it("a delivery claimed by an instance that went away is due again in the next instance", async () => {
    receiver = installReceiver();
    const states = await runInDurableObject(ledgerStub(), (_ledger, state) => {
      const store = new Store(state.storage.sql);
      store.addDelivery({
        account: "demo_shop",
        ref: "lost-in-flight",
        notification_type: "v3/payment",
        subject_status: "NEW",
        url: `${RECEIVER}/lost`,
        body: "{}",
        next_ms: 0,
        fail_first: 0,
        copies: 1,
      });
      const claimed = store.claimDueDeliveries(0).filter((d) => d.ref === "lost-in-flight");
      const before = store.claimDueDeliveries(0).filter((d) => d.ref === "lost-in-flight").length; // claimed: not due twice
      new Store(state.storage.sql); // what a fresh instance's constructor does
      const after = store.claimDueDeliveries(0).filter((d) => d.ref === "lost-in-flight");
      for (const d of after) store.finishAttempt(d.id, 1, "delivered", 0);
      return { claimed: claimed.length, before, after: after.length };
    });
    expect(states).toEqual({ claimed: 1, before: 0, after: 1 });
  });

  it("doubles the retry delay from the base up to the cap", () => {
    const schedule = { retryBaseMs: 2000, retryMaxMs: 300_000 };
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => retryDelayMs(n, schedule))).toEqual([
      2000, 4000, 8000, 16000, 256000, 300000, 300000,
    ]);
  });
});

describe("chaos", () => {
  it("failFirst: the first attempt fails without sending, the retry delivers", async () => {
    receiver = installReceiver();
    await setChaos({ failFirst: true });
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/ff` });
    await pay(p.paymentId, "0.00041667", "ACCEPTED");
    await vi.waitFor(async () => expect((await log(p.paymentId)).items.map((a) => a.statusCode)).toEqual([null, 200]), {
      timeout: 5000,
    });
    expect((await log(p.paymentId)).items[0]?.error).toMatch(/simulated/);
    expect(receiver.received).toHaveLength(1);
  });

  it("duplicate: every attempt is sent twice", async () => {
    receiver = installReceiver();
    await setChaos({ duplicate: true });
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/dup` });
    await pay(p.paymentId, "0.00041667", "ACCEPTED");
    await vi.waitFor(() => expect(receiver.received).toHaveLength(2));
    expect(receiver.received[0]?.body).toBe(receiver.received[1]?.body);
  });

  it("delay + reorder: held deliveries are overtaken by newer ones; flush sends them newest first", async () => {
    receiver = installReceiver();
    await setChaos({ reorder: true, delayMs: 600_000 });
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/reorder` });
    const first = await pay(p.paymentId, "0.0001"); // NEW with pending funds: underpayment notice
    const second = await pay(p.paymentId, "0.00031667"); // -> UNCONFIRMED
    await decide(p.paymentId, first.transaction.transactionId, "accept"); // no change worth a notice
    await decide(p.paymentId, second.transaction.transactionId, "accept"); // -> CONFIRMED
    expect((await log(p.paymentId)).pending).toBe(3);
    expect(receiver.received).toHaveLength(0); // held for 10 minutes
    expect(await expectJson(200, "POST", "/sandbox/notifications/flush")).toEqual({ attempted: 3 });
    const statuses = (await Promise.all(receiver.received.map((r) => verified(r, DEMO.hmacKey)))).map(
      (n) => n.body.status,
    );
    expect(statuses).toEqual(["CONFIRMED", "UNCONFIRMED", "NEW"]);
  });

  it("dropRate 1: every new delivery is dropped, logged as such, never sent or retried", async () => {
    receiver = installReceiver();
    await setChaos({ dropRate: 1, duplicate: true });
    const p = await createPayment({ notificationUrl: `${RECEIVER}/hooks/drop` });
    const { transaction } = await pay(p.paymentId, "0.00041667"); // -> UNCONFIRMED
    await decide(p.paymentId, transaction.transactionId, "accept"); // -> CONFIRMED
    const dropped = await log(p.paymentId);
    expect(dropped.pending).toBe(0);
    expect(dropped.items.map((a) => [a.status, a.attempt, a.statusCode, a.error])).toEqual([
      ["UNCONFIRMED", 1, null, DROPPED_ERROR],
      ["CONFIRMED", 1, null, DROPPED_ERROR],
    ]);
    expect(await expectJson(200, "POST", "/sandbox/notifications/flush")).toEqual({ attempted: 0 });
    expect(receiver.received).toHaveLength(0);

    // Back to 0: the next change is delivered as usual.
    await setChaos({ dropRate: 0, duplicate: false });
    const q = await createPayment({ notificationUrl: `${RECEIVER}/hooks/kept` });
    await pay(q.paymentId, "0.00041667", "ACCEPTED");
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    expect(receiver.received[0]?.url).toBe(`${RECEIVER}/hooks/kept`);
  });

  it("dropRate: a delivery is dropped exactly when the draw is below the rate", () => {
    const chaos = (dropRate: number): Chaos => ({ ...NO_CHAOS, dropRate });
    expect([0, 0.29, 0.3, 0.99].map((draw) => isDropped(chaos(0.3), draw))).toEqual([true, true, false, false]);
    expect(isDropped(chaos(0), 0)).toBe(false);
    expect(isDropped(chaos(1), 0.999999)).toBe(true);
    // Options stored before dropRate existed read as "nothing dropped".
    const stored = chaosSchema.parse({ duplicate: false, reorder: false, delayMs: 0, failFirst: false });
    expect(isDropped(stored, 0)).toBe(false);
  });

  it("GET/PUT /sandbox/chaos: partial updates merge; invalid options are 400", async () => {
    receiver = installReceiver();
    expect(await setChaos({ duplicate: true })).toEqual({
      duplicate: true,
      reorder: false,
      delayMs: 0,
      failFirst: false,
      dropRate: 0,
    });
    expect(await setChaos({ delayMs: 250, dropRate: 0.25 })).toEqual({
      duplicate: true,
      reorder: false,
      delayMs: 250,
      failFirst: false,
      dropRate: 0.25,
    });
    expect(await expectJson(200, "GET", "/sandbox/chaos")).toEqual({
      duplicate: true,
      reorder: false,
      delayMs: 250,
      failFirst: false,
      dropRate: 0.25,
    });
    for (const json of [
      { delayMs: -1 },
      { duplicate: "yes" },
      { surprise: true },
      { dropRate: 1.5 },
      { dropRate: -0.1 },
    ]) {
      const res = await call("PUT", "/sandbox/chaos", { json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("invalid_request");
    }
  });
});
