/**
 * Overview: payments per day of the last 30 days stacked by status (SVG, with every number in the
 * table below it), the confirmed rate, the open payments and the webhook deliveries.
 */
import { html, nothing, svg } from "lit";
import type { DeskOverview } from "../../worker/checkout/dashboard-wire.js";
import type { Load } from "../api.js";
import { barGeometry, dailyStacks, statusesOf, type DayStack } from "../chart.js";
import { NO_FILTERS } from "../filters.js";
import { percent } from "../format.js";
import { link } from "../routes.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { deliveryBadge, errorView, loadingView } from "../parts/views.js";

const PLOT = { width: 600, height: 180 };
const MARGIN = { left: 28, right: 16, bottom: 18, top: 6 };

export class DeskOverviewPage extends LightElement {
  static override properties = { state: { attribute: false }, shop: { type: String }, retry: { attribute: false } };
  declare state: Load<DeskOverview>;
  declare shop: string | null;
  declare retry: (() => void) | undefined;

  constructor() {
    super();
    this.state = { status: "loading" };
    this.shop = null;
  }

  /** On a narrow screen the chart scrolls: it opens on its newest days. */
  protected override updated(): void {
    const scroller = this.querySelector(".chart-scroll");
    if (scroller) scroller.scrollLeft = scroller.scrollWidth;
  }

  protected override render() {
    return html`<h1 tabindex="-1">${t.overview.title}</h1>
      ${
        this.state.status === "loading"
          ? loadingView()
          : this.state.status === "error"
            ? errorView(this.state.error, this.retry)
            : this.content(this.state.data)
      }`;
  }

  private content(data: DeskOverview) {
    const stacks = dailyStacks(data.days, data.from, data.to);
    const statuses = statusesOf(data.days);
    const total = stacks.reduce((n, s) => n + s.total, 0);
    const rate = percent(data.confirmed, data.final);
    return html`<section class="tiles" aria-label=${t.overview.title}>
        <div class="tile">
          <h2>${t.overview.confirmedRate}</h2>
          <p class="figure">${rate ?? "—"}</p>
          <p class="hint">${data.final ? t.overview.confirmedOf(data.confirmed, data.final) : t.overview.noFinal}</p>
        </div>
        <div class="tile">
          <h2>${t.overview.open}</h2>
          <p class="figure"><a href=${link.payments(this.shop, { ...NO_FILTERS, status: ["NEW", "UNDERPAID", "UNCONFIRMED"] })}>${data.open}</a></p>
          <p class="hint">${t.overview.openHint}</p>
        </div>
        <div class="tile">
          <h2>${t.overview.deliveries}</h2>
          <ul class="deliveries">
            ${(["delivered", "retrying", "dead"] as const).map(
              (state) =>
                html`<li>${deliveryBadge(state)} <span class="figure-small">${data.deliveries[state] ?? 0}</span></li>`,
            )}
          </ul>
        </div>
      </section>
      <section aria-labelledby="chart-title">
        <h2 id="chart-title">${t.overview.chartTitle(stacks.length)}</h2>
        ${total === 0 ? html`<p class="empty">${t.overview.noPayments}</p>` : nothing} ${this.chart(stacks, statuses, total)}
        ${this.table(stacks, statuses)}
      </section>`;
  }

  private chart(stacks: DayStack[], statuses: string[], total: number) {
    const geometry = barGeometry(stacks, statuses, PLOT);
    const width = PLOT.width + MARGIN.left + MARGIN.right;
    const height = PLOT.height + MARGIN.bottom + MARGIN.top;
    return html`<figure class="chart">
      <div class="chart-scroll"><svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-summary" preserveAspectRatio="xMidYMid meet">
        <title id="chart-summary">${t.overview.chartSummary(total, stacks.length)}</title>
        <g transform="translate(${MARGIN.left} ${MARGIN.top})">
          ${geometry.ticks.map(
            (tick) =>
              svg`<line class="grid" x1="0" x2=${PLOT.width} y1=${tick.y} y2=${tick.y}></line><text class="axis" x="-6" y=${tick.y + 4} text-anchor="end">${tick.value}</text>`,
          )}
          ${geometry.bars.map(
            (bar, i) =>
              svg`<g>${bar.segments.map(
                (s) =>
                  svg`<rect class="seg status-${s.status.toLowerCase()}" x=${bar.x} y=${s.y} width=${bar.width} height=${s.height}><title>${bar.day}: ${s.count} ${t.status[s.status] ?? s.status}</title></rect>`,
              )}${
                (geometry.bars.length - 1 - i) % 7 === 0
                  ? svg`<text class="axis" x=${bar.x + bar.width / 2} y=${PLOT.height + 14} text-anchor="middle">${bar.day.slice(5)}</text>`
                  : nothing
              }</g>`,
          )}
        </g>
      </svg></div>
      <figcaption>
        <ul class="legend">
          ${statuses.map((s) => html`<li><span class="swatch status-${s.toLowerCase()}" aria-hidden="true"></span>${t.status[s] ?? s}</li>`)}
        </ul>
      </figcaption>
    </figure>`;
  }

  private table(stacks: DayStack[], statuses: string[]) {
    return html`<details class="numbers-toggle">
      <summary>${t.overview.showNumbers}</summary>
      <div class="table-scroll" role="region" aria-labelledby="overview-caption" tabindex="0">
      <table class="numbers">
        <caption id="overview-caption">${t.overview.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">${t.overview.day}</th>
            ${statuses.map((s) => html`<th scope="col" class="num">${t.status[s] ?? s}</th>`)}
            <th scope="col" class="num">${t.overview.total}</th>
            <th scope="col" class="num">${t.overview.volume}</th>
          </tr>
        </thead>
        <tbody>
          ${[...stacks].reverse().map(
            (stack) => html`<tr>
              <th scope="row">${stack.day}</th>
              ${statuses.map((s) => html`<td class="num">${stack.counts[s] ?? 0}</td>`)}
              <td class="num">${stack.total}</td>
              <td class="num">${stack.volume.map((v, i) => html`${i ? html`<br />` : nothing}${v.amount} ${v.currency}`)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
    </details>`;
  }
}
