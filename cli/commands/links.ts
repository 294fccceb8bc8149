/**
 * `links create|list|get|disable`: a shop's payment links through the checkout Worker's backend
 * API (`/api/shops/{shop}/links`, Bearer the shop's backend token; worker/checkout/routes/link-api.ts,
 * docs/links.md), called through the typed client (`workerClient`, cli/api/checkout-api.ts), so
 * that a body or an answer the OpenAPI document does not allow does not compile. `disable` shows
 * the link and asks before it acts, unless --yes: a disabled link stays disabled.
 */
import type { Command } from "commander";
import type { components, operations } from "../api/checkout-api.js";
import { backendShop } from "../backend-token.js";
import { answerOf, CheckoutApiError, DEFAULT_CHECKOUT_URL, httpUrl, workerClient } from "../checkout-api.js";
import type { Context } from "../context.js";
import { CommandFailure, UsageError } from "../errors.js";
import { record, table } from "../output.js";
import { given, type Act } from "./shared.js";

type LinkView = components["schemas"]["PaymentLinkView"];
type CreateLinkBody = operations["createLink"]["requestBody"]["content"]["application/json"];

interface Common {
  checkoutUrl: string;
}

/** The shop's client and a runner that turns the Worker's refusal into the command's failure. */
function connect(ctx: Context, o: Common, command: string) {
  const { shop, token } = backendShop(ctx, `links ${command}`, "works on that shop's payment links");
  const client = workerClient(httpUrl(o.checkoutUrl, "--checkout-url"), token, {
    timeoutMs: ctx.opts.timeout ?? 15_000,
  });
  return {
    shop: shop.id,
    client,
    async run<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
      try {
        return await answerOf(token, pending);
      } catch (error) {
        throw error instanceof CheckoutApiError ? new CommandFailure(error.message) : error;
      }
    },
  };
}

const amountOf = (l: LinkView) =>
  l.priceAmount !== undefined
    ? `${l.priceAmount} ${l.priceCurrency}`
    : `${l.minAmount}-${l.maxAmount} ${l.priceCurrency}`;

function linkRows(l: LinkView): [string, string][] {
  const rows: [string, string | undefined][] = [
    ["Link", l.url],
    ["Id", l.id],
    ["State", l.state],
    ["Description", l.description],
    ["Amount", l.priceAmount !== undefined ? amountOf(l) : `open: ${amountOf(l)}`],
    ["Use", l.singleUse ? `single use, order ${l.orderId ?? ""}` : `reusable, orders ${l.orderPrefix}-…`],
    ["Reference", l.reference && `${l.reference.label}${l.reference.required ? " (required)" : ""}`],
    ["Expires", l.expiresAt ?? "never"],
    ["Orders made", String(l.uses)],
    ["Disabled", l.disabledAt],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== undefined);
}

function print(ctx: Context, value: unknown, text: () => string): void {
  ctx.io.out(ctx.opts.json ? `${JSON.stringify(value)}\n` : text());
}

/** `--expires-in 7d`, `12h`, `30m` as an ISO time from now. */
export function expiryFrom(value: string, now = Date.now()): string {
  const match = /^(\d{1,4})([dhm])$/.exec(value);
  if (!match) throw new UsageError(`--expires-in must be a number and d, h or m (7d, 12h, 30m), not "${value}"`);
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as "d" | "h" | "m"];
  return new Date(now + Number(match[1]) * unit).toISOString();
}

interface CreateOptions extends Common {
  description: string;
  currency: string;
  amount?: string;
  min?: string;
  max?: string;
  singleUse?: boolean;
  orderId?: string;
  orderPrefix?: string;
  referenceLabel?: string;
  referenceRequired?: boolean;
  expiresAt?: string;
  expiresIn?: string;
}

/** The create's body from the options (the Worker checks every rule again and names what it refuses). */
export function createBody(o: CreateOptions): CreateLinkBody {
  if ((o.amount === undefined) === (o.min === undefined && o.max === undefined))
    throw new UsageError("links create needs exactly one of --amount, or --min with --max (an open amount)");
  if (o.amount === undefined && (o.min === undefined || o.max === undefined))
    throw new UsageError("an open amount needs both --min and --max");
  if (o.expiresAt !== undefined && o.expiresIn !== undefined)
    throw new UsageError("give --expires-at or --expires-in, not both");
  if (o.referenceRequired && o.referenceLabel === undefined)
    throw new UsageError("--reference-required needs --reference-label");
  return given({
    description: o.description,
    priceCurrency: o.currency.toUpperCase(),
    priceAmount: o.amount,
    minAmount: o.min,
    maxAmount: o.max,
    singleUse: o.singleUse ?? false,
    orderId: o.orderId,
    orderPrefix: o.orderPrefix,
    reference:
      o.referenceLabel === undefined ? undefined : { label: o.referenceLabel, required: o.referenceRequired ?? false },
    expiresAt: o.expiresAt ?? (o.expiresIn === undefined ? undefined : expiryFrom(o.expiresIn)),
  }) as CreateLinkBody;
}

