/**
 * The receipt's words (pure): each line of the receipt as a label and a text, the amounts exact
 * (widget/locales/format.ts passes decimal strings to Intl as strings, with every digit they
 * carry), in the page's language (`ReceiptLocale`: its Intl tag and its catalog of
 * widget/locales/receipt/); dates are shown in the browser's time zone, with its name.
 */
import type { Receipt, ReceiptNotReady, ReceiptTransaction } from "../../worker/checkout/receipt-wire.js";
import { formatAmount } from "../../widget/locales/format.js";
import { RECEIPT_MESSAGES, type ReceiptMessages } from "../../widget/locales/receipt/index.js";
import { pageLocale } from "../../widget/locales/pages/page-language.js";

/** The receipt's language: the Intl tag for numbers and dates, the page's `dir`, its texts. */
export interface ReceiptLocale {
  tag: string;
  dir: "ltr" | "rtl";
  t: ReceiptMessages;
  /** The time zone of the dates (the browser's when left out). */
  timeZone?: string;
}

/** The receipt's language from the browser's languages, as the element would choose (English when none has a catalog). */
export function receiptLocale(languages: readonly string[], timeZone?: string): ReceiptLocale {
  const { tag, dir, language } = pageLocale(...languages);
  return { tag, dir, t: RECEIPT_MESSAGES[language], ...(timeZone ? { timeZone } : {}) };
}

export const ENGLISH: ReceiptLocale = receiptLocale([]);

export interface Line {
  label: string;
  text: string;
  /** An RFC 3339 time the text shows (for `<time datetime>`). */
  time?: string;
  /** A code to copy as it is (an id), shown in monospace and never translated. */
  code?: boolean;
}

/** "November 27, 2026 at 1:45:12 PM GMT+1" in English; "" for something that is not a date-time. */
export function dateText(iso: string | undefined, { tag, timeZone }: ReceiptLocale = ENGLISH): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return new Intl.DateTimeFormat(tag, {
    dateStyle: "long",
    timeStyle: "long",
    ...(timeZone ? { timeZone } : {}),
  }).format(ms);
}

/** An amount with its currency, exact, in the receipt's language. */
export const money = (amount: string, currency: string, { tag }: ReceiptLocale = ENGLISH): string =>
  formatAmount(tag, amount, currency);

/** The receipt's summary lines, in the order shown. */
export function summaryLines(r: Receipt, at: ReceiptLocale = ENGLISH): Line[] {
  const { t } = at;
  const lines: Line[] = [];
  if (r.description !== undefined) lines.push({ label: t.for, text: r.description });
  if (r.orderId !== null) lines.push({ label: t.order, text: r.orderId, code: true });
  lines.push({ label: t.price, text: money(r.price.amount, r.price.currency, at) });
  lines.push({ label: t.amountIn(r.transfer.currency), text: money(r.transfer.amount, r.transfer.currency, at) });
  lines.push({
    label: t.paid,
    text: `${money(r.paid.transferAmount, r.transfer.currency, at)} (${money(r.paid.priceAmount, r.price.currency, at)})`,
  });
  if (r.exchangeRate !== null)
    lines.push({
      label: t.exchangeRate,
      text: `${money("1", r.transfer.currency, at)} = ${money(r.exchangeRate, r.price.currency, at)}`,
    });
  lines.push({ label: t.confirmed, text: dateText(r.confirmedAt, at), time: r.confirmedAt });
  lines.push({ label: t.reference, text: r.reference, code: true });
  return lines;
}

/** A transaction's state in words; one the payment service may add later is shown as it is. */
function stateText(state: string, t: ReceiptMessages): string {
  const words: Record<string, string> = { ACCEPTED: t.accepted, PENDING: t.waiting, REJECTED: t.rejected };
  return words[state] ?? state;
}

/** One transaction's lines; a field the payment service left out is left out. */
export function transactionLines(
  tx: ReceiptTransaction,
  transferCurrency: string,
  at: ReceiptLocale = ENGLISH,
): Line[] {
  const { t } = at;
  const lines: Line[] = [];
  if (tx.transactionId !== undefined) lines.push({ label: t.transactionId, text: tx.transactionId, code: true });
  if (tx.amount !== undefined) lines.push({ label: t.amount, text: money(tx.amount, transferCurrency, at) });
  if (tx.state !== undefined) lines.push({ label: t.state, text: stateText(tx.state, t) });
  if (tx.observedTime !== undefined)
    lines.push({ label: t.seen, text: dateText(tx.observedTime, at), time: tx.observedTime });
  if (tx.acceptedTime !== undefined)
    lines.push({ label: t.confirmed, text: dateText(tx.acceptedTime, at), time: tx.acceptedTime });
  return lines;
}

/**
 * What the page says of a payment that has no receipt. The status is the payment service's word
 * for it (lower case), which the receipt names as it is.
 */
export function notReadyText(answer: ReceiptNotReady, { t }: ReceiptLocale = ENGLISH): { title: string; text: string } {
  const status = answer.status.toLowerCase();
  return answer.final
    ? { title: t.noReceiptTitle, text: t.noReceipt(status, answer.shop.name) }
    : { title: t.notReadyTitle, text: t.notReady(status) };
}
