import type { Command } from "commander";
import { json, table, withSpinner } from "../output.js";
import type { MakeContext } from "./shared.js";

export function registerCurrencies(program: Command, context: MakeContext): void {
  program
    .command("currencies")
    .description("list the currencies of the payment service and what each may be used for")
    .action(async (_options: unknown, command: Command) => {
      const ctx = context(command);
      const { client } = await ctx.client();
      const currencies = await withSpinner(ctx.io, "Fetching currencies…", () => client.listCurrencies());
      if (ctx.opts.json) return ctx.io.out(json(currencies));
      ctx.io.out(
        table(
          ["Code", "Name", "Payment price", "Payment transfer", "Payout price", "Payout transfer"],
          currencies.map((c) => [c.code, c.name, c.paymentPriceEnabled, c.paymentTransferEnabled, c.payoutPriceEnabled, c.payoutTransferEnabled]),
        ),
      );
    });
}
