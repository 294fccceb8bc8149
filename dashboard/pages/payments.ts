/**
 * Payments: the filter form and the one search box (their values live in the URL: the form's
 * submit navigates, so a link shares them and Back restores them), the list as a table with ↑/↓
 * between rows, the next page by cursor, and the CSV export of the same filters.
 */
import { html, nothing } from "lit";
import type { LedgerPayment, LedgerPaymentList } from "../../worker/checkout/backend-wire.js";
import type { Load } from "../api.js";
import { STATUS_ORDER } from "../chart.js";
import { hasFilters, invalidFilterFields, NO_FILTERS, type PaymentFilters } from "../filters.js";
import { formatAmount, formatTime } from "../format.js";
import { link } from "../routes.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { navigateEvent } from "../parts/navigate.js";
import { errorView, loadingView, statusBadge } from "../parts/views.js";

export class DeskPaymentsPage extends LightElement {
  static override properties = {
    state: { attribute: false },
    shop: { type: String },
    filters: { attribute: false },
    cursor: { type: String },
    csvUrl: { type: String },
    retry: { attribute: false },
    _invalid: { state: true },
  };
  declare state: Load<LedgerPaymentList>;
  declare shop: string | null;
  declare filters: PaymentFilters;
  declare cursor: string | null;
  declare csvUrl: string;
  declare retry: (() => void) | undefined;
  declare private _invalid: string[];

  constructor() {
    super();
    this.state = { status: "loading" };
    this.shop = null;
    this.filters = NO_FILTERS;
    this.cursor = null;
    this.csvUrl = "";
    this._invalid = [];
  }

  private submit(event: SubmitEvent): void {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const filters: PaymentFilters = {
      q: text("q"),
      status: form.getAll("status").map(String),
      currency: text("currency")
        .toUpperCase()
        .split(/[\s,]+/)
        .filter(Boolean),
      from: text("from"),
      to: text("to"),
      minAmount: text("minAmount"),
      maxAmount: text("maxAmount"),
    };
    this._invalid = invalidFilterFields(filters);
    if (this._invalid.length) {
      this.updateComplete.then(() => this.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
      return;
    }
    this.dispatchEvent(navigateEvent(link.payments(this.shop, filters)));
  }

  /** ↑/↓ move between the rows' links (Tab still walks every control). */
  private keydown(event: KeyboardEvent): void {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...this.querySelectorAll<HTMLAnchorElement>("tbody a.row-link")];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    const next = links[at + (event.key === "ArrowDown" ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  protected override render() {
    return html`<h1 tabindex="-1">${t.payments.title}</h1>
      ${this.form()}
      <div class="list-actions">
        <a class="button" href=${this.csvUrl} download title=${t.payments.exportHint}>${t.payments.exportCsv}</a>
        ${hasFilters(this.filters) ? html`<a href=${link.payments(this.shop)}>${t.payments.clear}</a>` : nothing}
      </div>
      ${
        this.state.status === "loading"
          ? loadingView()
          : this.state.status === "error"
            ? errorView(this.state.error, this.retry)
            : this.list(this.state.data)
      }`;
  }

  private field(name: "from" | "to" | "minAmount" | "maxAmount", label: string, type: string) {
    const invalid = this._invalid.includes(name);
    const message = type === "date" ? t.errors.badDate(label) : t.errors.badFilter(label);
    return html`<div class="field">
      <label for="f-${name}">${label}</label>
      <input
        id="f-${name}"
        name=${name}
        type=${type}
        inputmode=${type === "text" ? "decimal" : nothing}
        .value=${this.filters[name]}
        aria-invalid=${invalid ? "true" : "false"}
        aria-describedby=${invalid ? `f-${name}-error` : nothing}
      />
      ${invalid ? html`<p class="field-error" id="f-${name}-error">${message}</p>` : nothing}
    </div>`;
  }

  private form() {
    const f = this.filters;
    return html`<form class="filters" role="search" @submit=${this.submit}>
      <div class="field search">
        <label for="f-q">${t.payments.search}</label>
        <input id="f-q" name="q" type="search" .value=${f.q} aria-describedby="f-q-hint" maxlength="128" />
        <p class="hint" id="f-q-hint">${t.payments.searchHint}</p>
      </div>
      <details ?open=${hasFilters({ ...f, q: "" }) || this._invalid.length > 0}>
        <summary>${t.payments.filters}</summary>
        <div class="filter-grid">
          <fieldset class="statuses">
            <legend>${t.payments.status}</legend>
            ${STATUS_ORDER.map(
              (s) => html`<label class="check"
                ><input type="checkbox" name="status" value=${s} .checked=${f.status.includes(s)} />${t.status[s]}</label
              >`,
            )}
          </fieldset>
          <div class="field">
            <label for="f-currency">${t.payments.currency}</label>
            <input id="f-currency" name="currency" type="text" .value=${f.currency.join(", ")} placeholder="EUR" autocapitalize="characters" />
          </div>
          ${this.field("from", t.payments.from, "date")} ${this.field("to", t.payments.to, "date")}
          ${this.field("minAmount", t.payments.minAmount, "text")} ${this.field("maxAmount", t.payments.maxAmount, "text")}
        </div>
      </details>
      <button type="submit">${t.payments.apply}</button>
    </form>`;
  }

  private list(data: LedgerPaymentList) {
    if (!data.payments.length)
      return html`<p class="empty" role="status">${hasFilters(this.filters) || this.cursor ? t.payments.empty : t.payments.emptyAll}</p>
        ${this.cursor ? html`<a href=${link.payments(this.shop, this.filters)}>${t.payments.first}</a>` : nothing}`;
    return html`<p class="hint">${t.payments.keyboardHint}</p>
      <div class="table-scroll" role="region" aria-labelledby="payments-caption" tabindex="-1">
        <table class="payments" @keydown=${this.keydown}>
          <caption id="payments-caption">${t.payments.caption}</caption>
          <thead>
            <tr>
              <th scope="col">${t.payments.payment}</th>
              <th scope="col">${t.payments.order}</th>
              <th scope="col">${t.payment.status}</th>
              <th scope="col" class="num">${t.payments.price}</th>
              <th scope="col" class="num">${t.payments.paid}</th>
              <th scope="col" class="num">${t.payments.transfer}</th>
              <th scope="col">${t.payments.created}</th>
            </tr>
          </thead>
          <tbody>
            ${data.payments.map((p) => this.row(p))}
          </tbody>
        </table>
      </div>
      <nav class="pager" aria-label=${t.payments.title}>
        ${this.cursor ? html`<a href=${link.payments(this.shop, this.filters)}>${t.payments.first}</a>` : nothing}
        ${data.next ? html`<a href=${link.payments(this.shop, this.filters, data.next)} rel="next">${t.payments.next}</a>` : nothing}
      </nav>`;
  }

  private row(p: LedgerPayment) {
    return html`<tr>
      <th scope="row"><a class="row-link mono" href=${link.payment(this.shop, p.paymentId)}>${p.paymentId}</a></th>
      <td class="mono">${p.orderId ?? "—"}</td>
      <td>${statusBadge(p.status)}</td>
      <td class="num">${formatAmount(p.priceAmount, p.priceCurrency)}</td>
      <td class="num">${formatAmount(p.acceptedPaidPriceAmount, p.priceCurrency)}</td>
      <td class="num">${formatAmount(p.transferAmount, p.transferCurrency)}</td>
      <td class="time">${formatTime(p.createdAt)}</td>
    </tr>`;
  }
}
