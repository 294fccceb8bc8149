import type { Command } from "commander";
import type { NewConversionRequest } from "../../worker/v3/types.js";
import { json, record, withSpinner } from "../output.js";
import { own, type MakeContext } from "./shared.js";

function conversionOptions(command: Command): Command {
  return command
    .requiredOption("--sell-amount <amount>", 'amount sold, a decimal string, e.g. "0.5"')
    .requiredOption("--sell-currency <code>", "currency sold, e.g. BTC")
    .requiredOption("--buy-currency <code>", "currency bought, e.g. EUR");
}

export function registerConversions(program: Command, context: MakeContext): void {
  const conversions = program.command("conversions").description("convert one currency of your balance into another");

  conversionOptions(conversions.command("estimate").description("what a conversion would buy now (nothing is traded)")).action(async (_options: unknown, command: Command) => {
    const ctx = context(command);
    const request = own<NewConversionRequest>(command);
    const { client } = await ctx.client();
    const estimate = await withSpinner(ctx.io, "Estimating…", () => client.estimateConversion(request));
    if (ctx.opts.json) return ctx.io.out(json(estimate));
    ctx.io.out(record([["Sell", `${request.sellAmount} ${request.sellCurrency}`], ["Buys about", `${estimate.amount} ${estimate.currency}`]]));
  });

  conversionOptions(conversions.command("create").description("create a conversion (sells from your balance)")).action(async (_options: unknown, command: Command) => {
    const ctx = context(command);
    const request = own<NewConversionRequest>(command);
    await ctx.assertCanConfirm("create a conversion");
    await ctx.confirmMoneyMove("create a conversion", [
      ["Sell", `${request.sellAmount} ${request.sellCurrency}`],
      ["Buy", request.buyCurrency],
    ]);
    const { client } = await ctx.client();
    const conversion = await withSpinner(ctx.io, "Creating conversion…", () => client.createConversion(request));
    if (ctx.opts.json) return ctx.io.out(json(conversion));
    ctx.io.out(record([["Conversion", conversion.id], ["Sell", `${request.sellAmount} ${request.sellCurrency}`], ["Buy", request.buyCurrency]]));
  });

  conversions
    .command("retry")
    .description("retry the trade of a conversion")
    .argument("<conversionId>")
    .action(async (conversionId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      const { client } = await ctx.client();
      await withSpinner(ctx.io, "Retrying trade…", () => client.retryConversionTrade(conversionId));
      if (ctx.opts.json) return ctx.io.out(json({ conversionId, retryRequested: true }));
      ctx.io.out(`Trade of conversion ${conversionId} retried.\n`);
    });

  conversions
    .command("declare")
    .description("declare the result of a conversion (the amount bought)")
    .argument("<conversionId>")
    .option("--bought-amount <amount>", "amount bought, a decimal string")
    .action(async (conversionId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      const o = own<{ boughtAmount?: string }>(command);
      await ctx.assertCanConfirm("declare a conversion result");
      await ctx.confirmMoneyMove("declare the result of a conversion", [
        ["Conversion", conversionId],
        ["Bought amount", o.boughtAmount ?? "(none given)"],
      ]);
      const { client } = await ctx.client();
      await withSpinner(ctx.io, "Declaring result…", () => client.declareConversionResult(conversionId, o.boughtAmount === undefined ? {} : { boughtAmount: o.boughtAmount }));
      if (ctx.opts.json) return ctx.io.out(json({ conversionId, declared: true, ...(o.boughtAmount === undefined ? {} : { boughtAmount: o.boughtAmount }) }));
      ctx.io.out(`Result of conversion ${conversionId} declared${o.boughtAmount === undefined ? "" : `: ${o.boughtAmount} bought`}.\n`);
    });

  conversions
    .command("cancel")
    .description("cancel a conversion")
    .argument("<conversionId>")
    .action(async (conversionId: string, _options: unknown, command: Command) => {
      const ctx = context(command);
      const { client } = await ctx.client();
      await withSpinner(ctx.io, "Cancelling…", () => client.cancelConversion(conversionId));
      if (ctx.opts.json) return ctx.io.out(json({ conversionId, cancelled: true }));
      ctx.io.out(`Conversion ${conversionId} cancelled.\n`);
    });
}
