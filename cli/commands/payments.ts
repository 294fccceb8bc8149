import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import type { NewPaymentRequest, Payment, PaymentRedirectUrls, RedirectKey } from "../../worker/v3/types.js";
import { REDIRECT_KEYS } from "../../worker/v3/types.js";
import { money, record, table } from "../output.js";
import { runOperation } from "./operation.js";
import { given, type Act } from "./shared.js";
import { registerPaymentsWatch } from "./watch.js";

function collectRedirect(value: string, previous: PaymentRedirectUrls = {}): PaymentRedirectUrls {
  const eq = value.indexOf("=");
  const key = value.slice(0, eq) as RedirectKey;
  if (eq < 1 || !REDIRECT_KEYS.includes(key))
    throw new InvalidArgumentError(`must be EVENT=URL with EVENT one of ${REDIRECT_KEYS.join(", ")}`);
  return { ...previous, [key]: value.slice(eq + 1) };
}

/** A payment as a record, then its transactions as a table. */
export function paymentText(payment: Payment): string {
  return (
    record([
      ["Payment", payment.paymentId],
      ["Status", payment.status],
      ["Price", money(payment.priceAmount, payment.priceCurrency)],
      ["Transfer", money(payment.transferAmount, payment.transferCurrency)],
      ["Exchange rate", payment.exchangeRate],
      ["Address", payment.address],
      [
        "Paid",
        payment.paidTransferAmount === undefined
          ? undefined
          : `${money(payment.paidTransferAmount, payment.transferCurrency)} (accepted ${payment.acceptedPaidTransferAmount ?? "0"}, pending ${payment.pendingPaidTransferAmount ?? "0"})`,
      ],
      ["Paid (price)", money(payment.paidPriceAmount, payment.priceCurrency)],
      ["Expires", payment.expirationTime],
      ["Payment page", payment.paymentPageUrl],
      ["Payment URI", payment.paymentUri],
      ["External id", payment.externalPaymentId],
      ["Notification URL", payment.notificationUrl],
      ["Transactions", String(payment.transactions.length)],
    ]) +
    (payment.transactions.length === 0
      ? ""
      : table(
          ["Transaction", "State", "Amount", "Price", "Observed", "Accepted / rejected"],
          payment.transactions.map((t) => [
            t.transactionId,
            t.state,
            money(t.paidTransferAmount, payment.transferCurrency),
            money(t.priceAmount, payment.priceCurrency),
            t.observedTime,
            t.acceptedTime ?? t.rejectedTime,
          ]),
        ))
  );
}

interface CreateOptions {
  priceAmount: string;
  priceCurrency: string;
  transferCurrency: string;
  walletLabel?: string;
  walletMessage?: string;
  notificationUrl?: string;
  externalId?: string;
  redirect?: PaymentRedirectUrls;
}

export function registerPayments(program: Command, act: Act): void {
  const payments = program.command("payments").description("create, read and watch payments");

  payments
    .command("create")
    .description("create a payment (a request for a customer to pay)")
    .requiredOption("--price-amount <amount>", 'price as a decimal string, e.g. "25.00"')
    .requiredOption("--price-currency <code>", "currency of the price, e.g. EUR")
    .requiredOption("--transfer-currency <code>", "currency the customer sends, e.g. BTC")
    .option("--wallet-label <text>", "label shown in the customer's wallet")
    .option("--wallet-message <text>", "message shown in the customer's wallet")
    .option("--notification-url <url>", "callback URL for status changes")
    .option("--external-id <id>", "your own id of the payment (externalPaymentId)")
    .option(
      "--redirect <event=url>",
      `redirect URL for an event (${REDIRECT_KEYS.join(", ")}); repeatable`,
      collectRedirect,
    )
    .action(
      act(async (ctx, o: CreateOptions) => {
        const { priceAmount, priceCurrency, transferCurrency, walletLabel, walletMessage, notificationUrl } = o;
        const request = given<NewPaymentRequest>({
          priceAmount,
          priceCurrency,
          transferCurrency,
          walletLabel,
          walletMessage,
          notificationUrl,
          externalPaymentId: o.externalId,
          redirectUrls: o.redirect,
        });
        return runOperation(ctx, {
          spinner: "Creating payment…",
          call: (client) => client.createPayment(request),
          text: paymentText,
        });
      }),
    );

  payments
    .command("get <paymentId>")
    .description("show a payment")
    .action(
      act((ctx, _o, [paymentId]: [string]) =>
        runOperation(ctx, {
          spinner: `Fetching payment ${paymentId}…`,
          call: (client) => client.getPayment(paymentId),
          text: paymentText,
        }),
      ),
    );

  registerPaymentsWatch(payments, act);
}
