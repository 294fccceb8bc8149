/** Redirect decision (pure): which URL a payment view sends the customer to, if any. */
import { parseHttpUrl, type PaymentView, type RedirectKey } from "../../worker/checkout/wire.js";
import { REDIRECT_KEY_BY_STATUS } from "./status.js";

export interface RedirectTarget {
  url: string;
  reason: RedirectKey;
}

/** Only absolute http: and https: URLs; anything else (javascript:, data:, relative...) is refused. */
export function safeRedirectUrl(candidate: string | undefined): string | undefined {
  return candidate ? parseHttpUrl(candidate)?.href : undefined;
}

/**
 * The redirect of the view's status, unless its URL is the page the customer is on (`here`, the
 * fragment aside): following that would only reload it, so no countdown promises a departure.
 */
export function redirectTarget(view: PaymentView, here: string): RedirectTarget | undefined {
  const reason = REDIRECT_KEY_BY_STATUS[view.status];
  if (!reason) return undefined;
  const url = safeRedirectUrl(view.redirectUrls[reason]);
  return url && url.split("#")[0] !== here.split("#")[0] ? { url, reason } : undefined;
}

/** Seconds of the redirect-delay attribute: a finite number >= 0, else the default 5. */
export function redirectDelaySeconds(attribute: number | undefined): number {
  const seconds = Number(attribute); // undefined becomes NaN: it fails the comparisons below, as Infinity does
  return seconds >= 0 && seconds < Infinity ? seconds : 5;
}
