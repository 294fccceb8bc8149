/**
 * The copy buttons of a <crypto-checkout>: copies a value (the Clipboard API, else the selection
 * and the legacy copy command) and holds the feedback shown next to the button, "Copied" for a
 * few seconds or "select and copy by hand" (a Lit reactive controller).
 */
import { html, nothing } from "lit";
import type { LitElement, ReactiveController, ReactiveControllerHost, TemplateResult } from "lit";
import type { Messages } from "../locales/index.js";
import type { CopyField } from "./payment-templates.js";

/** How long "Copied" stays next to the button. */
const COPIED_MS = 3000;

export class CopyController implements ReactiveController {
  readonly #host: ReactiveControllerHost & Pick<LitElement, "renderRoot">;
  /** The field with feedback next to its button, if any. */
  #field: CopyField | undefined;
  /** False: nothing could copy, the value is left selected for a manual copy. */
  #copied: boolean | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost & Pick<LitElement, "renderRoot">) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.clear();
  }

  /** Removes any feedback. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#field = undefined;
    this.#host.requestUpdate();
  }

  /**
   * Copies `value`, shown in the element as `#<field>-value`. Resolves to true when it was copied,
   * false when it is left selected for a manual copy; never rejects.
   */
  async copy(field: CopyField, value: string): Promise<boolean> {
    this.clear();
    let copied: boolean;
    try {
      await navigator.clipboard.writeText(value);
      copied = true;
    } catch {
      // No Clipboard API (plain http, permissions): select the text, then try the legacy copy.
      const shown = this.#host.renderRoot.querySelector(`#${field}-value`);
      if (shown) window.getSelection()?.selectAllChildren(shown);
      copied = shown !== null && document.execCommand("copy");
    }
    this.#field = field;
    this.#copied = copied;
    if (copied) this.#timer = setTimeout(() => this.clear(), COPIED_MS);
    this.#host.requestUpdate();
    return copied;
  }

  /** The feedback next to the copy button of `field`, if it has any. */
  render(field: CopyField, m: Messages): TemplateResult | typeof nothing {
    return this.#field === field
      ? html`<span class="feedback">${this.#copied ? m.copied : m.copyManually}</span>`
      : nothing;
  }
}
