/**
 * `ledger backfill`: builds the checkout Worker's payments ledger from the shop's event log, for
 * the payments made before the ledger existed (or while it could not be written). Pages through
 * `POST /api/shops/{shop}/ledger/backfill?after=&limit=` (Bearer the shop's backend token;
 * worker/checkout/routes/backend-api.ts) until the log's end: each page is one D1 batch on the
 * Worker, and writing a page again changes nothing (the ledger keeps the newest version of each
 * payment), so a backfill stopped halfway is simply run again, or resumed with --after.
 */
import type { Command } from "commander";
import type { LedgerBackfill } from "../../worker/checkout/backend-wire.js";
import { backendShop } from "../backend-token.js";
import { callWorker, CheckoutApiError, DEFAULT_CHECKOUT_URL, httpUrl } from "../checkout-api.js";
import { BACKEND_TOKEN_ENV } from "../config.js";
import { CommandFailure, UsageError } from "../errors.js";
import { integer, type Act } from "./shared.js";

/** Events per request (the API's maximum is 200). */
export const DEFAULT_BACKFILL_PAGE = 100;

interface BackfillOptions {
  checkoutUrl: string;
  after?: string;
  page: number;
}

/** What the whole run did (--json prints it; the table prints it as one line). */
export interface BackfillSummary {
  shop: string;
  pages: number;
  read: number;
  written: number;
  /** The log's cursor after the last page: pass it as --after to go on from there later. */
  next: string;
}

function cursor(value: string): string {
  if (!/^\d{1,15}$/.test(value)) throw new UsageError("--after must be a cursor of the event log (digits)");
  return value;
}

export function registerLedger(program: Command, act: Act): void {
  const ledger = program.command("ledger").description("the checkout Worker's payments ledger (D1)");
  ledger
    .command("backfill")
    .description("write the shop's event log into the payments ledger (payments made before the ledger existed)")
    .option("--checkout-url <url>", "the checkout Worker", DEFAULT_CHECKOUT_URL)
    .option("--after <cursor>", "start after this cursor of the event log (default: its beginning)", cursor)
    .option("--page <n>", "events per request", integer(1, 200), DEFAULT_BACKFILL_PAGE)
    .addHelpText(
      "after",
      `
Calls POST {checkout-url}/api/shops/{shop}/ledger/backfill with the shop's backend token (${BACKEND_TOKEN_ENV},
else the secret named by the shop's secrets.backendToken, from the environment or .dev.vars).
Run again at will: the ledger keeps the newest version of each payment.
Example:
  crypto-checkout --shop demo-open ledger backfill`,
    )
    .action(
      act(async (ctx, o: BackfillOptions) => {
        const { shop, token } = backendShop(ctx, "ledger backfill", "writes that shop's event log to the ledger");
        const base = httpUrl(o.checkoutUrl, "--checkout-url");
        const timeoutMs = ctx.opts.timeout ?? 5000;
        const summary: BackfillSummary = { shop: shop.id, pages: 0, read: 0, written: 0, next: o.after ?? "0" };
        for (;;) {
          const path = `/api/shops/${encodeURIComponent(shop.id)}/ledger/backfill?after=${summary.next}&limit=${o.page}`;
          let page: LedgerBackfill;
          try {
            page = await callWorker<LedgerBackfill>(base, token, "POST", path, { timeoutMs });
          } catch (error) {
            if (!(error instanceof CheckoutApiError)) throw error;
            throw new CommandFailure(
              `${error.message}${error.status === 401 ? ` (is the backend token of shop ${shop.id} the one the Worker at ${base} has?)` : ""}; ${summary.pages} page(s) were written, go on with --after ${summary.next}`,
            );
          }
          summary.pages += 1;
          summary.read += page.read;
          summary.written += page.written;
          summary.next = page.next;
          if (!ctx.opts.json)
            ctx.io.err(`page ${summary.pages}: ${page.read} event(s), ${page.written} payment version(s) written\n`);
          if (!page.hasMore) break;
        }
        ctx.io.out(
          ctx.opts.json
            ? `${JSON.stringify(summary)}\n`
            : `Shop ${summary.shop}: ${summary.read} event(s) read, ${summary.written} payment version(s) written to the ledger, ${summary.pages} page(s); the log's cursor is now ${summary.next}.\n`,
        );
      }),
    );
}
