/**
 * A payment's refunds, shown on its detail page: the totals (accepted, held, what remains), the
 * proposals as one-click buttons, a form for any other refund, and each refund with its state,
 * amount, address, payout and timeline. Actions follow the refund's state: a link for the
 * customer (its URL to copy, with its expiry), Approve (a confirmation that names exactly the
 * amount, currency and address, and sends exactly those), Cancel (confirmed too). Every failure
 * is said from the Worker's code (refund_refused with its refusal, refund_amount_exceeded with
 * what remains, payout_limits, invalid_address with its problem). docs/refunds.md, docs/dashboard.md.
 */
import { html, nothing, type PropertyValues } from "lit";
import type {
  RefundLinkCreated,
  RefundList,
  RefundPayoutLimits,
  RefundView,
} from "../../worker/checkout/backend-wire.js";
import type { DeskRefundCreate } from "../../worker/checkout/dashboard-wire.js";
import { DeskApiError, type Load, type RefundCalls } from "../api.js";
import { formatAmount, formatTime } from "../format.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { errorView, loadingView } from "../parts/views.js";

/** The Worker's request form of an amount (rules.ts decimalAmount): digits, an optional point and at most 18 decimals. */
const AMOUNT = /^(?:0|[1-9]\d*)(?:\.\d{1,18})?$/;
const REASONS = ["overpaid", "paid_late", "duplicate", "order_cancelled", "other"] as const;
/** States in which no payout exists yet, so a new link and Cancel are allowed. */
const BEFORE_PAYOUT = new Set(["requested", "awaiting_address", "ready_for_approval"]);

/** What failed, in the merchant's words, from the Worker's code; null when the generic view says it best. */
export function refundErrorText(error: DeskApiError): string | null {
  const message = error.serverMessage ?? "";
  switch (error.code) {
    case "refund_refused":
      return error.extra.refusal === "stale_approval"
        ? t.refunds.errors.stale
        : t.refunds.errors.refused(error.extra.refusal ?? "refused", message);
    case "refund_amount_exceeded":
      return t.refunds.errors.exceeded(error.extra.remaining ?? "0");
    case "payout_limits":
      return t.refunds.errors.limits(message);
    case "invalid_address":
      return t.refunds.errors.address(error.extra.problem ?? "format", message);
    default:
      return null;
  }
}

function failureView(error: DeskApiError) {
  const said = refundErrorText(error);
  if (!said) return errorView(error);
  return html`<div class="error" role="alert">
    <p>${said}</p>
    ${error.requestId ? html`<p class="request-id">${t.errors.requestId(error.requestId)}</p>` : nothing}
  </div>`;
}

const asError = (error: unknown): DeskApiError =>
  error instanceof DeskApiError ? error : new DeskApiError("network", 0);

export class DeskRefunds extends LightElement {
  static override properties = {
    calls: { attribute: false },
    _load: { state: true },
    _busy: { state: true },
    _failure: { state: true },
    _notice: { state: true },
    _links: { state: true },
    _form: { state: true },
    _formError: { state: true },
    _approving: { state: true },
    _limits: { state: true },
  };
  /** The payment's refund calls (DeskApi.refunds); a new `key` loads another payment's. */
  declare calls: RefundCalls | undefined;
  declare private _load: Load<RefundList>;
  /** The action under way (`create`, or `<action>:<refundId>`), its buttons disabled meanwhile. */
  declare private _busy: string | null;
  declare private _failure: DeskApiError | null;
  declare private _notice: string;
  declare private _links: ReadonlyMap<string, RefundLinkCreated>;
  declare private _form: boolean;
  declare private _formError: string;
  /** The refund whose approval is being confirmed, exactly as it was shown. */
  declare private _approving: RefundView | null;
  /** The payout limits read for the refund being approved (null: being read; an Error: not read). */
  declare private _limits: RefundPayoutLimits | Error | null;

