/**
 * The dashboard's elements render into the page itself (no shadow root), so that one stylesheet
 * (dashboard.css, a file: nothing inline under the strict CSP) styles the whole app, and focus,
 * forms and axe work on one document.
 */
import { LitElement } from "lit";

export class LightElement extends LitElement {
  protected override createRenderRoot(): HTMLElement {
    return this;
  }
}
