/**
 * One payment for the dashboard (DeskPaymentDetail): the ledger's row and transactions, what is
 * left to pay, the timeline (every event of the payment in the shop's log with its deliveries and
 * attempts), the order's other payments, the live view when the payment's object still holds it,
 * and the order API's URL for the same data as JSON.
 */
import Decimal from "decimal.js";
import type { DeskPaymentDetail } from "../dashboard-wire.js";
import type { Env } from "../env.js";
import { shopEvents } from "../events/shop-events-object.js";
import { CheckoutError } from "../http/errors.js";
import { ledgerPayment, ledgerTransactions, orderLedgerPayments } from "../ledger/ledger-payment.js";
import { paymentObject } from "../payments/payment-object.js";
import { publicOrigin } from "../upstream/hook-url.js";

/** priceAmount - acceptedPaidPriceAmount, exact, never below zero. Pure. */
export function remainingPriceAmount(priceAmount: string, acceptedPaidPriceAmount: string): string {
  const rest = new Decimal(priceAmount).minus(acceptedPaidPriceAmount);
  return rest.gt(0) ? rest.toFixed() : "0";
}

/** The order API's URL of an order (PUBLIC_URL when set, else the request's origin). */
export function orderApiUrl(env: Pick<Env, "PUBLIC_URL">, requestUrl: string, shopId: string, orderId: string): string {
  return `${publicOrigin(env, requestUrl)}/api/shops/${encodeURIComponent(shopId)}/orders/${encodeURIComponent(orderId)}`;
}

export async function paymentDetail(
  env: Env,
  db: D1Database,
  shopId: string,
  paymentId: string,
  requestUrl: string,
): Promise<DeskPaymentDetail> {
  const payment = await ledgerPayment(db, shopId, paymentId);
  if (!payment)
    throw new CheckoutError(
      404,
      "payment_not_found",
      "The ledger has no payment with this id for this shop (a payment made before the ledger existed appears once `crypto-checkout ledger backfill` ran).",
    );
  const { orderId } = payment;
  const [transactions, entries, orderPayments, live] = await Promise.all([
    ledgerTransactions(db, shopId, paymentId),
    shopEvents(env, shopId).paymentEvents(orderId, paymentId),
    orderId === null ? Promise.resolve([]) : orderLedgerPayments(db, shopId, orderId),
    paymentObject(env, shopId, paymentId).heldView(),
  ]);
  return {
    payment,
    remainingPriceAmount: remainingPriceAmount(payment.priceAmount, payment.acceptedPaidPriceAmount),
    transactions,
    timeline: entries.map(({ event, delivery, endpoints, attempts }) => ({ event, delivery, endpoints, attempts })),
    earlierPayments: orderPayments.filter((other) => other.paymentId !== paymentId),
    live,
    jsonUrl: orderId === null ? null : orderApiUrl(env, requestUrl, shopId, orderId),
  };
}
