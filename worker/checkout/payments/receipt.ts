/**
 * A payment's receipt (receipt-wire.ts, docs/receipts.md): what the customer's receipt page and
 * the dashboard's "Open receipt" read. `receiptAnswer` is the pure part: the receipt of a
 * CONFIRMED payment from its view, or what a payment that is not confirmed says. `receiptOf`
 * finds the sources: the payment's object (which checks the client secret of a public reader
 * before anything else, so a wrong or missing secret, another shop's payment and an unknown one
 * are the same 404), and the payments ledger for a payment whose snapshots the object forgot
 * after their retention time (the ledger keeps the payment for years).
 */
import type { Env } from "../env.js";
import { ledgerReceiptRow } from "../ledger/ledger-payment.js";
import type { Receipt, ReceiptAnswer, ReceiptTransaction } from "../receipt-wire.js";
import type { Shop } from "../shops/shop.js";
import { isFinalPaymentStatus, type PaymentView, type TransactionView } from "../wire.js";
import { paymentObject } from "./payment-object.js";

/** What a receipt is made of. */
export interface ReceiptSource {
  view: Pick<
    PaymentView,
    | "paymentId"
    | "status"
    | "priceAmount"
    | "priceCurrency"
    | "transferAmount"
    | "transferCurrency"
    | "acceptedPaidPriceAmount"
    | "acceptedPaidTransferAmount"
    | "exchangeRate"
    | "transactions"
    | "walletMessage"
  >;
  orderId: string | null;
  /** When the confirmation was recorded (ms since the epoch); null when not known. */
  confirmedAt: number | null;
}

const TRANSACTION_FIELDS = [
  ["transactionId", "transactionId"],
  ["paidTransferAmount", "amount"],
  ["priceAmount", "priceAmount"],
  ["state", "state"],
  ["observedTime", "observedTime"],
  ["acceptedTime", "acceptedTime"],
] as const satisfies readonly (readonly [keyof TransactionView, keyof ReceiptTransaction])[];

/** A transaction's fields the receipt shows, copied as they are (a field the service left out stays out). */
function receiptTransaction(tx: TransactionView): ReceiptTransaction {
  const out: ReceiptTransaction = {};
  for (const [from, to] of TRANSACTION_FIELDS) {
    const value = tx[from];
    if (typeof value === "string") out[to] = value;
  }
  return out;
}

/**
 * The receipt of a CONFIRMED payment, or the answer of one that is not (pure). Amounts are the
 * view's exact decimal strings, untouched. A confirmed payment whose confirmation time is not
 * known (it cannot happen for a payment created here) is dated by its latest accepted transaction.
 */
export function receiptAnswer(
  shop: Pick<Shop, "id" | "name" | "environment">,
  { view, orderId, confirmedAt }: ReceiptSource,
): ReceiptAnswer {
  const shopPart = { id: shop.id, name: shop.name };
  if (view.status !== "CONFIRMED")
    return {
      confirmed: false,
      shop: shopPart,
      reference: view.paymentId,
      status: view.status,
      final: isFinalPaymentStatus(view.status),
    };
  const accepted = view.transactions
    .map((tx) => tx.acceptedTime)
    .filter((time): time is string => typeof time === "string")
    .sort();
  const receipt: Receipt = {
    confirmed: true,
    shop: shopPart,
    sandbox: shop.environment === "sandbox",
    orderId,
    reference: view.paymentId,
    confirmedAt: confirmedAt === null ? (accepted.at(-1) ?? "") : new Date(confirmedAt).toISOString(),
    price: { amount: view.priceAmount, currency: view.priceCurrency },
    transfer: { amount: view.transferAmount, currency: view.transferCurrency },
    paid: { priceAmount: view.acceptedPaidPriceAmount, transferAmount: view.acceptedPaidTransferAmount },
    exchangeRate: view.exchangeRate ?? null,
    transactions: view.transactions.map(receiptTransaction),
  };
  // What was bought: the message the customer's wallet showed (a payment link's description, the
  // point of sale's memo), when the payment has one.
  if (view.walletMessage) receipt.description = view.walletMessage;
  return receipt;
}

/** The receipt routes' headers: never stored, and no Referer from wherever the answer is shown. */
export const RECEIPT_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } as const;

/** Who reads: a public reader with the client secret it presented, or the shop's own dashboard. */
export type ReceiptAccess = { clientSecret: string | undefined } | "owner";

/**
 * The receipt of the shop's payment. The object answers while it holds the payment; once it
 * forgot the snapshots, the ledger's row, which holds the confirmation's time; without a ledger,
 * the payment service's answer. 404 payment_not_found when the object never stored the payment
 * (or the secret is not the payment's).
 */
export async function receiptOf(
  env: Env,
  shop: Shop,
  paymentId: string,
  access: ReceiptAccess,
): Promise<ReceiptAnswer> {
  const object = paymentObject(env, shop.id, paymentId);
  const held = access === "owner" ? await object.ownerReceipt() : await object.receipt(access.clientSecret);
  if (held.view && (held.complete || held.view.status !== "CONFIRMED"))
    return receiptAnswer(shop, { view: held.view, orderId: held.orderId, confirmedAt: held.confirmedAt });
  const row = env.LEDGER ? await ledgerReceiptRow(env.LEDGER, shop.id, paymentId) : null;
  if (row)
    return receiptAnswer(shop, {
      view: row.view,
      orderId: row.orderId ?? held.orderId,
      confirmedAt: row.finalAt ?? row.updatedAt,
    });
  // Forgotten and not in a ledger: the payment service's answer, loaded again by the object.
  const view = held.view ?? (await object.view());
  return receiptAnswer(shop, { view, orderId: held.orderId, confirmedAt: held.view ? held.confirmedAt : null });
}
