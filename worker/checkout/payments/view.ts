/**
 * Payment -> PaymentView: what the widget receives (docs/architecture.md, "Contracts"). Pure.
 *
 * Amounts stay exact decimal strings (the v3 client already turned numbers into strings); the
 * paid amounts the upstream leaves out become "0"; `transactions` is always an array holding,
 * per transaction, the spec's fields the upstream sent (any may be missing: the spec requires none, docs/upstream.md "Payments"); `redirectUrls` is always an object with only the four keys of the spec and
 * only http(s) values. `notificationUrl`, `guaranteedExchangeRate` and anything else the upstream
 * adds stay out: only the fields named here are copied. To that content the view adds the amounts
 * the element shows, derived exactly from it (view-amounts.ts): the element does no arithmetic.
 */
import {
  REDIRECT_KEYS,
  isHttpUrl,
  type Payment,
  type PaymentRedirectUrls,
  type PaymentTransaction,
} from "../../v3/types.js";
import { derivedAmounts } from "./view-amounts.js";
import type { DerivedAmounts, PaymentView, TransactionView } from "../wire.js";

/**
 * The view without the two fields that change on every send and without what is derived from the
 * rest: the payment's content (its fingerprint is stored, so it must not change with the derivation).
 */
export type PaymentContent = Omit<PaymentView, "serverTime" | "version" | keyof DerivedAmounts>;

function redirectView(urls: PaymentRedirectUrls | undefined): PaymentView["redirectUrls"] {
  const out: PaymentView["redirectUrls"] = {};
  if (!urls || typeof urls !== "object") return out;
  for (const key of REDIRECT_KEYS) {
    const value = urls[key];
    if (isHttpUrl(value)) out[key] = value;
  }
  return out;
}

/**
 * The spec's transaction fields; each is optional upstream (docs/upstream.md, "Payments"). The order is the one views
 * always had, so a stored fingerprint of the same content stays equal (contentFingerprint).
 */
const TRANSACTION_FIELDS = [
  "transactionId",
  "paidTransferAmount",
  "priceAmount",
  "exchangeRate",
  "state",
  "observedTime",
  "acceptedTime",
  "rejectedTime",
] as const;

/** Copies only the fields the upstream sent (as strings); a missing one stays missing. */
function transactionView(tx: PaymentTransaction): TransactionView {
  const out: TransactionView = {};
  for (const key of TRANSACTION_FIELDS) {
    const value = tx[key];
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

const OPTIONAL_TEXT = [
  "walletLabel",
  "walletMessage",
  "paymentUri",
  "expirationTime",
  "paymentPageUrl",
  "exchangeRate",
  "externalPaymentId",
] as const;

/** The normalised content of a payment, in a fixed key order (so equal content serialises equally). */
export function paymentContent(payment: Payment): PaymentContent {
  const content: PaymentContent = {
    paymentId: payment.paymentId,
    status: payment.status,
    priceAmount: payment.priceAmount,
    priceCurrency: payment.priceCurrency,
    transferAmount: payment.transferAmount,
    transferCurrency: payment.transferCurrency,
    address: payment.address,
    paidPriceAmount: payment.paidPriceAmount ?? "0",
    pendingPaidPriceAmount: payment.pendingPaidPriceAmount ?? "0",
    acceptedPaidPriceAmount: payment.acceptedPaidPriceAmount ?? "0",
    paidTransferAmount: payment.paidTransferAmount ?? "0",
    pendingPaidTransferAmount: payment.pendingPaidTransferAmount ?? "0",
    acceptedPaidTransferAmount: payment.acceptedPaidTransferAmount ?? "0",
    transactions: Array.isArray(payment.transactions) ? payment.transactions.map(transactionView) : [],
    redirectUrls: redirectView(payment.redirectUrls),
  };
  for (const key of OPTIONAL_TEXT) {
    const value = payment[key];
    if (typeof value === "string") content[key] = value;
  }
  return content;
}

/** A stable text of a payment's content: two snapshots with equal fingerprints are duplicates. */
export function contentFingerprint(payment: Payment): string {
  return JSON.stringify(paymentContent(payment));
}

/** The view sent to widgets: the content, the amounts derived from it, the Worker's clock and the snapshot's version. */
export function toView(payment: Payment, version: number, now: Date): PaymentView {
  const content = paymentContent(payment);
  return { ...content, ...derivedAmounts(content), serverTime: now.toISOString(), version };
}
