import { env } from "cloudflare:workers";
import {
  createExecutionContext,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getShop, type Shop } from "../../../../worker/checkout/shops/shop-source.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { toCheckoutError } from "../../../../worker/checkout/http/errors.js";
import { handleHook } from "../../../../worker/checkout/notifications/hooks.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { envelope, hookInit, newPayment, withStatus } from "../support/payments.js";
import { call, errorOf } from "../support/http.js";
import { TEST_SECRETS } from "../support/test-env.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";

const testEnv = env as unknown as Env;
const SHOP = "demo-open";
const KEY = TEST_SECRETS.DEMO_HMAC_KEY;

let upstream: UpstreamStub;
let logs: string[];
const stubs: DurableObjectStub[] = [];

beforeEach(() => {
  upstream = installUpstreamStub();
  logs = [];
  vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    logs.push(String(line));
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  upstream.restore();
  for (const stub of stubs.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

function object(paymentId: string) {
  const o = paymentObject(testEnv, SHOP, paymentId);
  stubs.push(o.stub);
  return o;
}

/** A payment created through the Worker a minute ago (so notifications may be timed after it). */
async function created(): Promise<{ payment: Payment; createdAt: number }> {
  const payment = newPayment();
  const createdAt = Date.now() - 60_000;
  upstream.payments.set(payment.paymentId, payment);
  await object(payment.paymentId).init(payment, createdAt);
  return { payment, createdAt };
}

const at = (createdAt: number, seconds: number) => new Date(createdAt + seconds * 1_000).toISOString();

/** Names of the tables of an object: none when nothing was ever stored. */
const tablesOf = (paymentId: string) =>
  runInDurableObject(object(paymentId).stub, (_i, state) =>
    state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('payment', 'snapshots')",
      )
      .toArray()
      .map((r) => r.name),
  );

/** handleHook as the route runs it: a thrown error becomes its response in the one place that does that. */
function runHook(init: RequestInit, shop: Shop, ctx: ExecutionContext): Promise<Response> {
  return handleHook(new Request(`https://checkout.test/hooks/${SHOP}`, init), testEnv, ctx, shop).catch(
    (err: unknown) => toCheckoutError(err).toResponse(),
  );
}

const events = () => logs.map((line) => JSON.parse(line) as { event: string; [k: string]: unknown });

describe("POST /hooks/{shop} with an HMAC key", () => {
  it("applies an authentic notification and answers 200", async () => {
    const { payment, createdAt } = await created();
    const body = envelope(withStatus(payment, "UNCONFIRMED"), at(createdAt, 10));
    const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: KEY }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "apply" });
    expect(await object(payment.paymentId).view()).toMatchObject({ status: "UNCONFIRMED", version: 2 });
    expect(upstream.count()).toBe(0);
  });

  it.each([
    [
      "a tampered body",
      async (body: string) => hookInit(body.replace("UNCONFIRMED", "CONFIRMED"), { signature: await signedHex(body) }),
    ],
    ["a signature made with another key", (body: string) => hookInit(body, { key: "not_the_shop_key_123" })],
    ["no signature header", (body: string) => hookInit(body, { signature: null })],
    ["the signature in another header", (body: string) => hookInit(body, { key: KEY, header: "X-Hub-Signature" })],
    ["a malformed signature", (body: string) => hookInit(body, { signature: "zz-not-hex" })],
    ["a base64 signature where hex is configured", (body: string) => hookInit(body, { key: KEY, encoding: "base64" })],
  ])("refuses %s with 401 invalid_signature and stores nothing", async (_name, init) => {
    const { payment, createdAt } = await created();
    const body = envelope(withStatus(payment, "UNCONFIRMED"), at(createdAt, 10));
    const response = await call(`/hooks/${SHOP}`, await init(body));
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("invalid_signature");
    expect(await object(payment.paymentId).view()).toMatchObject({ status: "NEW", version: 1 });
    const versions = await runInDurableObject(
      object(payment.paymentId).stub,
      (_i, state) => state.storage.sql.exec("SELECT version FROM snapshots").toArray().length,
    );
    expect(versions).toBe(1);
  });

  it("checks the signature before reading the body: garbage with a bad signature is a 401, not a 400", async () => {
    const response = await call(`/hooks/${SHOP}`, await hookInit("{not json", { signature: "00".repeat(32) }));
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("invalid_signature");
  });

  it("stores nothing for a forged notification about a payment it does not hold", async () => {
    const payment = newPayment();
    const response = await call(
      `/hooks/${SHOP}`,
      await hookInit(envelope(payment, new Date().toISOString()), { key: "forged_key_0000000" }),
    );
    expect(response.status).toBe(401);
    expect(await tablesOf(payment.paymentId)).toEqual([]);
  });

  it("is idempotent for duplicates and out-of-order deliveries", async () => {
    const { payment, createdAt } = await created();
    const deliveries = [
      envelope(withStatus(payment, "UNCONFIRMED"), at(createdAt, 20)),
      envelope(withStatus(payment, "UNDERPAID"), at(createdAt, 10)),
      envelope(withStatus(payment, "UNCONFIRMED"), at(createdAt, 20)),
      envelope(withStatus(payment, "CONFIRMED"), at(createdAt, 30)),
      envelope(withStatus(payment, "UNCONFIRMED"), at(createdAt, 20)),
      envelope(withStatus(payment, "CONFIRMED"), at(createdAt, 30)),
    ];
    const outcomes: string[] = [];
    for (const body of deliveries) {
      const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: KEY }));
      expect(response.status).toBe(200);
      outcomes.push(((await response.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(["apply", "older", "duplicate", "apply", "final", "duplicate"]);
    expect(await object(payment.paymentId).view()).toMatchObject({ status: "CONFIRMED", version: 3 });
  });

  it("answers 200 for an authentic notification about an unknown payment, logs it, and stores nothing", async () => {
    const payment = newPayment();
    const response = await call(
      `/hooks/${SHOP}`,
      await hookInit(envelope(payment, new Date().toISOString()), { key: KEY }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "unknown" });
    expect(events()).toContainEqual(
      expect.objectContaining({ event: "notification_unknown_payment", shop: SHOP, paymentId: payment.paymentId }),
    );
    expect(await tablesOf(payment.paymentId)).toEqual([]);
    expect(upstream.count()).toBe(0);
  });

  it("accepts and logs payout notifications", async () => {
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      notificationType: "v3/payouts",
      body: { payoutId: "po_1", status: "SENT" },
    });
    const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: KEY }));
    expect(response.status).toBe(200);
    expect(events()).toContainEqual(
      expect.objectContaining({ event: "payout_notification", shop: SHOP, payoutId: "po_1", status: "SENT" }),
    );
  });

  it.each([
    ["not JSON", "{not json"],
    ["a bare payment (no envelope)", JSON.stringify(newPayment())],
    [
      "a payment without its required fields",
      JSON.stringify({ timestamp: new Date().toISOString(), notificationType: "v3/payment", body: { paymentId: "p" } }),
    ],
    [
      "a timestamp that is not a date-time",
      JSON.stringify({ timestamp: "soon", notificationType: "v3/payment", body: newPayment() }),
    ],
    [
      "a timestamp Date.parse reads but ISO 8601 refuses",
      JSON.stringify({ timestamp: "Nov 22 2026", notificationType: "v3/payment", body: newPayment() }),
    ],
    [
      "a timestamp whose offset has one digit",
      JSON.stringify({ timestamp: "2026-11-22T07:00:00+1", notificationType: "v3/payment", body: newPayment() }),
    ],
    [
      "a payout timestamp that is only a date",
      JSON.stringify({ timestamp: "2026-11-22", notificationType: "v3/payouts", body: { payoutId: "po_1" } }),
    ],
  ])("answers 400 invalid_request for an authentic body that is %s", async (_name, body) => {
    const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: KEY }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
  });

  it("answers 404 unknown_shop for a shop that does not exist", async () => {
    const response = await call("/hooks/no-such-shop", await hookInit("{}", { key: KEY }));
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("unknown_shop");
  });
});

