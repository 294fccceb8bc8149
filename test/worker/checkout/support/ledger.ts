/**
 * Helpers of the ledger tests: a payment's history as the events its object would send (one per
 * version), and the ledger's rows of a payment read back from D1.
 */
import type { Env } from "../../../../worker/checkout/env.js";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import { paymentEvent } from "../../../../worker/checkout/events/build.js";
import { toView } from "../../../../worker/checkout/payments/view.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { batchOf, RecordingMessage, testEnv } from "./merchant.js";
import { consumeWebhooks } from "../../../../worker/checkout/events/webhook-consumer.js";

export const ledgerDb = (env: Env = testEnv): D1Database => {
  if (!env.LEDGER) throw new Error("the test Worker has no LEDGER binding");
  return env.LEDGER;
};

/** One snapshot of a payment's history: the payment as the upstream sent it, and when it was recorded. */
export interface Change {
  payment: Payment;
  at: Date;
}

/** The events of a payment's history, version 1 first, each with the status before it. */
export function eventsOf(shop: string, orderId: string | null, changes: readonly Change[]): PaymentEvent[] {
  return changes.map((change, index) => {
    const before = changes[index - 1];
    return paymentEvent({
      shop,
      orderId,
      previous: before ? toView(before.payment, index, before.at) : undefined,
      view: toView(change.payment, index + 1, change.at),
    });
  });
}

export interface PaymentRow {
  shop_id: string;
  payment_id: string;
  order_id: string | null;
  status: string;
  price_amount: string;
  price_currency: string;
  transfer_amount: string;
  transfer_currency: string;
  paid_price_amount: string;
  pending_paid_price_amount: string;
  accepted_paid_price_amount: string;
  paid_transfer_amount: string;
  pending_paid_transfer_amount: string;
  accepted_paid_transfer_amount: string;
  address: string;
  created_at: number;
  updated_at: number;
  final_at: number | null;
  version: number;
  event_id: string;
  view: string;
}

export interface TransactionRow {
  position: number;
  transaction_id: string | null;
  state: string | null;
  paid_transfer_amount: string | null;
  price_amount: string | null;
  exchange_rate: string | null;
  observed_time: string | null;
  accepted_time: string | null;
  rejected_time: string | null;
  version: number;
  updated_at: number;
}

/** The ledger's row of the payment, or null. */
export function paymentRow(shop: string, paymentId: string, env: Env = testEnv): Promise<PaymentRow | null> {
  return ledgerDb(env)
    .prepare("SELECT * FROM ledger_payments WHERE shop_id = ? AND payment_id = ?")
    .bind(shop, paymentId)
    .first<PaymentRow>();
}

/** The ledger's transactions of the payment, in the view's order. */
export async function transactionRows(shop: string, paymentId: string, env: Env = testEnv): Promise<TransactionRow[]> {
  const { results } = await ledgerDb(env)
    .prepare(
      `SELECT position, transaction_id, state, paid_transfer_amount, price_amount, exchange_rate, observed_time,
         accepted_time, rejected_time, version, updated_at
       FROM ledger_transactions WHERE shop_id = ? AND payment_id = ? ORDER BY position`,
    )
    .bind(shop, paymentId)
    .all<TransactionRow>();
  return results;
}

/** The events through the webhook queue's consumer, as one queue batch; the messages it settled. */
export async function consumeEvents(
  shop: string,
  events: readonly PaymentEvent[],
  env: Env = testEnv,
): Promise<RecordingMessage[]> {
  const messages = events.map((event) => new RecordingMessage({ shop, event }));
  await consumeWebhooks(batchOf(messages), env);
  return messages;
}
