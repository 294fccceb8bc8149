/**
 * Settings: the shop as the Worker reads it, secrets only as set / not set; for a registry shop, a
 * form for its allowed origins, redirect URLs and webhook endpoints, saved through the admin API's
 * validation (its messages shown next to the form, naming each refused field).
 */
import { html, nothing } from "lit";
import type { DeskSettings, DeskSettingsPatch } from "../../worker/checkout/dashboard-wire.js";
import { DeskApiError, type Load } from "../api.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { errorView, loadingView } from "../parts/views.js";

const REDIRECT_KEYS = ["confirmed", "unconfirmed", "expired", "invalid"] as const;

/** The patch of the form's values: one origin or URL a line, empty redirect fields left out. */
export function settingsPatch(form: FormData, current: DeskSettings): DeskSettingsPatch {
  const lines = (name: string) =>
    String(form.get(name) ?? "")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean);
  const redirectUrls: Record<string, string> = {};
  for (const key of REDIRECT_KEYS) {
    const value = String(form.get(`redirect-${key}`) ?? "").trim();
    if (value) redirectUrls[key] = value;
  }
  return {
    allowedOrigins: lines("allowedOrigins"),
    redirectUrls,
    webhooks: lines("webhooks").map((url) => ({
      url,
      events: current.webhooks.find((w) => w.url === url)?.events ?? null,
    })),
  };
}

export class DeskSettingsPage extends LightElement {
  static override properties = {
    state: { attribute: false },
    save: { attribute: false },
    retry: { attribute: false },
    _save: { state: true },
  };
  declare state: Load<DeskSettings>;
  declare save: ((patch: DeskSettingsPatch) => Promise<DeskSettings>) | undefined;
  declare retry: (() => void) | undefined;
  declare private _save: "" | "busy" | DeskSettings | DeskApiError;

  constructor() {
    super();
    this.state = { status: "loading" };
    this._save = "";
  }

  private async submit(event: SubmitEvent, current: DeskSettings): Promise<void> {
    event.preventDefault();
    if (!this.save) return;
    const patch = settingsPatch(new FormData(event.target as HTMLFormElement), current);
    this._save = "busy";
    try {
      const saved = await this.save(patch);
      this._save = saved;
      this.state = { status: "ready", data: saved };
    } catch (error) {
      this._save = error instanceof DeskApiError ? error : new DeskApiError("network", 0);
    }
    await this.updateComplete;
    this.querySelector<HTMLElement>(".save-outcome > div")?.focus();
  }

  protected override render() {
    const s = this.state;
    return html`<h1 tabindex="-1">${t.settings.title}</h1>
      ${s.status === "loading" ? loadingView() : s.status === "error" ? errorView(s.error, this.retry) : this.content(s.data)}`;
  }

  private content(s: DeskSettings) {
    const list = (values: string[]) => (values.length ? values.join(", ") : t.settings.none);
    const row = (label: string, value: unknown) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
    return html`<dl class="facts settings">
        ${row(t.settings.id, html`<span class="mono">${s.id}</span>`)} ${row(t.settings.name, s.name)}
        ${row(t.settings.environment, t.shop[s.environment])}
        ${row(t.settings.source, s.source === "registry" ? t.settings.sourceRegistry : t.settings.sourceVar)}
        ${row(t.settings.pricing, s.pricing)} ${row(t.settings.priceCurrencies, list(s.priceCurrencies))}
        ${row(t.settings.transferCurrencies, list(s.transferCurrencies))}
        ${row(t.settings.limits, s.limits ? `${s.limits.min} – ${s.limits.max}` : t.settings.noLimits)}
        ${row(t.settings.dashboardUsers, list(s.dashboardUsers))}
      </dl>
      <h2>${t.settings.secrets}</h2>
      <dl class="facts">
        ${Object.entries(s.secrets).map(([name, state]) =>
          row(
            name,
            html`<span class="badge secret-${state === "set" ? "set" : "unset"}">${state === "set" ? t.settings.secretSet : t.settings.secretNotSet}</span>`,
          ),
        )}
        ${s.webhooks.map((w) =>
          row(
            `${t.payment.endpoint} ${w.url}`,
            html`<span class="badge secret-${w.secret === "set" ? "set" : "unset"}">${w.secret === "set" ? t.settings.secretSet : t.settings.secretNotSet}</span>`,
          ),
        )}
      </dl>
      ${s.editable ? this.form(s) : this.readOnly(s)}`;
  }

