/**
 * `payments watch <paymentId>`: one line per change of a payment until its status is final
 * (CONFIRMED, EXPIRED, INVALID: isFinalPaymentStatus), then exit 0. Two sources:
 * - the checkout Worker's stream (`--checkout-url` with `--shop`): the WebSocket the widget uses,
 *   which pushes every change the Worker stores; reconnects (with a backoff) when it drops;
 * - by default, polling the payment service with the shop's key every `--interval` seconds.
 * Ctrl-C exits 130 (SIGTERM 143). A transient failure (network, 5xx, 429) after the first answer
 * is a warning on stderr and the watch goes on; one before it, or any other error, ends it (exit 1).
 */
import type { Command } from "commander";
import { V3Error } from "../../worker/v3/errors.js";
import { isFinalPaymentStatus, type Payment } from "../../worker/v3/types.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { CheckoutApiError, followStream, httpUrl, streamUrl } from "../checkout-api.js";
import type { Context } from "../context.js";
import { CommandFailure, Interrupted, UsageError } from "../errors.js";
import { liveLine, v3ErrorLine, type LiveLine } from "../output.js";
import { sleep, stopOnSignals, type Stopper } from "../signals.js";
import { seconds, type Act } from "./shared.js";

export const DEFAULT_WATCH_INTERVAL_MS = 5000;
/** Ping an idle stream this often (the Worker answers "pong" without waking the payment's object). */
const STREAM_PING_MS = 30_000;
const MAX_BACKOFF_MS = 30_000;

interface WatchOptions {
  checkoutUrl?: string;
  clientSecret?: string;
  interval?: number;
}

/** What a watch line shows of a payment; amounts are the exact decimal strings received ("0" when absent). */
export interface WatchLine {
  time: string;
  paymentId: string;
  status: string;
  final: boolean;
  transferAmount: string;
  transferCurrency: string;
  paidTransferAmount: string;
  pendingPaidTransferAmount: string;
  acceptedPaidTransferAmount: string;
  priceAmount: string;
  priceCurrency: string;
  paidPriceAmount: string;
  transactions: number;
  source: "stream" | "poll";
}

function lineOf(payment: Payment | PaymentView, source: WatchLine["source"]): WatchLine {
  return {
    time: new Date().toISOString(),
    paymentId: payment.paymentId,
    status: payment.status,
    final: isFinalPaymentStatus(payment.status),
    transferAmount: payment.transferAmount,
    transferCurrency: payment.transferCurrency,
    paidTransferAmount: payment.paidTransferAmount ?? "0",
    pendingPaidTransferAmount: payment.pendingPaidTransferAmount ?? "0",
    acceptedPaidTransferAmount: payment.acceptedPaidTransferAmount ?? "0",
    priceAmount: payment.priceAmount,
    priceCurrency: payment.priceCurrency,
    paidPriceAmount: payment.paidPriceAmount ?? "0",
    transactions: payment.transactions.length,
    source,
  };
}

/** The fields whose change makes a new line (not the time, not the source). */
function changeKey(line: WatchLine): string {
  const { time: _time, source: _source, ...rest } = line;
  return JSON.stringify(rest);
}

export function formatWatchLine(line: WatchLine): string {
  const currency = line.transferCurrency;
  return `${line.time}  ${line.status.padEnd(11)}  paid ${line.paidTransferAmount} of ${line.transferAmount} ${currency}  pending ${line.pendingPaidTransferAmount} ${currency}  (${line.paidPriceAmount} of ${line.priceAmount} ${line.priceCurrency})\n`;
}

/** Prints a line for each change; returns true once the status is final. */
function printer(
  ctx: Context,
  live: LiveLine,
  paymentId: string,
): (payment: Payment | PaymentView, source: WatchLine["source"]) => boolean {
  let last: string | undefined;
  return (payment, source) => {
    const line = lineOf(payment, source);
    const key = changeKey(line);
    live.update(
      `${paymentId}: ${line.status}, waiting for a change (${source === "stream" ? "stream" : "polling"})… Ctrl-C to stop`,
    );
    if (key !== last) {
      last = key;
      live.print(ctx.opts.json ? `${JSON.stringify(line)}\n` : formatWatchLine(line));
    }
    return line.final;
  };
}

async function watchByPolling(
  ctx: Context,
  paymentId: string,
  intervalMs: number,
  live: LiveLine,
  stopper: Stopper,
): Promise<void> {
  const { client } = await ctx.client();
  const show = printer(ctx, live, paymentId);
  let answered = false;
  while (!stopper.signal.aborted) {
    try {
      const payment = await client.getPayment(paymentId, { signal: stopper.signal });
      answered = true;
      if (show(payment, "poll")) return;
    } catch (error) {
      if (stopper.signal.aborted) return;
      if (!(error instanceof V3Error && error.retryable && answered)) throw error;
      live.note(`warning: ${v3ErrorLine(error).replace(/^error: /, "")}; trying again in ${intervalMs / 1000} s\n`);
    }
    await sleep(intervalMs, stopper.signal);
  }
}

