/**
 * The refunds' backend API through the RefundsObject (workerd, the upstream stubbed at the fetch
 * boundary): create (amount or proposal), list with totals and proposals, get, approve with
 * exactly one payout (50 concurrent approvals; a create whose answer is lost), payout limits,
 * expiry, cancel, idempotency keys, and cross-shop isolation.
 */
import { describe, expect, it } from "vitest";
import type { RefundList, RefundView } from "../../../../worker/checkout/backend-wire.js";
import { shopEvents } from "../../../../worker/checkout/events/shop-events-object.js";
import { errorOf } from "../support/http.js";
import { backend, testEnv } from "../support/merchant.js";
import { useStubs } from "../support/stubs.js";
import {
  ADDRESS,
  approve,
  getRefund,
  list,
  paidPayment,
  post,
  readyRefund,
  refundsPath,
  SHOP,
} from "./refund-api-support.js";

const stubs = useStubs();

/** POST /v3/payouts calls (creates only, not approvals). */
const creates = () => stubs.upstream.calls.filter((c) => c.method === "POST" && c.path === "/v3/payouts").length;

describe("creating and reading refunds", () => {
  it("creates a refund with its address, lists it with totals and proposals, and reads it", async () => {
    const payment = await paidPayment();
    const before = await list(payment.paymentId);
    expect(before.totals).toEqual({ accepted: "0.001", held: "0", remaining: "0.001" });
    expect(before.proposals.map((p) => [p.kind, p.amount])).toEqual([
      ["overpaid_excess", "0.00058333"],
      ["whole_payment", "0.001"],
    ]);

    const refund = await readyRefund(payment.paymentId);
    expect(refund).toMatchObject({
      state: "ready_for_approval",
      amount: "0.0005",
      currency: "BTC",
      address: ADDRESS,
      addressBy: "merchant",
      shopId: SHOP,
      paymentId: payment.paymentId,
    });
    expect(refund.id).toMatch(/^rf_[0-9a-f]{32}$/);
    const after = await list(payment.paymentId);
    expect(after.totals).toEqual({ accepted: "0.001", held: "0.0005", remaining: "0.0005" });
    expect(after.refunds.map((r) => r.id)).toEqual([refund.id]);
    expect(await getRefund(payment.paymentId, refund.id)).toEqual(refund);
    expect(creates()).toBe(0);
  });

  it("creates a refund from a proposal, with the proposal's amount and reason", async () => {
    const payment = await paidPayment();
    const response = await post(refundsPath(payment.paymentId), { proposal: "overpaid_excess" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ state: "requested", amount: "0.00058333", reason: "overpaid" });
  });

  it("refuses more than the payment accepted, naming what remains", async () => {
    const payment = await paidPayment();
    await readyRefund(payment.paymentId, "0.0008");
    const response = await post(refundsPath(payment.paymentId), { amount: "0.0003", reason: "other" });
    expect(response.status).toBe(422);
    const error = (await response.json()) as { error: { code: string; message: string; remaining: string } };
    expect(error.error).toMatchObject({ code: "refund_amount_exceeded", remaining: "0.0002" });
    expect(error.error.message).toContain("0.0002");
  });

  it("refuses a bad body with 400 naming the field, and an invalid address with 422 and its problem", async () => {
    const payment = await paidPayment();
    const bad = await post(refundsPath(payment.paymentId), { amount: "-1", reason: "overpaid" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toContain("amount");
    const noReason = await post(refundsPath(payment.paymentId), { amount: "0.0001" });
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).message).toContain("reason");
    const typo = await post(refundsPath(payment.paymentId), {
      amount: "0.0001",
      reason: "overpaid",
      address: ADDRESS.slice(0, -1) + "8",
    });
    expect(typo.status).toBe(422);
    expect(await typo.json()).toMatchObject({ error: { code: "invalid_address", problem: "checksum" } });
  });

  it("answers 404 payment_not_found for a payment this shop did not create here", async () => {
    const response = await post(refundsPath("pay_unknown_1"), { amount: "0.0001", reason: "other" });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("payment_not_found");
    expect(stubs.upstream.count()).toBe(0);
  });
});

