/**
 * Hint-driven upstream reads are capped per shop (upstream/hint-budget.ts): a flood of hints
 * naming many payments of one shop makes at most the budget's burst of reads at once and one per
 * interval after that; the reads past the cap are deferred, never dropped (each payment's alarm
 * reads at its slot); another shop's hints are read at once.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { toCheckoutError } from "../../../../worker/checkout/http/errors.js";
import { handleHook } from "../../../../worker/checkout/notifications/hooks.js";
import { HINT_BUDGET } from "../../../../worker/checkout/upstream/hint-budget.js";
import { paymentObject } from "../../../../worker/checkout/payments/payment-object.js";
import { getShop, type Shop } from "../../../../worker/checkout/shops/shop-source.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { envelope, hookInit, newPayment, withStatus } from "../support/payments.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";

const testEnv = env as unknown as Env;
let upstream: UpstreamStub;
let logs: string[];
const stubs: DurableObjectStub[] = [];

beforeEach(() => {
  upstream = installUpstreamStub();
  logs = [];
  vi.spyOn(console, "log").mockImplementation((line: unknown) => void logs.push(String(line)));
});
afterEach(async () => {
  vi.restoreAllMocks();
  upstream.restore();
  for (const stub of stubs.splice(0)) await runInDurableObject(stub, (_i, state) => state.storage.deleteAlarm());
});

/** The shop as one without an HMAC key: every notification to it is a hint. */
async function keyless(shopId: string): Promise<Shop> {
  const shop = await getShop(testEnv, shopId);
  return { ...shop, secret: (field) => (field === "notificationHmacKey" ? undefined : shop.secret(field)) };
}

/** A payment of `shop` created through the Worker a minute ago, which the service now says is UNDERPAID. */
async function held(shop: string): Promise<Payment> {
  const payment = newPayment({ notificationUrl: `https://checkout.test/hooks/${shop}` });
  upstream.payments.set(payment.paymentId, payment);
  const o = paymentObject(testEnv, shop, payment.paymentId);
  stubs.push(o.stub);
  await o.init(payment, Date.now() - 60_000);
  upstream.update(payment.paymentId, withStatus(payment, "UNDERPAID"));
  return payment;
}

async function hint(shop: Shop, payment: Payment, ctx: ExecutionContext): Promise<Response> {
  return handleHook(
    new Request(`https://checkout.test/hooks/${shop.id}`, await hookInit(envelope(payment, new Date().toISOString()))),
    testEnv,
    ctx,
    shop,
  ).catch((err: unknown) => toCheckoutError(err).toResponse());
}

const outcomes = (paymentIds: Set<string>) =>
  logs
    .map((line) => JSON.parse(line) as { event: string; paymentId?: string; outcome?: string })
    .filter((l) => l.event === "notification_handled" && paymentIds.has(l.paymentId ?? ""))
    .map((l) => l.outcome);

const readTimes = (payments: Payment[]) =>
  upstream.calls
    .filter((c) => c.method === "GET" && payments.some((p) => c.path === `/v3/payments/${p.paymentId}`))
    .map((c) => c.at)
    .sort((a, b) => a - b);

describe("a flood of hints across many payments of one shop", () => {
  it("reads at most the budget at once, defers the rest to later slots, reads every one, and leaves another shop alone", async () => {
    const flooded = await keyless("demo-open");
    const other = await keyless("demo-signed");
    const payments = await Promise.all(Array.from({ length: HINT_BUDGET.burst + 15 }, () => held("demo-open")));
    const bystander = await held("demo-signed");

    const ctx = createExecutionContext();
    const start = Date.now();
    const responses = await Promise.all(payments.map((p) => hint(flooded, p, ctx)));
    // Each payment's next hint is answered by the read it already has asked for: no slot more.
    const again = await Promise.all(payments.map((p) => hint(flooded, p, ctx)));
    const otherResponse = await hint(other, bystander, ctx);
    await waitOnExecutionContext(ctx);
    expect([...responses, ...again, otherResponse].map((r) => r.status)).toEqual(
      [...responses, ...again, otherResponse].map(() => 202),
    );

    const outcomesOf = (p: Payment) => outcomes(new Set([p.paymentId]));
    // Two hints per payment, each answered: "refetch" (read at once) or "deferred" (read at its slot).
    for (const p of payments) expect(outcomesOf(p)).toHaveLength(2);
    const deferred = payments.filter((p) => outcomesOf(p).includes("deferred")).length;
    // The calls took some time, in which the budget grew by one slot per interval.
    const grown = Math.ceil((Date.now() - start) / HINT_BUDGET.intervalMs);
    expect(deferred).toBeGreaterThanOrEqual(payments.length - HINT_BUDGET.burst - grown);
    expect(deferred).toBeGreaterThan(0);
    expect(outcomes(new Set([bystander.paymentId]))).toEqual(["refetch"]);

    // Every payment is read (the deferred ones by their alarms, at their slots), and only once.
    await vi.waitFor(() => expect(readTimes(payments)).toHaveLength(payments.length), {
      timeout: 20_000,
      interval: 100,
    });
    for (const p of payments)
      expect((await paymentObject(testEnv, "demo-open", p.paymentId).heldView())?.status).toBe("UNDERPAID");
    // The k-th read comes no sooner than the budget allows: burst at once, then one per interval.
    readTimes(payments).forEach((at, k) =>
      expect(at).toBeGreaterThanOrEqual(start + (k - (HINT_BUDGET.burst - 1)) * HINT_BUDGET.intervalMs),
    );
    // The other shop's payment was read at once, not behind the flood's deferred reads.
    await vi.waitFor(() => expect(readTimes([bystander])).toHaveLength(1), { timeout: 5_000, interval: 50 });
    expect(await paymentObject(testEnv, "demo-signed", bystander.paymentId).heldView()).toMatchObject({
      status: "UNDERPAID",
    });
    expect(readTimes([bystander])[0]).toBeLessThan(readTimes(payments).at(-1) ?? 0);
    expect(readTimes(payments)).toHaveLength(payments.length);
  }, 40_000);
});