  constructor() {
    super();
    this._load = { status: "loading" };
    this._busy = null;
    this._failure = null;
    this._notice = "";
    this._links = new Map();
    this._form = false;
    this._formError = "";
    this._approving = null;
    this._limits = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("calls")) {
      const before = changed.get("calls") as RefundCalls | undefined;
      if (this.calls && before?.key !== this.calls.key) void this.reload();
    }
  }

  protected override updated(): void {
    const dialog = this.querySelector<HTMLDialogElement>("dialog.confirm-approval");
    if (dialog && !dialog.open) {
      dialog.showModal();
      // The safe choice has the focus: Enter alone never moves money.
      dialog.querySelector<HTMLButtonElement>(".confirm-no")?.focus();
    }
  }

  /** Reads the refunds again (after every action, so what is shown is what the Worker holds). */
  async reload(): Promise<void> {
    const calls = this.calls;
    if (!calls) return;
    try {
      const list = await calls.list();
      if (this.calls?.key === calls.key) this._load = { status: "ready", data: list };
    } catch (error) {
      if (this.calls?.key === calls.key) this._load = { status: "error", error: asError(error) };
    }
  }

  /** Runs one action: busy while it runs, then the list read again, then its failure or notice (shown with the list they speak of). */
  private async act(busy: string, run: (calls: RefundCalls) => Promise<unknown>, notice: string): Promise<boolean> {
    const calls = this.calls;
    if (!calls || this._busy) return false;
    this._busy = busy;
    this._failure = null;
    this._notice = "";
    let failure: DeskApiError | null = null;
    try {
      await run(calls);
    } catch (error) {
      failure = asError(error);
    }
    await this.reload();
    this._busy = null;
    this._failure = failure;
    this._notice = failure ? "" : notice;
    return failure === null;
  }

  private createFrom(body: DeskRefundCreate): Promise<boolean> {
    return this.act("create", (calls) => calls.create(body), t.refunds.created);
  }

  private async submitForm(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const amount = String(data.get("amount") ?? "").trim();
    if (!AMOUNT.test(amount) || !/[1-9]/.test(amount)) {
      this._formError = t.refunds.badAmount;
      form.querySelector<HTMLInputElement>("input[name=amount]")?.focus();
      return;
    }
    this._formError = "";
    const address = String(data.get("address") ?? "").trim();
    const denomination = data.get("denomination") === "price" ? "price" : "transfer";
    const done = await this.createFrom({
      amount,
      denomination,
      reason: String(data.get("reason") ?? "other"),
      ...(address ? { address } : {}),
    });
    if (done) this._form = false;
  }

  private async link(refund: RefundView): Promise<void> {
    let made: RefundLinkCreated | undefined;
    await this.act(
      `link:${refund.id}`,
      async (calls) => {
        made = await calls.link(refund.id);
      },
      "",
    );
    if (made) this._links = new Map(this._links).set(refund.id, made);
  }

  /** Opens the confirmation and reads the payout limits for it: the balance is shown before anything is sent. */
  private askApproval(r: RefundView): void {
    this._approving = r;
    this._limits = null;
    const calls = this.calls;
    if (!calls) return;
    calls.limits(r.id).then(
      (limits) => {
        if (this._approving?.id === r.id) this._limits = limits;
      },
      (err: unknown) => {
        if (this._approving?.id === r.id) this._limits = err instanceof Error ? err : new Error(String(err));
      },
    );
  }

  private async confirmApproval(): Promise<void> {
    const refund = this._approving;
    this._approving = null;
    if (!refund?.address) return;
    const shown = { amount: refund.amount, currency: refund.currency, address: refund.address };
    await this.act(`approve:${refund.id}`, (calls) => calls.approve(refund.id, shown), t.refunds.approved);
  }

  private async cancel(refund: RefundView): Promise<void> {
    if (!window.confirm(t.refunds.confirmCancel(formatAmount(refund.amount, refund.currency)))) return;
    await this.act(`cancel:${refund.id}`, (calls) => calls.cancel(refund.id), t.refunds.cancelled);
  }

  protected override render() {
    const s = this._load;
    return html`<section aria-labelledby="refunds" class="refunds">
      <h2 id="refunds">${t.refunds.title}</h2>
      ${
        s.status === "loading"
          ? loadingView()
          : s.status === "error"
            ? errorView(s.error, () => void this.reload())
            : this.content(s.data)
      }
    </section>`;
  }

  private content(list: RefundList) {
    const nothingLeft = !/[1-9]/.test(list.totals.remaining);
    return html`<dl class="facts refund-totals" aria-label=${t.refunds.totals}>
        <div><dt>${t.refunds.accepted}</dt><dd class="num">${formatAmount(list.totals.accepted, list.transferCurrency)}</dd></div>
        <div><dt>${t.refunds.held}</dt><dd class="num">${formatAmount(list.totals.held, list.transferCurrency)}</dd></div>
        <div><dt>${t.refunds.remaining}</dt><dd class="num">${formatAmount(list.totals.remaining, list.transferCurrency)}</dd></div>
      </dl>
      <div class="refund-actions">
        ${list.proposals.map(
          (p) => html`<button
            type="button"
            class="primary proposal"
            ?disabled=${this._busy !== null}
            @click=${() => this.createFrom({ proposal: p.kind })}
          >
            ${t.refunds.proposal(p.kind, formatAmount(p.amount, p.currency))}
          </button>`,
        )}
        ${
          nothingLeft
            ? nothing
            : html`<button type="button" aria-expanded=${this._form ? "true" : "false"} aria-controls="refund-form" @click=${() => (this._form = !this._form)}>
              ${this._form ? t.refunds.closeForm : t.refunds.openForm}
            </button>`
        }
      </div>
      ${nothingLeft && !list.refunds.length ? html`<p class="empty">${t.refunds.nothingToRefund}</p>` : nothing}
      ${this._form && !nothingLeft ? this.form(list) : nothing}
      <p role="status" class="notice">${this._busy === "create" ? t.refunds.creating : this._notice}</p>
      ${this._failure ? failureView(this._failure) : nothing}
      ${
        list.refunds.length
          ? html`<ol class="refund-list" aria-label=${t.refunds.list}>
            ${[...list.refunds].reverse().map((r) => this.refund(r))}
          </ol>`
          : html`<p class="empty">${t.refunds.none}</p>`
      }
      ${this._approving ? this.confirm(this._approving) : nothing}`;
  }

  private form(list: RefundList) {
    return html`<form id="refund-form" class="refund-form" novalidate @submit=${(e: SubmitEvent) => this.submitForm(e)}>
      <fieldset>
        <legend>${t.refunds.form}</legend>
        <label
          >${t.refunds.amount}
          <input
            name="amount"
            inputmode="decimal"
            autocomplete="off"
            required
            aria-describedby="refund-amount-hint"
            aria-invalid=${this._formError ? "true" : "false"}
        /></label>
        <p class="hint" id="refund-amount-hint">${this._formError || t.refunds.amountHint}</p>
        <label
          >${t.refunds.denomination}
          <select name="denomination">
            <option value="transfer">${t.refunds.inTransfer(list.transferCurrency)}</option>
            <option value="price">${t.refunds.inPrice(list.priceCurrency)}</option>
          </select></label
        >
        <label
          >${t.refunds.reason}
          <select name="reason">
            ${REASONS.map((r) => html`<option value=${r}>${t.refunds.reasons[r]}</option>`)}
          </select></label
        >
        <label
          >${t.refunds.address}
          <input name="address" class="mono" autocomplete="off" spellcheck="false" aria-describedby="refund-address-hint"
        /></label>
        <p class="hint" id="refund-address-hint">${t.refunds.addressHint}</p>
        <button type="submit" ?disabled=${this._busy !== null}>${this._busy === "create" ? t.refunds.creating : t.refunds.create}</button>
      </fieldset>
    </form>`;
  }

  private refund(r: RefundView) {
    const amount = formatAmount(r.amount, r.currency);
    const link = this._links.get(r.id);
    const busy = (action: string) => this._busy === `${action}:${r.id}`;
    const headingId = `refund-${r.id}`;
    return html`<li class="refund" aria-labelledby=${headingId}>
      <h3 id=${headingId}>
        ${t.refunds.refund(amount)}
        <span class="badge refund-${r.state}">${t.refunds.states[r.state] ?? r.state}</span>
      </h3>
      <dl class="facts">
        <div><dt>${t.refunds.reason}</dt><dd>${t.refunds.reasons[r.reason] ?? r.reason}</dd></div>
        ${
          r.denomination === "price" && r.estimatedTransferAmount
            ? html`<div><dt>${t.refunds.estimated}</dt><dd class="num">${formatAmount(r.estimatedTransferAmount, r.transferCurrency)}</dd></div>`
            : nothing
        }
        <div><dt>${t.refunds.payout}</dt><dd>${r.payout?.status ?? t.refunds.noPayout}</dd></div>
        ${r.payout?.sentTime ? html`<div><dt>${t.refunds.sentTime}</dt><dd>${formatTime(r.payout.sentTime)}</dd></div>` : nothing}
        ${
          r.payout?.transactionId
            ? html`<div class="wide"><dt>${t.refunds.transaction}</dt><dd class="mono">${r.payout.transactionId}</dd></div>`
            : nothing
        }
        <div class="wide">
          <dt>${t.refunds.addressOf}</dt>
          <dd>
            ${
              r.address
                ? html`<span class="mono address">${r.address}</span>
                  <span class="sub">${t.refunds.addressBy(r.addressBy ?? "merchant")}</span>`
                : t.refunds.noAddress
            }
          </dd>
        </div>
        ${r.endReason ? html`<div class="wide"><dt>${t.refunds.endReason}</dt><dd>${r.endReason}</dd></div>` : nothing}
      </dl>
      ${this.actions(r, busy)}
      ${
        link
          ? html`<div class="refund-link">
            <p><strong>${t.refunds.link}</strong></p>
            <p class="mono address">${link.url}</p>
            <desk-copy .value=${link.url} .label=${t.refunds.copyLink}></desk-copy>
            <p class="hint">${t.refunds.linkHint(formatTime(link.expiresAt))}</p>
          </div>`
          : nothing
      }
      <details class="refund-history">
        <summary>${t.refunds.history} (${r.history.length})</summary>
        <ol class="timeline">
          ${r.history.map(
            (h) => html`<li>
              <time datetime=${h.at}>${formatTime(h.at)}</time>
              <span>${t.refunds.actor(h.actor.kind, h.actor.id)}</span>
              <strong>${t.refunds.step(h.from, h.to)}</strong>
              ${h.note ? html`<span class="sub">${h.note}</span>` : nothing}
            </li>`,
          )}
        </ol>
      </details>
    </li>`;
  }

  private actions(r: RefundView, busy: (action: string) => boolean) {
    const noPayout = BEFORE_PAYOUT.has(r.state) && !r.payout;
    const disabled = this._busy !== null;
    const canLink = noPayout;
    const canApprove = r.state === "ready_for_approval" && Boolean(r.address);
    if (!canLink && !canApprove) return nothing;
    return html`<div class="event-actions">
      ${
        canApprove
          ? html`<button type="button" class="primary" ?disabled=${disabled} @click=${() => this.askApproval(r)}>
            ${busy("approve") ? t.refunds.approving : t.refunds.approve}
          </button>`
          : nothing
      }
      ${
        canLink
          ? html`<button type="button" ?disabled=${disabled} @click=${() => this.link(r)}>
            ${busy("link") ? t.refunds.linking : r.state === "requested" ? t.refunds.sendLink : t.refunds.newLink}
          </button>`
          : nothing
      }
      ${
        noPayout
          ? html`<button type="button" class="danger" ?disabled=${disabled} @click=${() => this.cancel(r)}>
            ${busy("cancel") ? t.refunds.cancelling : t.refunds.cancel}
          </button>`
          : nothing
      }
    </div>`;
  }

  /** The balance and minimum the payment service reports for this payout, or why they are not shown. */
  private limitsBlock() {
    const limits = this._limits;
    if (limits === null) return html`<p class="hint limits" role="status">${t.refunds.limitsReading}</p>`;
    if (limits instanceof Error) return html`<p class="hint limits">${t.refunds.confirmLimits}</p>`;
    return html`<dl class="facts limits">
        ${
          typeof limits.available === "string"
            ? html`<div><dt>${t.refunds.available}</dt><dd class="num confirm-available">${formatAmount(limits.available, limits.currency)}</dd></div>`
            : nothing
        }
        ${
          typeof limits.minPayoutAmount === "string"
            ? html`<div><dt>${t.refunds.minimum}</dt><dd class="num">${formatAmount(limits.minPayoutAmount, limits.currency)}</dd></div>`
            : nothing
        }
      </dl>
      ${limits.problem ? html`<p class="error confirm-problem" role="alert">${limits.problem}</p>` : nothing}`;
  }

  private confirm(r: RefundView) {
    const amount = formatAmount(r.amount, r.currency);
    return html`<dialog
      class="confirm-approval"
      aria-labelledby="confirm-approval-title"
      @close=${() => (this._approving = null)}
    >
      <h2 id="confirm-approval-title">${t.refunds.confirmTitle}</h2>
      <p>${t.refunds.confirmLead}</p>
      <dl class="facts">
        <div><dt>${t.refunds.confirmAmount}</dt><dd class="num confirm-amount">${amount}</dd></div>
        <div class="wide"><dt>${t.refunds.confirmAddress}</dt><dd class="mono address confirm-address">${r.address}</dd></div>
      </dl>
      ${
        r.denomination === "price" && r.estimatedTransferAmount
          ? html`<p>${t.refunds.confirmEstimate(formatAmount(r.estimatedTransferAmount, r.transferCurrency))}</p>`
          : nothing
      }
      ${this.limitsBlock()}
      <div class="event-actions">
        <button type="button" class="primary" @click=${() => this.confirmApproval()}>${t.refunds.confirmYes(amount)}</button>
        <button type="button" class="confirm-no" @click=${() => (this._approving = null)}>${t.refunds.confirmNo}</button>
      </div>
    </dialog>`;
  }
}
