/**
 * The element's refund mode (`mode="refund"`): a chunk of its own, loaded by
 * element/crypto-checkout.ts only for a refund, so that a checkout never downloads it. It loads the
 * refund link's view (worker/checkout/refund-wire.ts), asks for the address and checks it for the
 * currency as it is typed (worker/checkout/refund-address.ts), asks for confirmation, and sends it.
 * A Lit reactive controller of the element: the element renders what `render` returns inside its
 * card, and its live region says what `say` is given. docs/widget.md, "Refund mode".
 */
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from "lit";
import type { RefundLinkView } from "../../worker/checkout/refund-wire.js";
import { CheckoutRequestError } from "../api/checkout-api.js";
import { emit } from "../events.js";
import type { Messages, ResolvedLocale } from "../locales/index.js";
import { loadedRefundMessages, loadRefundMessages, refundEn } from "../locales/refund/index.js";
import type { RefundMessages } from "../locales/refund/index.js";
import { AddressRefused, RefundApi } from "./refund-api.js";
import { checkForm, failureOf, refundSetupProblem, stepOf } from "./refund-step.js";
import type { FieldProblem, RefundStep } from "./refund-step.js";
import { refundStyles } from "./refund.styles.js";
import {
  closedBlock,
  confirmBlock,
  failureBlock,
  formBlock,
  loadingBlock,
  problemText,
  receivedBlock,
} from "./refund-templates.js";
import type { RefundContext } from "./refund-templates.js";

/** What the refund mode reads of the element. */
export interface RefundHost extends ReactiveControllerHost, EventTarget {
  shop: string | undefined;
  endpoint: string | undefined;
  refundToken: string | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly isConnected: boolean;
}

type Field = "address" | "confirmation";

export class RefundMode implements ReactiveController {
  readonly #host: RefundHost;
  readonly #say: (text: string) => void;
  #api: RefundApi;
  #step: RefundStep = "loading";
  #view: RefundLinkView | undefined;
  #input = { address: "", confirmation: "" };
  #shown: Partial<Record<Field, FieldProblem>> = {};
  #refused: FieldProblem | undefined;
  #r: RefundMessages = refundEn;
  /** The step shown by the last render, and whether focus was in the element before this one. */
  #rendered: RefundStep | undefined;
  #hadFocus = false;
  /** What the live region says after the next render, instead of the new step's heading. */
  #note: string | undefined;
  #stopped = false;
  #request = 0;
  /** The address was confirmed: a failed submission is tried again from "Try again". */
  #confirmed = false;
  /** The catalog's language of the last render. */
  #language: ResolvedLocale["language"];

