import type { Command } from "commander";
import type { NewConversionRequest } from "../../worker/v3/types.js";
import { record } from "../output.js";
import { acknowledged, runOperation } from "./operation.js";
import type { Act } from "./shared.js";

function conversionOptions(command: Command): Command {
  return command
    .requiredOption("--sell-amount <amount>", 'amount sold, a decimal string, e.g. "0.5"')
    .requiredOption("--sell-currency <code>", "currency sold, e.g. BTC")
    .requiredOption("--buy-currency <code>", "currency bought, e.g. EUR");
}

export function registerConversions(program: Command, act: Act): void {
  const conversions = program.command("conversions").description("convert one currency of your balance into another");

  conversionOptions(
    conversions.command("estimate").description("what a conversion would buy now (nothing is traded)"),
  ).action(
    act((ctx, request: NewConversionRequest) =>
      runOperation(ctx, {
        spinner: "Estimating…",
        call: (client) => client.estimateConversion(request),
        text: (estimate) =>
          record([
            ["Sell", `${request.sellAmount} ${request.sellCurrency}`],
            ["Buys about", `${estimate.amount} ${estimate.currency}`],
          ]),
      }),
    ),
  );

  conversionOptions(conversions.command("create").description("create a conversion (sells from your balance)")).action(
    act(async (ctx, request: NewConversionRequest) => {
      await ctx.assertCanConfirm("create a conversion");
      await ctx.confirmMoneyMove("create a conversion", [
        ["Sell", `${request.sellAmount} ${request.sellCurrency}`],
        ["Buy", request.buyCurrency],
      ]);
      return runOperation(ctx, {
        spinner: "Creating conversion…",
        call: (client) => client.createConversion(request),
        text: (conversion) =>
          record([
            ["Conversion", conversion.id],
            ["Sell", `${request.sellAmount} ${request.sellCurrency}`],
            ["Buy", request.buyCurrency],
          ]),
      });
    }),
  );

  conversions
    .command("retry <conversionId>")
    .description("retry the trade of a conversion")
    .action(
      act((ctx, _o, [conversionId]: [string]) =>
        runOperation(ctx, {
          spinner: "Retrying trade…",
          call: (client) => client.retryConversionTrade(conversionId),
          ...acknowledged({ conversionId, retryRequested: true }, `Trade of conversion ${conversionId} retried.`),
        }),
      ),
    );

  conversions
    .command("declare <conversionId>")
    .description("declare the result of a conversion (the amount bought)")
    .option("--bought-amount <amount>", "amount bought, a decimal string")
    .action(
      act(async (ctx, o: { boughtAmount?: string }, [conversionId]: [string]) => {
        await ctx.assertCanConfirm("declare a conversion result");
        await ctx.confirmMoneyMove("declare the result of a conversion", [
          ["Conversion", conversionId],
          ["Bought amount", o.boughtAmount ?? "(none given)"],
        ]);
        const bought = o.boughtAmount === undefined ? {} : { boughtAmount: o.boughtAmount };
        return runOperation(ctx, {
          spinner: "Declaring result…",
          call: (client) => client.declareConversionResult(conversionId, bought),
          ...acknowledged(
            { conversionId, declared: true, ...bought },
            `Result of conversion ${conversionId} declared${o.boughtAmount === undefined ? "" : `: ${o.boughtAmount} bought`}.`,
          ),
        });
      }),
    );

  conversions
    .command("cancel <conversionId>")
    .description("cancel a conversion")
    .action(
      act((ctx, _o, [conversionId]: [string]) =>
        runOperation(ctx, {
          spinner: "Cancelling…",
          call: (client) => client.cancelConversion(conversionId),
          ...acknowledged({ conversionId, cancelled: true }, `Conversion ${conversionId} cancelled.`),
        }),
      ),
    );
}