describe("approval and the payout", () => {
  it("checks the limits, creates one unapproved payout named by the refund, records it as the shop's own, and approves it", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    const response = await approve(payment.paymentId, refund);
    expect(response.status, await response.clone().text()).toBe(200);
    const approved = (await response.json()) as RefundView;
    expect(approved.state).toBe("approved");
    expect(approved.payout?.status).toBe("QUEUED");
    expect(stubs.upstream.count("GET", "/v3/payouts/payout-limits")).toBe(1);
    const [payout] = stubs.upstream.payoutsOf(refund.id);
    expect(stubs.upstream.payoutsOf(refund.id)).toHaveLength(1);
    const createCall = stubs.upstream.calls.find((c) => c.method === "POST" && c.path === "/v3/payouts");
    expect(JSON.parse(createCall?.body ?? "{}")).toMatchObject({
      transferAmount: "0.0005",
      transferCurrency: "BTC",
      priceCurrency: "EUR",
      address: ADDRESS,
      externalPayoutId: refund.id,
      autoApprove: false,
      notificationUrl: `https://checkout.test/hooks/${SHOP}?payment=${payment.paymentId}`,
    });
    expect(stubs.upstream.count("POST", `/v3/payouts/${payout?.payoutId}/approve`)).toBe(1);
    expect(await shopEvents(testEnv, SHOP).ownsPayout(payout?.payoutId ?? "")).toBe(true);
    expect(approved.history.map((h) => [h.event, h.to])).toEqual([
      ["create", "requested"],
      ["submit_address", "ready_for_approval"],
      ["payout", "ready_for_approval"],
      ["approve", "approved"],
      ["payout", "approved"],
    ]);
    expect(approved.history[3]?.actor).toEqual({ kind: "merchant", id: "backend-api" });
  });

  it("50 concurrent approvals create one payout and approve it once; every one answers the approved refund", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => approve(payment.paymentId, refund)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(stubs.upstream.payoutsOf(refund.id)).toHaveLength(1);
    expect(creates()).toBe(1);
    const approves = stubs.upstream.calls.filter((c) => c.method === "POST" && c.path.endsWith("/approve"));
    expect(approves).toHaveLength(1);
  });

  it("a create whose answer is lost (timeout) is found by the list's filters on the next try: one payout", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    stubs.upstream.fail("POST", "/v3/payouts", "lost_answer", 1);
    const first = await approve(payment.paymentId, refund);
    expect(first.status).toBe(504);
    expect((await errorOf(first)).code).toBe("upstream_unavailable");
    expect(stubs.upstream.payoutsOf(refund.id)).toHaveLength(1);

    const second = await approve(payment.paymentId, refund);
    expect(second.status, await second.clone().text()).toBe(200);
    expect(((await second.json()) as RefundView).state).toBe("approved");
    expect(stubs.upstream.payoutsOf(refund.id)).toHaveLength(1);
    expect(creates()).toBe(1);
    const search = stubs.upstream.calls.find((c) => c.method === "GET" && c.path.startsWith("/v3/payouts?"));
    const query = new URL(`https://x${search?.path ?? ""}`).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      address: ADDRESS,
      transferCurrency: "BTC",
      priceCurrency: "EUR",
      transferAmount: "0.0005",
    });
    expect(query.get("timeFrom")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("a create refused by the service (4xx) is tried again without a search", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    stubs.upstream.fail("POST", "/v3/payouts", "http400", 1);
    expect((await approve(payment.paymentId, refund)).status).toBe(502);
    expect((await approve(payment.paymentId, refund)).status).toBe(200);
    expect(stubs.upstream.count("GET", "/v3/payouts?")).toBe(0);
    expect(stubs.upstream.payoutsOf(refund.id)).toHaveLength(1);
  });

  it("a price-currency refund is estimated from the payment's rate and approved against its payout's own transfer amount", async () => {
    const payment = await paidPayment();
    const created = await post(refundsPath(payment.paymentId), {
      amount: "12.00",
      denomination: "price",
      reason: "order_cancelled",
      address: ADDRESS,
    });
    expect(created.status).toBe(201);
    const refund = (await created.json()) as RefundView;
    expect(refund).toMatchObject({ currency: "EUR", estimatedTransferAmount: "0.0002", state: "ready_for_approval" });
    expect((await list(payment.paymentId)).totals.held).toBe("0.0002");
    const response = await approve(payment.paymentId, refund);
    expect(response.status, await response.clone().text()).toBe(200);
    const approved = (await response.json()) as RefundView;
    expect(approved).toMatchObject({ state: "approved", approvedTransferAmount: "0.0002" });
    const createCall = stubs.upstream.calls.find((c) => c.method === "POST" && c.path === "/v3/payouts");
    expect(JSON.parse(createCall?.body ?? "{}")).toMatchObject({ priceAmount: "12.00", priceCurrency: "EUR" });
    expect(JSON.parse(createCall?.body ?? "{}")).not.toHaveProperty("transferAmount");
  });

  it("refuses a stale approval (another amount or address) and creates nothing", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    const response = await post(`${refundsPath(payment.paymentId)}/${refund.id}/approve`, {
      amount: "0.0004",
      currency: "BTC",
      address: ADDRESS,
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: "refund_refused", refusal: "stale_approval" } });
    expect(creates()).toBe(0);
  });

  it("refuses an approval the payout limits do not allow, with the balance or minimum named", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    stubs.upstream.payoutLimits = { available: 0.0001, minPayoutAmount: 0.00001 };
    const poor = await approve(payment.paymentId, refund);
    expect(poor.status).toBe(422);
    const error = await errorOf(poor);
    expect(error.code).toBe("payout_limits");
    expect(error.message).toContain("0.0001 BTC available");
    stubs.upstream.payoutLimits = { available: 5, minPayoutAmount: 0.001 };
    const small = await approve(payment.paymentId, refund);
    expect((await errorOf(small)).message).toContain("minimum payout is 0.001 BTC");
    expect(creates()).toBe(0);
    expect((await getRefund(payment.paymentId, refund.id)).state).toBe("ready_for_approval");
  });

  it("reads the payout limits before an approval: the balance and minimum, and what would refuse it", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    stubs.upstream.payoutLimits = { available: 2.5, minPayoutAmount: 0.0001 };
    const read = await backend(`${refundsPath(payment.paymentId)}/${refund.id}/payout-limits`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({
      refundId: refund.id,
      currency: "BTC",
      transferAmount: "0.0005",
      available: "2.5",
      minPayoutAmount: "0.0001",
    });
    stubs.upstream.payoutLimits = { available: 0.0001 };
    const poor = (await (await backend(`${refundsPath(payment.paymentId)}/${refund.id}/payout-limits`)).json()) as {
      problem?: string;
      minPayoutAmount?: string;
    };
    expect(poor.problem).toContain("0.0001 BTC available");
    expect(poor).not.toHaveProperty("minPayoutAmount");
    const unknown = await backend(
      `${refundsPath(payment.paymentId)}/rf_00000000000000000000000000000000/payout-limits`,
    );
    expect((await errorOf(unknown)).code).toBe("refund_not_found");
    expect(creates()).toBe(0);
    expect((await getRefund(payment.paymentId, refund.id)).state).toBe("ready_for_approval");
  });

  it("an approval at or after the payout's expirationTime ends the refund as expired; a new refund can then be started", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId, "0.001");
    stubs.upstream.payoutExpiryMs = -1000;
    const response = await approve(payment.paymentId, refund);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { code: "refund_refused", refusal: "expired" } });
    const expired = await getRefund(payment.paymentId, refund.id);
    expect(expired.state).toBe("expired");
    expect(stubs.upstream.count("POST", "/v3/payouts/")).toBe(0); // never approved upstream
    expect((await list(payment.paymentId)).totals.remaining).toBe("0.001");
    stubs.upstream.payoutExpiryMs = 3_600_000;
    const again = await readyRefund(payment.paymentId, "0.001");
    expect((await approve(payment.paymentId, again)).status).toBe(200);
  });

  it("cancels a refund before a payout exists, and refuses once it exists", async () => {
    const payment = await paidPayment();
    const first = await readyRefund(payment.paymentId, "0.0002");
    const cancelled = await post(`${refundsPath(payment.paymentId)}/${first.id}/cancel`, {
      reason: "customer kept it",
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ state: "cancelled", endReason: "customer kept it" });
    const second = await readyRefund(payment.paymentId, "0.0002");
    await approve(payment.paymentId, second);
    const refused = await post(`${refundsPath(payment.paymentId)}/${second.id}/cancel`, {});
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: "refund_refused", refusal: "not_allowed" } });
  });
});

