/**
 * The point of sale (`<pos-app>`, docs/point-of-sale.md): signed in with the dashboard's session,
 * a keypad for the amount (keypad.ts) in the shop's price currency, an optional memo, and Charge,
 * which has the Worker create an ordinary payment (api.ts) and shows the `<crypto-checkout>`
 * element attached to it (`payment-id`, `client-secret`) with a big QR code. The element's
 * `checkout-payment` events decide the screen (sale.ts): Paid, Underpaid and Expired cover the
 * whole page; Next sale starts over with one tap. The element's redirects (the shop's web
 * checkout pages) are not followed here.
 */
import { html, nothing, type PropertyValues } from "lit";
import { DeskApiError, type Load } from "../dashboard/api.js";
import { tokenOfHash } from "../dashboard/pages/sign-in.js";
import { LightElement } from "../dashboard/parts/light-element.js";
import { errorView, loadingView } from "../dashboard/parts/views.js";
import type { DeskPosSale, DeskSession } from "../worker/checkout/dashboard-wire.js";
import type { PaymentView, ShopSettings } from "../worker/checkout/wire.js";
import { PosApi } from "./api.js";
import { amountOf, currencyDecimals, displayOf, keyOf, press, type Key } from "./keypad.js";
import { isFinal, isFullScreen, screenOf, type SaleScreen } from "./sale.js";
import { posUrl, shopOfPath } from "./setup.js";
import { t } from "./strings.js";

const DIGITS: Key[] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const MAX_MEMO_LENGTH = 140;

const asError = (error: unknown) => (error instanceof DeskApiError ? error : new DeskApiError("network", 0));

export class PosApp extends LightElement {
  static override properties = {
    _session: { state: true },
    _shop: { state: true },
    _entry: { state: true },
    _currency: { state: true },
    _coin: { state: true },
    _memo: { state: true },
    _charging: { state: true },
    _error: { state: true },
    _sale: { state: true },
    _screen: { state: true },
    _covered: { state: true },
    _signIn: { state: true },
  };
  declare private _session: Load<DeskSession> | { status: "signed-out" };
  declare private _shop: Load<ShopSettings>;
  declare private _entry: string;
  declare private _currency: string;
  declare private _coin: string;
  declare private _memo: string;
  declare private _charging: boolean;
  declare private _error: DeskApiError | null;
  declare private _sale: DeskPosSale | null;
  declare private _screen: SaleScreen;
  /** Whether a full-screen outcome covers the page (Underpaid can be put aside to show the QR for the rest). */
  declare private _covered: boolean;
  /** A sign-in link's token taken from the URL's fragment, waiting for the Sign in button. */
  declare private _signIn: { token: string; state: "" | "busy" | DeskApiError } | null;
  readonly api = new PosApi();

  constructor() {
    super();
    this._session = { status: "loading" };
    this._shop = { status: "loading" };
    this._entry = "";
    this._currency = "";
    this._coin = "";
    this._memo = "";
    this._charging = false;
    this._error = null;
    this._sale = null;
    this._screen = { kind: "waiting" };
    this._covered = false;
    this._signIn = null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener("keydown", this.onKey);
    // The token leaves the address bar and the history at once; it stays in memory until used.
    const token = tokenOfHash(location.hash);
    if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
    if (token) this._signIn = { token, state: "" };
    else void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener("keydown", this.onKey);
  }

  /** The shop of the path, or the session's first. */
  private get shopId(): string | null {
    const session = this._session.status === "ready" ? this._session.data : null;
    return shopOfPath(location.pathname) ?? session?.shops[0]?.id ?? null;
  }

  private async start(): Promise<void> {
    this._session = { status: "loading" };
    try {
      this._session = { status: "ready", data: await this.api.session() };
    } catch (error) {
      const e = asError(error);
      this._session = e.kind === "unauthorized" ? { status: "signed-out" } : { status: "error", error: e };
      return;
    }
    await this.loadShop();
  }

