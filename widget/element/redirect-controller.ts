/**
 * The pending redirect of a <crypto-checkout>: the delay, the "go now" link, and the cancelable
 * `checkout-redirect` event fired before the page is left (a Lit reactive controller).
 */
import { html, nothing } from "lit";
import type { ReactiveController, ReactiveControllerHost, TemplateResult } from "lit";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { emit } from "../events.js";
import { plural } from "../locales/index.js";
import type { Messages, ResolvedLocale } from "../locales/index.js";
import { redirectDelaySeconds, redirectTarget } from "../state/redirect.js";
import type { RedirectTarget } from "../state/redirect.js";

interface PendingRedirect extends RedirectTarget {
  /** performance.now() at which the redirect is followed. */
  deadline: number;
  /** A listener called preventDefault(): the customer stays, a plain link remains. */
  cancelled: boolean;
}

export class RedirectController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #pending: PendingRedirect | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  /** True while the countdown to a redirect is on screen. */
  get counting(): boolean {
    return this.#pending !== undefined && !this.#pending.cancelled;
  }

  hostDisconnected(): void {
    this.clear();
  }

  clear(): void {
    clearTimeout(this.#timer);
    this.#pending = undefined;
    this.#host.requestUpdate();
  }

  /**
   * Plans the redirect that belongs to the view's status, if it has an http(s) URL that leads
   * away from this page (state/redirect.ts). `now` is the
   * host's clock reading that render() gets next, so the countdown starts at the whole delay.
   */
  plan(view: PaymentView, delayAttribute: number | undefined, now: number): void {
    this.clear();
    const target = redirectTarget(view, location.href);
    if (!target) return;
    const delayMs = redirectDelaySeconds(delayAttribute) * 1000;
    this.#pending = { ...target, deadline: now + delayMs, cancelled: false };
    this.#timer = setTimeout(() => this.#follow(), delayMs);
  }

  /** Fires checkout-redirect; false (and the redirect cancelled) when a listener prevented it. */
  #allowed(): boolean {
    const pending = this.#pending;
    if (!pending || pending.cancelled) return false;
    clearTimeout(this.#timer);
    const allowed = emit(this.#host, "checkout-redirect", { url: pending.url, reason: pending.reason }, true);
    if (!allowed) {
      this.#pending = { ...pending, cancelled: true };
      this.#host.requestUpdate();
    }
    return allowed;
  }

  #follow(): void {
    const pending = this.#pending;
    if (pending && this.#allowed()) window.location.assign(pending.url);
  }

  #goNow = (event: MouseEvent): void => {
    if (this.#pending?.cancelled) return; // a plain link by now
    if (!this.#allowed()) event.preventDefault();
  };

  render(m: Messages, locale: ResolvedLocale, now: number): TemplateResult | typeof nothing {
    const pending = this.#pending;
    if (!pending) return nothing;
    // data-focus: when "Go now" gives way to "Back to the shop", focus follows (FocusController).
    if (pending.cancelled)
      return html`<p class="actions"><a href=${pending.url} data-focus="redirect">${m.backToShop}</a></p>`;
    const seconds = Math.max(0, Math.ceil((pending.deadline - now) / 1000));
    return html`<p class="actions redirect" part="redirect">
      <span>${plural(locale, m.redirecting, seconds)}</span>
      <a class="button" href=${pending.url} data-focus="redirect" @click=${this.#goNow}>${m.goNow}</a>
    </p>`;
  }
}
