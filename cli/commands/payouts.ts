import type { Command } from "commander";
import type { NewPayoutRequest, Payout, PayoutListQuery, PayoutPage } from "../../worker/v3/types.js";
import { UsageError } from "../errors.js";
import { money, record, table, withSpinner } from "../output.js";
import { acknowledged, runOperation, show } from "./operation.js";
import { given, integer, type Act } from "./shared.js";

/** Most pages `payouts list --all` reads (at 100 a page: 100,000 payouts). */
export const MAX_PAGES = 1000;

function payoutRows(payout: Payout): [string, string | undefined][] {
  return [
    ["Payout", payout.payoutId],
    ["Status", payout.status],
    ["Transfer", money(payout.transferAmount, payout.transferCurrency)],
    ["Price", money(payout.priceAmount, payout.priceCurrency)],
    ["Address", payout.address],
    ["Comment", payout.comment],
    ["External id", payout.externalPayoutId],
    ["Notification URL", payout.notificationUrl],
    ["Created", payout.createdTime],
    ["Expires", payout.expirationTime],
    ["Sent", payout.sentTime],
    ["Transaction", payout.transactionId],
  ];
}

/** A payout as a record. */
export function payoutText(payout: Payout): string {
  return record(payoutRows(payout));
}

/** A page of payouts as a table, with how many were shown of how many match. */
function pageText(page: PayoutPage): string {
  if (page.items.length === 0) return `No payouts (offset ${page.offset}, ${page.itemCount} matching).\n`;
  return (
    table(
      ["Payout", "Status", "Transfer", "Price", "Address", "Created"],
      page.items.map((p) => [
        p.payoutId,
        p.status,
        money(p.transferAmount, p.transferCurrency),
        money(p.priceAmount, p.priceCurrency),
        p.address,
        p.createdTime,
      ]),
    ) + `${page.items.length} shown (offset ${page.offset}), ${page.itemCount} matching.\n`
  );
}

interface ListOptions extends Omit<PayoutListQuery, "limit" | "offset"> {
  limit?: number;
  offset?: number;
  all?: boolean;
}

interface CreateOptions {
  priceCurrency: string;
  transferCurrency: string;
  transferAmount?: string;
  priceAmount?: string;
  address?: string;
  comment?: string;
  notificationUrl?: string;
  autoApprove?: boolean;
  externalId?: string;
}

