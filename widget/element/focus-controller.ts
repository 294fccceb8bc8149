/**
 * Keeps keyboard focus in a <crypto-checkout> when the control that had it disappears (a currency
 * picked, a status change, "Try again"): without this the browser moves it to the page's body
 * and a keyboard or screen reader user starts over at the top of the page. After each render
 * focus goes to the control that replaced the lost one, else to the lead of what is shown now
 * (state/focus-target.ts decides; a Lit reactive controller).
 */
import type { LitElement, ReactiveController, ReactiveControllerHost } from "lit";
import { focusTarget, LEAD } from "../state/focus-target.js";

export class FocusController implements ReactiveController {
  readonly #host: ReactiveControllerHost & Pick<LitElement, "renderRoot" | "isConnected">;
  /** What had focus inside the element before the render under way. */
  #focused: HTMLElement | undefined;
  #movedToLead = false;

  constructor(host: ReactiveControllerHost & Pick<LitElement, "renderRoot" | "isConnected">) {
    this.#host = host;
    host.addController(this);
  }

  /** True when the last render moved focus to the lead (which a screen reader then reads out). */
  get movedToLead(): boolean {
    return this.#movedToLead;
  }

  hostUpdate(): void {
    const active = (this.#host.renderRoot as ShadowRoot).activeElement;
    this.#focused = active instanceof HTMLElement ? active : undefined;
  }

  hostUpdated(): void {
    const lost = this.#focused;
    this.#focused = undefined;
    this.#movedToLead = false;
    if (!lost || lost.isConnected || !this.#host.isConnected) return;
    const candidates = [...this.#host.renderRoot.querySelectorAll<HTMLElement>("[data-focus]")];
    const key = focusTarget(
      lost.dataset.focus,
      candidates.map((c) => c.dataset.focus ?? ""),
    );
    const target = candidates.find((c) => c.dataset.focus === key);
    if (!target) return;
    target.focus();
    this.#movedToLead = key === LEAD;
  }
}
