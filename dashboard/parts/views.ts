/** Small templates every page uses: loading, a failure with its cause and fix, status badges. */
import { html, nothing, type TemplateResult } from "lit";
import type { DeskApiError } from "../api.js";
import { t } from "../strings.js";

export function loadingView(): TemplateResult {
  return html`<p class="loading" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span>${t.loading}</p>`;
}

/** A failure: what happened, what to do, the Worker's own words and the request id to quote. */
export function errorView(error: DeskApiError, retry?: () => void): TemplateResult {
  const text = t.errors[error.kind];
  return html`<div class="error" role="alert">
    <p><strong>${text.cause}</strong> ${text.fix}</p>
    ${error.serverMessage ? html`<p class="server-message">${error.serverMessage}</p>` : nothing}
    ${
      error.fields.length
        ? html`<ul class="field-errors">
          ${error.fields.map((f) => html`<li><code>${f.field}</code>: ${f.message}</li>`)}
        </ul>`
        : nothing
    }
    ${error.requestId ? html`<p class="request-id">${t.errors.requestId(error.requestId)}</p>` : nothing}
    ${retry ? html`<button type="button" @click=${retry}>${t.retry}</button>` : nothing}
  </div>`;
}

export function statusBadge(status: string): TemplateResult {
  return html`<span class="badge status-${status.toLowerCase()}">${t.status[status] ?? status}</span>`;
}

export function deliveryBadge(state: string): TemplateResult {
  return html`<span class="badge delivery-${state}">${t.delivery[state] ?? state}</span>`;
}
