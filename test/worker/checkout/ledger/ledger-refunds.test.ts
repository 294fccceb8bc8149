/**
 * Refunds in the ledger (ledger/ledger-refund.ts): the consumer's ledger step writes each refund
 * event's refund at its version, in the batch of the payments; an older event never overwrites a
 * newer row; the backfill writes them too; and the ledger's retention prunes them like payments.
 */
import { describe, expect, it } from "vitest";
import type { RefundView, WebhookEvent } from "../../../../worker/checkout/backend-wire.js";
import { refundEvent } from "../../../../worker/checkout/events/build.js";
import { recordBatch, recordEvents } from "../../../../worker/checkout/ledger/record-batch.js";
import { pruneLedger } from "../../../../worker/checkout/ledger/retention.js";
import { ledgerDb } from "../support/ledger.js";
import { freshShopId, RecordingMessage, testEnv } from "../support/merchant.js";

const ADDRESS = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";

/** A refund's view after `steps` steps of its history (requested → ready → approved → sent). */
function refundAt(shop: string, steps: number, createdAt = "2026-11-20T10:00:00.000Z"): RefundView {
  const states = ["requested", "ready_for_approval", "approved", "sent"];
  const state = states[steps - 1] ?? "sent";
  return {
    id: `rf_${shop.replace(/\W/g, "").padEnd(32, "0").slice(0, 32)}`,
    shopId: shop,
    paymentId: "pay_ledger_refund",
    state,
    reason: "overpaid",
    amount: "0.0005",
    denomination: "transfer",
    currency: "BTC",
    transferCurrency: "BTC",
    priceCurrency: "EUR",
    network: "testnet",
    ...(steps >= 2 ? { address: ADDRESS, addressBy: "customer" } : {}),
    ...(steps >= 3
      ? {
          payout: {
            payoutId: "po_ledger",
            status: steps >= 4 ? "SENT" : "QUEUED",
            ...(steps >= 4 ? { transactionId: "ab".repeat(32), sentTime: "2026-11-20T10:09:00.000Z" } : {}),
            sourceTime: Date.parse("2026-11-20T10:08:00.000Z"),
          },
        }
      : {}),
    createdAt,
    history: states.slice(0, steps).map((to, i) => ({
      at: `2026-11-20T10:0${i}:00.000Z`,
      actor: { kind: "system" },
      event: "step",
      from: i === 0 ? null : (states[i - 1] ?? null),
      to,
    })),
  };
}

function eventAt(shop: string, steps: number, at: Date): WebhookEvent {
  const view = refundAt(shop, steps);
  return refundEvent(shop, steps === 1 ? null : (view.history[steps - 2]?.to ?? null), view, at);
}

const row = (shop: string) =>
  ledgerDb()
    .prepare("SELECT * FROM ledger_refunds WHERE shop_id = ?")
    .bind(shop)
    .first<{ state: string; version: number; transaction_id: string | null; address: string | null; refund: string }>();

describe("refunds in the ledger", () => {
  it("keeps each refund at its newest version, whatever order its events come in", async () => {
    const shop = freshShopId("ledger-refund");
    const now = Date.now();
    const events = [1, 2, 3, 4].map((steps) => eventAt(shop, steps, new Date(now - (5 - steps) * 1000)));
    // The queue brings the sent event first, then the older ones.
    const [first, second, third, fourth] = events;
    const order = [fourth, first, third, second].filter((e): e is WebhookEvent => e !== undefined);
    for (const event of order) await recordBatch(testEnv, [new RecordingMessage({ shop, event })], now);

    const kept = await row(shop);
    expect(kept).toMatchObject({ state: "sent", version: 4, transaction_id: "ab".repeat(32), address: ADDRESS });
    expect((JSON.parse(kept?.refund ?? "{}") as RefundView).payout?.status).toBe("SENT");
  });

  it("writes refunds from the backfill too, and leaves other events to the payments", async () => {
    const shop = freshShopId("ledger-refund-backfill");
    const payments = await recordEvents(ledgerDb(), shop, [eventAt(shop, 2, new Date())]);
    expect(payments).toBe(0);
    expect(await row(shop)).toMatchObject({ state: "ready_for_approval", version: 2 });
  });

  it("prunes a refund older than the ledger's retention, as it prunes payments (a moved clock)", async () => {
    const shop = freshShopId("ledger-refund-old");
    const now = Date.now();
    await recordBatch(testEnv, [new RecordingMessage({ shop, event: eventAt(shop, 4, new Date(now)) })], now);
    expect(await row(shop)).not.toBeNull();
    const years = 11 * 365 * 86_400_000;
    await pruneLedger(testEnv, now + years);
    expect(await row(shop)).toBeNull();
  });
});
