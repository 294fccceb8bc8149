import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRefundEvent, createRefund, type RefundEvent } from "../../../../worker/checkout/refunds/refund-state.js";
import { isFinalRefundState, REFUND_STATES, type RefundActor } from "../../../../worker/checkout/refunds/refund.js";
import {
  ADDRESS,
  apply,
  approved,
  CUSTOMER,
  MERCHANT,
  newRefund,
  OTHER_ADDRESS,
  payoutOf,
  ready,
  requested,
  T0,
  withPayout,
} from "./refund-fixtures.js";

const HOUR = 3_600_000;

describe("createRefund", () => {
  it("starts a refund as requested, in the transfer currency, with its creation in the history", () => {
    const refund = requested();
    expect(refund).toMatchObject({
      state: "requested",
      amount: "0.0005",
      currency: "BTC",
      denomination: "transfer",
      createdAt: "2026-11-27T10:00:00.000Z",
    });
    expect(refund.history).toEqual([
      { at: "2026-11-27T10:00:00.000Z", actor: MERCHANT, event: "create", from: null, to: "requested" },
    ]);
    expect(refund.estimatedTransferAmount).toBeUndefined();
  });

  it("states a price-currency refund in the price currency and keeps its transfer estimate", () => {
    const refund = requested({ denomination: "price", amount: "20.00", estimatedTransferAmount: "0.0004" });
    expect(refund).toMatchObject({ currency: "EUR", amount: "20.00", estimatedTransferAmount: "0.0004" });
  });

  it.each(["0", "0.000", "-1", "1e-4", "01.5", "abc", "", "1.1234567890123456789"])(
    "refuses the amount %j",
    (amount) => {
      const result = createRefund(newRefund({ amount }), T0);
      expect(result).toMatchObject({ ok: false, code: "invalid_request" });
    },
  );

  it("refuses a price-currency refund without an estimate, and an unknown reason", () => {
    expect(createRefund(newRefund({ denomination: "price", amount: "20" }), T0)).toMatchObject({
      ok: false,
      code: "estimate_required",
    });
    expect(createRefund(newRefund({ reason: "because" as never }), T0)).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
  });
});

describe("the customer's address", () => {
  it("requested → awaiting_address when the link goes out, → ready_for_approval when the customer gives the address", () => {
    const waiting = apply(requested(), { type: "request_address", actor: MERCHANT });
    expect(waiting.state).toBe("awaiting_address");
    const given = apply(waiting, { type: "submit_address", actor: CUSTOMER, address: ` ${ADDRESS} ` });
    expect(given).toMatchObject({ state: "ready_for_approval", address: ADDRESS, addressBy: "customer" });
    expect(given.history.map((h) => [h.event, h.from, h.to])).toEqual([
      ["create", null, "requested"],
      ["request_address", "requested", "awaiting_address"],
      ["submit_address", "awaiting_address", "ready_for_approval"],
    ]);
    expect(given.history[2]?.actor).toEqual(CUSTOMER);
  });

  it("requested → ready_for_approval when the merchant enters the address", () => {
    expect(ready()).toMatchObject({ state: "ready_for_approval", address: ADDRESS, addressBy: "merchant" });
  });

  it("refuses an invalid address and says why, for the element to say it in its language", () => {
    const result = applyRefundEvent(
      requested(),
      { type: "submit_address", actor: CUSTOMER, address: "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4" },
      T0,
    );
    expect(result).toMatchObject({ ok: false, code: "invalid_address", addressProblem: "network" });
  });

  it("refuses to change the address once it was given: only a new link drops it", () => {
    const given = ready();
    const again = applyRefundEvent(given, { type: "submit_address", actor: CUSTOMER, address: OTHER_ADDRESS }, T0);
    expect(again).toMatchObject({ ok: false, code: "address_locked" });
    const relinked = apply(given, { type: "new_link", actor: MERCHANT });
    expect(relinked.state).toBe("awaiting_address");
    expect(relinked.address).toBeUndefined();
    expect(relinked.history.at(-1)?.note).toBe("the address given before is dropped");
    expect(apply(relinked, { type: "submit_address", actor: CUSTOMER, address: OTHER_ADDRESS }).address).toBe(
      OTHER_ADDRESS,
    );
  });

  it("refuses a new link once a payout exists: the service cannot withdraw it", () => {
    expect(applyRefundEvent(withPayout(), { type: "new_link", actor: MERCHANT }, T0)).toMatchObject({
      ok: false,
      code: "payout_exists",
    });
  });

  it("takes the address only from the merchant or the customer", () => {
    const result = applyRefundEvent(
      requested(),
      { type: "submit_address", actor: { kind: "payment_service" }, address: ADDRESS },
      T0,
    );
    expect(result).toMatchObject({ ok: false, code: "invalid_request" });
  });
});

