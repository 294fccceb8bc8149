/**
 * crypto-checkout: the merchant's command line over the payment service's v3 API, on the same
 * client as the checkout Worker (worker/v3). cli/bin.mjs bundles this file and calls `run` in the
 * repository; the npm package's bundle (scripts/build-console.mjs) calls it through cli/standalone.ts.
 * Exit codes: 0 success, 1 upstream or network error, 2 usage error, 130 Ctrl-C of a waiting
 * command (cli/errors.ts).
 */
import { Command, CommanderError, Option } from "commander";
import { V3Error } from "../worker/v3/errors.js";
import { registerConversions } from "./commands/conversions.js";
import { registerCurrencies } from "./commands/currencies.js";
import { registerDashboard } from "./commands/dashboard.js";
import { registerLedger } from "./commands/ledger.js";
import { registerListen } from "./commands/listen.js";
import { registerNotifications } from "./commands/notifications.js";
import { registerOrderToken } from "./commands/order-token.js";
import { registerPayments } from "./commands/payments.js";
import { registerPayouts } from "./commands/payouts.js";
import { registerRefunds } from "./commands/refunds.js";
import { registerLinks } from "./commands/links.js";
import { registerShops } from "./commands/shops.js";
import { actions, integer } from "./commands/shared.js";
import { BASE_URL_ENV, KEY_SECRET_ENV, type GlobalOptions } from "./config.js";
import { createContext } from "./context.js";
import { CommandFailure, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, Interrupted, UsageError } from "./errors.js";
import { json, printable, processIo, v3ErrorJson, v3ErrorLine, type Io } from "./output.js";
import packageJson from "../package.json" with { type: "json" };

/** The package's version, from package.json (the one place it is written). */
export const VERSION: string = packageJson.version;

export function buildProgram(io: Io, root: string): Command {
  const program = new Command("crypto-checkout");
  program
    .description(
      "The merchant's command line for the payment service (payments, payouts, conversions) and the checkout Worker's shop registry.",
    )
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError("(add --help for usage)")
    .option(
      "--shop <id>",
      "use a shop of the Worker's configuration (SHOPS in wrangler.toml; its secrets from the environment or .dev.vars)",
    )
    .option("--key-id <id>", `use this API key id; its secret from ${KEY_SECRET_ENV} or --key-secret-stdin`)
    .option("--key-secret <secret>", "the API key secret (discouraged: lands in shell history)")
    .option("--key-secret-stdin", "read the API key secret from the first line of stdin")
    .addOption(
      new Option("--env <environment>", "environment of --key-id (default sandbox); checked against a shop's").choices([
        "sandbox",
        "production",
      ]),
    )
    .option(
      "--base-url <url>",
      `the payment service's base URL (default: ${BASE_URL_ENV}, else the environment's URL in wrangler.toml)`,
    )
    .option(
      "--config <path>",
      "the Worker's wrangler.toml (default ./wrangler.toml, else the repository's when run from its clone)",
    )
    .option("--json", "print JSON (amounts as exact decimal strings) instead of tables")
    .option("-y, --yes", "do not ask before moving money in production (for scripts)")
    .option("--timeout <ms>", "timeout of each request in milliseconds (default 5000)", integer(1, 600_000));
  program.addHelpText(
    "after",
    `
Exit codes: 0 success, 1 upstream or network error, 2 usage error, 130 Ctrl-C (payments watch).
Examples:
  crypto-checkout --shop demo-open currencies
  crypto-checkout --shop demo-open payments watch <paymentId> --checkout-url http://127.0.0.1:8787
  crypto-checkout --shop demo-open listen --forward-to http://127.0.0.1:4242/webhooks
  crypto-checkout --shop demo-open payouts list --all --json
  crypto-checkout shops list                       (the shop registry of the Worker at http://127.0.0.1:8787)
  crypto-checkout --shop demo-open ledger backfill (the payments ledger from the shop's event log)
  crypto-checkout dashboard login --shop demo-open (a sign-in link to the shop's dashboard)
  ${KEY_SECRET_ENV}=... crypto-checkout --key-id my_key --env production payouts limits --transfer-currency BTC --price-currency EUR
Docs: https://github.com/crypto-checkout/crypto-checkout/blob/main/docs/cli.md`,
  );
  const act = actions((command) => createContext(io, root, command.optsWithGlobals<GlobalOptions>()));
  registerCurrencies(program, act);
  registerPayments(program, act);
  registerPayouts(program, act);
  registerConversions(program, act);
  registerNotifications(program, act);
  registerOrderToken(program, act);
  registerListen(program, act);
  registerShops(program, act);
  registerLedger(program, act);
  registerRefunds(program, act);
  registerLinks(program, act);
  registerDashboard(program, act);
  return program;
}

/** Runs the CLI on `argv` (without node and the script) and returns the exit code. */
export async function run(argv: readonly string[], options: { root: string; io?: Io }): Promise<number> {
  const io = options.io ?? processIo;
  // A reader that goes away (`crypto-checkout ... | head`) is not an error of the command.
  if (!options.io)
    process.stdout.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" ? process.exit(EXIT_OK) : undefined,
    );
  const program = buildProgram(io, options.root);
  const jsonMode = argv.includes("--json");
  try {
    await program.parseAsync([...argv], { from: "user" });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0
        ? EXIT_OK
        : EXIT_USAGE;
    }
    if (error instanceof Interrupted) return error.exitCode;
    if (error instanceof UsageError) {
      io.err(`error: ${printable(error.message)}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof CommandFailure) {
      io.err(`error: ${printable(error.message)}\n`);
      return EXIT_FAILURE;
    }
    if (error instanceof V3Error) {
      if (jsonMode) io.out(json(v3ErrorJson(error)));
      io.err(`${printable(v3ErrorLine(error))}\n`);
      // A request the client refused before sending it is a usage error; anything else failed upstream.
      return error.kind === "invalid_request" ? EXIT_USAGE : EXIT_FAILURE;
    }
    io.err(`error: ${printable(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`);
    return EXIT_FAILURE;
  }
}