describe("Idempotency-Key", () => {
  it("the same key and body give the same answer and one refund; the same key with another body is 422", async () => {
    const payment = await paidPayment();
    const body = { amount: "0.0001", reason: "duplicate" };
    const headers = { "Idempotency-Key": "order-77-refund-1" };
    const [a, b] = await Promise.all([
      post(refundsPath(payment.paymentId), body, headers),
      post(refundsPath(payment.paymentId), body, headers),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ra, rb] = [(await a.json()) as RefundView, (await b.json()) as RefundView];
    expect(ra.id).toBe(rb.id);
    expect((await list(payment.paymentId)).refunds).toHaveLength(1);
    const other = await post(refundsPath(payment.paymentId), { ...body, amount: "0.0002" }, headers);
    expect(other.status).toBe(422);
    expect((await errorOf(other)).code).toBe("idempotency_key_reused");
    const malformed = await post(refundsPath(payment.paymentId), body, { "Idempotency-Key": "" });
    expect(malformed.status).toBe(400);
  });

  it("an approval repeated with its key answers as the first did", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    const headers = { "Idempotency-Key": "approve-1" };
    const first = await approve(payment.paymentId, refund, headers);
    const again = await approve(payment.paymentId, refund, headers);
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());
    expect(creates()).toBe(1);
  });
});

describe("cross-shop isolation", () => {
  it("another shop's backend token is 401; another shop's path to the payment is 404", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    const wrongToken = await backend(refundsPath(payment.paymentId), {}, "iroXRQsle91pLtRqfy-vmcfLloPmxvBsWXssUx8Q");
    expect(wrongToken.status).toBe(401);
    const otherShop = await backend(refundsPath(payment.paymentId, "demo-signed"));
    expect(otherShop.status).toBe(404);
    expect((await errorOf(otherShop)).code).toBe("payment_not_found");
    const otherRefund = await backend(`${refundsPath(payment.paymentId, "demo-signed")}/${refund.id}`);
    expect(otherRefund.status).toBe(404);
    expect((await errorOf(otherRefund)).code).toBe("refund_not_found");
    const list = (await (await backend(refundsPath(payment.paymentId))).json()) as RefundList;
    expect(list.refunds).toHaveLength(1);
  });
});
