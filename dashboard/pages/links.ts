/**
 * Payment links (docs/links.md): the shop's links with their state, amount and use, each URL with
 * a copy button, Disable (confirmed first, for good), and a form that makes a new link and shows
 * its URL to copy. The list comes from the app's load (`state`); what this page does changes its
 * own copy with the Worker's answer, so what is shown is what the Worker holds.
 */
import { html, nothing, type PropertyValues } from "lit";
import type { PaymentLinkList, PaymentLinkView } from "../../worker/checkout/link-wire.js";
import { DeskApiError, type LinkCalls, type Load } from "../api.js";
import { formatTime } from "../format.js";
import { linkBody, type LinkFormValues } from "../link-form.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { errorView, loadingView } from "../parts/views.js";

const asError = (error: unknown): DeskApiError =>
  error instanceof DeskApiError ? error : new DeskApiError("network", 0);

const amountOf = (l: PaymentLinkView) =>
  l.priceAmount !== undefined
    ? `${l.priceAmount} ${l.priceCurrency}`
    : `${l.minAmount}–${l.maxAmount} ${l.priceCurrency}`;

export class DeskLinksPage extends LightElement {
  static override properties = {
    state: { attribute: false },
    calls: { attribute: false },
    retry: { attribute: false },
    _links: { state: true },
    _form: { state: true },
    _kind: { state: true },
    _single: { state: true },
    _formError: { state: true },
    _busy: { state: true },
    _failure: { state: true },
    _created: { state: true },
    _confirming: { state: true },
    _notice: { state: true },
  };
  declare state: Load<PaymentLinkList>;
  declare calls: LinkCalls | undefined;
  declare retry: (() => void) | undefined;
  /** The list as this page changed it since the load (null: the load's). */
  declare private _links: PaymentLinkView[] | null;
  declare private _form: boolean;
  declare private _kind: "fixed" | "open";
  declare private _single: boolean;
  declare private _formError: { field: string; problem: string } | null;
  declare private _busy: string | null;
  declare private _failure: DeskApiError | null;
  declare private _created: PaymentLinkView | null;
  declare private _confirming: string | null;
  declare private _notice: string;