describe("POST /hooks/{shop}: what a real upstream may send (docs/upstream.md, Payments and Notifications)", () => {
  it("accepts and applies a signed payment whose transactions lack fields; the view keeps the ones present", async () => {
    const { payment, createdAt } = await created();
    const body = envelope(withStatus(payment, "UNCONFIRMED"), at(createdAt, 10)).replace(
      /"transactions":\[[^\]]*\]/,
      '"transactions":[{"transactionId":"tx_a","paidTransferAmount":"0.00041667","state":"PENDING"},{"priceAmount":25.00,"observedTime":null},{}]',
    );
    const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: KEY }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "apply" });
    const view = await object(payment.paymentId).view();
    expect(view).toMatchObject({ status: "UNCONFIRMED", version: 2 });
    expect(view.transactions).toStrictEqual([
      { transactionId: "tx_a", paidTransferAmount: "0.00041667", state: "PENDING" },
      { priceAmount: "25.00" },
      {},
    ]);
  });

  it("applies a payment whose expirationTime is not RFC 3339 without it, and schedules no expiry poll from it", async () => {
    const { payment, createdAt } = await created();
    const expiresAt = () =>
      runInDurableObject(
        object(payment.paymentId).stub,
        (_i, state) => state.storage.sql.exec<{ e: number | null }>("SELECT expires_at AS e FROM payment").one().e,
      );
    expect(await expiresAt()).toBe(Date.parse(payment.expirationTime ?? ""));
    const body = envelope({ ...withStatus(payment, "UNDERPAID"), expirationTime: "Nov 22 2026" }, at(createdAt, 10));
    const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: KEY }));
    expect(response.status).toBe(200);
    const view = await object(payment.paymentId).view();
    expect(view).toMatchObject({ status: "UNDERPAID", version: 2 });
    expect(view).not.toHaveProperty("expirationTime");
    expect(await expiresAt()).toBeNull();
  });

  describe("an unknown notificationType", () => {
    const unknownType = (bodyOfIt: Record<string, unknown>, notificationType = "v3/payment-underpaid") =>
      JSON.stringify({ timestamp: new Date().toISOString(), notificationType, body: bodyOfIt });

    it("is acknowledged with 202 and re-fetches the payment it names when the Worker holds it", async () => {
      const { payment } = await created();
      upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
      const ctx = createExecutionContext();
      // The body's claim (CONFIRMED) is never applied: only the upstream's answer counts.
      const response = await runHook(
        await hookInit(unknownType({ ...withStatus(payment, "CONFIRMED") }), { key: KEY }),
        await getShop(testEnv, SHOP),
        ctx,
      );
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ received: true, outcome: "refetch" });
      await waitOnExecutionContext(ctx);
      expect(events()).toContainEqual(
        expect.objectContaining({
          event: "notification_unknown_type",
          shop: SHOP,
          notificationType: "v3/payment-underpaid",
          paymentId: payment.paymentId,
          authentic: true,
        }),
      );
      await runDurableObjectAlarm(object(payment.paymentId).stub);
      await vi.waitFor(() => expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1));
      expect(await object(payment.paymentId).view()).toMatchObject({ status: "UNDERPAID", version: 2 });
    });

    it("answers 202 for a payment the Worker does not hold: no upstream request, nothing stored", async () => {
      const payment = newPayment();
      const ctx = createExecutionContext();
      const response = await runHook(
        await hookInit(unknownType({ paymentId: payment.paymentId }, "v4/payment"), { key: KEY }),
        await getShop(testEnv, SHOP),
        ctx,
      );
      expect(response.status).toBe(202);
      await waitOnExecutionContext(ctx);
      expect(upstream.count()).toBe(0);
      expect(await tablesOf(payment.paymentId)).toEqual([]);
      expect(events()).toContainEqual(
        expect.objectContaining({ event: "notification_unknown_payment", paymentId: payment.paymentId }),
      );
    });

    it("answers 202 and logs one line when it names no payment (even without a timestamp)", async () => {
      const body = JSON.stringify({ notificationType: "v3/refund", body: { refundId: "r_1" } });
      const response = await call(`/hooks/${SHOP}`, await hookInit(body, { key: KEY }));
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
      expect(events().filter((e) => e.event === "notification_unknown_type")).toEqual([
        expect.objectContaining({ shop: SHOP, notificationType: "v3/refund", authentic: true }),
      ]);
      expect(upstream.count()).toBe(0);
    });

    it("still has its signature checked first: 401, and only the upstream's answer counts", async () => {
      const { payment } = await created();
      const body = unknownType({ ...withStatus(payment, "CONFIRMED") });
      const ctx = createExecutionContext();
      const forged = await runHook(
        await hookInit(body, { key: "forged_key_0000000" }),
        await getShop(testEnv, SHOP),
        ctx,
      );
      expect(forged.status).toBe(401);
      expect((await errorOf(forged)).code).toBe("invalid_signature");
      await waitOnExecutionContext(ctx);
      expect(events().map((e) => e.event)).not.toContain("notification_unknown_type");
      expect(await object(payment.paymentId).view()).toMatchObject({ status: "NEW", version: 1 });
    });
  });

  describe("a signature that does not verify, for a payment the Worker holds", () => {
    it("is refused with 401, and the payment is fetched again: the body's claim is never applied", async () => {
      const { payment, createdAt } = await created();
      upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
      const ctx = createExecutionContext();
      // Signed with a key this Worker does not have: a wrong guess about the scheme looks the same.
      const response = await runHook(
        await hookInit(envelope(withStatus(payment, "CONFIRMED"), at(createdAt, 10)), { key: "other_scheme_key_00" }),
        await getShop(testEnv, SHOP),
        ctx,
      );
      expect(response.status).toBe(401);
      await waitOnExecutionContext(ctx);
      expect(events()).toContainEqual(
        expect.objectContaining({ event: "notification_handled", paymentId: payment.paymentId, why: "unverified" }),
      );
      await runDurableObjectAlarm(object(payment.paymentId).stub);
      await vi.waitFor(() => expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1));
      expect(await object(payment.paymentId).view()).toMatchObject({ status: "UNDERPAID", version: 2 });
    });

    it("turns a burst of them into one upstream request", async () => {
      const payment = newPayment();
      upstream.payments.set(payment.paymentId, payment);
      await object(payment.paymentId).init(payment);
      const ctx = createExecutionContext();
      const bodies = Array.from({ length: 20 }, (_, i) =>
        envelope(withStatus(payment, "CONFIRMED"), new Date(Date.now() - i * 1_000).toISOString()),
      );
      const shop = await getShop(testEnv, SHOP);
      const responses = await Promise.all(
        bodies.map(async (body) => runHook(await hookInit(body, { key: "forged_key_0000000" }), shop, ctx)),
      );
      expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 401));
      await waitOnExecutionContext(ctx);
      await runDurableObjectAlarm(object(payment.paymentId).stub);
      await vi.waitFor(() => expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1));
      expect(await object(payment.paymentId).view()).toMatchObject({ status: "NEW" });
    });

    it("fetches nothing for a payment it does not hold, or a body naming none", async () => {
      const payment = newPayment();
      const ctx = createExecutionContext();
      const shop = await getShop(testEnv, SHOP);
      for (const body of [envelope(payment, new Date().toISOString()), "{not json"]) {
        const response = await runHook(await hookInit(body, { key: "forged_key_0000000" }), shop, ctx);
        expect(response.status).toBe(401);
      }
      await waitOnExecutionContext(ctx);
      expect(upstream.count()).toBe(0);
      expect(await tablesOf(payment.paymentId)).toEqual([]);
    });
  });
});

