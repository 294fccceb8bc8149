/** Render functions of the refund mode's steps; refund-mode.ts passes data and handlers. */
import { html, nothing } from "lit";
import type { TemplateResult } from "lit";
import type { RefundLinkView } from "../../worker/checkout/refund-wire.js";
import { formatAmount } from "../locales/format.js";
import type { Messages, ResolvedLocale } from "../locales/index.js";
import type { RefundMessages } from "../locales/refund/index.js";
import type { FieldProblem, FormCheck, RefundFailure } from "./refund-step.js";
import { addressGroups, RETRYABLE } from "./refund-step.js";

export interface RefundContext {
  m: Messages;
  r: RefundMessages;
  locale: ResolvedLocale;
}

/** The step's heading: focused on each step change while focus is in the element (refund-mode.ts). */
const lead = (text: string, kind = "") =>
  html`<div class="status ${kind}" part="status"><h2 data-focus="lead" tabindex="-1">${text}</h2></div>`;

export function loadingBlock({ r }: RefundContext): TemplateResult {
  return html`<div class="status" part="status">
    <span class="spinner" aria-hidden="true"></span>
    <h2 data-focus="lead" tabindex="-1">${r.loading}</h2>
  </div>`;
}

export function failureBlock({ m, r }: RefundContext, failure: RefundFailure, onRetry: () => void): TemplateResult {
  const text = {
    expired: r.expired,
    used: r.used,
    invalid: r.invalid,
    "rate-limited": r.rateLimited,
    network: r.network,
    failed: r.failed,
  }[failure];
  return html`${lead(text, "invalid")}
  ${RETRYABLE.includes(failure) ? html`<div class="actions"><button type="button" part="button" @click=${onRetry}>${m.retry}</button></div>` : nothing}`;
}

/** The amount to receive and, for a refund stated in the price currency, that amount. */
export function refundAmountBlock({ r, locale: { tag } }: RefundContext, view: RefundLinkView): TemplateResult {
  return html`<div class="amount" part="amount">
    <p class="label">${r.youReceive}</p>
    <p class="amount-main"><bdi>${formatAmount(tag, view.amount, view.currency)}</bdi></p>
    ${
      view.priceAmount && view.priceCurrency
        ? html`<p class="muted">${r.refundOf} <bdi>${formatAmount(tag, view.priceAmount, view.priceCurrency)}</bdi></p>`
        : nothing
    }
  </div>`;
}

/**
 * The address in full, in groups of four for reading (as the checkout shows its address); a
 * screen reader gets it whole from the hidden text before the groups.
 */
export function addressBlock(address: string): TemplateResult {
  return html`<p class="refund-address" part="address">
    <span class="sr-only">${address}</span>
    <code class="value groups" dir="ltr" aria-hidden="true">${addressGroups(address).map((g) => html`<span>${g}</span>`)}</code>
  </p>`;
}

/** A field's problem in words: its cause and its fix. */
export function problemText(r: RefundMessages, problem: FieldProblem | "refused", view: RefundLinkView): string {
  switch (problem) {
    case "format":
      return r.format(view.currency);
    case "network":
      return view.network === "mainnet" ? r.networkTest(view.currency) : r.networkMain(view.currency);
    case "confirmation-missing":
      return r.confirmationMissing;
    case "confirmation-differs":
      return r.confirmationDiffers;
    default:
      return r[problem];
  }
}

export interface FormOptions {
  view: RefundLinkView;
  address: string;
  confirmation: string;
  check: FormCheck;
  /** Problems shown (a field shows its problem once the customer left it, or pressed Continue). */
  shown: { address?: FieldProblem | undefined; confirmation?: FieldProblem | undefined };
  /** The Worker's refusal of the last address submitted, shown under the first field. */
  refused: FieldProblem | undefined;
  onInput: (field: "address" | "confirmation", value: string) => void;
  onBlur: (field: "address" | "confirmation") => void;
  onSubmit: (event: Event) => void;
}

function field(
  ctx: RefundContext,
  o: FormOptions,
  name: "address" | "confirmation",
  label: string,
  help: string,
  problem: string | undefined,
): TemplateResult {
  const describedBy = problem ? `${name}-help ${name}-problem` : `${name}-help`;
  return html`<div class="field">
    <label for="${name}-input" class="field-label">${label}</label>
    <p class="muted" id="${name}-help">${help}</p>
    <input
      id="${name}-input"
      part="input"
      name=${name}
      dir="ltr"
      type="text"
      autocomplete="off"
      autocapitalize="off"
      autocorrect="off"
      spellcheck="false"
      aria-describedby=${describedBy}
      aria-invalid=${problem ? "true" : "false"}
      .value=${name === "address" ? o.address : o.confirmation}
      @input=${(e: Event) => o.onInput(name, (e.target as HTMLInputElement).value)}
      @blur=${() => o.onBlur(name)}
    />
    ${problem ? html`<p class="problem" id="${name}-problem" part="problem">${problem}</p>` : nothing}
  </div>`;
}

export function formBlock(ctx: RefundContext, o: FormOptions): TemplateResult {
  const { r, m } = ctx;
  const { view } = o;
  const addressProblem = o.shown.address ?? o.refused;
  const addressText = addressProblem
    ? `${o.refused && !o.shown.address ? `${r.refused} ` : ""}${problemText(r, addressProblem, view)}`
    : undefined;
  const help = `${r.addressHelp(view.currency)}${view.network === "testnet" ? ` ${r.testnetHelp}` : ""}`;
  return html`${lead(r.heading(view.shopName))} ${view.network === "testnet" ? html`<p class="badge">${m.sandbox}</p>` : nothing}
    ${refundAmountBlock(ctx, view)}
    <form class="refund-form" part="form" novalidate @submit=${o.onSubmit}>
      ${field(ctx, o, "address", r.addressLabel(view.currency), help, addressText)}
      ${
        o.check.twice
          ? field(
              ctx,
              o,
              "confirmation",
              r.confirmLabel,
              r.confirmHelp,
              o.shown.confirmation && problemText(r, o.shown.confirmation, view),
            )
          : nothing
      }
      <div class="actions"><button type="submit" class="primary" part="button">${r.next}</button></div>
    </form>`;
}

export function confirmBlock(
  ctx: RefundContext,
  view: RefundLinkView,
  address: string,
  busy: boolean,
  onSend: () => void,
  onEdit: () => void,
): TemplateResult {
  const { r, locale } = ctx;
  return html`${lead(busy ? r.submitting : r.confirmHeading)}
    <p class="question">${r.confirmQuestion(formatAmount(locale.tag, view.amount, view.currency))}</p>
    ${addressBlock(address)}
    <p class="notice">${r.cannotChange}</p>
    <div class="actions">
      <button type="button" class="primary" part="button" ?disabled=${busy} @click=${onSend}>${r.send}</button>
      <button type="button" part="button" ?disabled=${busy} @click=${onEdit}>${r.edit}</button>
    </div>`;
}

export function receivedBlock(ctx: RefundContext, view: RefundLinkView): TemplateResult {
  const { r, locale } = ctx;
  return html`${lead(r.received, "confirmed")}
    <p>${r.receivedText(formatAmount(locale.tag, view.amount, view.currency))}</p>
    ${view.address ? addressBlock(view.address) : nothing}`;
}

export function closedBlock({ r }: RefundContext): TemplateResult {
  return lead(r.closed);
}
