/**
 * A refund's payout at the payment service, as pure rules (docs/refunds.md, "The payout"; the
 * assumptions in docs/upstream.md, "Payouts"): the create request, the check of the payout
 * limits before an approval, and how a payout whose create timed out is found again.
 */
import type { DecimalString, NewPayoutRequest, Payout, PayoutLimits, PayoutListQuery } from "../../v3/types.js";
import type { Refund } from "./refund.js";
import { Decimal, amountOf, sameAmount } from "./refund-money.js";

/** The create of the refund's payout: unapproved, named by the refund's id, notified at `notificationUrl`. */
export function payoutRequest(refund: Refund, notificationUrl: string): NewPayoutRequest {
  const common = {
    priceCurrency: refund.priceCurrency,
    transferCurrency: refund.transferCurrency,
    ...(refund.address === undefined ? {} : { address: refund.address }),
    comment: `Refund ${refund.id} of payment ${refund.paymentId}`,
    notificationUrl,
    autoApprove: false,
    externalPayoutId: refund.id,
  };
  return refund.denomination === "transfer"
    ? { ...common, transferAmount: refund.amount }
    : { ...common, priceAmount: refund.amount };
}

/**
 * Why the payout limits refuse sending `transferAmount`, in words for the merchant; undefined
 * when they allow it. A limit the service leaves out is not checked (the service refuses then).
 */
export function limitsProblem(
  limits: PayoutLimits,
  transferAmount: DecimalString,
  currency: string,
): string | undefined {
  const amount = amountOf(transferAmount);
  if (limits.minPayoutAmount !== undefined && amount.lt(amountOf(limits.minPayoutAmount)))
    return `The payment service's minimum payout is ${limits.minPayoutAmount} ${currency}; this refund sends ${transferAmount} ${currency}. Refund at least the minimum, or settle it another way.`;
  if (limits.available !== undefined && amount.gt(amountOf(limits.available)))
    return `The merchant balance at the payment service has ${limits.available} ${currency} available; this refund sends ${transferAmount} ${currency}. Top up the balance, then approve again.`;
  return undefined;
}

/** How far around the create's time the list is searched (clocks differ). */
export const SEARCH_MARGIN_MS = 10 * 60_000;
/** Pages of 100 payouts read at most in one search. */
export const SEARCH_PAGES = 5;
export const SEARCH_PAGE_SIZE = 100;

/** The spec's time format for the list's bounds: yyyy-MM-ddTHH:mm:ss.SSSXXX (toISOString's form, in UTC). */
const specTime = (ms: number): string => new Date(ms).toISOString();

/**
 * The GET /v3/payouts filters that find the payout a create sent at `sentAt` may have made: the
 * refund's address, currencies and amount, created within a window around the create. The list
 * cannot filter by externalPayoutId; `isRefundPayout` picks it from the page.
 */
export function searchQuery(refund: Refund, sentAt: number, now: number, offset = 0): PayoutListQuery {
  return {
    limit: SEARCH_PAGE_SIZE,
    offset,
    timeFrom: specTime(sentAt - SEARCH_MARGIN_MS),
    timeTo: specTime(Math.max(now, sentAt) + SEARCH_MARGIN_MS),
    ...(refund.address === undefined ? {} : { address: refund.address }),
    transferCurrency: refund.transferCurrency,
    priceCurrency: refund.priceCurrency,
    ...(refund.denomination === "transfer" ? { transferAmount: refund.amount } : { priceAmount: refund.amount }),
  };
}

/** Whether a listed payout is this refund's: it names the refund's id, and the amount matches when given. */
export function isRefundPayout(payout: Payout, refund: Refund): boolean {
  if (payout.externalPayoutId !== refund.id) return false;
  const amount = refund.denomination === "transfer" ? payout.transferAmount : payout.priceAmount;
  return amount === undefined || sameAmount(amount, refund.amount);
}

/** The transfer amount a price-currency refund is estimated at from the payment's own rate (price per coin), rounded up. */
export function estimateTransfer(
  priceAmount: DecimalString,
  exchangeRate: DecimalString | undefined,
): DecimalString | undefined {
  const rate = amountOf(exchangeRate);
  if (rate.lte(0)) return undefined;
  return new Decimal(priceAmount).div(rate).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed();
}

/** Whether the shop's automatic approval covers the refund (`autoApproveRefundsUpTo`, per currency of the refund's amount). */
export function autoApproves(upTo: Readonly<Record<string, string>> | undefined, refund: Refund): boolean {
  const limit = upTo?.[refund.currency];
  return limit !== undefined && amountOf(refund.amount).lte(amountOf(limit));
}
