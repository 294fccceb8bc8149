import type { Command } from "commander";
import { table } from "../output.js";
import { runOperation } from "./operation.js";
import type { Act } from "./shared.js";

export function registerCurrencies(program: Command, act: Act): void {
  program
    .command("currencies")
    .description("list the currencies of the payment service and what each may be used for")
    .action(
      act((ctx) =>
        runOperation(ctx, {
          spinner: "Fetching currencies…",
          call: (client) => client.listCurrencies(),
          text: (currencies) =>
            table(
              ["Code", "Name", "Payment price", "Payment transfer", "Payout price", "Payout transfer"],
              currencies.map((c) => [
                c.code,
                c.name,
                c.paymentPriceEnabled,
                c.paymentTransferEnabled,
                c.payoutPriceEnabled,
                c.payoutTransferEnabled,
              ]),
            ),
        }),
      ),
    );
}
