import { html, LitElement, nothing } from "lit";
import type { PropertyValues, TemplateResult } from "lit";
import type { CreatedPayment, PaymentView, ShopSettings } from "../../worker/checkout/wire.js";
import { CheckoutApi, CheckoutRequestError } from "../api/checkout-api.js";
import { forgetPayment, rememberedPayment, rememberPayment } from "../api/remembered-payment.js";
import type { RememberedPayment } from "../api/remembered-payment.js";
import { emit } from "../events.js";
import { en, ENGLISH, loadMessages, negotiateLocale } from "../locales/index.js";
import type { Messages, ResolvedLocale } from "../locales/index.js";
import { announce, SILENT } from "../state/announcement.js";
import type { Announcement, Cue } from "../state/announcement.js";
import { anchorFrom, countdown, hasExpiry } from "../state/countdown.js";
import type { ClockAnchor } from "../state/countdown.js";
import { buildCreateRequest, chooseTransferCurrency, earlyCreateRequest } from "../state/create-request.js";
import { safeWalletUri } from "../state/payment-uri.js";
import { statusView } from "../state/status.js";
import { PaymentStream } from "../stream/payment-stream.js";
import type { ConnectionState } from "../stream/payment-stream.js";
import type { RefundMode } from "../refund/refund-mode.js";
import { checkoutStyles } from "../styles/checkout.styles.js";
import { qrPath } from "../qr/qr-matrix.js";
import { CopyController } from "./copy-controller.js";
import { FocusController } from "./focus-controller.js";
import { RedirectController } from "./redirect-controller.js";
import { checkListener, checkSetup, SCRIPT_ORIGIN } from "./setup-check.js";
import type { BlockContext, CopyField } from "./payment-templates.js";
import {
  amountBlock,
  countdownBlock,
  errorBlock,
  errorText,
  pickerBlock,
  fieldsBlock,
  progressBlock,
  qrBlock,
  referenceBlock,
  statusBlock,
  statusText,
  transactionsBlock,
  underpaidSummary,
  warningText,
} from "./payment-templates.js";

type Phase = "idle" | "loading" | "choose-currency" | "ready" | "error";

/** A create sent before the settings came: its request as JSON, and its answer. */
type EarlyCreate = [string, Promise<CreatedPayment>];

/** Attributes that select which payment the element shows: changing one starts over. */
const IDENTITY = [
  "shop",
  "endpoint",
  "orderId",
  "orderToken",
  "priceAmount",
  "priceCurrency",
  "transferCurrency",
  "paymentId",
  "clientSecret",
  "mode",
  "refundToken",
] as const;

/**
 * A crypto payment checkout: shows what to pay, where, and how the payment is going, live.
 *
 * @summary Crypto checkout for one order, talking to the crypto-checkout Worker.
 *
 * @fires checkout-payment - Every new payment view. `detail`: the PaymentView.
 * @fires checkout-status - The status changed. `detail`: `{status, previous}` (`previous` is null at first).
 * @fires checkout-redirect - Cancelable; about to leave for the shop's redirect URL. `detail`: `{url, reason}`. `preventDefault()` keeps the customer on the page.
 * @fires checkout-error - Something failed. `detail`: `{code, message, retryable}`.
 * @fires refund-link - Refund mode: the refund link's view, when loaded and after the address is given. `detail`: the RefundLinkView.
 * @fires refund-address-submitted - Refund mode: the Worker took the customer's address. `detail`: `{refundId, address}`.
 *
 * @csspart base - The card around everything.
 * @csspart status - The status line.
 * @csspart amount - Amount to send, price and rate.
 * @csspart qr - The QR code (always on white).
 * @csspart address - The address with its copy button.
 * @csspart wallet-link - The "open in wallet" link.
 * @csspart countdown - Time left until the payment expires.
 * @csspart progress - Accepted and pending progress.
 * @csspart reference - The reference a customer gives the shop.
 * @csspart button - Every button.
 * @csspart form - Refund mode: the address form.
 * @csspart input - Refund mode: an address field.
 * @csspart problem - Refund mode: what is wrong with a field, and the fix.
 *
 * @cssprop --checkout-background - Card background.
 * @cssprop --checkout-color - Text colour.
 * @cssprop --checkout-muted-color - Secondary text colour.
 * @cssprop --checkout-border-color - Card border colour.
 * @cssprop --checkout-accent-color - Buttons, links and the accepted part of the progress bar.
 * @cssprop --checkout-on-accent-color - Text on accent-coloured buttons.
 * @cssprop --checkout-pending-color - Pending part of the progress bar.
 * @cssprop --checkout-track-color - Empty part of the progress bar.
 * @cssprop --checkout-success-color - Success messages.
 * @cssprop --checkout-warning-color - Warnings (last two minutes, sandbox badge).
 * @cssprop --checkout-danger-color - Expired and invalid payments.
 * @cssprop --checkout-focus-color - Focus ring.
 * @cssprop --checkout-radius - Corner radius.
 * @cssprop --checkout-spacing - Space between blocks.
 * @cssprop --checkout-font - Font family.
 * @cssprop --checkout-font-size - Base font size.
 * @cssprop --checkout-mono-font - Font of addresses and amounts to copy.
 */