describe("the amount", () => {
  it("may change before a payout exists, and the history says from what to what", () => {
    const changed = apply(ready(), { type: "change_amount", actor: MERCHANT, amount: "0.0003" });
    expect(changed).toMatchObject({ state: "ready_for_approval", amount: "0.0003" });
    expect(changed.history.at(-1)?.note).toBe("amount 0.0005 → 0.0003 BTC");
  });

  it("is fixed once the payout exists", () => {
    expect(
      applyRefundEvent(withPayout(), { type: "change_amount", actor: MERCHANT, amount: "0.0003" }, T0),
    ).toMatchObject({ ok: false, code: "payout_exists" });
  });
});

describe("the payout", () => {
  it("is recorded while ready for approval, with its expiry", () => {
    const refund = withPayout();
    expect(refund.state).toBe("ready_for_approval");
    expect(refund.payout).toMatchObject({ payoutId: "po_rf_1", status: "CREATED", sourceTime: T0 });
    expect(refund.history.at(-1)).toMatchObject({ event: "payout", actor: { kind: "payment_service" } });
  });

  it("is refused when it belongs to another refund, sends another amount or goes elsewhere, in any snapshot", () => {
    const refund = ready();
    for (const payout of [
      payoutOf(refund, { externalPayoutId: "rf_2" }),
      payoutOf(refund, { transferAmount: "0.0006" }),
      payoutOf(refund, { address: OTHER_ADDRESS }),
    ]) {
      expect(applyRefundEvent(refund, { type: "payout", payout, sourceTime: T0 }, T0)).toMatchObject({
        ok: false,
        code: "payout_mismatch",
      });
    }
    const recorded = withPayout();
    expect(
      applyRefundEvent(
        recorded,
        {
          type: "payout",
          payout: payoutOf(recorded, { status: "QUEUED", address: OTHER_ADDRESS }),
          sourceTime: T0 + 1,
        },
        T0,
      ),
    ).toMatchObject({ ok: false, code: "payout_mismatch" });
    expect(
      applyRefundEvent(
        recorded,
        { type: "payout", payout: payoutOf(recorded, { payoutId: "po_other" }), sourceTime: T0 },
        T0,
      ),
    ).toMatchObject({ ok: false, code: "payout_mismatch" });
  });

  it("takes a transfer amount written differently (1.50 is 1.5)", () => {
    const refund = ready({ amount: "1.5" });
    const next = apply(refund, {
      type: "payout",
      payout: payoutOf(refund, { transferAmount: "1.50" }),
      sourceTime: T0,
    });
    expect(next.payout?.transferAmount).toBe("1.50");
  });

  it("drops an older snapshot", () => {
    const refund = withPayout();
    const result = applyRefundEvent(
      refund,
      { type: "payout", payout: payoutOf(refund, { status: "SENT" }), sourceTime: T0 - 1 },
      T0,
    );
    expect(result).toMatchObject({ ok: false, code: "older_snapshot" });
  });

  it("QUEUED or APPROVED at the service (automatic approval) moves ready_for_approval to approved", () => {
    for (const status of ["QUEUED", "APPROVED"]) {
      const refund = withPayout();
      const next = apply(refund, { type: "payout", payout: payoutOf(refund, { status }), sourceTime: T0 + 1 });
      expect(next.state).toBe("approved");
      expect(next.history.at(-1)).toMatchObject({
        from: "ready_for_approval",
        to: "approved",
        note: `payout ${status}`,
      });
    }
  });

  it("a price refund approved at the service holds what its payout sends", () => {
    const refund = withPayout(
      { denomination: "price", amount: "20", estimatedTransferAmount: "0.0004" },
      { transferAmount: "0.00042" },
    );
    const next = apply(refund, {
      type: "payout",
      payout: { payoutId: "po_rf_1", status: "QUEUED" },
      sourceTime: T0 + 1,
    });
    expect(next).toMatchObject({ state: "approved", approvedTransferAmount: "0.00042" });
  });

  it("SENT moves an approved refund to sent with the transaction id and sent time", () => {
    const refund = approved();
    const sent = apply(refund, {
      type: "payout",
      payout: payoutOf(refund, { status: "SENT", transactionId: "tx_9", sentTime: "2026-11-27T10:05:00.000Z" }),
      sourceTime: T0 + 5,
    });
    expect(sent).toMatchObject({
      state: "sent",
      payout: { transactionId: "tx_9", sentTime: "2026-11-27T10:05:00.000Z" },
    });
  });

  it("a snapshot without a field keeps what an earlier one said", () => {
    const refund = approved();
    const sent = apply(refund, {
      type: "payout",
      payout: { payoutId: "po_rf_1", status: "SENT", transactionId: "tx_9" },
      sourceTime: T0 + 5,
    });
    expect(sent.payout).toMatchObject({
      address: ADDRESS,
      transferAmount: "0.0005",
      expirationTime: refund.payout?.expirationTime,
    });
  });

  it("EXPIRED and FAILED end the refund and say why; later snapshots never bring it back, except SENT", () => {
    const expired = apply(withPayout(), {
      type: "payout",
      payout: payoutOf(withPayout(), { status: "EXPIRED" }),
      sourceTime: T0 + 1,
    });
    expect(expired).toMatchObject({ state: "expired", endReason: "the payout expired at the payment service" });
    const failed = apply(approved(), {
      type: "payout",
      payout: payoutOf(approved(), { status: "FAILED" }),
      sourceTime: T0 + 1,
    });
    expect(failed).toMatchObject({ state: "failed", endReason: "the payment service reports the payout failed" });
    const stillFailed = apply(failed, {
      type: "payout",
      payout: payoutOf(failed, { status: "QUEUED" }),
      sourceTime: T0 + 2,
    });
    expect(stillFailed.state).toBe("failed");
    const sentAnyway = apply(failed, {
      type: "payout",
      payout: payoutOf(failed, { status: "SENT" }),
      sourceTime: T0 + 3,
    });
    expect(sentAnyway).toMatchObject({
      state: "sent",
      endReason: "the payment service reports the payout sent after the refund was failed",
    });
  });

  it("a late APPROVED after SENT changes nothing but the stored status", () => {
    const sent = apply(approved(), {
      type: "payout",
      payout: payoutOf(approved(), { status: "SENT" }),
      sourceTime: T0 + 5,
    });
    const late = apply(sent, { type: "payout", payout: payoutOf(sent, { status: "APPROVED" }), sourceTime: T0 + 6 });
    expect(late.state).toBe("sent");
  });

  it("an unknown status is kept and shown as it is, and moves nothing", () => {
    const refund = withPayout();
    const next = apply(refund, { type: "payout", payout: payoutOf(refund, { status: "ON_HOLD" }), sourceTime: T0 + 1 });
    expect(next.state).toBe("ready_for_approval");
    expect(next.payout?.status).toBe("ON_HOLD");
    expect(next.history.at(-1)?.note).toBe("payout ON_HOLD (a status not known here, shown as the service sent it)");
  });

  it("the same snapshot again adds nothing to the history", () => {
    const refund = withPayout();
    const again = apply(refund, { type: "payout", payout: payoutOf(refund), sourceTime: T0 + 1 });
    expect(again.history).toHaveLength(refund.history.length);
    expect(again.payout?.sourceTime).toBe(T0 + 1);
  });

  it("a payout reported sent is recorded even when none was known (a create that timed out)", () => {
    const refund = requested();
    const sent = apply(refund, {
      type: "payout",
      payout: { payoutId: "po_x", externalPayoutId: "rf_1", status: "SENT" },
      sourceTime: T0,
    });
    expect(sent.state).toBe("sent");
    expect(
      applyRefundEvent(refund, { type: "payout", payout: { payoutId: "po_x", status: "CREATED" }, sourceTime: T0 }, T0),
    ).toMatchObject({ ok: false, code: "not_allowed" });
  });
});

