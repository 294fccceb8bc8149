/** Webhooks: each endpoint's deliveries, success rate and last failures, and Send test event (`ping`). */
import { html, nothing } from "lit";
import type { DeskEndpointStats, DeskPing, DeskWebhooks } from "../../worker/checkout/dashboard-wire.js";
import { DeskApiError, type Load } from "../api.js";
import { formatDuration, formatTime, percent } from "../format.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { deliveryBadge, errorView, loadingView } from "../parts/views.js";

export class DeskWebhooksPage extends LightElement {
  static override properties = {
    state: { attribute: false },
    ping: { attribute: false },
    retry: { attribute: false },
    _ping: { state: true },
  };
  declare state: Load<DeskWebhooks>;
  declare ping: (() => Promise<DeskPing>) | undefined;
  declare retry: (() => void) | undefined;
  declare private _ping: "" | "busy" | DeskPing | DeskApiError;

  constructor() {
    super();
    this.state = { status: "loading" };
    this._ping = "";
  }

  private async send(): Promise<void> {
    if (!this.ping) return;
    this._ping = "busy";
    try {
      this._ping = await this.ping();
    } catch (error) {
      this._ping = error instanceof DeskApiError ? error : new DeskApiError("network", 0);
    }
  }

  protected override render() {
    const s = this.state;
    return html`<h1 tabindex="-1">${t.webhooks.title}</h1>
      ${s.status === "loading" ? loadingView() : s.status === "error" ? errorView(s.error, this.retry) : this.content(s.data)}`;
  }

  private content(data: DeskWebhooks) {
    if (!data.endpoints.length) return html`<p class="empty">${t.webhooks.none}</p>`;
    const p = this._ping;
    return html`<div class="list-actions">
        <button type="button" ?disabled=${p === "busy"} @click=${this.send}>
          ${p === "busy" ? t.webhooks.pinging : t.webhooks.ping}
        </button>
        <span role="status">${typeof p === "object" && !(p instanceof DeskApiError) ? t.webhooks.pinged(p.eventId) : ""}</span>
      </div>
      ${p instanceof DeskApiError ? errorView(p) : nothing} ${data.endpoints.map((e, i) => this.endpoint(e, i))}`;
  }

  private endpoint(e: DeskEndpointStats, i: number) {
    const rate = e.successRate === null ? null : percent(Math.round(e.successRate * 1000), 1000);
    return html`<section class="endpoint" aria-labelledby="endpoint-${i}">
      <h2 id="endpoint-${i}" class="mono url">${e.url}</h2>
      <dl class="facts">
        <div><dt>${t.webhooks.successRate}</dt><dd>${rate ?? t.webhooks.noRate}</dd></div>
        <div>
          <dt>${t.webhooks.deliveries}</dt>
          <dd>
            <ul class="deliveries">
              ${(["delivered", "pending", "retrying", "dead"] as const).map(
                (state) => html`<li>${deliveryBadge(state)} ${e.deliveries[state] ?? 0}</li>`,
              )}
            </ul>
          </dd>
        </div>
      </dl>
      <h3>${t.webhooks.lastFailures}</h3>
      ${
        e.lastFailures.length
          ? html`<div class="table-scroll" role="region" aria-label="${t.webhooks.lastFailures}: ${e.url}" tabindex="0">
            <table>
              <thead>
                <tr>
                  <th scope="col">${t.payment.attemptTime}</th>
                  <th scope="col">${t.webhooks.event}</th>
                  <th scope="col">${t.payment.httpStatus}</th>
                  <th scope="col">${t.webhooks.error}</th>
                  <th scope="col" class="num">${t.payment.duration}</th>
                </tr>
              </thead>
              <tbody>
                ${e.lastFailures.map(
                  (f) => html`<tr>
                    <td class="time">${formatTime(f.at)}</td>
                    <td class="mono">${f.eventType}<br /><span class="sub">${f.eventId}</span></td>
                    <td>${f.status ?? t.payment.noAnswer}</td>
                    <td>${f.error ?? "—"}</td>
                    <td class="num">${formatDuration(f.durationMs)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
          : html`<p class="empty">${t.webhooks.noFailures}</p>`
      }
    </section>`;
  }
}
