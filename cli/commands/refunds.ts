/**
 * `refunds create|list|get|approve|cancel|link`: a payment's refunds through the checkout
 * Worker's backend API (`/api/shops/{shop}/payments/{paymentId}/refunds`, Bearer the shop's
 * backend token; worker/checkout/routes/refund-api.ts, docs/refunds.md), called through the
 * Worker's typed client (`workerClient`: the paths, bodies and answers of its OpenAPI document). `approve` shows what it
 * approves (amount, currency, address) and asks before it sends anything, unless --yes; the
 * approval names exactly what was shown, so a refund changed meanwhile is refused, never paid.
 */
import type { Command } from "commander";
import type { RefundView } from "../../worker/checkout/backend-wire.js";
import { backendShop } from "../backend-token.js";
import {
  answerOf,
  CheckoutApiError,
  DEFAULT_CHECKOUT_URL,
  httpUrl,
  workerClient,
  type WorkerClient,
} from "../checkout-api.js";
import type { Context } from "../context.js";
import { CommandFailure, UsageError } from "../errors.js";
import { record, table } from "../output.js";
import { given, type Act } from "./shared.js";

const REASONS = ["overpaid", "paid_late", "duplicate", "order_cancelled", "other"] as const;
const PROPOSALS = ["overpaid_excess", "paid_after_expiry", "whole_payment"] as const;

/** Whether `value` is one of `choices` (a request's enum field). */
const oneOf = <T extends string>(choices: readonly T[], value: string): value is T =>
  (choices as readonly string[]).includes(value);

interface Common {
  checkoutUrl: string;
  idempotencyKey?: string;
}

/** The refund API of one payment through the Worker's typed client (cli/api/checkout-api.ts), for `refunds <command>`. */
interface Refunds {
  client: WorkerClient;
  /** The path parameters of the payment's refunds. */
  payment: { shop: string; paymentId: string };
  /** The Idempotency-Key header of --idempotency-key, when given. */
  header: { "Idempotency-Key"?: string };
  /** The answer of a call, or the command's failure with the Worker's words. */
  run<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
}

function refundsOf(ctx: Context, o: Common, command: string, paymentId: string): Refunds {
  const { shop, token } = backendShop(ctx, `refunds ${command}`, "works on that shop's refunds");
  const base = httpUrl(o.checkoutUrl, "--checkout-url");
  return {
    client: workerClient(base, token, { timeoutMs: ctx.opts.timeout ?? 15_000 }),
    payment: { shop: shop.id, paymentId },
    header: given({ "Idempotency-Key": o.idempotencyKey }),
    async run<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
      try {
        return await answerOf(token, pending);
      } catch (error) {
        if (!(error instanceof CheckoutApiError)) throw error;
        throw new CommandFailure(error.message);
      }
    },
  };
}

const REFUNDS = "/api/shops/{shop}/payments/{paymentId}/refunds";
const REFUND = `${REFUNDS}/{refundId}` as const;

/** GET one refund. */
function getRefund(api: Refunds, refundId: string): Promise<RefundView> {
  return api.run(api.client.GET(REFUND, { params: { path: { ...api.payment, refundId } } }));
}

function refundRows(r: RefundView): [string, string | undefined][] {
  return [
    ["Refund", r.id],
    ["Payment", r.paymentId],
    ["State", r.state],
    ["Amount", `${r.amount} ${r.currency}`],
    ["Estimated", r.estimatedTransferAmount && `${r.estimatedTransferAmount} ${r.transferCurrency}`],
    ["Reason", r.reason],
    ["Address", r.address ?? "(not given yet)"],
    ["Payout", r.payout && `${r.payout.payoutId} ${r.payout.status ?? ""}`.trim()],
    ["Transaction", r.payout?.transactionId],
    ["Sent", r.payout?.sentTime],
    ["Ended because", r.endReason],
  ];
}

function print(ctx: Context, value: unknown, text: () => string): void {
  ctx.io.out(ctx.opts.json ? `${JSON.stringify(value)}\n` : text());
}

const refundText = (r: RefundView) => () =>
  `${record(refundRows(r).filter((row): row is [string, string] => row[1] !== undefined))}${table(
    ["At", "By", "Step", "From", "To", "Note"],
    r.history.map((h) => [h.at, h.actor.id ?? h.actor.kind, h.event, h.from ?? "", h.to, h.note ?? ""]),
  )}`;

function withCommon(command: Command): Command {
  return command
    .option("--checkout-url <url>", "the checkout Worker", DEFAULT_CHECKOUT_URL)
    .option("--idempotency-key <key>", "send Idempotency-Key: the same key and request answer once");
}