describe("approval", () => {
  const approval = { type: "approve" as const, actor: MERCHANT, amount: "0.0005", currency: "BTC", address: ADDRESS };

  it("ready_for_approval → approved when it names what the refund is", () => {
    const next = apply(withPayout(), approval);
    expect(next.state).toBe("approved");
    expect(next.history.at(-1)).toMatchObject({ event: "approve", actor: MERCHANT, from: "ready_for_approval" });
  });

  it("accepts the amount written differently (0.00050)", () => {
    expect(apply(withPayout(), { ...approval, amount: "0.00050" }).state).toBe("approved");
  });

  it("refuses a stale approval: another amount, currency or address than the refund has now", () => {
    for (const stale of [
      { ...approval, amount: "0.0006" },
      { ...approval, currency: "EUR" },
      { ...approval, address: OTHER_ADDRESS },
    ]) {
      const result = applyRefundEvent(withPayout(), stale, T0);
      expect(result).toMatchObject({ ok: false, code: "stale_approval" });
      if (!result.ok) expect(result.message).toContain(`0.0005 BTC to ${ADDRESS}`);
    }
  });

  it("refuses before the payout exists, twice, and from anyone but the merchant or the automatic approval", () => {
    expect(applyRefundEvent(ready(), approval, T0)).toMatchObject({ ok: false, code: "payout_missing" });
    expect(applyRefundEvent(approved(), approval, T0)).toMatchObject({ ok: false, code: "not_allowed" });
    expect(applyRefundEvent(withPayout(), { ...approval, actor: CUSTOMER }, T0)).toMatchObject({
      ok: false,
      code: "invalid_request",
    });
  });

  it("after the payout's expirationTime ends the refund as expired; a new refund can be started", () => {
    const refund = withPayout();
    const late = apply(refund, approval, T0 + HOUR);
    expect(late.state).toBe("expired");
    expect(late.endReason).toContain("approved after the payout's expirationTime");
    expect(apply(refund, approval, T0 + HOUR - 1).state).toBe("approved");
  });

  it("a price-currency refund is approved with the transfer amount it was checked with, and not without", () => {
    const refund = withPayout({ denomination: "price", amount: "20.00", estimatedTransferAmount: "0.0004" });
    const priced = { ...approval, amount: "20", currency: "EUR" };
    expect(applyRefundEvent(refund, priced, T0)).toMatchObject({ ok: false, code: "estimate_required" });
    expect(apply(refund, { ...priced, transferAmount: "0.00041" })).toMatchObject({
      state: "approved",
      approvedTransferAmount: "0.00041",
    });
  });
});