  constructor() {
    super();
    this.state = { status: "loading" };
    this._links = null;
    this._form = false;
    this._kind = "fixed";
    this._single = false;
    this._formError = null;
    this._busy = null;
    this._failure = null;
    this._created = null;
    this._confirming = null;
    this._notice = "";
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("state")) this._links = null;
  }

  private get links(): PaymentLinkView[] {
    return this._links ?? (this.state.status === "ready" ? this.state.data.links : []);
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const calls = this.calls;
    if (!calls || this._busy) return;
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const value = (name: string) => String(data.get(name) ?? "");
    const values: LinkFormValues = {
      description: value("description"),
      currency: value("currency"),
      kind: this._kind,
      amount: value("amount"),
      min: value("min"),
      max: value("max"),
      singleUse: this._single,
      orderId: value("orderId"),
      referenceLabel: value("referenceLabel"),
      referenceRequired: data.get("referenceRequired") === "on",
      expires: value("expires"),
    };
    const checked = linkBody(values);
    if ("problem" in checked) {
      this._formError = checked;
      await this.updateComplete;
      this.querySelector<HTMLElement>(`#link-${checked.field}`)?.focus();
      return;
    }
    this._formError = null;
    this._failure = null;
    this._busy = "create";
    try {
      const link = await calls.create(checked.body);
      this._links = [link, ...this.links];
      this._created = link;
      this._form = false;
      form.reset();
    } catch (error) {
      this._failure = asError(error);
    } finally {
      this._busy = null;
    }
  }

  private async disable(link: PaymentLinkView): Promise<void> {
    const calls = this.calls;
    if (!calls || this._busy) return;
    this._busy = `disable:${link.id}`;
    this._failure = null;
    this._notice = "";
    try {
      const done = await calls.disable(link.id);
      this._links = this.links.map((l) => (l.id === done.id ? done : l));
      if (this._created?.id === done.id) this._created = null;
      this._notice = t.links.disabled;
    } catch (error) {
      this._failure = asError(error);
    } finally {
      this._busy = null;
      this._confirming = null;
    }
  }

  protected override render() {
    const s = this.state;
    return html`<h1 tabindex="-1">${t.links.title}</h1>
      <p class="intro">${t.links.intro}</p>
      ${s.status === "loading" ? loadingView() : s.status === "error" ? errorView(s.error, this.retry) : this.content()}`;
  }

  private content() {
    const links = this.links;
    return html`<div class="list-actions">
        <button type="button" aria-expanded=${this._form ? "true" : "false"} aria-controls="link-form" @click=${() => (this._form = !this._form)}>
          ${t.links.newLink}
        </button>
        <span role="status">${this._notice}</span>
      </div>
      ${this._form ? this.form() : nothing}
      ${this._failure ? errorView(this._failure) : nothing}
      ${
        this._created
          ? html`<div class="notice link-created" role="status">
              <p>${t.links.created}</p>
              <p><a class="mono url" href=${this._created.url}>${this._created.url}</a> <desk-copy .value=${this._created.url} .label=${t.links.copy}></desk-copy></p>
            </div>`
          : nothing
      }
      ${links.length ? this.table(links) : html`<p class="empty">${t.links.none}</p>`}`;
  }

  private error(field: string) {
    const e = this._formError;
    return e?.field === field ? html`<p class="field-error" id="link-${field}-error">${e.problem}</p>` : nothing;
  }

  private invalid(field: string) {
    return this._formError?.field === field ? "true" : "false";
  }

  private described(field: string, hint = "") {
    return [hint, this._formError?.field === field ? `link-${field}-error` : ""].filter(Boolean).join(" ") || nothing;
  }

  private form() {
    const busy = this._busy === "create";
    return html`<form id="link-form" class="link-form" novalidate @submit=${(e: SubmitEvent) => this.submit(e)}>
      <fieldset>
        <legend>${t.links.form}</legend>
        <label for="link-description">${t.links.description}</label>
        <input id="link-description" name="description" maxlength="500" required aria-invalid=${this.invalid("description")} aria-describedby=${this.described("description", "link-description-hint")} />
        <p class="hint" id="link-description-hint">${t.links.descriptionHint}</p>
        ${this.error("description")}
        <label for="link-currency">${t.links.currency}</label>
        <input id="link-currency" name="currency" value="EUR" autocomplete="off" required aria-invalid=${this.invalid("currency")} aria-describedby=${this.described("currency")} />
        ${this.error("currency")}
        <fieldset class="choice">
          <legend>${t.links.kind}</legend>
          <label class="check"><input type="radio" name="kind" value="fixed" .checked=${this._kind === "fixed"} @change=${() => (this._kind = "fixed")} /> ${t.links.fixed}</label>
          <label class="check"><input type="radio" name="kind" value="open" .checked=${this._kind === "open"} @change=${() => (this._kind = "open")} /> ${t.links.open}</label>
        </fieldset>
        ${
          this._kind === "fixed"
            ? html`<label for="link-amount">${t.links.amount}</label>
                <input id="link-amount" name="amount" inputmode="decimal" autocomplete="off" required aria-invalid=${this.invalid("amount")} aria-describedby=${this.described("amount")} />
                ${this.error("amount")}`
            : html`<label for="link-min">${t.links.min}</label>
                <input id="link-min" name="min" inputmode="decimal" autocomplete="off" required aria-invalid=${this.invalid("min")} aria-describedby=${this.described("min")} />
                ${this.error("min")}
                <label for="link-max">${t.links.max}</label>
                <input id="link-max" name="max" inputmode="decimal" autocomplete="off" required aria-invalid=${this.invalid("max")} aria-describedby=${this.described("max")} />
                ${this.error("max")}`
        }
        <label class="check"><input type="checkbox" name="singleUse" .checked=${this._single} @change=${(e: Event) => (this._single = (e.target as HTMLInputElement).checked)} /> ${t.links.singleUse}</label>
        ${
          this._single
            ? html`<label for="link-orderId">${t.links.orderId}</label>
                <input id="link-orderId" name="orderId" class="mono" autocomplete="off" maxlength="64" />`
            : nothing
        }
        <label for="link-referenceLabel">${t.links.referenceLabel}</label>
        <input id="link-referenceLabel" name="referenceLabel" maxlength="60" autocomplete="off" />
        <label class="check"><input type="checkbox" name="referenceRequired" /> ${t.links.referenceRequired}</label>
        <label for="link-expires">${t.links.expires}</label>
        <input id="link-expires" name="expires" type="datetime-local" aria-invalid=${this.invalid("expires")} aria-describedby=${this.described("expires")} />
        ${this.error("expires")}
        <button type="submit" ?disabled=${busy}>${busy ? t.links.creating : t.links.create}</button>
      </fieldset>
    </form>`;
  }

  private table(links: PaymentLinkView[]) {
    return html`<div class="table-scroll" role="region" aria-label=${t.links.title} tabindex="0">
      <table class="links">
        <thead>
          <tr>
            <th scope="col">${t.links.description}</th>
            <th scope="col" class="num">${t.links.amount}</th>
            <th scope="col">${t.links.use}</th>
            <th scope="col">${t.links.state}</th>
            <th scope="col" class="num">${t.links.orders}</th>
            <th scope="col">${t.links.url}</th>
            <th scope="col"><span class="visually-hidden">${t.links.disable}</span></th>
          </tr>
        </thead>
        <tbody>
          ${links.map((l) => this.row(l))}
        </tbody>
      </table>
    </div>`;
  }

  private row(l: PaymentLinkView) {
    const busy = this._busy === `disable:${l.id}`;
    return html`<tr data-link=${l.id}>
      <td>${l.description}${l.expiresAt ? html`<br /><span class="sub">${t.links.expires}: ${formatTime(l.expiresAt)}</span>` : nothing}</td>
      <td class="num">${amountOf(l)}</td>
      <td>${l.singleUse ? t.links.single : t.links.reusable}</td>
      <td><span class="badge link-${l.state}">${t.links.states[l.state] ?? l.state}</span></td>
      <td class="num">${l.uses}</td>
      <td><desk-copy .value=${l.url} .label=${t.links.copy}></desk-copy></td>
      <td>
        ${
          l.state === "disabled"
            ? nothing
            : this._confirming === l.id
              ? html`<div class="confirm-inline" role="group" aria-label=${t.links.confirmDisable(l.description)}>
                  <p>${t.links.confirmDisable(l.description)}</p>
                  <button type="button" class="danger" ?disabled=${busy} @click=${() => this.disable(l)}>${busy ? t.links.disabling : t.links.confirmYes}</button>
                  <button type="button" class="confirm-no" @click=${() => (this._confirming = null)}>${t.links.confirmNo}</button>
                </div>`
              : html`<button type="button" class="danger" @click=${() => (this._confirming = l.id)}>${t.links.disable}</button>`
        }
      </td>
    </tr>`;
  }
}
