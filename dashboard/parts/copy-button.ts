/** A button that copies a value and says so (visibly and to screen readers), or says how to copy by hand. */
import { html } from "lit";
import { t } from "../strings.js";
import { LightElement } from "./light-element.js";

export class DeskCopy extends LightElement {
  static override properties = {
    value: { type: String },
    label: { type: String },
    _outcome: { state: true },
  };
  declare value: string;
  declare label: string;
  declare private _outcome: "" | "copied" | "failed";
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.value = "";
    this.label = "";
    this._outcome = "";
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  private async copy(): Promise<void> {
    clearTimeout(this.timer);
    try {
      await navigator.clipboard.writeText(this.value);
      this._outcome = "copied";
      this.timer = setTimeout(() => (this._outcome = ""), 3000);
    } catch {
      this._outcome = "failed";
    }
  }

  protected override render() {
    return html`<button type="button" class="copy" @click=${this.copy}>${this.label}</button
      ><span class="copy-outcome" role="status"
        >${this._outcome === "copied" ? t.payment.copied : this._outcome === "failed" ? t.payment.copyFailed : ""}</span
      >`;
  }
}