export class CryptoCheckout extends LitElement {
  static override styles = checkoutStyles;

  static override properties = {
    shop: { reflect: true },
    endpoint: {},
    orderId: { attribute: "order-id" },
    orderToken: { attribute: "order-token" },
    priceAmount: { attribute: "price-amount" },
    priceCurrency: { attribute: "price-currency" },
    transferCurrency: { attribute: "transfer-currency" },
    paymentId: { attribute: "payment-id" },
    clientSecret: { attribute: "client-secret" },
    locale: {},
    theme: { reflect: true },
    redirectDelay: { attribute: "redirect-delay", type: Number },
    mode: {},
    refundToken: { attribute: "refund-token" },
    _phase: { state: true },
    _settings: { state: true },
    _view: { state: true },
    _error: { state: true },
    _connection: { state: true },
    _messages: { state: true },
    _locale: { state: true },
    _now: { state: true },
  };

  /** Shop id in the checkout Worker's configuration (required). */
  declare shop: string | undefined;
  /** Origin of the checkout Worker; default: the origin the script was loaded from. */
  declare endpoint: string | undefined;
  /** The shop's order id. */
  declare orderId: string | undefined;
  /** Signed pricing: the order token (JWT) from the shop's backend. */
  declare orderToken: string | undefined;
  /** Open pricing: the amount, a decimal string. */
  declare priceAmount: string | undefined;
  /** Open pricing: the currency of the amount (ISO 4217). */
  declare priceCurrency: string | undefined;
  /** Crypto currency to pay with; a picker appears when the shop enables several and none is given. */
  declare transferCurrency: string | undefined;
  /** Attach to an existing payment instead of creating one (with its `clientSecret`). */
  declare paymentId: string | undefined;
  /** The client secret of `paymentId`, from the answer that created the payment. */
  declare clientSecret: string | undefined;
  /** BCP 47 language tag; default: the page's lang, else the browser's language. */
  declare locale: string | undefined;
  /** `auto` (follows the system), `light` or `dark`. */
  declare theme: "auto" | "light" | "dark";
  /** Seconds before following a redirect URL (default 5). */
  declare redirectDelay: number | undefined;
  /** `checkout` (the default) or `refund`: ask for the address of a refund link (refund/refund-mode.ts). */
  declare mode: "checkout" | "refund" | undefined;
  /** Refund mode: the refund link's token (the part of the link after `#`). */
  declare refundToken: string | undefined;

  declare private _phase: Phase;
  declare private _settings: ShopSettings | undefined;
  declare private _view: PaymentView | undefined;
  declare private _error: CheckoutRequestError | undefined;
  declare private _connection: ConnectionState | undefined;
  declare private _messages: Messages;
  declare private _locale: ResolvedLocale;
  declare private _now: number;

  #api = new CheckoutApi(SCRIPT_ORIGIN);
  #stream: PaymentStream | undefined;
  #anchor: ClockAnchor | undefined;
  #generation = 0;
  #clock: ReturnType<typeof setInterval> | undefined;
  #redirect = new RedirectController(this);
  #copy = new CopyController(this);
  #focus = new FocusController(this);
  /** What the live region says (state/announcement.ts); written into it directly, not rendered. */
  #announcement: Announcement = SILENT;
  /** The status or failure shown by the render under way, to announce once it is on screen. */
  #shown: string | undefined;
  #localeRequest = 0;
  /** The refund mode, once its chunk is loaded (mode="refund"). */
  #refund: RefundMode | undefined;
  /** The shown payment's client secret: its reads, its stream and its receipt link carry it. */
  #secret!: string;