describe("handleHook with another signature configuration", () => {
  it("verifies a signature written after the prefix the shop names (sha256=), in any case, and one without it", async () => {
    const shop: Shop = {
      ...(await getShop(testEnv, SHOP)),
      notificationSignature: { header: "X-Hub-Signature-256", encoding: "hex", prefix: "sha256=" },
    };
    const { payment, createdAt } = await created();
    const ctx = createExecutionContext();
    for (const [seconds, prefix] of [
      [10, "sha256="],
      [20, "SHA256="],
      [30, ""],
    ] as const) {
      const body = envelope(withStatus(payment, "UNDERPAID"), at(createdAt, seconds));
      const response = await runHook(
        await hookInit(body, { key: KEY, header: "X-Hub-Signature-256", prefix }),
        shop,
        ctx,
      );
      expect(response.status).toBe(200);
    }
    const forged = await runHook(
      await hookInit(envelope(payment, at(createdAt, 40)), {
        signature: `sha256=${"0".repeat(64)}`,
        header: "X-Hub-Signature-256",
      }),
      shop,
      ctx,
    );
    expect(forged.status).toBe(401);
    await waitOnExecutionContext(ctx);
  });

  it("verifies base64 signatures in the header the shop names", async () => {
    const shop: Shop = {
      ...(await getShop(testEnv, SHOP)),
      notificationSignature: { header: "X-Checkout-Signature", encoding: "base64" },
    };
    const { payment, createdAt } = await created();
    const body = envelope(withStatus(payment, "UNDERPAID"), at(createdAt, 10));
    const ctx = createExecutionContext();
    const ok = await runHook(
      await hookInit(body, { key: KEY, encoding: "base64", header: "X-Checkout-Signature" }),
      shop,
      ctx,
    );
    expect(ok.status).toBe(200);
    const hex = await runHook(await hookInit(body, { key: KEY, header: "X-Checkout-Signature" }), shop, ctx);
    expect(hex.status).toBe(401);
    await waitOnExecutionContext(ctx);
  });
});

