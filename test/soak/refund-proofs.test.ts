/**
 * The soak's refund proofs (refunds.mjs, proveRefunds) on records made by hand: they hold for a
 * refund paid out once as asked, and each one fails for the fault it names (a second payout, a
 * payout to another address, a state that disagrees, refunds above what was accepted, a lost
 * webhook, a payout of no refund), so that a soak whose refunds went wrong cannot pass.
 */
import { describe, expect, it } from "vitest";
import { proveRefunds, refundAddress, type SoakRefundProof } from "./refunds.mjs";

const ADDRESS: string = refundAddress("BTC", 1);
const REFUND_ID = "rf_1";

function world() {
  const view = {
    id: REFUND_ID,
    state: "sent",
    amount: "0.0005",
    address: ADDRESS,
    payout: { payoutId: "po_1", transactionId: "ab".repeat(32) },
  };
  const event = (id: string, type: string, version: number, state: string) => ({
    event: { id, type, data: { version, refund: { id: REFUND_ID, state } } },
  });
  const refund = {
    shop: "demo-open",
    paymentId: "pay_1",
    kind: "overpaid_excess",
    id: REFUND_ID,
    address: ADDRESS,
    createRequests: 2,
    createdTwiceAs: REFUND_ID,
    approvalCalls: 5,
    approvalRequests: 5,
    approvalAnswers: ["HTTP 200 approved", "HTTP 200 approved", "HTTP 200 approved", "HTTP 200 sent", "HTTP 200 sent"],
    acrossKill: true,
    state: "sent",
  };
  const payout = {
    payoutId: "po_1",
    externalPayoutId: REFUND_ID,
    status: "SENT",
    transferAmount: 0.0005,
    address: ADDRESS,
    transactionId: "ab".repeat(32),
  };
  const list: { refunds: (typeof view)[]; totals: { held: string } } = { refunds: [view], totals: { held: "0.0005" } };
  return {
    refund,
    view,
    payout,
    list,
    refunds: [refund],
    lists: [list],
    payouts: [payout],
    truths: new Map([["pay_1", { acceptedPaidTransferAmount: "0.0015" }]]),
    entries: [
      event("e1", "refund.created", 1, "requested"),
      event("e2", "refund.updated", 3, "approved"),
      event("e3", "refund.sent", 4, "sent"),
    ],
    receiver: {
      received: new Map([
        ["e1", {}],
        ["e2", {}],
        ["e3", {}],
      ]),
    },
  };
}

const failed = (proofs: SoakRefundProof[]) => proofs.filter((proof) => !proof.ok).map((proof) => proof.name);

describe("the soak's refund proofs", () => {
  it("hold for a refund paid out once, as asked, with its webhooks received", () => {
    const { proofs, figures } = proveRefunds(world());
    expect(failed(proofs)).toEqual([]);
    expect(proofs).toHaveLength(7);
    expect(figures).toMatchObject({ created: 1, payoutsForRefunds: 1, duplicatePayouts: 0, approvalCalls: 5 });
  });

  it("fail on a second payout for the refund, and count it", () => {
    const w = world();
    w.payouts.push({ ...w.payout, payoutId: "po_2" });
    const { proofs, figures } = proveRefunds(w);
    expect(failed(proofs)).toEqual([expect.stringContaining("exactly one payout")]);
    expect(figures.duplicatePayouts).toBe(1);
  });

  it("fail on a payout to another address or of another amount", () => {
    const w = world();
    w.payout.address = refundAddress("BTC", 2);
    expect(failed(proveRefunds(w).proofs)).toEqual([expect.stringContaining("exactly one payout")]);
    const v = world();
    v.payout.transferAmount = 0.0004;
    expect(failed(proveRefunds(v).proofs)).toEqual([expect.stringContaining("exactly one payout")]);
  });

  it("fail when the Worker's state disagrees with the payout's", () => {
    const w = world();
    w.view.state = "approved";
    expect(failed(proveRefunds(w).proofs)).toContain(
      "every refund's state in the Worker agrees with its payout's in the sandbox",
    );
  });

  it("fail when a payment's refunds exceed what was accepted", () => {
    const w = world();
    w.truths.set("pay_1", { acceptedPaidTransferAmount: "0.0004" });
    expect(failed(proveRefunds(w).proofs)).toEqual([expect.stringContaining("never exceed")]);
  });

  it("fail on a refund webhook never received, and on a payout of no refund", () => {
    const w = world();
    w.receiver.received.delete("e3");
    expect(failed(proveRefunds(w).proofs)).toEqual([expect.stringContaining("refund.* webhooks")]);
    const v = world();
    v.payouts.push({ ...v.payout, payoutId: "po_9", externalPayoutId: "someone-else" });
    expect(failed(proveRefunds(v).proofs)).toEqual(["no payout in the sandbox without a refund of this run"]);
  });

  it("fail on an approval refused and on a refund created twice", () => {
    const w = world();
    w.refund.approvalAnswers[4] = "HTTP 409 refund_refused (stale_approval)";
    expect(failed(proveRefunds(w).proofs)).toEqual([expect.stringContaining("every approval answered 200")]);
    const v = world();
    v.list.refunds.push({ ...v.view, id: "rf_2", state: "cancelled" });
    expect(failed(proveRefunds(v).proofs)).toEqual([expect.stringContaining("created once")]);
  });
});