  /** `language`: the catalog's language the element negotiated; `say`: its live region. */
  constructor(host: RefundHost, endpoint: string, language: ResolvedLocale["language"], say: (text: string) => void) {
    this.#host = host;
    this.#say = say;
    this.#language = language;
    this.#api = new RefundApi(endpoint, host.shop ?? "", host.refundToken ?? "");
    const root = host.renderRoot;
    if (
      root instanceof ShadowRoot &&
      refundStyles.styleSheet &&
      !root.adoptedStyleSheets.includes(refundStyles.styleSheet)
    )
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, refundStyles.styleSheet];
    host.addController(this);
    void this.#load(language);
  }

  /** Ends this refund mode (the element starts over or leaves the page): late answers are dropped. */
  stop(): undefined {
    this.#stopped = true;
    this.#request++;
    this.#host.removeController(this);
    return undefined;
  }

  hostUpdate(): void {
    this.#hadFocus = (this.#host.renderRoot as ShadowRoot).activeElement != null;
  }

  /**
   * Each step change moves focus to the new step's heading when focus was in the element (a screen
   * reader then reads it); otherwise the live region says it, and the page's focus stays put.
   */
  hostUpdated(): void {
    const note = this.#note;
    this.#note = undefined;
    const step = this.#step;
    if (step !== this.#rendered) {
      this.#rendered = step;
      const heading = this.#host.renderRoot.querySelector<HTMLElement>("[data-focus=lead]");
      if (heading && this.#hadFocus) heading.focus();
      else if (heading && !note) this.#say(heading.textContent?.trim() ?? "");
    }
    if (note) this.#say(note);
  }

  async #load(language: ResolvedLocale["language"]): Promise<void> {
    const request = ++this.#request;
    this.#confirmed = false;
    this.#set("loading");
    const problem = refundSetupProblem(this.#host);
    try {
      if (problem) throw new CheckoutRequestError("invalid_attributes", problem, "setup");
      const [view, r] = await Promise.all([this.#api.getLink(), loadRefundMessages(language)]);
      if (request !== this.#request) return;
      this.#r = r;
      this.#show(view);
    } catch (error) {
      this.#r = await loadRefundMessages(language);
      if (request === this.#request) this.#fail(error);
    }
  }

  #set(step: RefundStep): void {
    this.#step = step;
    this.#host.requestUpdate();
  }

  #show(view: RefundLinkView): void {
    this.#view = view;
    emit(this.#host, "refund-link", view);
    this.#set(stepOf(view));
  }

  /** The customer sees the failure's own message; the developer reads its code and cause in the console. */
  #fail(error: unknown): void {
    const failure =
      error instanceof CheckoutRequestError ? error : new CheckoutRequestError("internal_error", String(error));
    const { code, message, retryable } = failure;
    console.error(`<crypto-checkout> ${code}: ${message}`);
    emit(this.#host, "checkout-error", { code, message, retryable });
    if (failure instanceof AddressRefused) {
      // Back to the form, the Worker's reason under the address.
      this.#refused = failure.problem === "confirmation" ? "confirmation-differs" : failure.problem;
      if (this.#view) this.#note = `${this.#r.refused} ${problemText(this.#r, this.#refused, this.#view)}`;
      this.#set("awaiting");
      return;
    }
    this.#set({ failure: failureOf(code) });
  }

  /** "Try again": the submission again when it was the one that failed, else the link's view. */
  #retry = (): void => {
    if (this.#confirmed) void this.#send();
    else void this.#load(this.#language);
  };

  #onInput = (field: Field, value: string): void => {
    this.#input = { ...this.#input, [field]: value };
    this.#refused = undefined;
    // A problem already shown follows the typing (it goes as soon as the field is right); a new one waits for blur.
    const check = this.#check();
    this.#shown = {
      address: this.#shown.address && check.addressProblem,
      confirmation: this.#shown.confirmation && check.confirmationProblem,
    };
    this.#host.requestUpdate();
  };

  #onBlur = (field: Field): void => {
    const check = this.#check();
    const problem = field === "address" ? check.addressProblem : check.confirmationProblem;
    // An untouched empty field is not yet a mistake.
    if (problem === "empty" || (problem === "confirmation-missing" && this.#input.confirmation === "")) return;
    if (this.#shown[field] === problem) return;
    this.#shown = { ...this.#shown, [field]: problem };
    // Focus has moved on (Tab): the problem is heard now, not only when the field is visited again.
    if (problem && this.#view) this.#say(problemText(this.#r, problem, this.#view));
    this.#host.requestUpdate();
  };

  #check() {
    return checkForm(this.#view as RefundLinkView, this.#input);
  }

  #onSubmit = (event: Event): void => {
    event.preventDefault();
    const check = this.#check();
    if (check.address !== undefined) {
      this.#confirmed = false;
      this.#set("confirming");
      return;
    }
    this.#shown = { address: check.addressProblem, confirmation: check.confirmationProblem };
    this.#refused = undefined;
    this.#host.requestUpdate();
    // Focus goes to the first field with a problem, which reads out its message (aria-describedby).
    void this.#host.updateComplete.then(() =>
      this.#host.renderRoot.querySelector<HTMLInputElement>("input[aria-invalid=true]")?.focus(),
    );
  };

  #edit = (): void => this.#set("awaiting");

  #send = async (): Promise<void> => {
    const address = this.#check().address;
    if (address === undefined || this.#step === "submitting") return;
    this.#confirmed = true;
    const request = ++this.#request;
    this.#set("submitting");
    const twice = this.#check().twice;
    try {
      const view = await this.#api.submitAddress(
        twice ? { address, confirmation: this.#input.confirmation.trim() } : { address },
      );
      if (request !== this.#request || this.#stopped) return;
      emit(this.#host, "refund-address-submitted", { refundId: view.refundId, address: view.address ?? address });
      this.#show(view);
    } catch (error) {
      if (request === this.#request && !this.#stopped) this.#fail(error);
    }
  };

  render(m: Messages, locale: ResolvedLocale): TemplateResult {
    this.#language = locale.language;
    const r = loadedRefundMessages(locale.language);
    if (r) this.#r = r;
    else void loadRefundMessages(locale.language).then(() => this.#host.requestUpdate());
    const ctx: RefundContext = { m, r: this.#r, locale };
    const step = this.#step;
    const view = this.#view;
    if (typeof step === "object") return failureBlock(ctx, step.failure, this.#retry);
    if (step === "loading" || !view) return loadingBlock(ctx);
    switch (step) {
      case "received":
        return receivedBlock(ctx, view);
      case "closed":
        return closedBlock(ctx);
      case "confirming":
      case "submitting":
        return confirmBlock(
          ctx,
          view,
          this.#check().address ?? "",
          step === "submitting",
          () => void this.#send(),
          this.#edit,
        );
      default:
        return formBlock(ctx, {
          view,
          ...this.#input,
          check: this.#check(),
          shown: this.#shown,
          refused: this.#refused,
          onInput: this.#onInput,
          onBlur: this.#onBlur,
          onSubmit: this.#onSubmit,
        });
    }
  }
}
