import type { Command } from "commander";
import type { NewPayoutRequest, Payout, PayoutListQuery, PayoutPage } from "../../worker/v3/types.js";
import { UsageError } from "../errors.js";
import { json, money, record, table, withSpinner, type Io } from "../output.js";
import { integer, own, type MakeContext } from "./shared.js";

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

export function printPayout(io: Io, payout: Payout): void {
  io.out(record(payoutRows(payout)));
}

function printPage(io: Io, page: PayoutPage): void {
  if (page.items.length === 0) {
    io.out(`No payouts (offset ${page.offset}, ${page.itemCount} matching).\n`);
    return;
  }
  io.out(
    table(
      ["Payout", "Status", "Transfer", "Price", "Address", "Created"],
      page.items.map((p) => [p.payoutId, p.status, money(p.transferAmount, p.transferCurrency), money(p.priceAmount, p.priceCurrency), p.address, p.createdTime]),
    ),
  );
  io.out(`${page.items.length} shown (offset ${page.offset}), ${page.itemCount} matching.\n`);
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

export function registerPayouts(program: Command, context: MakeContext): void {
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
    .action(async (_options: unknown, command: Command) => {
      const ctx = context(command);
      const { all, ...o } = own<ListOptions>(command);
      const query: PayoutListQuery = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
      const { client } = await ctx.client();
      if (!all) {
        const page = await withSpinner(ctx.io, "Fetching payouts…", () => client.listPayouts(query));
        if (ctx.opts.json) return ctx.io.out(json(page));
        return printPage(ctx.io, page);
      }
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
      const result: PayoutPage = { limit: pageSize, offset: start, itemCount, items };
      if (ctx.opts.json) return ctx.io.out(json(result));
      printPage(ctx.io, result);
    });

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
    .action(async (_options: unknown, command: Command) => {
      const ctx = context(command);
      const o = own<CreateOptions>(command);
      if ((o.transferAmount === undefined) === (o.priceAmount === undefined)) {
        throw new UsageError("pass exactly one of --transfer-amount and --price-amount");
      }
      const request = {
        priceCurrency: o.priceCurrency,
        transferCurrency: o.transferCurrency,
        ...(o.transferAmount === undefined ? {} : { transferAmount: o.transferAmount }),
        ...(o.priceAmount === undefined ? {} : { priceAmount: o.priceAmount }),
        ...(o.address === undefined ? {} : { address: o.address }),
        ...(o.comment === undefined ? {} : { comment: o.comment }),
        ...(o.notificationUrl === undefined ? {} : { notificationUrl: o.notificationUrl }),
        ...(o.autoApprove ? { autoApprove: true } : {}),
        ...(o.externalId === undefined ? {} : { externalPayoutId: o.externalId }),
      } as NewPayoutRequest;
      await ctx.assertCanConfirm("create a payout");
      const amount = o.transferAmount !== undefined ? `${o.transferAmount} ${o.transferCurrency}` : `the ${o.transferCurrency} equivalent of ${o.priceAmount ?? ""} ${o.priceCurrency} (at the current rate)`;
      await ctx.confirmMoneyMove(o.autoApprove ? "create and approve a payout (it will be sent)" : "create a payout", [
        ["Send", amount],
        ["Charged in", o.priceCurrency],
        ["To address", o.address ?? "(none given)"],
        ["Auto-approve", Boolean(o.autoApprove)],
        ["Comment", o.comment],
        ["External id", o.externalId],
      ]);
      const { client } = await ctx.client();
      const payout = await withSpinner(ctx.io, "Creating payout…", () => client.createPayout(request));
      if (ctx.opts.json) return ctx.io.out(json(payout));
      printPayout(ctx.io, payout);
    });

  payouts
    .command("get")
    .description("show a payout")
    .argument("<payoutId>")
    .action(async (payoutId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      const { client } = await ctx.client();
      const payout = await withSpinner(ctx.io, `Fetching payout ${payoutId}…`, () => client.getPayout(payoutId));
      if (ctx.opts.json) return ctx.io.out(json(payout));
      printPayout(ctx.io, payout);
    });

  payouts
    .command("approve")
    .description("approve a payout: it is queued and sent")
    .argument("<payoutId>")
    .action(async (payoutId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      await ctx.assertCanConfirm("approve a payout");
      const { client, target } = await ctx.client();
      if (target.environment === "production" && !ctx.opts.yes) {
        const current = await withSpinner(ctx.io, `Fetching payout ${payoutId}…`, () => client.getPayout(payoutId));
        await ctx.confirmMoneyMove("approve this payout (it will be queued and sent)", payoutRows(current));
      }
      const payout = await withSpinner(ctx.io, `Approving payout ${payoutId}…`, () => client.approvePayout(payoutId));
      if (ctx.opts.json) return ctx.io.out(json(payout));
      printPayout(ctx.io, payout);
    });

  payouts
    .command("resend-notification")
    .description("ask the service to send the payout's notification again (needs a notification URL)")
    .argument("<payoutId>")
    .action(async (payoutId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      const { client } = await ctx.client();
      await withSpinner(ctx.io, `Requesting a notification for ${payoutId}…`, () => client.resendPayoutNotification(payoutId));
      if (ctx.opts.json) return ctx.io.out(json({ payoutId, resendRequested: true }));
      ctx.io.out(`Notification of payout ${payoutId} requested.\n`);
    });

  payouts
    .command("limits")
    .description("available balance and minimum payout for a currency pair")
    .requiredOption("--transfer-currency <code>", "currency sent, e.g. BTC")
    .requiredOption("--price-currency <code>", "currency charged, e.g. EUR")
    .action(async (_options: unknown, command: Command) => {
      const ctx = context(command);
      const o = own<{ transferCurrency: string; priceCurrency: string }>(command);
      const { client } = await ctx.client();
      const limits = await withSpinner(ctx.io, "Fetching payout limits…", () => client.getPayoutLimits(o));
      if (ctx.opts.json) return ctx.io.out(json(limits));
      ctx.io.out(
        record([
          ["Pair", `${o.transferCurrency} / ${o.priceCurrency}`],
          ["Available", money(limits.available, limits.currency)],
          ["Minimum payout", money(limits.minPayoutAmount, limits.currency)],
        ]),
      );
    });
}
