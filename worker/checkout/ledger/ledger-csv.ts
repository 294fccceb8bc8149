/**
 * The ledger as CSV: RFC 4180 (CRLF line ends, a field with a comma, quote, CR or LF quoted, its
 * quotes doubled), UTF-8, a header row, amounts as the exact decimal strings the ledger holds.
 * Safe to open in a spreadsheet: a text cell starting with `=`, `+`, `-`, `@`, a tab or a CR is
 * read as a formula by Excel, LibreOffice and Google Sheets, so it gets a leading `'` (a cell that
 * is a plain decimal number is left as it is). Streamed page by page from D1, so that an export of
 * any size holds one page in memory.
 */
import type { LedgerPayment } from "../backend-wire.js";
import { listPayments, type PaymentFilter, type Position } from "./ledger-query.js";

/** Rows read from D1 per page of an export. */
export const EXPORT_PAGE_ROWS = 500;

const COLUMNS: readonly (readonly [string, keyof LedgerPayment])[] = [
  ["payment_id", "paymentId"],
  ["order_id", "orderId"],
  ["status", "status"],
  ["price_amount", "priceAmount"],
  ["price_currency", "priceCurrency"],
  ["transfer_amount", "transferAmount"],
  ["transfer_currency", "transferCurrency"],
  ["paid_transfer_amount", "paidTransferAmount"],
  ["accepted_paid_transfer_amount", "acceptedPaidTransferAmount"],
  ["pending_paid_transfer_amount", "pendingPaidTransferAmount"],
  ["paid_price_amount", "paidPriceAmount"],
  ["accepted_paid_price_amount", "acceptedPaidPriceAmount"],
  ["pending_paid_price_amount", "pendingPaidPriceAmount"],
  ["address", "address"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["final_at", "finalAt"],
  ["version", "version"],
];

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field of a CSV line: neutralized when a spreadsheet would take it for a formula, quoted when RFC 4180 asks. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(",")}\r\n`;

export const CSV_HEADER = csvLine(COLUMNS.map(([name]) => name));

export const csvRow = (payment: LedgerPayment): string => csvLine(COLUMNS.map(([, key]) => payment[key]));

/** The shop's payments that pass the filter, as a CSV stream: the header, then one page of rows per pull. */
export function exportCsv(db: D1Database, shop: string, filter: PaymentFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: Position | undefined;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_HEADER));
          return;
        }
        const page = await listPayments(db, shop, filter, after, EXPORT_PAGE_ROWS);
        if (page.payments.length) controller.enqueue(encoder.encode(page.payments.map(csvRow).join("")));
        if (page.next) after = page.next;
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
