/**
 * What moves an approved refund on: payout notifications in any order (sent before approved,
 * duplicates, older snapshots), the poll alarm while a refund waits, and the refund.* webhooks
 * and audit entries every step leaves.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RefundEvent, RefundView } from "../../../../worker/checkout/backend-wire.js";
import type { Env } from "../../../../worker/checkout/env.js";
import type { Payout } from "../../../../worker/v3/types.js";
import { refundsObject } from "../../../../worker/checkout/refunds/refund-object.js";
import { backend, endCursor, eventsAfter, notify, testEnv } from "../support/merchant.js";
import { useStubs } from "../support/stubs.js";
import {
  ADDRESS,
  approve,
  getRefund,
  paidPayment,
  readyRefund,
  runRefundsAlarm,
  SHOP,
  submitAddress,
  linkedRefund,
} from "./refund-api-support.js";

const stubs = useStubs();

async function approvedRefund(): Promise<{ paymentId: string; refund: RefundView; payout: Payout }> {
  const payment = await paidPayment();
  const refund = await readyRefund(payment.paymentId);
  const response = await approve(payment.paymentId, refund);
  expect(response.status).toBe(200);
  const [payout] = stubs.upstream.payoutsOf(refund.id);
  if (!payout) throw new Error("no payout");
  return { paymentId: payment.paymentId, refund: (await response.json()) as RefundView, payout };
}

describe("payout notifications", () => {
  it("a SENT notification ends the refund as sent with its transaction id and time; older and repeated ones change nothing", async () => {
    const { paymentId, refund, payout } = await approvedRefund();
    const sent = stubs.upstream.sendPayout(payout.payoutId, "tx_refund_1");
    const later = new Date(Date.now() + 2000);
    expect((await notify(SHOP, "v3/payouts", sent, later)).status).toBe(200);
    const done = await getRefund(paymentId, refund.id);
    expect(done.state).toBe("sent");
    expect(done.payout).toMatchObject({ status: "SENT", transactionId: "tx_refund_1", sentTime: sent.sentTime });
    const steps = done.history.length;

    // The QUEUED snapshot arrives late, then SENT again: nothing moves.
    await notify(
      SHOP,
      "v3/payouts",
      { ...sent, status: "QUEUED", transactionId: undefined },
      new Date(Date.now() - 60_000),
    );
    await notify(SHOP, "v3/payouts", sent, later);
    const after = await getRefund(paymentId, refund.id);
    expect(after.state).toBe("sent");
    expect(after.history).toHaveLength(steps);
  });

  it("a SENT notification before the approval is known (the approve's answer lost) records the refund as sent", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    stubs.upstream.fail("POST", "/v3/payouts/", "lost_answer", 1);
    stubs.upstream.fail("GET", "/v3/payouts/po_", "http503");
    const response = await approve(payment.paymentId, refund);
    expect(response.status).toBe(504);
    expect((await getRefund(payment.paymentId, refund.id)).state).toBe("ready_for_approval");
    const [payout] = stubs.upstream.payoutsOf(refund.id);
    const sent = stubs.upstream.sendPayout(payout?.payoutId ?? "", "tx_early");
    await notify(SHOP, "v3/payouts", sent, new Date());
    expect(await getRefund(payment.paymentId, refund.id)).toMatchObject({
      state: "sent",
      payout: { transactionId: "tx_early" },
    });
  });

  it("a status this Worker does not know is kept and shown as it came, and moves nothing", async () => {
    const { paymentId, refund, payout } = await approvedRefund();
    await notify(SHOP, "v3/payouts", { ...payout, status: "IN_REVIEW" }, new Date(Date.now() + 1000));
    const seen = await getRefund(paymentId, refund.id);
    expect(seen.state).toBe("approved");
    expect(seen.payout?.status).toBe("IN_REVIEW");
    expect(seen.history.at(-1)?.note).toContain("IN_REVIEW");
  });

  it("a payout of another payment's refund or another shop's hook does not touch this refund", async () => {
    const { paymentId, refund, payout } = await approvedRefund();
    const foreign = {
      ...payout,
      status: "SENT",
      notificationUrl: `https://checkout.test/hooks/demo-signed?payment=${paymentId}`,
    };
    await notify(SHOP, "v3/payouts", foreign, new Date(Date.now() + 1000));
    expect((await getRefund(paymentId, refund.id)).state).toBe("approved");
  });
});

describe("the poll alarm", () => {
  it("asks the payment service about an approved refund and records it sent", async () => {
    const { paymentId, refund, payout } = await approvedRefund();
    stubs.upstream.sendPayout(payout.payoutId, "tx_polled");
    await runRefundsAlarm(paymentId);
    expect(await getRefund(paymentId, refund.id)).toMatchObject({
      state: "sent",
      payout: { transactionId: "tx_polled" },
    });
  });

  it("finds the payout of a create whose answer was lost, without creating another", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    stubs.upstream.fail("POST", "/v3/payouts", "lost_answer", 1);
    expect((await approve(payment.paymentId, refund)).status).toBe(504);
    await runRefundsAlarm(payment.paymentId);
    const found = await getRefund(payment.paymentId, refund.id);
    expect(found.payout?.payoutId).toBe(stubs.upstream.payoutsOf(refund.id)[0]?.payoutId);
    expect(found.state).toBe("ready_for_approval");
    expect(stubs.upstream.payoutsOf(refund.id)).toHaveLength(1);
  });

  it("ends an unapproved refund as expired once its payout's expirationTime has passed", async () => {
    const payment = await paidPayment();
    const refund = await readyRefund(payment.paymentId);
    stubs.upstream.fail("POST", "/v3/payouts/", "http400", 1);
    const refused = await approve(payment.paymentId, refund);
    expect(refused.status).toBe(502);
    const waiting = await getRefund(payment.paymentId, refund.id);
    expect(waiting).toMatchObject({ state: "ready_for_approval", payout: { status: "CREATED" } });
    // Time passes: the payout's expirationTime is now behind (as the service set it, an hour after its creation).
    await runInDurableObject(refundsObject(testEnv, SHOP, payment.paymentId).stub, (_i, state) => {
      const past = {
        ...waiting,
        payout: { ...waiting.payout, expirationTime: new Date(Date.now() - 1000).toISOString() },
      };
      state.storage.sql.exec("UPDATE refunds SET refund = ? WHERE id = ?", JSON.stringify(past), refund.id);
    });
    await runRefundsAlarm(payment.paymentId);
    const expired = await getRefund(payment.paymentId, refund.id);
    expect(expired.state).toBe("expired");
    expect(expired.endReason).toContain("not approved before the payout's expirationTime");
    expect(expired.history.at(-1)?.actor).toEqual({ kind: "system" });
  });
});

describe("webhooks and the audit log", () => {
  it("records refund.created, refund.updated and refund.sent in the shop's event log, and every step in the audit log", async () => {
    const cursor = await endCursor(SHOP);
    const payment = await paidPayment();
    const { refund, link } = await linkedRefund(payment.paymentId);
    expect((await submitAddress(link.token, { address: ADDRESS })).status).toBe(200);
    const ready = await getRefund(payment.paymentId, refund.id);
    expect((await approve(payment.paymentId, ready)).status).toBe(200);
    const [payout] = stubs.upstream.payoutsOf(refund.id);
    await notify(SHOP, "v3/payouts", stubs.upstream.sendPayout(payout?.payoutId ?? ""), new Date(Date.now() + 1000));

    const events = (await eventsAfter(SHOP, cursor))
      .map((e) => e.event)
      .filter((e): e is RefundEvent => e.type.startsWith("refund.") && (e as RefundEvent).data.refund.id === refund.id);
    expect(events.map((e) => [e.type, e.data.previousState, e.data.refund.state])).toEqual([
      ["refund.created", null, "requested"],
      ["refund.updated", "requested", "awaiting_address"],
      ["refund.updated", "awaiting_address", "ready_for_approval"],
      ["refund.updated", "ready_for_approval", "ready_for_approval"],
      ["refund.updated", "ready_for_approval", "approved"],
      ["refund.updated", "approved", "approved"],
      ["refund.sent", "approved", "sent"],
    ]);
    const audit = await (env as unknown as Env).DB?.prepare(
      "SELECT actor, action, changes FROM audit_log WHERE shop_id = ? AND changes LIKE ? ORDER BY id",
    )
      .bind(SHOP, `%${refund.id}%`)
      .all<{ actor: string; action: string; changes: string }>();
    expect(audit?.results.map((row) => [row.actor, row.action])).toEqual([
      ["merchant:backend-api", "refund.create"],
      ["merchant:backend-api", "refund.request_address"],
      ["customer", "refund.submit_address"],
      ["payment_service", "refund.payout"],
      ["merchant:backend-api", "refund.approve"],
      ["payment_service", "refund.payout"],
      ["payment_service", "refund.payout"],
    ]);
    expect(JSON.parse(audit?.results[2]?.changes ?? "{}")).toMatchObject({
      to: "ready_for_approval",
      address: ADDRESS,
    });
  });

  it("a failed payout is refund.failed and releases its amount", async () => {
    const cursor = await endCursor(SHOP);
    const { paymentId, refund, payout } = await approvedRefund();
    await notify(SHOP, "v3/payouts", { ...payout, status: "FAILED" }, new Date(Date.now() + 1000));
    const failed = await getRefund(paymentId, refund.id);
    expect(failed.state).toBe("failed");
    const types = (await eventsAfter(SHOP, cursor)).map((e) => e.event.type);
    expect(types).toContain("refund.failed");
    const listed = await backend(`/api/shops/${SHOP}/payments/${paymentId}/refunds`);
    expect(((await listed.json()) as { totals: { held: string } }).totals.held).toBe("0");
  });
});
