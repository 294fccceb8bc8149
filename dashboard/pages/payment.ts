/**
 * A payment's detail: its amounts, transactions, address (with copy buttons), the timeline of its
 * events with every webhook attempt and a Redeliver button per event, the order's earlier
 * payments, and links to the same data as JSON. Its refunds are their own part (refunds.ts),
 * given the payment's refund calls.
 */
import { html, nothing } from "lit";
import type { DeliveryAttempt } from "../../worker/checkout/backend-wire.js";
import type { DeskPaymentDetail, DeskTimelineEntry } from "../../worker/checkout/dashboard-wire.js";
import { DeskApiError, type Load, type RefundCalls } from "../api.js";
import { formatAmount, formatDuration, formatTime } from "../format.js";
import { receiptPath } from "../../worker/checkout/receipt-wire.js";
import { link } from "../routes.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { deliveryBadge, errorView, loadingView, statusBadge } from "../parts/views.js";

type Outcome = "busy" | "done" | DeskApiError;

export class DeskPaymentPage extends LightElement {
  static override properties = {
    state: { attribute: false },
    shop: { type: String },
    jsonHref: { type: String },
    redeliver: { attribute: false },
    retry: { attribute: false },
    refunds: { attribute: false },
    _outcomes: { state: true },
  };
  declare state: Load<DeskPaymentDetail>;
  declare shop: string | null;
  /** The dashboard API's URL of this detail (readable with the session). */
  declare jsonHref: string;
  declare redeliver: ((eventId: string) => Promise<void>) | undefined;
  declare retry: (() => void) | undefined;
  /** The payment's refund calls; without them the refunds section is not shown. */
  declare refunds: RefundCalls | undefined;
  declare private _outcomes: ReadonlyMap<string, Outcome>;

  constructor() {
    super();
    this.state = { status: "loading" };
    this.shop = null;
    this.jsonHref = "";
    this._outcomes = new Map();
  }

  private setOutcome(eventId: string, outcome: Outcome): void {
    this._outcomes = new Map(this._outcomes).set(eventId, outcome);
  }

  private async send(eventId: string): Promise<void> {
    if (!this.redeliver) return;
    this.setOutcome(eventId, "busy");
    try {
      await this.redeliver(eventId);
      this.setOutcome(eventId, "done");
    } catch (error) {
      this.setOutcome(eventId, error instanceof DeskApiError ? error : new DeskApiError("network", 0));
    }
  }

  protected override render() {
    const s = this.state;
    return html`<p class="back"><a href=${link.payments(this.shop)}>← ${t.payment.back}</a></p>
      ${
        s.status === "ready"
          ? this.content(s.data)
          : html`<h1 tabindex="-1">${t.payments.payment}</h1>
            ${s.status === "loading" ? loadingView() : errorView(s.error, this.retry)}`
      }`;
  }

  private content(d: DeskPaymentDetail) {
    const p = d.payment;
    const amount = (label: string, value: string, currency: string) =>
      html`<div><dt>${label}</dt><dd class="num">${formatAmount(value, currency)}</dd></div>`;
    return html`<h1 tabindex="-1" class="mono-title">${t.payment.title(p.paymentId)}</h1>
      <div class="summary">
        ${statusBadge(p.status)}
        <desk-copy .value=${p.paymentId} .label=${t.payment.copyPaymentId}></desk-copy>
        <a href=${this.jsonHref}>${t.payment.json}</a>
        ${
          p.status === "CONFIRMED"
            ? html`<a class="receipt" href=${receiptPath(this.shop ?? "", p.paymentId)} target="_blank">${t.payment.receipt}</a>`
            : nothing
        }
      </div>
      <section aria-labelledby="amounts">
        <h2 id="amounts">${t.payment.amounts}</h2>
        <dl class="facts">
          ${amount(t.payment.price, p.priceAmount, p.priceCurrency)}
          ${amount(t.payment.transfer, p.transferAmount, p.transferCurrency)}
          <div>
            <dt>${t.payment.paid}</dt>
            <dd class="num">
              ${formatAmount(p.acceptedPaidPriceAmount, p.priceCurrency)}<br /><span class="sub"
                >${formatAmount(p.acceptedPaidTransferAmount, p.transferCurrency)}</span
              >
            </dd>
          </div>
          <div>
            <dt>${t.payment.pending}</dt>
            <dd class="num">
              ${formatAmount(p.pendingPaidPriceAmount, p.priceCurrency)}<br /><span class="sub"
                >${formatAmount(p.pendingPaidTransferAmount, p.transferCurrency)}</span
              >
            </dd>
          </div>
          ${amount(t.payment.remaining, d.remainingPriceAmount, p.priceCurrency)}
        </dl>
        <dl class="facts">
          <div><dt>${t.payment.order}</dt><dd class="mono">${p.orderId ?? "—"}</dd></div>
          <div><dt>${t.payment.created}</dt><dd>${formatTime(p.createdAt)}</dd></div>
          <div><dt>${t.payment.updated}</dt><dd>${formatTime(p.updatedAt)}</dd></div>
          <div><dt>${t.payment.final}</dt><dd>${formatTime(p.finalAt)}</dd></div>
        </dl>
      </section>
      <section aria-labelledby="address">
        <h2 id="address">${t.payment.address}</h2>
        <p class="address mono">${p.address}</p>
        <desk-copy .value=${p.address} .label=${t.payment.copyAddress}></desk-copy>
      </section>
      ${this.transactions(d)}
      ${this.refunds ? html`<desk-refunds .calls=${this.refunds}></desk-refunds>` : nothing}
      ${this.timeline(d.timeline)} ${this.earlier(d)}
      ${d.jsonUrl ? html`<p class="hint">${t.payment.orderApi} <code>${d.jsonUrl}</code></p>` : nothing}`;
  }

