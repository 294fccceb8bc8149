/** Render functions for the blocks of the element; it passes data and handlers. */
import { html, nothing } from "lit";
import type { TemplateResult } from "lit";
import type {
  ErrorKind,
  PaymentProgress,
  PaymentView,
  ShopSettings,
  TransactionView,
} from "../../worker/checkout/wire.js";
import { plural } from "../locales/index.js";
import type { Messages, ResolvedLocale } from "../locales/index.js";
import { formatAmount, formatCountdown, formatDateTime, formatInteger } from "../locales/format.js";
import { WARNING_MS } from "../state/countdown.js";
import type { Countdown } from "../state/countdown.js";
import type { StatusView } from "../state/status.js";
import { qrPath, qrPayload } from "../qr/qr-matrix.js";
import { CONFIRMED_ICON } from "./status-icons.js";

export type CopyField = "address" | "amount";

export interface BlockContext {
  m: Messages;
  /** The catalog's language and the Intl tag. */
  locale: ResolvedLocale;
  view: PaymentView;
}

export function statusBlock({ m, view }: BlockContext, status: StatusView): TemplateResult {
  const text = statusText(m, view.status, status);
  const busy = status.kind === "unconfirmed" || status.kind === "awaiting";
  return html`<div class="status ${status.kind}" part="status">
    ${
      busy
        ? html`<span class="spinner" aria-hidden="true"></span>`
        : status.kind === "confirmed"
          ? html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d=${CONFIRMED_ICON}></path></svg>`
          : nothing
    }
    <h2 data-focus="lead" tabindex="-1">${text}</h2>
  </div>`;
}

export function statusText(m: Messages, status: string, view: StatusView): string {
  return view.kind === "unknown" ? m.unknown(status) : m[view.kind];
}

/** "Less than 2 minutes left", from the length of the warning stretch. */
export function warningText(m: Messages, locale: ResolvedLocale): string {
  return plural(locale, m.timeLeftWarning, WARNING_MS / 60_000);
}

/** The transaction's state in words; a state the element does not know is shown as sent. */
function txStateText(m: Messages, state: string): string {
  return (
    ({ PENDING: m.txPending, ACCEPTED: m.txAccepted, REJECTED: m.txRejected } as Record<string, string | undefined>)[
      state
    ] ?? state
  );
}

export function amountBlock({ m, locale: { tag }, view }: BlockContext, amount: string): TemplateResult {
  // The rate is notation, the same in every language: 1 BTC = 60,629.58 €.
  const rate = view.exchangeRate
    ? `1 ${view.transferCurrency} = ${formatAmount(tag, view.exchangeRate, view.priceCurrency)}`
    : "";
  return html`<div class="amount" part="amount">
    <p class="label">${m.sendExactly}</p>
    <p class="amount-main"><bdi>${formatAmount(tag, amount, view.transferCurrency)}</bdi></p>
    <p class="muted">
      ${m.price} <bdi>${formatAmount(tag, view.priceAmount, view.priceCurrency)}</bdi>${rate ? html` · <bdi>${rate}</bdi>` : nothing}
    </p>
  </div>`;
}

export function qrBlock({ m, view }: BlockContext, uri: string | undefined): TemplateResult {
  const { size, d } = qrPath(qrPayload(uri, view.address));
  return html`<div class="qr" part="qr">
    <svg viewBox="0 0 ${size} ${size}" role="img" aria-label=${m.qrLabel(view.transferCurrency)} shape-rendering="crispEdges">
      <rect width=${size} height=${size} fill="#fff"></rect>
      <path d=${d}></path>
    </svg>
  </div>`;
}

export interface FieldsOptions {
  amount: string;
  uri: string | undefined;
  /** What to show next to a copy button (CopyController.render). */
  feedback: (field: CopyField) => TemplateResult | typeof nothing;
  onCopy: (field: CopyField, value: string) => void;
}

/**
 * The address in groups of four characters, as wallets show it. The groups are spaced by margins,
 * not characters, so the copy fallback's selection and a customer's own copy the exact address;
 * screen readers get it whole from the hidden text before it (the groups are hidden from them).
 */
export function fieldsBlock({ m, view }: BlockContext, o: FieldsOptions): TemplateResult {
  // The amount and its currency code side by side in one value; the copy fallback selects the number alone.
  return html`<div class="fields">
    <div class="field" part="address">
      <span class="label">${m.address}</span>
      <div class="value-row">
        <span class="sr-only">${view.address}</span>
        <code class="value groups" dir="ltr" id="address-value" aria-hidden="true"
          >${view.address.match(/.{1,4}/g)?.map((group) => html`<span>${group}</span>`)}</code
        >
        <button type="button" part="button" @click=${() => o.onCopy("address", view.address)}>${m.copyAddress}</button>
        ${o.feedback("address")}
      </div>
    </div>
    <div class="field">
      <span class="label">${m.amount}</span>
      <div class="value-row">
        <span class="value" dir="ltr"><code id="amount-value">${o.amount}</code> ${view.transferCurrency}</span>
        <button type="button" part="button" @click=${() => o.onCopy("amount", o.amount)}>${m.copyAmount}</button>
        ${o.feedback("amount")}
      </div>
    </div>
    ${o.uri ? html`<a class="button primary" part="wallet-link" href=${o.uri}>${m.openWallet}</a>` : nothing}
  </div>`;
}

export function countdownBlock({ m, locale }: BlockContext, left: Countdown): TemplateResult {
  return html`<p class="countdown ${left.warning ? "warning" : ""}" part="countdown">
    <span>${left.over ? m.timeUp : m.timeLeft}</span>
    <time>${formatCountdown(locale.tag, left.remainingMs)}</time>
    ${left.warning ? html`<strong>${warningText(m, locale)}</strong>` : nothing}
  </p>`;
}

/** The Worker's progress (PaymentProgress): percentages and amounts as exact decimal strings, only formatted here. */
export function progressBlock({ m, locale: { tag }, view }: BlockContext, p: PaymentProgress): TemplateResult {
  const amount = (value: string) => formatAmount(tag, value, view.transferCurrency);
  const words = m.progressText(amount(p.accepted), amount(p.pending), amount(p.total));
  const acceptedWidth = `${p.acceptedPercent}%`;
  return html`<div class="progress" part="progress">
    <span class="label" id="progress-label">${m.progress}</span>
    <svg
      class="bar"
      role="progressbar"
      aria-labelledby="progress-label"
      aria-valuemin="0"
      aria-valuemax="100"
      aria-valuenow=${p.acceptedPercent}
      aria-valuetext=${words}
      preserveAspectRatio="none"
    >
      <rect class="track" width="100%" height="100%"></rect>
      <rect class="accepted" width=${acceptedWidth} height="100%"></rect>
      <rect class="pending" x=${acceptedWidth} width="${p.pendingPercent}%" height="100%"></rect>
    </svg>
    <p>${words}</p>
  </div>`;
}

export function underpaidSummary({ m, locale: { tag }, view }: BlockContext): TemplateResult {
  return html`<dl class="summary">
    <dt>${m.received}</dt>
    <dd><bdi>${formatAmount(tag, view.progress.paid, view.transferCurrency)}</bdi></dd>
    <dt>${m.stillToPay}</dt>
    <dd><strong><bdi>${formatAmount(tag, view.remainingTransferAmount, view.transferCurrency)}</bdi></strong></dd>
  </dl>`;
}

export function transactionsBlock({ m, locale: { tag }, view }: BlockContext): TemplateResult {
  // Every transaction field is optional upstream (docs/upstream.md, "Payments"): a missing one reads as unknown.
  const item = (tx: TransactionView) => {
    const observed = tx.observedTime === undefined ? "" : formatDateTime(tag, tx.observedTime);
    return html`<li>
      ${
        tx.paidTransferAmount === undefined
          ? html`<span class="unknown">${m.txAmountUnknown}</span>`
          : html`<bdi>${formatAmount(tag, tx.paidTransferAmount, view.transferCurrency)}</bdi>`
      }
      · ${tx.state === undefined ? html`<span class="unknown">${m.txStateUnknown}</span>` : txStateText(m, tx.state)}
      ${observed ? html`· <time datetime=${tx.observedTime ?? ""}>${observed}</time>` : nothing}
      <br />${tx.transactionId === undefined ? html`<span class="muted">${m.txIdUnknown}</span>` : html`<code class="value" dir="ltr">${tx.transactionId}</code>`}
    </li>`;
  };
  return html`<section class="transactions" aria-labelledby="tx-heading">
    <h3 class="label" id="tx-heading">${m.transactions} (${formatInteger(tag, view.transactions.length)})</h3>
    <ul>
      ${view.transactions.map(item)}
    </ul>
  </section>`;
}

export function referenceBlock({ m, view }: BlockContext): TemplateResult {
  return html`<p class="reference" part="reference">
    <span class="label">${m.reference}</span> <code class="value" dir="ltr">${view.paymentId}</code>
  </p>`;
}

export function pickerBlock(
  m: Messages,
  currencies: ShopSettings["transferCurrencies"],
  onChoose: (code: string) => void,
): TemplateResult {
  return html`<div class="picker" role="group" aria-labelledby="picker-heading">
    <h2 id="picker-heading" data-focus="lead" tabindex="-1">${m.chooseCurrency}</h2>
    ${currencies.map((c) => html`<button type="button" part="button" @click=${() => onChoose(c.code)}>${m.payWith(c.name, c.code)}</button>`)}
  </div>`;
}

/** The customer's message for an error kind; a kind this element does not know (a newer Worker's) reads as failed. */
export const errorText = (m: Messages, kind: ErrorKind): string => m.errors[kind] ?? m.errors.failed;

/** A failure as the customer sees it: the message of its kind (wire.ts, ERROR_KINDS), and "Try again" only when that can help. */
export function errorBlock(
  m: Messages,
  error: { kind: ErrorKind; retryable: boolean },
  onRetry: () => void,
): TemplateResult {
  return html`<div class="status invalid" part="status"><h2 data-focus="lead" tabindex="-1">${errorText(m, error.kind)}</h2></div>
    ${error.retryable ? html`<div class="actions"><button type="button" part="button" @click=${onRetry}>${m.retry}</button></div>` : nothing}`;
}