  private readOnly(s: DeskSettings) {
    return html`<p class="hint">${t.settings.readOnly}</p>
      <h2>${t.settings.allowedOrigins}</h2>
      <ul class="plain mono">
        ${s.allowedOrigins.map((o) => html`<li>${o}</li>`)}
      </ul>
      <h2>${t.settings.redirectUrls}</h2>
      <dl class="facts">
        ${Object.entries(s.redirectUrls).map(([key, url]) => html`<div><dt>${key}</dt><dd class="mono url">${url}</dd></div>`)}
      </dl>
      <h2>${t.settings.webhooks}</h2>
      <ul class="plain mono">
        ${s.webhooks.map((w) => html`<li>${w.url} <span class="sub">(${w.events?.join(", ") ?? t.settings.allEvents})</span></li>`)}
      </ul>`;
  }

  private form(s: DeskSettings) {
    const outcome = this._save;
    const refused = outcome instanceof DeskApiError ? outcome.fields.map((f) => f.field) : [];
    const invalid = (name: string) =>
      refused.some((f) => f === name || f.startsWith(`${name}.`) || f.startsWith(`${name}[`)) ? "true" : "false";
    return html`<form class="settings-form" @submit=${(e: SubmitEvent) => this.submit(e, s)}>
      <div class="field">
        <label for="s-origins">${t.settings.allowedOrigins}</label>
        <textarea id="s-origins" name="allowedOrigins" rows="3" aria-describedby="s-origins-hint" aria-invalid=${invalid("allowedOrigins")}
          .value=${s.allowedOrigins.join("\n")}></textarea>
        <p class="hint" id="s-origins-hint">${t.settings.allowedOriginsHint}</p>
      </div>
      <fieldset>
        <legend>${t.settings.redirectUrls}</legend>
        <p class="hint" id="s-redirect-hint">${t.settings.redirectHint}</p>
        ${REDIRECT_KEYS.map(
          (key) => html`<div class="field">
            <label for="s-redirect-${key}">${t.status[key.toUpperCase()]}</label>
            <input id="s-redirect-${key}" name="redirect-${key}" type="url" aria-describedby="s-redirect-hint"
              aria-invalid=${invalid(`redirectUrls.${key}`)} .value=${s.redirectUrls[key] ?? ""} />
          </div>`,
        )}
      </fieldset>
      <div class="field">
        <label for="s-webhooks">${t.settings.webhooks}</label>
        <textarea id="s-webhooks" name="webhooks" rows="3" aria-describedby="s-webhooks-hint" aria-invalid=${invalid("webhooks")}
          .value=${s.webhooks.map((w) => w.url).join("\n")}></textarea>
        <p class="hint" id="s-webhooks-hint">${t.settings.webhooksHint}</p>
      </div>
      <button type="submit" ?disabled=${outcome === "busy"}>${outcome === "busy" ? t.settings.saving : t.settings.save}</button>
      <div class="save-outcome">
        ${
          outcome instanceof DeskApiError
            ? html`<div tabindex="-1"><p>${t.settings.fixFields}</p>${errorView(outcome)}</div>`
            : typeof outcome === "object"
              ? html`<div tabindex="-1" role="status" class="saved"><p>${t.settings.saved}</p></div>`
              : nothing
        }
      </div>
    </form>`;
  }
}