const withCommon = (command: Command): Command =>
  command.option("--checkout-url <url>", "the checkout Worker", DEFAULT_CHECKOUT_URL);

export function registerLinks(program: Command, act: Act): void {
  const links = program
    .command("links")
    .description("payment links of a shop: a hosted page that takes a payment (needs --shop; docs/links.md)");

  withCommon(links.command("create"))
    .description("make a payment link and print its URL")
    .requiredOption("--description <text>", "what is paid for, shown on the page and in link previews")
    .requiredOption("--currency <code>", "the price currency (EUR)")
    .option("--amount <decimal>", "a fixed amount (80.00)")
    .option("--min <decimal>", "an open amount's lower limit")
    .option("--max <decimal>", "an open amount's upper limit")
    .option("--single-use", "one order behind the link (default: each use an order of its own)")
    .option("--order-id <id>", "a single-use link's order id (default: <prefix>-<random>)")
    .option("--order-prefix <prefix>", "the first part of the link's order ids (default: link)")
    .option("--reference-label <label>", "ask the payer for a reference under this label")
    .option("--reference-required", "the payer must give the reference")
    .option("--expires-at <time>", "an ISO 8601 time after which the link takes no payment")
    .option("--expires-in <span>", "the same, from now: 7d, 12h, 30m")
    .action(
      act(async (ctx, o: CreateOptions) => {
        const body = createBody(o);
        const api = connect(ctx, o, "create");
        const link = await api.run(
          api.client.POST("/api/shops/{shop}/links", { params: { path: { shop: api.shop } }, body }),
        );
        print(ctx, link, () => record(linkRows(link)));
      }),
    );

  withCommon(links.command("list"))
    .description("the shop's payment links, newest first")
    .action(
      act(async (ctx, o: Common) => {
        const api = connect(ctx, o, "list");
        const list = await api.run(api.client.GET("/api/shops/{shop}/links", { params: { path: { shop: api.shop } } }));
        print(ctx, list, () =>
          table(
            ["Link", "State", "Amount", "Use", "Orders", "Description"],
            list.links.map((l) => [
              l.id,
              l.state,
              amountOf(l),
              l.singleUse ? "single" : "reusable",
              String(l.uses),
              l.description,
            ]),
          ),
        );
      }),
    );

  withCommon(links.command("get <linkId>"))
    .description("one payment link with its newest orders")
    .action(
      act(async (ctx, o: Common, [linkId]: [string]) => {
        const api = connect(ctx, o, "get");
        const link = await api.run(
          api.client.GET("/api/shops/{shop}/links/{linkId}", { params: { path: { shop: api.shop, linkId } } }),
        );
        print(
          ctx,
          link,
          () =>
            `${record(linkRows(link))}${table(
              ["Order", "Amount", "Reference", "Made"],
              link.orders.map((r) => [
                r.orderId,
                `${r.priceAmount} ${r.priceCurrency}`,
                r.reference ?? "",
                r.createdAt,
              ]),
            )}`,
        );
      }),
    );

  withCommon(links.command("disable <linkId>"))
    .description("disable a payment link for good: its page then says so (asks first unless --yes)")
    .action(
      act(async (ctx, o: Common, [linkId]: [string]) => {
        const api = connect(ctx, o, "disable");
        const path = { shop: api.shop, linkId };
        const shown = await api.run(api.client.GET("/api/shops/{shop}/links/{linkId}", { params: { path } }));
        await ctx.confirmAction(`disable payment link ${linkId}: it takes no more payments, for good`, [
          ["Link", shown.url],
          ["Description", shown.description],
          ["Amount", amountOf(shown)],
        ]);
        const link = await api.run(api.client.POST("/api/shops/{shop}/links/{linkId}/disable", { params: { path } }));
        print(ctx, link, () => record(linkRows(link)));
      }),
    );
}