describe("cancel and expiry", () => {
  it("cancels before a payout exists, with the merchant's reason", () => {
    for (const refund of [requested(), apply(requested(), { type: "request_address", actor: MERCHANT }), ready()]) {
      const cancelled = apply(refund, { type: "cancel", actor: MERCHANT, reason: " customer kept the goods " });
      expect(cancelled).toMatchObject({ state: "cancelled", endReason: "customer kept the goods" });
    }
    expect(apply(requested(), { type: "cancel", actor: MERCHANT }).endReason).toBe("cancelled by the merchant");
  });

  it("refuses to cancel once a payout exists, and says when it expires", () => {
    const result = applyRefundEvent(withPayout(), { type: "cancel", actor: MERCHANT }, T0);
    expect(result).toMatchObject({ ok: false, code: "payout_exists" });
    if (!result.ok) expect(result.message).toContain("It ends as expired at 2026-11-27T11:00:00.000Z unless approved.");
    expect(applyRefundEvent(approved(), { type: "cancel", actor: MERCHANT }, T0)).toMatchObject({
      ok: false,
      code: "not_allowed",
    });
  });

  it("check_expiry ends an unapproved refund whose payout expired, and leaves anything else as it is", () => {
    const refund = withPayout();
    expect(apply(refund, { type: "check_expiry" }, T0 + HOUR - 1)).toBe(refund);
    expect(apply(refund, { type: "check_expiry" }, T0 + HOUR)).toMatchObject({
      state: "expired",
      history: expect.arrayContaining([expect.objectContaining({ event: "check_expiry", actor: { kind: "system" } })]),
    });
    const done = approved();
    expect(apply(done, { type: "check_expiry" }, T0 + 2 * HOUR)).toBe(done);
  });
});

