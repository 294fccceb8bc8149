/**
 * Payment state machine and amounts (pure). Amount rules:
 * - exchangeRate: price-currency units per transfer-currency unit, 8 decimal places (half-up);
 * - transferAmount = priceAmount / exchangeRate rounded UP to the transfer currency's decimals
 *   (the customer never pays less than the price);
 * - each transaction's priceAmount = paidTransferAmount x exchangeRate rounded half-up to the price
 *   currency's decimals; the payment's price amounts are sums of its transactions' priceAmounts,
 *   so paid = pending + accepted holds exactly in both currencies.
 * Status: any REJECTED transaction -> INVALID; accepted >= transferAmount -> CONFIRMED;
 * paid >= transferAmount -> UNCONFIRMED; accepted > 0 -> UNDERPAID; else NEW. At expirationTime a
 * payment still NEW or UNDERPAID becomes EXPIRED. CONFIRMED, EXPIRED and INVALID are final
 * (FINAL_PAYMENT_STATUSES, worker/v3/types.ts).
 */
import Decimal from "decimal.js";
import type { CompletePaymentTransaction, NewPaymentRequest, Payment } from "../v3/types.js";
import { isFinalPaymentStatus } from "../v3/types.js";
import { newTestnetAddress } from "./address.js";
import type { CurrencyInfo } from "./currencies.js";
import { currencyInfo } from "./currencies.js";
import { SandboxError } from "./errors.js";
import { amountIn, Dec, fmt, rateOf, sum } from "./money.js";

export type SandboxPaymentStatus = "NEW" | "UNDERPAID" | "UNCONFIRMED" | "CONFIRMED" | "EXPIRED" | "INVALID";

/** A payment as the sandbox returns it: every optional amount present, every transaction field filled. */
export type SandboxPayment = Omit<Payment, "transactions"> &
  Required<
    Pick<
      Payment,
      | "expirationTime"
      | "exchangeRate"
      | "paidPriceAmount"
      | "pendingPaidPriceAmount"
      | "acceptedPaidPriceAmount"
      | "paidTransferAmount"
      | "pendingPaidTransferAmount"
      | "acceptedPaidTransferAmount"
    >
  > & { status: SandboxPaymentStatus; transactions: CompletePaymentTransaction[] };

const iso = (ms: number): string => new Date(ms).toISOString();

function currenciesOf(p: Pick<Payment, "priceCurrency" | "transferCurrency">): {
  price: CurrencyInfo;
  transfer: CurrencyInfo;
} {
  const price = currencyInfo(p.priceCurrency);
  const transfer = currencyInfo(p.transferCurrency);
  if (!price || !transfer) throw new Error("payment with unknown currency");
  return { price, transfer };
}

/** BIP21 URI: scheme:address?amount=...&label=...&message=... */
export function paymentUri(scheme: string, address: string, amount: string, label?: string, message?: string): string {
  const params = [`amount=${amount}`];
  if (label) params.push(`label=${encodeURIComponent(label)}`);
  if (message) params.push(`message=${encodeURIComponent(message)}`);
  return `${scheme}:${address}?${params.join("&")}`;
}

export interface NewPaymentContext {
  rates: Record<string, Decimal>;
  now: number;
  expiryMs: number;
  /** Origin of the sandbox, for paymentPageUrl. */
  origin: string;
  paymentId: string;
}

export function createPayment(req: NewPaymentRequest, ctx: NewPaymentContext): SandboxPayment {
  const price = currencyInfo(req.priceCurrency);
  if (!price?.paymentPriceEnabled)
    throw new SandboxError(
      400,
      "unsupported_currency",
      `${req.priceCurrency} is not a payment price currency`,
      "priceCurrency",
    );
  const transfer = currencyInfo(req.transferCurrency);
  if (!transfer?.paymentTransferEnabled || !transfer.testnet)
    throw new SandboxError(
      400,
      "unsupported_currency",
      `${req.transferCurrency} is not a payment transfer currency`,
      "transferCurrency",
    );
  // More decimals than the price currency has are refused, not rounded: a rounded price would no
  // longer be what transferAmount was computed to cover.
  const priceAmount = amountIn(req.priceAmount, price, "priceAmount");
  const rate = rateOf(ctx.rates, transfer.code, price.code, "transferCurrency");
  const transferAmount = fmt(priceAmount.div(rate).toDecimalPlaces(transfer.decimals, Decimal.ROUND_UP), transfer);
  const address = newTestnetAddress(transfer);
  const zeroPrice = fmt(new Dec(0), price);
  const zeroTransfer = fmt(new Dec(0), transfer);
  const payment: SandboxPayment = {
    paymentId: ctx.paymentId,
    priceAmount: fmt(priceAmount, price),
    priceCurrency: price.code,
    transferAmount,
    transferCurrency: transfer.code,
    address,
    status: "NEW",
    paymentUri: paymentUri(transfer.testnet.uriScheme, address, transferAmount, req.walletLabel, req.walletMessage),
    expirationTime: iso(ctx.now + ctx.expiryMs),
    paymentPageUrl: `${ctx.origin}/pay/${encodeURIComponent(ctx.paymentId)}`,
    exchangeRate: rate.toFixed(),
    paidPriceAmount: zeroPrice,
    pendingPaidPriceAmount: zeroPrice,
    acceptedPaidPriceAmount: zeroPrice,
    paidTransferAmount: zeroTransfer,
    pendingPaidTransferAmount: zeroTransfer,
    acceptedPaidTransferAmount: zeroTransfer,
    transactions: [],
  };
  if (req.walletLabel !== undefined) payment.walletLabel = req.walletLabel;
  if (req.walletMessage !== undefined) payment.walletMessage = req.walletMessage;
  if (req.notificationUrl !== undefined) payment.notificationUrl = req.notificationUrl;
  if (req.externalPaymentId !== undefined) payment.externalPaymentId = req.externalPaymentId;
  if (req.redirectUrls !== undefined) payment.redirectUrls = req.redirectUrls;
  return payment;
}