async function watchByStream(
  ctx: Context,
  base: string,
  paymentId: string,
  clientSecret: string,
  live: LiveLine,
  stopper: Stopper,
): Promise<void> {
  const shop = ctx.opts.shop;
  if (shop === undefined)
    throw new UsageError(
      "--checkout-url needs --shop <id>: the stream is the shop's (/api/shops/{shop}/payments/{id}/stream)",
    );
  const url = streamUrl(base, shop, paymentId, clientSecret);
  const show = printer(ctx, live, paymentId);
  let connectedOnce = false;
  let backoffMs = 1000;
  const timeoutMs = ctx.opts.timeout ?? 5000;
  while (!stopper.signal.aborted) {
    let waitMs: number;
    try {
      const result = await followStream({
        url,
        signal: stopper.signal,
        timeoutMs,
        pingMs: STREAM_PING_MS,
        onOpen: () => {
          connectedOnce = true;
          backoffMs = 1000;
        },
        onPayment: (view) => show(view, "stream"),
      });
      if (result.outcome !== "closed") return;
      waitMs = backoffMs;
      live.note(
        `warning: the stream ${result.reason.startsWith("closed") ? "was " : "failed: "}${result.reason}; reconnecting in ${waitMs / 1000} s\n`,
      );
    } catch (error) {
      if (!(error instanceof CheckoutApiError)) throw error;
      // A refused upgrade (unknown shop or payment) or an unreachable Worker before any answer: the end.
      if (!error.retryable || !connectedOnce) throw new CommandFailure(error.message);
      waitMs = error.retryAfter === undefined ? backoffMs : error.retryAfter * 1000;
      live.note(`warning: ${error.message}; reconnecting in ${waitMs / 1000} s\n`);
    }
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    await sleep(waitMs, stopper.signal);
  }
}

export function registerPaymentsWatch(payments: Command, act: Act): void {
  payments
    .command("watch <paymentId>")
    .description(
      "follow a payment until it is final (CONFIRMED, EXPIRED, INVALID): one line per change (--json: one JSON object per line)",
    )
    .option(
      "--checkout-url <url>",
      "follow the checkout Worker's stream at this URL (with --shop and --client-secret) instead of polling the payment service",
    )
    .option(
      "--client-secret <secret>",
      "the payment's client secret (the create's clientSecret), which the stream of --checkout-url needs",
    )
    .option(
      "--interval <seconds>",
      "seconds between two polls of the payment service (default 5; not with --checkout-url)",
      seconds(0.2, 3600),
    )
    .addHelpText(
      "after",
      `
Exit codes: 0 when the payment is final, 1 on an error, 2 on a usage error, 130 on Ctrl-C.
Examples:
  crypto-checkout --shop demo-open payments watch <paymentId>
  crypto-checkout --shop demo-open payments watch <paymentId> --checkout-url http://127.0.0.1:8787 --client-secret <secret> --json`,
    )
    .action(
      act(async (ctx, o: WatchOptions, [paymentId]: [string]) => {
        if (o.checkoutUrl !== undefined && o.interval !== undefined)
          throw new UsageError("--interval is for polling; the stream of --checkout-url pushes every change");
        const base = o.checkoutUrl === undefined ? undefined : httpUrl(o.checkoutUrl, "--checkout-url");
        if (base !== undefined && ctx.opts.shop === undefined)
          throw new UsageError(
            "--checkout-url needs --shop <id>: the stream is the shop's (/api/shops/{shop}/payments/{id}/stream)",
          );
        if (base !== undefined && !o.clientSecret)
          throw new UsageError(
            "--checkout-url needs --client-secret <secret>: the stream opens only for whoever created the payment (the create's clientSecret)",
          );
        if (base === undefined && o.clientSecret !== undefined)
          throw new UsageError("--client-secret is for the stream of --checkout-url");
        const stopper = stopOnSignals();
        const live = liveLine(ctx.io, `${paymentId}: connecting…`);
        try {
          if (base === undefined)
            await watchByPolling(ctx, paymentId, o.interval ?? DEFAULT_WATCH_INTERVAL_MS, live, stopper);
          else await watchByStream(ctx, base, paymentId, o.clientSecret ?? "", live, stopper);
        } finally {
          live.stop();
          stopper.dispose();
        }
        const signal = stopper.received();
        if (signal !== undefined) throw new Interrupted(signal);
      }),
    );
}
