/**
 * The ledger's central property (fast-check, 1,000 runs, in workerd against the local D1): a
 * payment's events applied in any order, any number of times, in any split into queue batches,
 * leave exactly the row of the newest version (its status, amounts, address, order, view and
 * transactions), with `created_at` the earliest event's time and `final_at` the earliest final
 * one's. Each run writes a payment of its own through the consumer's ledger step (recordBatch:
 * one D1 batch per queue batch).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordBatch } from "../../../../worker/checkout/ledger/record-batch.js";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import { isFinalPaymentStatus, type PaymentView } from "../../../../worker/checkout/wire.js";
import type { PaymentTransaction } from "../../../../worker/v3/types.js";
import { eventsOf, paymentRow, transactionRows, type Change } from "../support/ledger.js";
import { RecordingMessage, testEnv } from "../support/merchant.js";
import { newPayment } from "../support/payments.js";

const SHOP = "demo-open";
const RUNS = 1000;
const STATUSES = ["NEW", "PENDING", "UNDERPAID", "UNCONFIRMED", "CONFIRMED", "EXPIRED", "INVALID", "ON_HOLD"];

const decimal = fc
  .tuple(fc.nat({ max: 99_999 }), fc.nat({ max: 99_999_999 }))
  .map(([units, fraction]) => `${units}.${String(fraction).padStart(8, "0")}`);

const tx: fc.Arbitrary<PaymentTransaction> = fc.record(
  {
    transactionId: fc.stringMatching(/^[a-f0-9]{8}$/),
    paidTransferAmount: decimal,
    priceAmount: decimal,
    exchangeRate: decimal,
    observedTime: fc.constant("2026-11-22T07:00:00.000Z"),
    acceptedTime: fc.constant("2026-11-22T07:10:00.000Z"),
    state: fc.constantFrom("PENDING", "ACCEPTED", "REJECTED"),
  },
  { requiredKeys: ["paidTransferAmount"] },
);

const version = fc.record({
  status: fc.constantFrom(...STATUSES),
  paid: decimal,
  pending: decimal,
  transactions: fc.array(tx, { maxLength: 3 }),
  /** Milliseconds after the previous version (0: recorded in the same millisecond). */
  gapMs: fc.nat({ max: 5000 }),
});

/** A history of 1-6 versions; the order of delivery (every event at least once, some again); the batch sizes. */
const scenario = fc
  .record({
    versions: fc.array(version, { minLength: 1, maxLength: 6 }),
    extra: fc.array(fc.nat(), { maxLength: 6 }),
    batchSizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 12 }),
  })
  .chain((s) => {
    const deliveries = [...s.versions.keys(), ...s.extra.map((n) => n % s.versions.length)];
    return fc.shuffledSubarray(deliveries, { minLength: deliveries.length }).map((order) => ({ ...s, order }));
  });

/** The batches: `order` cut by the sizes, cycling through them. */
function batches<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  for (let i = 0, k = 0; i < items.length; k += 1) {
    const size = sizes[k % sizes.length] ?? 1;
    out.push(items.slice(i, i + size));
    i += size;
  }
  return out;
}

describe("the ledger, written from a payment's events", () => {
  it(`holds the newest version whatever the order, repetitions and batches (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const base = newPayment();
        let at = Date.now() - 60_000;
        const changes: Change[] = s.versions.map((v) => {
          at += v.gapMs;
          return {
            payment: {
              ...base,
              status: v.status,
              paidTransferAmount: v.paid,
              pendingPaidTransferAmount: v.pending,
              transactions: v.transactions,
            },
            at: new Date(at),
          };
        });
        const events: PaymentEvent[] = eventsOf(SHOP, "order-prop", changes);
        const delivered = s.order.map((index) => events[index] as PaymentEvent);
        for (const batch of batches(delivered, s.batchSizes)) {
          const messages = batch.map((event) => new RecordingMessage({ shop: SHOP, event }));
          const settled = await recordBatch(testEnv, messages);
          // The write succeeded: the messages are handed back as they are.
          expect(settled).toEqual(messages);
        }

        const newest = events.at(-1) as PaymentEvent;
        const view: PaymentView = newest.data.payment;
        const times = events.map((e) => Date.parse(e.timestamp));
        const finalTimes = events
          .filter((e) => isFinalPaymentStatus(e.data.payment.status))
          .map((e) => Date.parse(e.timestamp));
        const row = await paymentRow(SHOP, base.paymentId);
        expect(row).toEqual({
          shop_id: SHOP,
          payment_id: base.paymentId,
          order_id: "order-prop",
          status: view.status,
          price_amount: view.priceAmount,
          price_currency: view.priceCurrency,
          transfer_amount: view.transferAmount,
          transfer_currency: view.transferCurrency,
          paid_price_amount: view.paidPriceAmount,
          pending_paid_price_amount: view.pendingPaidPriceAmount,
          accepted_paid_price_amount: view.acceptedPaidPriceAmount,
          paid_transfer_amount: view.paidTransferAmount,
          pending_paid_transfer_amount: view.pendingPaidTransferAmount,
          accepted_paid_transfer_amount: view.acceptedPaidTransferAmount,
          address: view.address,
          created_at: Math.min(...times),
          updated_at: Date.parse(newest.timestamp),
          final_at: finalTimes.length ? Math.min(...finalTimes) : null,
          version: events.length,
          event_id: newest.id,
          view: JSON.stringify(view),
        });
        const rows = await transactionRows(SHOP, base.paymentId);
        expect(rows).toEqual(
          view.transactions.map((t, position) => ({
            position,
            transaction_id: t.transactionId ?? null,
            state: t.state ?? null,
            paid_transfer_amount: t.paidTransferAmount ?? null,
            price_amount: t.priceAmount ?? null,
            exchange_rate: t.exchangeRate ?? null,
            observed_time: t.observedTime ?? null,
            accepted_time: t.acceptedTime ?? null,
            rejected_time: t.rejectedTime ?? null,
            version: events.length,
            updated_at: Date.parse(newest.timestamp),
          })),
        );
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