/** Amounts and status recomputed from the transactions (status only moves while not final). */
function settle(p: SandboxPayment): SandboxPayment {
  const { price, transfer } = currenciesOf(p);
  const live = p.transactions.filter((t) => t.state !== "REJECTED");
  const pending = live.filter((t) => t.state === "PENDING");
  const accepted = live.filter((t) => t.state === "ACCEPTED");
  const next: SandboxPayment = {
    ...p,
    paidTransferAmount: fmt(sum(live.map((t) => t.paidTransferAmount)), transfer),
    pendingPaidTransferAmount: fmt(sum(pending.map((t) => t.paidTransferAmount)), transfer),
    acceptedPaidTransferAmount: fmt(sum(accepted.map((t) => t.paidTransferAmount)), transfer),
    paidPriceAmount: fmt(sum(live.map((t) => t.priceAmount)), price),
    pendingPaidPriceAmount: fmt(sum(pending.map((t) => t.priceAmount)), price),
    acceptedPaidPriceAmount: fmt(sum(accepted.map((t) => t.priceAmount)), price),
  };
  if (!isFinalPaymentStatus(p.status)) next.status = statusOf(next);
  return next;
}

function statusOf(p: SandboxPayment): SandboxPaymentStatus {
  if (p.transactions.some((t) => t.state === "REJECTED")) return "INVALID";
  const due = new Dec(p.transferAmount);
  if (new Dec(p.acceptedPaidTransferAmount).gte(due)) return "CONFIRMED";
  if (new Dec(p.paidTransferAmount).gte(due)) return "UNCONFIRMED";
  if (new Dec(p.acceptedPaidTransferAmount).gt(0)) return "UNDERPAID";
  return "NEW";
}

/** Expires the payment if its expirationTime has passed and it is still NEW or UNDERPAID. */
export function expireIfDue(p: SandboxPayment, now: number): SandboxPayment {
  if ((p.status === "NEW" || p.status === "UNDERPAID") && now >= Date.parse(p.expirationTime))
    return { ...p, status: "EXPIRED" };
  return p;
}

/** Control API: expirationTime becomes now, then the expiry rule applies. Final payments refuse. */
export function expireNow(p: SandboxPayment, now: number): SandboxPayment {
  if (isFinalPaymentStatus(p.status))
    throw new SandboxError(409, "invalid_transition", `payment is ${p.status}; it cannot expire`);
  return expireIfDue({ ...p, expirationTime: iso(now) }, now);
}

/** A customer's transaction to the payment's address is observed (any amount, any status). */
export function observeTransaction(
  p: SandboxPayment,
  input: { transactionId: string; amount: string; accept: boolean; now: number },
): SandboxPayment {
  const { price, transfer } = currenciesOf(p);
  const amount = amountIn(input.amount, transfer, "amount");
  const expired = expireIfDue(p, input.now);
  const rate = new Dec(p.exchangeRate);
  const time = iso(input.now);
  const tx: CompletePaymentTransaction = {
    transactionId: input.transactionId,
    paidTransferAmount: fmt(amount, transfer),
    priceAmount: fmt(amount.times(rate), price),
    exchangeRate: p.exchangeRate,
    observedTime: time,
    state: input.accept ? "ACCEPTED" : "PENDING",
  };
  if (input.accept) tx.acceptedTime = time;
  return settle({ ...expired, transactions: [...expired.transactions, tx] });
}

/** The blockchain's verdict on a PENDING transaction. */
export function decideTransaction(
  p: SandboxPayment,
  transactionId: string,
  verdict: "ACCEPTED" | "REJECTED",
  now: number,
): SandboxPayment {
  const tx = p.transactions.find((t) => t.transactionId === transactionId);
  if (!tx) throw new SandboxError(404, "not_found", "transaction not found");
  if (tx.state !== "PENDING")
    throw new SandboxError(409, "invalid_transition", `transaction is ${tx.state}, not PENDING`);
  const time = iso(now);
  const decided: CompletePaymentTransaction =
    verdict === "ACCEPTED"
      ? { ...tx, state: "ACCEPTED", acceptedTime: time }
      : { ...tx, state: "REJECTED", rejectedTime: time };
  return settle({ ...p, transactions: p.transactions.map((t) => (t === tx ? decided : t)) });
}

/** Underpaid: something arrived, less than transferAmount. */
export function isUnderpaid(p: SandboxPayment): boolean {
  const paid = new Dec(p.paidTransferAmount);
  return paid.gt(0) && paid.lt(p.transferAmount);
}

/**
 * Whether a change deserves a notification: every status change, and every change of the paid
 * amounts while the payment is underpaid (the spec's underpayment notification).
 */
export function shouldNotify(before: SandboxPayment, after: SandboxPayment): boolean {
  if (before.status !== after.status) return true;
  return (
    isUnderpaid(after) &&
    (before.paidTransferAmount !== after.paidTransferAmount ||
      before.acceptedPaidTransferAmount !== after.acceptedPaidTransferAmount)
  );
}