  constructor() {
    super();
    this.theme = "auto";
    this._phase = "idle";
    this._messages = en;
    this._locale = ENGLISH;
    this._now = performance.now();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Connected again after a removal (the first connection starts in the first update).
    if (this.hasUpdated)
      void this.updateComplete.then(() => {
        if (this.isConnected) void this.#start();
      });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#generation++;
    this.#teardown();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // The first update sees the attributes set right after insertion too; its requests start before its render.
    if (!this.hasUpdated) {
      if (this.isConnected) void this.#start();
      checkSetup(this, CryptoCheckout.observedAttributes);
    } else if (IDENTITY.some((key) => changed.has(key))) void this.#start();
    else if (changed.has("locale")) void this.#loadLocale();
  }

  protected override updated(): void {
    this.#syncClock();
    if (this.#shown !== undefined) {
      // After the focus controller ran: when focus moved to the new heading, it is heard from there.
      this.#say({ kind: "status", text: this.#shown, focused: this.#focus.movedToLead });
      this.#shown = undefined;
    }
  }

  /** The current payment view, if any. */
  get payment(): PaymentView | undefined {
    return this._view;
  }

  #endpoint(): string {
    return this.endpoint || SCRIPT_ORIGIN;
  }

  #teardown(): void {
    this.#stream?.stop();
    this.#stream = undefined;
    clearInterval(this.#clock);
    this.#clock = undefined;
  }

  async #loadLocale(): Promise<void> {
    const pageLang = this.closest("[lang]")?.getAttribute("lang") ?? document.documentElement.lang;
    const resolved = negotiateLocale(this.locale, pageLang, ...navigator.languages);
    const request = ++this.#localeRequest;
    const messages = await loadMessages(resolved.language);
    if (request !== this.#localeRequest) return; // a later change won the race
    this._locale = resolved;
    this._messages = messages;
  }

  /**
   * Forgets the payment on screen and everything shown about it (stream, clock, redirect, copy
   * feedback, error, connection state), before a start or a start again; returns the new
   * generation, which outdates whatever the previous one still has under way.
   */
  #reset(): number {
    const generation = ++this.#generation;
    this.#teardown();
    this._view = undefined;
    this._error = undefined;
    this._connection = undefined;
    this._phase = "loading";
    this.#redirect.clear();
    this.#copy.clear();
    this.#refund = this.#refund?.stop(); // stop() answers undefined: the mode is gone
    this.#say({ kind: "restart" });
    return generation;
  }

  async #start(): Promise<void> {
    const generation = this.#reset();
    if (this.mode === "refund") {
      // A chunk of its own: a checkout never downloads it.
      const [{ RefundMode }] = await Promise.all([import("../refund/refund-mode.js"), this.#loadLocale()]);
      if (generation === this.#generation)
        this.#refund = new RefundMode(this, this.#endpoint(), this._locale.language, (text) =>
          this.#say({ kind: "message", text }),
        );
      return;
    }
    const current = () => generation === this.#generation;
    this.#api = new CheckoutApi(this.#endpoint());
    const shop = this.shop ?? "";
    const known: RememberedPayment | undefined = this.paymentId
      ? [this.paymentId, this.clientSecret ?? ""]
      : this.orderId
        ? rememberedPayment(this.#endpoint(), shop, this.orderId)
        : undefined;
    // A new payment that the attributes settle is created while the settings load.
    const request = shop && !known ? earlyCreateRequest(this) : undefined;
    const early: EarlyCreate | undefined = request && [JSON.stringify(request), this.#api.createPayment(shop, request)];
    early?.[1].catch(() => {}); // its failure counts only if it is used
    const settings = shop && this.#api.getShop(shop);
    // After the requests are sent (negotiating takes a while the first time). A failure is shown
    // in the customer's language: the catalog is awaited before it.
    const locale = this.#loadLocale();
    if (request) setTimeout(qrPath, 0, JSON.stringify(request));
    try {
      if (!settings) throw new CheckoutRequestError("invalid_attributes", "The shop attribute is required.", "setup");
      const [loaded] = await Promise.all([settings, locale]);
      if (!current()) return;
      this._settings = loaded;
      if (known) {
        try {
          const { view, etag } = await this.#api.getPayment(shop, ...known);
          if (!current()) return;
          if (view) return this.#show(view, known[1], etag);
        } catch (error) {
          if (this.paymentId || (error as CheckoutRequestError).code !== "payment_not_found") throw error;
          forgetPayment(this.#endpoint(), shop, this.orderId ?? "");
        }
      }
      await this.#createOrChoose(generation, undefined, early);
    } catch (error) {
      await locale;
      if (current()) this.#fail(error);
    }
  }

  async #createOrChoose(generation: number, currency?: string, early?: EarlyCreate): Promise<void> {
    const settings = this._settings;
    if (!settings || !this.shop) return;
    const transferCurrency = currency ?? chooseTransferCurrency(settings, this.transferCurrency);
    if (!transferCurrency) {
      this._phase = "choose-currency";
      return;
    }
    this._phase = "loading";
    const built = buildCreateRequest(settings, this, transferCurrency);
    if ("problem" in built) throw new CheckoutRequestError("invalid_attributes", built.problem, "setup");
    const { request } = built;
    const { clientSecret, ...view } = await (early?.[0] === JSON.stringify(request)
      ? early[1]
      : this.#api.createPayment(this.shop, request));
    if (generation !== this.#generation) return;
    rememberPayment(this.#endpoint(), this.shop, request.orderId, [view.paymentId, clientSecret]);
    this.#show(view, clientSecret);
  }

  #show(view: PaymentView, clientSecret: string, etag?: string): void {
    this._phase = "ready";
    this.#secret = clientSecret;
    this.#applyView(view);
    if (statusView(view).final || !this.shop) return;
    const shop = this.shop;
    const paymentId = view.paymentId;
    this.#stream = new PaymentStream({
      url: this.#api.streamUrl(shop, paymentId, clientSecret),
      poll: (etag) => this.#api.getPayment(shop, paymentId, clientSecret, etag),
      onView: (next) => this.#applyView(next),
      onState: (state) => this.#onConnection(state),
      etag,
    });
    this.#stream.start();
  }

  #applyView(view: PaymentView): void {
    const previous = this._view;
    const samePayment = previous?.paymentId === view.paymentId;
    if (previous && samePayment && view.version <= previous.version) return;
    this.#anchor = anchorFrom(view.serverTime, performance.now());
    this._view = view;
    this._now = performance.now();
    emit(this, "checkout-payment", view);
    const state = statusView(view);
    if (!previous || !samePayment || previous.status !== view.status) {
      emit(this, "checkout-status", {
        status: view.status,
        previous: samePayment && previous ? previous.status : null,
      });
      this.#shown = statusText(this._messages, view.status, state);
      this.#redirect.plan(view, this.redirectDelay, this._now);
    }
    if (state.final) {
      this.#stream?.stop();
      this.#stream = undefined;
      this._connection = undefined;
    }
  }

  #onConnection(state: ConnectionState): void {
    const before = this._connection;
    this._connection = state;
    if (state === "reconnecting") this.#say({ kind: "message", text: this._messages.reconnecting });
    else if (before === "reconnecting") this.#say({ kind: "message", text: this._messages.reconnected });
  }

  /** Updates the live region; a screen reader speaks when its text changes. */
  #say(cue: Cue): void {
    this.#announcement = announce(this.#announcement, cue);
    const live = this.renderRoot?.querySelector(".live");
    if (live && live.textContent !== this.#announcement.text) live.textContent = this.#announcement.text;
  }

  /** The customer sees the failure's translated message; the developer reads its code and cause in the console. */
  #fail(error: unknown): void {
    const failure =
      error instanceof CheckoutRequestError ? error : new CheckoutRequestError("internal_error", String(error));
    const { code, message, retryable } = failure;
    this._error = failure;
    this._phase = "error";
    console.error(`<crypto-checkout> ${code}: ${message}`);
    emit(this, "checkout-error", { code, message, retryable });
    this.#shown = errorText(this._messages, failure.kind);
  }

  /** A one-second clock while a countdown or a redirect is on screen. */
  #syncClock(): void {
    const view = this._view;
    const needed =
      this.isConnected &&
      ((view && hasExpiry(view.expirationTime) && statusView(view).countdown) || this.#redirect.counting);
    if (needed && this.#clock === undefined) {
      this.#clock = setInterval(() => this.#tick(), 1000);
    } else if (!needed && this.#clock !== undefined) {
      clearInterval(this.#clock);
      this.#clock = undefined;
    }
  }

  #tick(): void {
    this._now = performance.now();
    this.#say({
      kind: "tick",
      warning: this.#countdown()?.warning ?? false,
      text: warningText(this._messages, this._locale),
    });
  }

  #countdown() {
    const view = this._view;
    if (!view || !hasExpiry(view.expirationTime) || !this.#anchor) return undefined;
    return countdown(view.expirationTime, this.#anchor, this._now);
  }

  /** Never rejects: a failed copy is feedback, not an error. */
  #onCopy = async (field: CopyField, value: string): Promise<void> => {
    this.#say({
      kind: "message",
      text: (await this.#copy.copy(field, value)) ? this._messages.copied : this._messages.copyManually,
    });
  };

  #startAgain = (): void => {
    if (!this.shop || !this.orderId) return;
    forgetPayment(this.#endpoint(), this.shop, this.orderId);
    this.#create(this.#reset());
  };

  /** #createOrChoose from a click: its failure is shown, unless a later start outdated it. */
  #create(generation: number, currency?: string): void {
    this.#createOrChoose(generation, currency).catch((error: unknown) => {
      if (generation === this.#generation) this.#fail(error);
    });
  }

  protected override render(): TemplateResult {
    const m = this._messages;
    return html`<div class="base" part="base" dir=${m.dir} lang=${this._locale.language}>
      <div class="sr-only live" role="status" aria-live="polite"></div>
      ${this._settings?.environment === "sandbox" ? html`<p class="badge">${m.sandbox}</p>` : nothing}
      ${this.#renderPhase()}
      ${this._connection === "reconnecting" ? html`<p class="notice">${m.reconnecting}</p>` : nothing}
    </div>`;
  }

  #renderPhase(): TemplateResult | undefined {
    const m = this._messages;
    // Nothing until the refund mode's chunk is there (Lit renders undefined as nothing).
    if (this.mode === "refund") return this.#refund?.render(m, this._locale);
    switch (this._phase) {
      case "choose-currency":
        return pickerBlock(m, this._settings?.transferCurrencies ?? [], (code) => this.#create(this.#generation, code));
      case "error":
        return errorBlock(m, this._error as CheckoutRequestError, () => void this.#start());
      case "ready":
        return this._view ? this.#renderView(this._view) : html``;
      default:
        return html`<p class="muted" data-focus="lead" tabindex="-1">${m.loading}</p>`;
    }
  }

  #renderView(view: PaymentView): TemplateResult {
    const m = this._messages;
    const ctx: BlockContext = { m, locale: this._locale, view };
    const state = statusView(view);
    // Amounts, shares and the remainder's wallet link are the Worker's (PaymentView's derived fields): nothing is computed here.
    const underpaid = state.kind === "underpaid";
    const amount = underpaid ? view.remainingTransferAmount : view.transferAmount;
    const uri = safeWalletUri(underpaid ? view.remainderPaymentUri : view.paymentUri);
    const left = state.countdown ? this.#countdown() : undefined;
    return html`${statusBlock(ctx, state)}
    ${underpaid ? underpaidSummary(ctx) : nothing}
    ${
      state.payInstructions
        ? html`${underpaid ? html`<h3 class="label">${m.payRemainder}</h3>` : nothing} ${amountBlock(ctx, amount)}
          <div class="pay">
            ${qrBlock(ctx, uri)}
            ${fieldsBlock(ctx, { amount, uri, feedback: (f) => this.#copy.render(f, m), onCopy: this.#onCopy })}
          </div>`
        : nothing
    }
    ${left ? countdownBlock(ctx, left) : nothing} ${state.progress ? progressBlock(ctx, view.progress) : nothing}
    ${state.transactions && view.transactions.length > 0 ? transactionsBlock(ctx) : nothing} ${state.reference ? referenceBlock(ctx) : nothing}
    ${
      state.kind === "confirmed"
        ? html`<a class="button" href=${this.#api.receiptUrl(this.shop as string, view.paymentId, this.#secret)} target="_blank">${m.receipt}</a>`
        : nothing
    }
    ${
      state.startAgain && this.orderId
        ? html`<div class="actions"><button type="button" class="primary" part="button" @click=${this.#startAgain}>${m.startAgain}</button></div>`
        : nothing
    }
    ${this.#redirect.render(m, this._locale, this._now)}`;
  }
}

// Every listener's name is looked at (setup-check.ts): React 19 and Vue add theirs this way too.
const addListener = CryptoCheckout.prototype.addEventListener;
CryptoCheckout.prototype.addEventListener = function (
  this: CryptoCheckout,
  ...args: Parameters<HTMLElement["addEventListener"]>
) {
  checkListener(args[0]);
  addListener.apply(this, args);
};

declare global {
  interface HTMLElementTagNameMap {
    "crypto-checkout": CryptoCheckout;
  }
}
