/**
 * The receipt's words (pure): each line of the receipt as a label and a text, the amounts exact
 * (widget/locales/format.ts passes decimal strings to Intl as strings, with every digit they
 * carry). The page is in English; dates are shown in the browser's time zone, with its name.
 */
import type { Receipt, ReceiptNotReady, ReceiptTransaction } from "../../worker/checkout/receipt-wire.js";
import { formatAmount } from "../../widget/locales/format.js";

const LOCALE = "en";

export interface Line {
  label: string;
  text: string;
  /** An RFC 3339 time the text shows (for `<time datetime>`). */
  time?: string;
  /** A code to copy as it is (an id), shown in monospace and never translated. */
  code?: boolean;
}

/** "November 27, 2026 at 1:45:12 PM GMT+1"; "" for something that is not a date-time. */
export function dateText(iso: string | undefined, timeZone?: string): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return new Intl.DateTimeFormat(LOCALE, {
    dateStyle: "long",
    timeStyle: "long",
    ...(timeZone ? { timeZone } : {}),
  }).format(ms);
}

export const money = (amount: string, currency: string): string => formatAmount(LOCALE, amount, currency);

/** The receipt's summary lines, in the order shown. */
export function summaryLines(r: Receipt, timeZone?: string): Line[] {
  const lines: Line[] = [];
  if (r.description !== undefined) lines.push({ label: "For", text: r.description });
  if (r.orderId !== null) lines.push({ label: "Order", text: r.orderId, code: true });
  lines.push({ label: "Price", text: money(r.price.amount, r.price.currency) });
  lines.push({ label: `Amount in ${r.transfer.currency}`, text: money(r.transfer.amount, r.transfer.currency) });
  lines.push({
    label: "Paid",
    text: `${money(r.paid.transferAmount, r.transfer.currency)} (${money(r.paid.priceAmount, r.price.currency)})`,
  });
  if (r.exchangeRate !== null)
    lines.push({
      label: "Exchange rate",
      text: `1 ${r.transfer.currency} = ${money(r.exchangeRate, r.price.currency)}`,
    });
  lines.push({ label: "Confirmed", text: dateText(r.confirmedAt, timeZone), time: r.confirmedAt });
  lines.push({ label: "Payment reference", text: r.reference, code: true });
  return lines;
}

const STATES: Record<string, string> = { ACCEPTED: "Confirmed", PENDING: "Waiting", REJECTED: "Rejected" };

/** One transaction's lines; a field the payment service left out is left out. */
export function transactionLines(tx: ReceiptTransaction, transferCurrency: string, timeZone?: string): Line[] {
  const lines: Line[] = [];
  if (tx.transactionId !== undefined) lines.push({ label: "Transaction id", text: tx.transactionId, code: true });
  if (tx.amount !== undefined) lines.push({ label: "Amount", text: money(tx.amount, transferCurrency) });
  if (tx.state !== undefined) lines.push({ label: "State", text: STATES[tx.state] ?? tx.state });
  if (tx.observedTime !== undefined)
    lines.push({ label: "Seen", text: dateText(tx.observedTime, timeZone), time: tx.observedTime });
  if (tx.acceptedTime !== undefined)
    lines.push({ label: "Confirmed", text: dateText(tx.acceptedTime, timeZone), time: tx.acceptedTime });
  return lines;
}

/** What the page says of a payment that has no receipt. */
export function notReadyText(answer: ReceiptNotReady): { title: string; text: string } {
  return answer.final
    ? {
        title: "No receipt for this payment",
        text: `This payment ended without being confirmed (its status is ${answer.status.toLowerCase()}), so it has no receipt. If you sent money, contact ${answer.shop.name} with the payment reference.`,
      }
    : {
        title: "Your receipt is not ready yet",
        text: `The receipt appears here once the payment is confirmed. Its status now is ${answer.status.toLowerCase()}. Reload this page later; keep its address.`,
      };
}
