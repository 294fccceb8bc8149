/**
 * The sign-in page (`/dashboard/sign-in#{token}`): takes the sign-in link's token out of the URL's
 * fragment at once (so it is not left in the address bar or the history; a fragment never reaches
 * a server or a Referer), keeps it in memory only, and signs in when the person presses the button,
 * so that a link previewer that opens the URL does not use up the single-use token.
 */
import { html, nothing } from "lit";
import { DeskApiError } from "../api.js";
import { t } from "../strings.js";
import { LightElement } from "../parts/light-element.js";
import { errorView } from "../parts/views.js";

/** The token of a sign-in link's fragment ("#token" or "#token=..."), or null. */
export function tokenOfHash(hash: string): string | null {
  const raw = hash.replace(/^#/, "").replace(/^token=/, "");
  return /^[A-Za-z0-9._~-]{16,512}$/.test(raw) ? raw : null;
}

export class DeskSignInPage extends LightElement {
  static override properties = {
    signIn: { attribute: false },
    reason: { type: String },
    _state: { state: true },
  };
  declare signIn: ((token: string) => Promise<void>) | undefined;
  /** Why the person is here without a session: signed out, or the session ended. */
  declare reason: "" | "signed-out" | "expired";
  declare private _state: "" | "busy" | DeskApiError;
  private token: string | null = null;

  constructor() {
    super();
    this.reason = "";
    this._state = "";
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const token = tokenOfHash(location.hash);
    if (token) this.token = token;
    if (location.hash) history.replaceState(history.state, "", `${location.pathname}${location.search}`);
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (!this.token || !this.signIn) return;
    this._state = "busy";
    try {
      await this.signIn(this.token);
      this.token = null;
    } catch (error) {
      this._state = error instanceof DeskApiError ? error : new DeskApiError("network", 0);
    }
  }

  protected override render() {
    const state = this._state;
    return html`<div class="sign-in">
      <h1 tabindex="-1">${t.signIn.title}</h1>
      ${
        this.reason === "signed-out"
          ? html`<p role="status">${t.signIn.signedOut}</p>`
          : this.reason === "expired"
            ? html`<p role="status">${t.signIn.expired}</p>`
            : nothing
      }
      ${
        this.token
          ? html`<p>${t.signIn.intro}</p>
            <form @submit=${this.submit}>
              <button type="submit" class="primary" ?disabled=${state === "busy"}>${state === "busy" ? t.signIn.busy : t.signIn.button}</button>
            </form>`
          : this.reason
            ? nothing
            : html`<p class="error" role="alert">${t.signIn.noToken}</p>`
      }
      ${state instanceof DeskApiError ? errorView(state) : nothing}
    </div>`;
  }
}