  private transactions(d: DeskPaymentDetail) {
    const p = d.payment;
    return html`<section aria-labelledby="transactions">
      <h2 id="transactions">${t.payment.transactions}</h2>
      ${
        d.transactions.length
          ? html`<div class="table-scroll" role="region" aria-labelledby="transactions-caption" tabindex="0">
            <table>
              <caption id="transactions-caption">${t.payment.transactionsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">${t.payment.txId}</th>
                  <th scope="col">${t.payment.txState}</th>
                  <th scope="col" class="num">${t.payment.txAmount}</th>
                  <th scope="col" class="num">${t.payment.txPrice}</th>
                  <th scope="col">${t.payment.txObserved}</th>
                </tr>
              </thead>
              <tbody>
                ${d.transactions.map(
                  (tx) => html`<tr>
                    <td class="mono">${tx.transactionId ?? "—"}</td>
                    <td>${tx.state ?? "—"}</td>
                    <td class="num">${formatAmount(tx.paidTransferAmount, p.transferCurrency)}</td>
                    <td class="num">${formatAmount(tx.priceAmount, p.priceCurrency)}</td>
                    <td class="time">${formatTime(tx.observedTime)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
          : html`<p class="empty">${t.payment.noTransactions}</p>`
      }
    </section>`;
  }

  private timeline(entries: DeskTimelineEntry[]) {
    return html`<section aria-labelledby="timeline">
      <h2 id="timeline">${t.payment.timeline}</h2>
      ${
        entries.length
          ? html`<ol class="timeline">
            ${entries.map((e) => this.entry(e))}
          </ol>`
          : html`<p class="empty">${t.payment.noTimeline}</p>`
      }
    </section>`;
  }

  private entry(e: DeskTimelineEntry) {
    const ev = e.event;
    const outcome = this._outcomes.get(ev.id);
    const change =
      ev.type === "ping"
        ? ""
        : ev.type === "payout.updated"
          ? t.payment.statusChange(ev.data.previousStatus, ev.data.payout.status ?? "")
          : "refund" in ev.data
            ? t.payment.statusChange(ev.data.previousState, ev.data.refund.state)
            : t.payment.statusChange(ev.data.previousStatus, ev.data.payment.status);
    return html`<li class="event">
      <div class="event-head">
        <time datetime=${ev.timestamp}>${formatTime(ev.timestamp)}</time>
        <strong class="mono">${ev.type}</strong>
        <span>${change}</span>
        ${deliveryBadge(e.delivery)}
      </div>
      ${e.attempts.length ? this.attempts(ev.id, e.attempts) : html`<p class="hint">${t.payment.noAttempts}</p>`}
      ${
        e.delivery === "none"
          ? nothing
          : html`<div class="event-actions">
            <button type="button" ?disabled=${outcome === "busy"} @click=${() => this.send(ev.id)}>
              ${outcome === "busy" ? t.payment.redelivering : t.payment.redeliver}
            </button>
            <span role="status">${outcome === "done" ? t.payment.redelivered : ""}</span>
            ${outcome instanceof DeskApiError ? errorView(outcome) : nothing}
          </div>`
      }
    </li>`;
  }

  private attempts(eventId: string, attempts: DeliveryAttempt[]) {
    return html`<div class="attempts-scroll"><table class="attempts" aria-label="${t.payment.attempts}: ${eventId}">
      <thead>
        <tr>
          <th scope="col">${t.payment.attemptTime}</th>
          <th scope="col">${t.payment.endpoint}</th>
          <th scope="col">${t.payment.httpStatus}</th>
          <th scope="col" class="num">${t.payment.duration}</th>
        </tr>
      </thead>
      <tbody>
        ${attempts.map(
          (a) => html`<tr class=${a.status !== null && a.status >= 200 && a.status < 300 ? "ok" : "failed"}>
            <td class="time">${formatTime(a.at)}</td>
            <td class="mono url">${a.url}</td>
            <td>${a.status ?? t.payment.noAnswer}${a.error ? html` <span class="sub">${a.error}</span>` : nothing}</td>
            <td class="num">${formatDuration(a.durationMs)}</td>
          </tr>`,
        )}
      </tbody>
    </table></div>`;
  }

  private earlier(d: DeskPaymentDetail) {
    return html`<section aria-labelledby="earlier">
      <h2 id="earlier">${t.payment.earlier}</h2>
      ${
        d.earlierPayments.length
          ? html`<ul class="earlier">
            ${d.earlierPayments.map(
              (p) => html`<li>
                <a class="mono" href=${link.payment(this.shop, p.paymentId)}>${p.paymentId}</a> ${statusBadge(p.status)}
                ${formatAmount(p.priceAmount, p.priceCurrency)} · ${formatTime(p.createdAt)}
              </li>`,
            )}
          </ul>`
          : html`<p class="empty">${t.payment.noEarlier}</p>`
      }
    </section>`;
  }
}