  private async loadShop(): Promise<void> {
    const shop = this.shopId;
    const session = this._session.status === "ready" ? this._session.data : null;
    if (!shop || !session?.shops.some((s) => s.id === shop)) {
      this._shop = { status: "error", error: new DeskApiError("forbidden", 404) };
      return;
    }
    this._shop = { status: "loading" };
    try {
      const settings = await this.api.shopSettings(shop);
      this._shop = { status: "ready", data: settings };
      this._currency = settings.priceCurrencies[0] ?? "";
      this._coin = settings.transferCurrencies[0]?.code ?? "";
    } catch (error) {
      this._shop = { status: "error", error: asError(error) };
    }
  }

  private signIn = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const pending = this._signIn;
    if (!pending || pending.state === "busy") return;
    this._signIn = { ...pending, state: "busy" };
    try {
      await this.api.signIn(pending.token);
      this._signIn = null;
      await this.start();
    } catch (error) {
      this._signIn = { ...pending, state: asError(error) };
    }
  };

  // ---- the keypad

  private get decimals(): number {
    return currencyDecimals(this._currency);
  }

  private press(key: Key): void {
    this._entry = press(this._entry, key, this.decimals);
    this._error = null;
  }

  /** Keyboard input while the keypad shows: digits, point, Backspace, Escape/Delete, Enter. */
  private onKey = (event: KeyboardEvent): void => {
    if (this._sale || this._shop.status !== "ready" || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest("input, select, textarea")) return;
    if (event.key === "Enter") {
      // A focused button takes Enter itself.
      if (target?.closest("button")) return;
      event.preventDefault();
      void this.charge();
      return;
    }
    const key = keyOf(event.key);
    if (!key) return;
    event.preventDefault();
    this.press(key);
  };

  private async charge(): Promise<void> {
    const shop = this.shopId;
    const amount = amountOf(this._entry);
    if (!shop || !amount || this._charging) return;
    this._charging = true;
    this._error = null;
    try {
      const memo = this._memo.trim();
      this._sale = await this.api.charge(shop, {
        priceAmount: amount,
        priceCurrency: this._currency,
        transferCurrency: this._coin,
        ...(memo ? { memo } : {}),
      });
      this._screen = { kind: "waiting" };
      this._covered = false;
    } catch (error) {
      const e = asError(error);
      if (e.kind === "unauthorized") this._session = { status: "signed-out" };
      this._error = e;
    } finally {
      this._charging = false;
    }
  }

  // ---- the sale

  private onPayment = (event: CustomEvent<PaymentView>): void => {
    if (!this._sale || event.detail.paymentId !== this._sale.paymentId) return;
    const screen = screenOf(event.detail);
    const changed =
      screen.kind !== this._screen.kind ||
      (screen.kind === "underpaid" && this._screen.kind === "underpaid" && screen.remaining !== this._screen.remaining);
    this._screen = screen;
    if (changed) this._covered = isFullScreen(screen);
  };

  /** The shop's redirect URLs are for its web checkout: the counter stays on this page. */
  private onRedirect = (event: Event): void => event.preventDefault();

  private nextSale = (): void => {
    this._sale = null;
    this._entry = "";
    this._memo = "";
    this._screen = { kind: "waiting" };
    this._covered = false;
    this._error = null;
  };

  private chargeAgain = (): void => {
    this._sale = null;
    this._screen = { kind: "waiting" };
    this._covered = false;
    void this.charge();
  };

  private showRest = (): void => {
    this._covered = false;
  };

  protected override updated(changed: PropertyValues<this>): void {
    const shop = this._shop.status === "ready" ? this._shop.data.name : null;
    document.title = `${t.product}${shop ? ` · ${shop}` : ""}`;
    if (changed.has("_covered" as keyof PosApp) && this._covered)
      this.querySelector<HTMLElement>(".overlay .primary")?.focus();
    if (changed.has("_sale" as keyof PosApp))
      this.querySelector<HTMLElement>(this._sale ? ".sale h1" : ".display")?.focus();
  }

  // ---- rendering

  protected override render() {
    if (this._signIn) return this.signInView(this._signIn);
    const session = this._session;
    if (session.status === "signed-out")
      return html`<main class="pos narrow">
        <h1>${t.product}</h1>
        <p class="error" role="alert">${t.signIn.none}</p>
        <p><a href="/dashboard/">${t.signIn.toDashboard}</a></p>
      </main>`;
    if (session.status !== "ready" || this._shop.status !== "ready")
      return html`<main class="pos narrow">
        <h1>${t.product}</h1>
        ${
          session.status === "error"
            ? errorView(session.error, () => void this.start())
            : this._shop.status === "error"
              ? errorView(this._shop.error, () => void this.loadShop())
              : loadingView()
        }
      </main>`;
    const shop = this._shop.data;
    return html`${this.header(session.data, shop)}
      <main class="pos" ?inert=${this._covered}>${this._sale ? this.saleView(this._sale) : this.keypadView(shop)}</main>
      ${this._sale && this._covered ? this.overlay(this._screen, this._sale) : nothing}`;
  }

  private signInView(pending: { state: "" | "busy" | DeskApiError }) {
    return html`<main class="pos narrow">
      <h1>${t.signIn.title}</h1>
      <p>${t.signIn.intro}</p>
      <form @submit=${this.signIn}>
        <button type="submit" class="primary" ?disabled=${pending.state === "busy"}>
          ${pending.state === "busy" ? t.signIn.busy : t.signIn.button}
        </button>
      </form>
      ${pending.state instanceof DeskApiError ? errorView(pending.state) : nothing}
    </main>`;
  }

  private header(session: DeskSession, shop: ShopSettings) {
    const current = shop.shop;
    return html`<header class="bar">
      <span class="brand">${t.product}</span>
      ${
        session.shops.length > 1 && !this._sale
          ? html`<label class="shop-switch"
              >${t.shop}
              <select
                @change=${(e: Event) => location.assign(posUrl((e.target as HTMLSelectElement).value))}
              >
                ${session.shops.map((s) => html`<option value=${s.id} ?selected=${s.id === current}>${s.name}</option>`)}
              </select></label
            >`
          : html`<span class="shop-name">${shop.name}</span>`
      }
      <a class="to-dashboard" href=${`/dashboard/?shop=${encodeURIComponent(current)}`}>${t.dashboard}</a>
    </header>`;
  }

  private keypadView(shop: ShopSettings) {
    const amount = amountOf(this._entry);
    const shown = displayOf(this._entry, this._currency);
    const key = (k: Key, label: string, name?: string) =>
      html`<button type="button" class="key" data-key=${k} aria-label=${name ?? label} @click=${() => this.press(k)}>
        ${label}
      </button>`;
    return html`<h1 class="visually-hidden">${t.product}</h1>
      <section class="entry" aria-label=${t.keypad.amount}>
        <output class="display" tabindex="-1" aria-live="polite" aria-label=${`${t.keypad.amount}: ${shown}`}
          >${shown}</output
        >
        ${shop.limits ? html`<p class="hint">${t.keypad.limits(shop.limits.min, shop.limits.max, this._currency)}</p>` : nothing}
        <div class="choices">
          ${
            shop.priceCurrencies.length > 1
              ? html`<label
                  >${t.keypad.currency}
                  <select
                    class="currency"
                    @change=${(e: Event) => {
                      this._currency = (e.target as HTMLSelectElement).value;
                      this._entry = "";
                    }}
                  >
                    ${shop.priceCurrencies.map((c) => html`<option ?selected=${c === this._currency}>${c}</option>`)}
                  </select></label
                >`
              : nothing
          }
          <fieldset class="coins">
            <legend>${t.keypad.coin}</legend>
            ${shop.transferCurrencies.map(
              (c) =>
                html`<label class="coin"
                  ><input
                    type="radio"
                    name="coin"
                    .value=${c.code}
                    .checked=${c.code === this._coin}
                    @change=${() => (this._coin = c.code)}
                  />${c.code}</label
                >`,
            )}
          </fieldset>
        </div>
        <label class="memo"
          >${t.keypad.memo}
          <input
            type="text"
            maxlength=${MAX_MEMO_LENGTH}
            autocomplete="off"
            .value=${this._memo}
            @input=${(e: Event) => (this._memo = (e.target as HTMLInputElement).value)}
        /></label>
        <p class="hint keyboard">${t.keypad.keyboard}</p>
      </section>
      <section class="keys" aria-label=${t.keypad.label}>
        <div class="grid">
          ${DIGITS.map((d) => key(d, d))}
          ${this.decimals > 0 ? key(".", ".", t.keypad.point) : html`<span aria-hidden="true"></span>`}
          ${key("0", "0")} ${key("back", "⌫", t.keypad.back)}
        </div>
        <div class="actions">
          <button type="button" class="clear" @click=${() => this.press("clear")}>${t.keypad.clear}</button>
          <button
            type="button"
            class="primary charge"
            ?disabled=${!amount || this._charging}
            @click=${() => void this.charge()}
          >
            ${this._charging ? t.keypad.charging : amount ? t.keypad.charge(shown) : t.keypad.chargeNothing}
          </button>
        </div>
        ${this._error ? errorView(this._error) : nothing}
      </section>`;
  }

  private saleView(sale: DeskPosSale) {
    const amount = displayOf(sale.priceAmount, sale.priceCurrency);
    const memo = this._memo.trim();
    return html`<section class="sale">
      <div class="summary">
        <h1 tabindex="-1">${t.sale.heading(amount)}</h1>
        ${memo ? html`<p class="sale-memo">${t.sale.memo(memo)}</p>` : nothing}
        <p class="order">${t.sale.order(sale.orderId)}</p>
        ${this._screen.kind === "confirming" ? html`<p class="confirming" role="status">${t.sale.confirming}</p>` : nothing}
        <button type="button" class=${isFinal(this._screen) ? "primary next" : "next"} @click=${this.nextSale}>
          ${isFinal(this._screen) ? t.sale.next : t.sale.cancel}
        </button>
      </div>
      <crypto-checkout
        shop=${this._shop.status === "ready" ? this._shop.data.shop : ""}
        endpoint=${location.origin}
        payment-id=${sale.paymentId}
        client-secret=${sale.clientSecret}
        locale="en"
        @checkout-payment=${this.onPayment}
        @checkout-redirect=${this.onRedirect}
      ></crypto-checkout>
    </section>`;
  }

  private overlay(screen: SaleScreen, sale: DeskPosSale) {
    const next = html`<button type="button" class="primary" @click=${this.nextSale}>${t.sale.next}</button>`;
    const frame = (kind: string, title: string, body: unknown, actions: unknown) =>
      html`<section
        class=${`overlay overlay-${kind}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="outcome-title"
        aria-describedby="outcome-text"
      >
        <div class="outcome">
          <span class="outcome-icon" aria-hidden="true"></span>
          <h2 id="outcome-title">${title}</h2>
          <div id="outcome-text">${body}</div>
          <div class="outcome-actions">${actions}</div>
        </div>
      </section>`;
    switch (screen.kind) {
      case "paid":
        return frame(
          "paid",
          t.sale.paid,
          html`<p class="outcome-amount">${t.sale.paidAmount(displayOf(screen.amount, screen.currency))}</p>
            <p>${t.sale.order(sale.orderId)}</p>`,
          next,
        );
      case "underpaid":
        return frame(
          "underpaid",
          t.sale.underpaid,
          html`<p class="outcome-amount">${t.sale.stillToPay(screen.remaining, screen.currency)}</p>`,
          html`<button type="button" class="primary" @click=${this.showRest}>${t.sale.showRest}</button>
            <button type="button" @click=${this.nextSale}>${t.sale.next}</button>`,
        );
      case "expired":
        return frame(
          "expired",
          t.sale.expired,
          html`<p>${screen.paidSomething ? t.sale.expiredPaid : t.sale.expiredNothing}</p>`,
          html`${next}
            <button type="button" @click=${this.chargeAgain}>${t.sale.chargeAgain}</button>`,
        );
      case "invalid":
        return frame("invalid", t.sale.invalid, html`<p>${t.sale.invalidText(screen.paymentId)}</p>`, next);
      default:
        return nothing;
    }
  }
}
