/**
 * The app shell (`<desk-app>`): the session, the shop switcher, the navigation and sign-out, and
 * the router. It reads the route from the URL (routes.ts), loads the page's data through the API
 * (api.ts) and hands it to the page's element as a property; pages stay views of their input.
 * Links inside /dashboard/ are followed with pushState, and Back (popstate) renders the URL again.
 */
import { html, nothing } from "lit";
import type { DeskPaymentDetail, DeskSession } from "../worker/checkout/dashboard-wire.js";
import { DeskApi, DeskApiError, type Load } from "./api.js";
import { apiQuery } from "./filters.js";
import { BASE, link, parseRoute, routeUrl, switchShop, type Route } from "./routes.js";
import { t } from "./strings.js";
import { LightElement } from "./parts/light-element.js";
import { NAVIGATE } from "./parts/navigate.js";
import { errorView, loadingView } from "./parts/views.js";

/** How often, and how many times, a payment's detail is read again after Redeliver, until the new attempt shows. */
const REDELIVER_REFRESH_MS = 1000;
const REDELIVER_REFRESHES = 10;

const attemptsOf = (detail: DeskPaymentDetail, eventId: string) =>
  detail.timeline.find((e) => e.event.id === eventId)?.attempts.length ?? 0;

export class DeskApp extends LightElement {
  static override properties = {
    _route: { state: true },
    _session: { state: true },
    _page: { state: true },
    _signInReason: { state: true },
  };
  declare private _route: Route;
  declare private _session: Load<DeskSession>;
  declare private _page: Load<unknown>;
  declare private _signInReason: "" | "signed-out" | "expired";
  readonly api = new DeskApi();
  /** Answers of an earlier route arrive late: only the newest load may set the page. */
  private loads = 0;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this._route = parseRoute(location.pathname, location.search);
    this._session = { status: "loading" };
    this._page = { status: "loading" };
    this._signInReason = "";
  }

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener("popstate", this.onPopState);
    document.addEventListener("click", this.onClick);
    document.addEventListener("visibilitychange", this.onVisible);
    this.addEventListener(NAVIGATE, this.onNavigate as EventListener);
    void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener("popstate", this.onPopState);
    document.removeEventListener("click", this.onClick);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.removeEventListener(NAVIGATE, this.onNavigate as EventListener);
    clearTimeout(this.refreshTimer);
  }

  private async start(): Promise<void> {
    if (this._route.page === "sign-in") return;
    try {
      this._session = { status: "ready", data: await this.api.session() };
      void this.load();
    } catch (error) {
      this.failSession(error);
    }
  }

  private failSession(error: unknown): void {
    const e = error instanceof DeskApiError ? error : new DeskApiError("network", 0);
    if (e.kind === "unauthorized") this.go({ page: "sign-in" }, { replace: true });
    else this._session = { status: "error", error: e };
  }

  /** The shop of the route, or the session's first. */
  private get shop(): string | null {
    if (this._route.page === "sign-in") return null;
    const session = this._session.status === "ready" ? this._session.data : null;
    return this._route.shop ?? session?.shops[0]?.id ?? null;
  }

  private go(route: Route, { replace = false } = {}): void {
    const url = routeUrl(route);
    if (replace) history.replaceState(null, "", url);
    else history.pushState(null, "", url);
    this.show(route);
  }

  private show(route: Route): void {
    const wasSignIn = this._route.page === "sign-in";
    this._route = route;
    if (route.page === "sign-in") return;
    if (wasSignIn || this._session.status !== "ready") {
      this._session = { status: "loading" };
      void this.start();
    } else void this.load();
    void this.updateComplete.then(() => this.querySelector<HTMLElement>("main h1")?.focus());
  }

  private onPopState = (): void => this.show(parseRoute(location.pathname, location.search));

  private onNavigate = (event: CustomEvent<{ url: string }>): void => {
    const url = new URL(event.detail.url, location.href);
    this.go(parseRoute(url.pathname, url.search));
  };

  /** Follows a plain click on a link to another dashboard page without reloading the app. */
  private onClick = (event: MouseEvent): void => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const a = (event.target as Element | null)?.closest?.("a");
    if (!a || a.hasAttribute("download") || (a.target && a.target !== "_self")) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(BASE) || url.pathname.startsWith(`${BASE}api/`))
      return;
    event.preventDefault();
    this.go(parseRoute(url.pathname, url.search));
  };

  /** Loads the data of the route's page. */
  private async load(): Promise<void> {
    const route = this._route;
    const shop = this.shop;
    const id = ++this.loads;
    clearTimeout(this.refreshTimer);
    if (route.page === "sign-in" || route.page === "not-found" || !shop) return;
    this._page = { status: "loading" };
    try {
      const data = await this.fetchPage(route, shop);
      if (id === this.loads) this._page = { status: "ready", data };
    } catch (error) {
      if (id !== this.loads) return;
      const e = error instanceof DeskApiError ? error : new DeskApiError("network", 0);
      if (e.kind === "unauthorized") {
        this._signInReason = "expired";
        this.go({ page: "sign-in" }, { replace: true });
      } else this._page = { status: "error", error: e };
    }
  }

  /**
   * Back on the dashboard's tab (after paying in the demo, say): the shown page is read again,
   * in place, without a loading state. No polling: requests move the session's idle end, and a
   * tab left open must still sign out when idle.
   */
  private onVisible = async (): Promise<void> => {
    const route = this._route;
    const shop = this.shop;
    if (document.visibilityState !== "visible" || this._page.status !== "ready") return;
    if (route.page === "sign-in" || route.page === "not-found" || !shop) return;
    const id = ++this.loads;
    try {
      const data = await this.fetchPage(route, shop);
      if (id === this.loads) this._page = { status: "ready", data };
    } catch {
      // The page shown stays; the next navigation or visit says what went wrong.
    }
  };

  private fetchPage(route: Exclude<Route, { page: "sign-in" | "not-found" }>, shop: string): Promise<unknown> {
    switch (route.page) {
      case "overview":
        return this.api.overview(shop);
      case "payments":
        return this.api.payments(shop, apiQuery(route.filters, route.cursor ?? undefined));
      case "payment":
        return this.api.payment(shop, route.paymentId);
      case "webhooks":
        return this.api.webhooks(shop);
      case "links":
        return this.api.links(shop);
      case "settings":
        return this.api.settings(shop);
    }
  }

  private retry = (): void => void this.load();

  private signIn = async (token: string): Promise<void> => {
    await this.api.signIn(token);
    this._signInReason = "";
    this.go({ page: "overview", shop: null }, { replace: true });
  };

  private signOut = async (): Promise<void> => {
    try {
      await this.api.signOut();
    } catch (error) {
      // An ended session is signed out already; anything else is shown.
      if (!(error instanceof DeskApiError && error.kind === "unauthorized")) {
        this._page = { status: "error", error: error instanceof DeskApiError ? error : new DeskApiError("network", 0) };
        return;
      }
    }
    this._session = { status: "loading" };
    this._signInReason = "signed-out";
    this.go({ page: "sign-in" });
  };

  /** Redeliver, then read the detail again until the new attempt shows (or REDELIVER_REFRESHES reads). */
  private redeliver = async (eventId: string): Promise<void> => {
    const shop = this.shop;
    const route = this._route;
    if (!shop || route.page !== "payment") return;
    const before = this._page.status === "ready" ? attemptsOf(this._page.data as DeskPaymentDetail, eventId) : 0;
    await this.api.redeliver(shop, eventId);
    let reads = 0;
    const refresh = async () => {
      if (this._route !== route) return;
      const id = this.loads;
      const detail = await this.api.payment(shop, route.paymentId).catch(() => null);
      if (!detail || id !== this.loads || this._route !== route) return;
      this._page = { status: "ready", data: detail };
      if (attemptsOf(detail, eventId) <= before && ++reads < REDELIVER_REFRESHES)
        this.refreshTimer = setTimeout(refresh, REDELIVER_REFRESH_MS);
    };
    await refresh();
  };

  private switchTo(shop: string): void {
    this.go(switchShop(this._route, shop));
  }

  protected override updated(): void {
    const titles: Record<Route["page"], string> = {
      "sign-in": t.signIn.title,
      overview: t.overview.title,
      payments: t.payments.title,
      payment: t.payments.payment,
      webhooks: t.webhooks.title,
      links: t.links.title,
      settings: t.settings.title,
      "not-found": t.notFoundPage,
    };
    const page = this._route.page === "payment" ? t.payment.title(this._route.paymentId) : titles[this._route.page];
    document.title = `${page} · ${this.shop ? `${this.shop} · ` : ""}${t.product}`;
  }

  protected override render() {
    if (this._route.page === "sign-in")
      return html`<main id="main" class="narrow"
        ><desk-sign-in .signIn=${this.signIn} .reason=${this._signInReason}></desk-sign-in
      ></main>`;
    const s = this._session;
    if (s.status !== "ready")
      return html`<main id="main">
        <h1 tabindex="-1">${t.product}</h1>
        ${s.status === "loading" ? loadingView() : errorView(s.error, () => void this.start())}
      </main>`;
    return html`<a class="skip" href="#main">${t.skipToContent}</a>
      ${this.header(s.data)}
      <main id="main" tabindex="-1">${this.page()}</main>`;
  }

  private header(session: DeskSession) {
    const shop = this.shop;
    const page = this._route.page;
    const current = (name: string) => (page === name || (name === "payments" && page === "payment") ? "page" : nothing);
    const who = session.identity.email ? t.signedInAs(session.identity.email) : t.signedInByLink;
    return html`<header class="top">
      <div class="top-row">
        <a class="brand" href=${link.overview(shop)}>${t.product}</a>
        <div class="shop-switch">
          ${
            session.shops.length > 1
              ? html`<label for="shop-select">${t.shop.label}</label>
                <select id="shop-select" @change=${(e: Event) => this.switchTo((e.target as HTMLSelectElement).value)}>
                  ${session.shops.map((s) => html`<option value=${s.id} ?selected=${s.id === shop}>${s.name} (${t.shop[s.environment]})</option>`)}
                </select>`
              : html`<span class="shop-name">${session.shops[0]?.name ?? shop}</span>`
          }
        </div>
        <div class="who">
          <span>${who}${session.identity.operator ? html` · ${t.operator}` : nothing}</span>
          <button type="button" @click=${this.signOut}>${t.signOut}</button>
        </div>
      </div>
      <nav aria-label=${t.nav.label}>
        <ul>
          <li><a href=${link.overview(shop)} aria-current=${current("overview")}>${t.nav.overview}</a></li>
          <li><a href=${link.payments(shop)} aria-current=${current("payments")}>${t.nav.payments}</a></li>
          <li><a href=${link.webhooks(shop)} aria-current=${current("webhooks")}>${t.nav.webhooks}</a></li>
          <li><a href=${link.links(shop)} aria-current=${current("links")}>${t.nav.links}</a></li>
          <li><a href=${link.settings(shop)} aria-current=${current("settings")}>${t.nav.settings}</a></li>
          <li><a href=${shop ? `/pos/${encodeURIComponent(shop)}/` : "/pos/"}>${t.nav.pos}</a></li>
        </ul>
      </nav>
    </header>`;
  }

  private page() {
    const route = this._route;
    const shop = this.shop;
    const state = this._page;
    switch (route.page) {
      case "overview":
        return html`<desk-overview .state=${state} .shop=${shop} .retry=${this.retry}></desk-overview>`;
      case "payments":
        return html`<desk-payments
          .state=${state}
          .shop=${shop}
          .filters=${route.filters}
          .cursor=${route.cursor}
          .csvUrl=${shop ? this.api.csvUrl(shop, apiQuery(route.filters)) : ""}
          .retry=${this.retry}
        ></desk-payments>`;
      case "payment":
        return html`<desk-payment
          .state=${state}
          .shop=${shop}
          .jsonHref=${shop ? this.api.paymentUrl(shop, route.paymentId) : ""}
          .redeliver=${this.redeliver}
          .refunds=${shop ? this.api.refunds(shop, route.paymentId) : undefined}
          .retry=${this.retry}
        ></desk-payment>`;
      case "webhooks":
        return html`<desk-webhooks .state=${state} .ping=${() => this.api.ping(shop ?? "")} .retry=${this.retry}></desk-webhooks>`;
      case "links":
        return html`<desk-links .state=${state} .calls=${shop ? this.api.linkCalls(shop) : undefined} .retry=${this.retry}></desk-links>`;
      case "settings":
        return html`<desk-settings .state=${state} .save=${(patch: Parameters<DeskApi["saveSettings"]>[1]) => this.api.saveSettings(shop ?? "", patch)} .retry=${this.retry}></desk-settings>`;
      case "not-found":
        return html`<h1 tabindex="-1">${t.notFoundPage}</h1>
          <p><a href=${link.overview(shop)}>${t.nav.overview}</a></p>`;
    }
  }
}