describe("final states", () => {
  it("sent, cancelled, expired and failed are final; nothing but a SENT payout moves them", () => {
    expect(REFUND_STATES.filter(isFinalRefundState)).toEqual(["sent", "cancelled", "expired", "failed"]);
    const cancelled = apply(requested(), { type: "cancel", actor: MERCHANT });
    for (const event of [
      { type: "request_address" as const, actor: MERCHANT },
      { type: "submit_address" as const, actor: MERCHANT, address: ADDRESS },
      { type: "change_amount" as const, actor: MERCHANT, amount: "0.1" },
      { type: "cancel" as const, actor: MERCHANT },
      { type: "new_link" as const, actor: MERCHANT },
    ]) {
      expect(applyRefundEvent(cancelled, event, T0)).toMatchObject({ ok: false, code: "not_allowed" });
    }
  });

  it("every refusal carries a message a merchant can read", () => {
    const result = applyRefundEvent(
      apply(requested(), { type: "cancel", actor: MERCHANT }),
      { type: "request_address", actor: MERCHANT },
      T0,
    );
    expect(result).toEqual({
      ok: false,
      code: "not_allowed",
      message: "Cannot ask the customer for an address: the refund is cancelled.",
    });
  });
});

describe("any sequence of events (fast-check)", () => {
  const actor = fc.constantFrom<RefundActor>(MERCHANT, CUSTOMER, { kind: "payment_service" }, { kind: "system" });
  const status = fc.constantFrom("CREATED", "APPROVED", "QUEUED", "SENT", "EXPIRED", "FAILED", "ON_HOLD", undefined);
  const eventArb: fc.Arbitrary<RefundEvent> = fc.oneof(
    fc.record({ type: fc.constant("request_address" as const), actor }),
    fc.record({ type: fc.constant("new_link" as const), actor }),
    fc.record({
      type: fc.constant("submit_address" as const),
      actor,
      address: fc.constantFrom(ADDRESS, OTHER_ADDRESS, "nope"),
    }),
    fc.record({
      type: fc.constant("change_amount" as const),
      actor,
      amount: fc.constantFrom("0.0001", "0.0005", "0", "-1"),
    }),
    fc.record({
      type: fc.constant("payout" as const),
      payout: fc.record({ payoutId: fc.constantFrom("po_rf_1", "po_other"), status }, { requiredKeys: ["payoutId"] }),
      sourceTime: fc.integer({ min: T0 - 10, max: T0 + 10 }),
    }),
    fc.record({
      type: fc.constant("approve" as const),
      actor,
      amount: fc.constantFrom("0.0005", "0.0001"),
      currency: fc.constantFrom("BTC", "EUR"),
      address: fc.constantFrom(ADDRESS, OTHER_ADDRESS),
    }),
    fc.record({ type: fc.constant("cancel" as const), actor }),
    fc.record({ type: fc.constant("check_expiry" as const) }),
  );

  it("keeps a consistent history, leaves a final state only for sent, and refuses with a message (1,000 runs)", () => {
    const reached = new Set<string>();
    fc.assert(
      fc.property(fc.array(fc.tuple(eventArb, fc.integer({ min: 0, max: 2 * HOUR })), { maxLength: 30 }), (steps) => {
        let refund = requested();
        for (const [event, after] of steps) {
          const result = applyRefundEvent(refund, event, T0 + after);
          if (!result.ok) {
            if (result.message.length === 0) return false;
            continue;
          }
          const next = result.refund;
          if (isFinalRefundState(refund.state) && next.state !== refund.state && next.state !== "sent") return false;
          if (next.history.length < refund.history.length) return false;
          if (next.state !== refund.state && next.history.length !== refund.history.length + 1) return false;
          refund = next;
          reached.add(refund.state);
        }
        // The history is a chain: each step starts where the one before ended, and ends in the state.
        const chained = refund.history.every((entry, i) => i === 0 || entry.from === refund.history[i - 1]?.to);
        return chained && refund.history.at(-1)?.to === refund.state;
      }),
      // A fixed seed: the coverage checked after the run (every state reached) must not depend on luck.
      { numRuns: 1_000, seed: 20261127 },
    );
    // The random sequences reach every state, so the checks above ran on each of them.
    expect([...reached].sort()).toEqual([...REFUND_STATES].sort());
  }, 120_000);
});