export function registerPayouts(program: Command, act: Act): void {
  const payouts = program.command("payouts").description("list, create, approve and inspect payouts");

  payouts
    .command("list")
    .description("list payouts, one page (or every page with --all)")
    .option("--limit <n>", "page size, 0 to 100 (upstream default 20)", integer(0, 100))
    .option("--offset <n>", "offset of the page (default 0)", integer(0, 2147483647))
    .option("--all", "read every page from --offset on (pages of --limit, default 100)")
    .option("--time-from <time>", "created at or after, yyyy-MM-ddTHH:mm:ss.SSSXXX")
    .option("--time-to <time>", "created at or before, yyyy-MM-ddTHH:mm:ss.SSSXXX")
    .option("--merchant-id <id>", "filter: merchant")
    .option("--address <address>", "filter: destination address")
    .option("--transfer-amount <amount>", "filter: transfer amount")
    .option("--price-amount <amount>", "filter: price amount")
    .option("--transfer-currency <code>", "filter: transfer currency")
    .option("--price-currency <code>", "filter: price currency")
    .action(
      act(async (ctx, { all, ...o }: ListOptions) => {
        const query: PayoutListQuery = given(o);
        if (!all)
          return runOperation(ctx, {
            spinner: "Fetching payouts…",
            call: (client) => client.listPayouts(query),
            text: pageText,
          });
        const { client } = await ctx.client();
        if (query.limit === 0) throw new UsageError("--all needs a page size above 0");
        const pageSize = query.limit ?? 100;
        const start = query.offset ?? 0;
        const items: Payout[] = [];
        let itemCount = 0;
        await withSpinner(ctx.io, "Fetching payouts…", async (progress) => {
          for (let n = 0; n < MAX_PAGES; n++) {
            const page = await client.listPayouts({ ...query, limit: pageSize, offset: start + items.length });
            items.push(...page.items);
            itemCount = page.itemCount;
            progress(`Fetching payouts… ${items.length} so far`);
            if (page.items.length < pageSize) return;
          }
          throw new UsageError(`--all stopped after ${MAX_PAGES} pages; narrow the filters`);
        });
        show(ctx, { limit: pageSize, offset: start, itemCount, items }, { text: pageText });
      }),
    );

  payouts
    .command("create")
    .description("create a payout: exactly one of --transfer-amount or --price-amount")
    .requiredOption("--price-currency <code>", "currency you are charged in, e.g. EUR")
    .requiredOption("--transfer-currency <code>", "currency sent, e.g. BTC")
    .option("--transfer-amount <amount>", "send this much of the transfer currency")
    .option("--price-amount <amount>", "send the transfer-currency equivalent of this much price currency")
    .option("--address <address>", "destination address")
    .option("--comment <text>", "comment")
    .option("--notification-url <url>", "callback URL for the payout's notifications")
    .option("--auto-approve", "approve at once (no separate approve step)")
    .option("--external-id <id>", "your own id of the payout (externalPayoutId)")
    .action(
      act(async (ctx, o: CreateOptions) => {
        if ((o.transferAmount === undefined) === (o.priceAmount === undefined)) {
          throw new UsageError("pass exactly one of --transfer-amount and --price-amount");
        }
        const { priceCurrency, transferCurrency, transferAmount, priceAmount, address, comment, notificationUrl } = o;
        const autoApprove = o.autoApprove ? true : undefined;
        const request = given({
          priceCurrency,
          transferCurrency,
          transferAmount,
          priceAmount,
          address,
          comment,
          notificationUrl,
          autoApprove,
          externalPayoutId: o.externalId,
        }) as NewPayoutRequest;
        await ctx.assertCanConfirm("create a payout");
        const amount =
          o.transferAmount !== undefined
            ? `${o.transferAmount} ${o.transferCurrency}`
            : `the ${o.transferCurrency} equivalent of ${o.priceAmount ?? ""} ${o.priceCurrency} (at the current rate)`;
        await ctx.confirmMoneyMove(
          o.autoApprove ? "create and approve a payout (it will be sent)" : "create a payout",
          [
            ["Send", amount],
            ["Charged in", o.priceCurrency],
            ["To address", o.address ?? "(none given)"],
            ["Auto-approve", Boolean(o.autoApprove)],
            ["Comment", o.comment],
            ["External id", o.externalId],
          ],
        );
        return runOperation(ctx, {
          spinner: "Creating payout…",
          call: (client) => client.createPayout(request),
          text: payoutText,
        });
      }),
    );

  payouts
    .command("get <payoutId>")
    .description("show a payout")
    .action(
      act((ctx, _o, [payoutId]: [string]) =>
        runOperation(ctx, {
          spinner: `Fetching payout ${payoutId}…`,
          call: (client) => client.getPayout(payoutId),
          text: payoutText,
        }),
      ),
    );

  payouts
    .command("approve <payoutId>")
    .description("approve a payout: it is queued and sent")
    .action(
      act(async (ctx, _o, [payoutId]: [string]) => {
        await ctx.assertCanConfirm("approve a payout");
        const { client, target } = await ctx.client();
        if (target.environment === "production" && !ctx.opts.yes) {
          const current = await withSpinner(ctx.io, `Fetching payout ${payoutId}…`, () => client.getPayout(payoutId));
          await ctx.confirmMoneyMove("approve this payout (it will be queued and sent)", payoutRows(current));
        }
        return runOperation(ctx, {
          spinner: `Approving payout ${payoutId}…`,
          call: (c) => c.approvePayout(payoutId),
          text: payoutText,
        });
      }),
    );

  payouts
    .command("resend-notification <payoutId>")
    .description("ask the service to send the payout's notification again (needs a notification URL)")
    .action(
      act((ctx, _o, [payoutId]: [string]) =>
        runOperation(ctx, {
          spinner: `Requesting a notification for ${payoutId}…`,
          call: (client) => client.resendPayoutNotification(payoutId),
          ...acknowledged({ payoutId, resendRequested: true }, `Notification of payout ${payoutId} requested.`),
        }),
      ),
    );

  payouts
    .command("limits")
    .description("available balance and minimum payout for a currency pair")
    .requiredOption("--transfer-currency <code>", "currency sent, e.g. BTC")
    .requiredOption("--price-currency <code>", "currency charged, e.g. EUR")
    .action(
      act((ctx, o: { transferCurrency: string; priceCurrency: string }) =>
        runOperation(ctx, {
          spinner: "Fetching payout limits…",
          call: (client) => client.getPayoutLimits(o),
          text: (limits) =>
            record([
              ["Pair", `${o.transferCurrency} / ${o.priceCurrency}`],
              ["Available", money(limits.available, limits.currency)],
              ["Minimum payout", money(limits.minPayoutAmount, limits.currency)],
            ]),
        }),
      ),
    );
}
