/**
 * The sandbox test pane: plays the customer's wallet and the blockchain for the payment on screen
 * through the sandbox control API, and shows the log of notifications the sandbox delivered.
 */
import { isFinalPaymentStatus } from "../../worker/checkout/wire.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { enabledActions, pendingTransactions, transactionAmount, type SandboxAction } from "./amounts.js";
import { ApiError, expirePayment, notificationLog, sendTransaction, settleTransaction } from "./api.js";
import type { AttemptLog } from "../../worker/sandbox/control-types.js";
import { byId, h } from "./dom.js";

const LOG_POLL_MS = 1500;

export class SandboxPane {
  private payment: PaymentView | undefined;
  private busy = false;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly root = byId("sandbox-pane");
  private readonly summary = byId("sandbox-payment");
  private readonly message = byId("sandbox-message");
  private readonly acceptAtOnce = byId<HTMLInputElement>("sandbox-accept-at-once");
  private readonly logBody = byId<HTMLTableSectionElement>("sandbox-log");
  private readonly buttons = [...this.root.querySelectorAll<HTMLButtonElement>("button[data-action]")];

  constructor() {
    for (const button of this.buttons) {
      button.addEventListener("click", () => void this.run(button.dataset.action as SandboxAction));
    }
    this.render();
  }

  show(visible: boolean): void {
    this.root.hidden = !visible;
  }

  /** A new payment view from the element (checkout-payment), or undefined for a new order. */
  setPayment(payment: PaymentView | undefined): void {
    const changedPayment = payment?.paymentId !== this.payment?.paymentId;
    this.payment = payment;
    if (changedPayment) {
      this.logBody.replaceChildren();
      this.say("");
      this.schedulePoll(0);
    }
    this.render();
  }

  private render(): void {
    const payment = this.payment;
    const enabled = this.busy ? new Set<SandboxAction>() : enabledActions(payment);
    for (const button of this.buttons) button.disabled = !enabled.has(button.dataset.action as SandboxAction);
    if (!payment) {
      this.summary.textContent = "No payment yet: the element creates one when the customer has chosen a currency.";
      return;
    }
    const pending = pendingTransactions(payment).length;
    this.summary.replaceChildren(
      h("span", { class: "mono" }, payment.paymentId),
      " · ",
      h("strong", { "data-testid": "sandbox-status" }, payment.status),
      ` · paid ${payment.paidTransferAmount} of ${payment.transferAmount} ${payment.transferCurrency}`,
      pending ? ` · ${pending} pending` : "",
    );
  }

  private say(text: string, isError = false): void {
    this.message.textContent = text;
    this.message.classList.toggle("error", isError);
  }

  private async run(action: SandboxAction): Promise<void> {
    const payment = this.payment;
    if (!payment || this.busy) return;
    this.busy = true;
    this.render();
    try {
      this.say(await this.perform(action, payment));
      this.schedulePoll(300);
    } catch (error) {
      this.say(error instanceof ApiError ? `${error.code}: ${error.message}` : String(error), true);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async perform(action: SandboxAction, payment: PaymentView): Promise<string> {
    const id = payment.paymentId;
    switch (action) {
      case "pay-exact":
      case "pay-part":
      case "pay-rest":
      case "overpay": {
        const amount = transactionAmount(action, payment);
        if (amount === undefined) return "Nothing to pay.";
        await sendTransaction(id, amount, this.acceptAtOnce.checked);
        return `Sent ${amount} ${payment.transferCurrency}${this.acceptAtOnce.checked ? " (accepted at once)" : " (pending)"}.`;
      }
      case "confirm":
      case "reject": {
        const pending = pendingTransactions(payment);
        for (const transactionId of pending)
          await settleTransaction(id, transactionId, action === "confirm" ? "accept" : "reject");
        return `${action === "confirm" ? "Confirmed" : "Rejected"} ${pending.length} pending transaction${pending.length === 1 ? "" : "s"}.`;
      }
      case "expire":
        await expirePayment(id);
        return "Expired the payment.";
    }
  }

  private schedulePoll(delayMs: number): void {
    clearTimeout(this.pollTimer);
    if (!this.payment || this.root.hidden) return;
    this.pollTimer = setTimeout(() => void this.poll(), delayMs);
  }

  /** Reads the delivery log; keeps polling until the payment is final and nothing waits for a retry. */
  private async poll(): Promise<void> {
    const paymentId = this.payment?.paymentId;
    if (!paymentId) return;
    let settled = false;
    try {
      const log = await notificationLog(paymentId);
      if (paymentId !== this.payment?.paymentId) return;
      this.renderLog(log.items);
      settled = log.pending === 0 && isFinalPaymentStatus(this.payment.status);
    } catch {
      // The next poll tries again; the log is a convenience.
    }
    if (!settled) this.schedulePoll(LOG_POLL_MS);
  }

  private renderLog(attempts: AttemptLog[]): void {
    const rows = attempts.map((attempt) => {
      const code = attempt.statusCode === null ? (attempt.error ?? "no answer") : String(attempt.statusCode);
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      return h(
        "tr",
        {},
        h("td", { class: "mono" }, new Date(attempt.time).toLocaleTimeString()),
        h("td", {}, `${attempt.notificationType}${attempt.attempt > 1 ? ` (attempt ${attempt.attempt})` : ""}`),
        h("td", {}, attempt.status),
        h("td", { class: ok ? "ok mono" : "fail mono" }, code),
      );
    });
    if (rows.length === 0)
      rows.push(h("tr", {}, h("td", { colspan: "4", class: "muted" }, "No notification delivered yet.")));
    this.logBody.replaceChildren(...rows);
  }
}