describe("handleHook for a shop without an HMAC key", () => {
  const hintShop = async (): Promise<Shop> => {
    const shop = await getShop(testEnv, SHOP);
    return { ...shop, secret: (field) => (field === "notificationHmacKey" ? undefined : shop.secret(field)) };
  };

  it("takes the body only as a hint: answers 202 at once, then re-fetches from the upstream", async () => {
    const { payment, createdAt } = await created();
    upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
    // The body claims CONFIRMED; only the upstream's answer counts.
    const body = envelope(withStatus(payment, "CONFIRMED"), at(createdAt, 10));
    const ctx = createExecutionContext();
    const response = await runHook(await hookInit(body), await hintShop(), ctx);
    expect(response.status).toBe(202);
    expect(upstream.count()).toBe(0);
    await waitOnExecutionContext(ctx);
    // The re-fetch is the object's alarm: due now; the runtime or the test runs it, once.
    await runDurableObjectAlarm(object(payment.paymentId).stub);
    await vi.waitFor(() => expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1));
    expect(await object(payment.paymentId).view()).toMatchObject({ status: "UNDERPAID", version: 2 });
  });

  it("coalesces a burst of hints into one upstream request", async () => {
    // Created just now: the re-fetch waits the minimum gap after that, so the burst lands first.
    const payment = newPayment();
    upstream.payments.set(payment.paymentId, payment);
    await object(payment.paymentId).init(payment);
    upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
    const ctx = createExecutionContext();
    const bodies = Array.from({ length: 20 }, (_, i) =>
      envelope(withStatus(payment, "UNDERPAID"), new Date(Date.now() - i * 1_000).toISOString()),
    );
    const responses = await Promise.all(
      bodies.map(async (body) => runHook(await hookInit(body), await hintShop(), ctx)),
    );
    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 202));
    await waitOnExecutionContext(ctx);
    await runDurableObjectAlarm(object(payment.paymentId).stub);
    await vi.waitFor(async () => expect((await object(payment.paymentId).view()).status).toBe("UNDERPAID"));
    expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1);
  });

  it("ignores a hint about a payment it does not hold: no upstream request, nothing stored", async () => {
    const payment = newPayment();
    const ctx = createExecutionContext();
    const response = await runHook(await hookInit(envelope(payment, new Date().toISOString())), await hintShop(), ctx);
    expect(response.status).toBe(202);
    await waitOnExecutionContext(ctx);
    expect(upstream.count()).toBe(0);
    expect(await tablesOf(payment.paymentId)).toEqual([]);
    expect(events()).toContainEqual(
      expect.objectContaining({
        event: "notification_unknown_payment",
        paymentId: payment.paymentId,
        authentic: false,
      }),
    );
  });

  it("takes an unknown notificationType as a hint too: 202, then re-fetches the payment it names", async () => {
    const { payment } = await created();
    upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
    const ctx = createExecutionContext();
    const body = JSON.stringify({
      timestamp: new Date().toISOString(),
      notificationType: "v9/anything",
      body: { paymentId: payment.paymentId },
    });
    const response = await runHook(await hookInit(body), await hintShop(), ctx);
    expect(response.status).toBe(202);
    await waitOnExecutionContext(ctx);
    await runDurableObjectAlarm(object(payment.paymentId).stub);
    await vi.waitFor(() => expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1));
    expect(await object(payment.paymentId).view()).toMatchObject({ status: "UNDERPAID", version: 2 });
  });

  it.each([
    ["without a notificationType", (p: Payment) => JSON.stringify({ timestamp: new Date().toISOString(), body: p })],
    ["with a notificationType that is not a string", (p: Payment) => JSON.stringify({ notificationType: 3, body: p })],
    ["as a bare payment (the format before the envelope)", (p: Payment) => JSON.stringify(p)],
    [
      "whose body has a field of an odd shape",
      (p: Payment) =>
        JSON.stringify({ timestamp: "soon", notificationType: "v3/payment", body: { ...p, transactions: "none" } }),
    ],
  ])("takes a notification the parser refuses %s as a hint: 202, then re-fetches the payment", async (_name, body) => {
    const { payment } = await created();
    upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
    const ctx = createExecutionContext();
    const response = await runHook(await hookInit(body(withStatus(payment, "CONFIRMED"))), await hintShop(), ctx);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true, outcome: "refetch" });
    await waitOnExecutionContext(ctx);
    await runDurableObjectAlarm(object(payment.paymentId).stub);
    await vi.waitFor(() => expect(upstream.count("GET", `/v3/payments/${payment.paymentId}`)).toBe(1));
    // Only the service's answer counts: UNDERPAID, not the CONFIRMED of the body.
    expect(await object(payment.paymentId).view()).toMatchObject({ status: "UNDERPAID", version: 2 });
  });

  it("answers 202 and fetches nothing for a JSON object that names no payment or payout", async () => {
    const ctx = createExecutionContext();
    const response = await runHook(await hookInit('{"hello":"world"}'), await hintShop(), ctx);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
    await waitOnExecutionContext(ctx);
    expect(upstream.count()).toBe(0);
  });

  it("still refuses a body that is not a notification with 400", async () => {
    const ctx = createExecutionContext();
    const response = await runHook(await hookInit("[1,2,3]"), await hintShop(), ctx);
    expect(response.status).toBe(400);
    await waitOnExecutionContext(ctx);
  });
});

async function signedHex(body: string): Promise<string> {
  const { signBody } = await import("../../../../worker/v3/notification.js");
  return signBody(body, { key: KEY });
}