export function registerRefunds(program: Command, act: Act): void {
  const refunds = program
    .command("refunds")
    .description("a payment's refunds, through the checkout Worker's backend API (needs --shop)");

  withCommon(refunds.command("create <paymentId>"))
    .description("start a refund: an amount and a reason, or one of the payment's proposals")
    .option("--amount <amount>", "the amount, e.g. 0.0005 (in the transfer currency unless --price)")
    .option("--price", "the amount is in the payment's price currency")
    .option("--proposal <kind>", `one of the payment's proposals: ${PROPOSALS.join(", ")}`)
    .option("--reason <reason>", REASONS.join(", "))
    .option("--address <address>", "the customer's address (else send them a link: refunds link)")
    .action(
      act(
        async (
          ctx,
          o: Common & { amount?: string; price?: boolean; proposal?: string; reason?: string; address?: string },
          [paymentId]: [string],
        ) => {
          if ((o.amount === undefined) === (o.proposal === undefined))
            throw new UsageError("pass exactly one of --amount and --proposal");
          const { reason, proposal } = o;
          if (reason !== undefined && !oneOf(REASONS, reason))
            throw new UsageError(`--reason must be one of ${REASONS.join(", ")}`);
          if (proposal !== undefined && !oneOf(PROPOSALS, proposal))
            throw new UsageError(`--proposal must be one of ${PROPOSALS.join(", ")}`);
          if (o.amount !== undefined && reason === undefined) throw new UsageError("--amount needs --reason");
          const body = given({
            amount: o.amount,
            denomination: o.amount !== undefined ? (o.price ? ("price" as const) : ("transfer" as const)) : undefined,
            proposal,
            reason,
            address: o.address,
          });
          const api = refundsOf(ctx, o, "create", paymentId);
          const refund = await api.run(
            api.client.POST(REFUNDS, { params: { path: api.payment, header: api.header }, body }),
          );
          print(ctx, refund, refundText(refund));
        },
      ),
    );

  withCommon(refunds.command("list <paymentId>"))
    .description("the payment's refunds, what it can still refund, and its proposals")
    .action(
      act(async (ctx, o: Common, [paymentId]: [string]) => {
        const api = refundsOf(ctx, o, "list", paymentId);
        const list = await api.run(api.client.GET(REFUNDS, { params: { path: api.payment } }));
        print(
          ctx,
          list,
          () =>
            `${record([
              ["Accepted", `${list.totals.accepted} ${list.transferCurrency}`],
              ["Held by refunds", `${list.totals.held} ${list.transferCurrency}`],
              ["Remaining", `${list.totals.remaining} ${list.transferCurrency}`],
            ])}${table(
              ["Refund", "State", "Amount", "Reason", "Address"],
              list.refunds.map((r) => [r.id, r.state, `${r.amount} ${r.currency}`, r.reason, r.address ?? ""]),
            )}${table(
              ["Proposal", "Amount", "Reason"],
              list.proposals.map((p) => [p.kind, `${p.amount} ${p.currency}`, p.reason]),
            )}`,
        );
      }),
    );

  withCommon(refunds.command("get <paymentId> <refundId>"))
    .description("one refund with its payout and its history")
    .action(
      act(async (ctx, o: Common, [paymentId, refundId]: [string, string]) => {
        const refund = await getRefund(refundsOf(ctx, o, "get", paymentId), refundId);
        print(ctx, refund, refundText(refund));
      }),
    );

  withCommon(refunds.command("approve <paymentId> <refundId>"))
    .description("approve a refund: its payout is created and sent (asks first unless --yes)")
    .action(
      act(async (ctx, o: Common, [paymentId, refundId]: [string, string]) => {
        const api = refundsOf(ctx, o, "approve", paymentId);
        const shown = await getRefund(api, refundId);
        if (shown.address === undefined)
          throw new CommandFailure(`refund ${refundId} has no address yet (state ${shown.state}): nothing was sent`);
        await ctx.confirmAction(`approve refund ${refundId}: money leaves the merchant's balance`, [
          ["Send", `${shown.amount} ${shown.currency}`],
          ["To address", shown.address],
          ["Reason", shown.reason],
        ]);
        const refund = await api.run(
          api.client.POST(`${REFUND}/approve`, {
            params: { path: { ...api.payment, refundId }, header: api.header },
            body: { amount: shown.amount, currency: shown.currency, address: shown.address },
          }),
        );
        print(ctx, refund, refundText(refund));
      }),
    );

  withCommon(refunds.command("cancel <paymentId> <refundId>"))
    .description("cancel a refund (only before its payout exists)")
    .option("--reason <text>", "why, for the refund's history")
    .action(
      act(async (ctx, o: Common & { reason?: string }, [paymentId, refundId]: [string, string]) => {
        const api = refundsOf(ctx, o, "cancel", paymentId);
        const refund = await api.run(
          api.client.POST(`${REFUND}/cancel`, {
            params: { path: { ...api.payment, refundId }, header: api.header },
            body: given({ reason: o.reason }),
          }),
        );
        print(ctx, refund, refundText(refund));
      }),
    );

  withCommon(refunds.command("link <paymentId> <refundId>"))
    .description("a refund link for the customer to give their address (replaces an earlier link)")
    .action(
      act(async (ctx, o: Common, [paymentId, refundId]: [string, string]) => {
        const api = refundsOf(ctx, o, "link", paymentId);
        const link = await api.run(
          api.client.POST(`${REFUND}/link`, { params: { path: { ...api.payment, refundId }, header: api.header } }),
        );
        print(ctx, link, () =>
          record([
            ["Link", link.url],
            ["Expires", link.expiresAt],
            ["Refund", refundId],
          ]),
        );
      }),
    );
}
