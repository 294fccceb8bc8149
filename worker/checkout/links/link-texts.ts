/**
 * What the payment link API says of a link that takes no payment (pure): one sentence per state,
 * in English, the developer's language of the API's errors. The hosted page says the same in the
 * payer's language (widget/locales/link-page/; docs/links.md); these are its English catalog's.
 */
import { linkPageEn } from "../../../widget/locales/link-page/en.js";
import type { LinkState } from "../link-wire.js";

export const GONE_TEXT: Record<Exclude<LinkState, "live">, string> = {
  expired: linkPageEn.expired,
  disabled: linkPageEn.disabled,
  used: linkPageEn.used,
};
