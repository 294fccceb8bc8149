/**
 * What the payment link page says of a link that takes no payment (pure, no dependencies, so that
 * the page's HTML renders in any runtime): one sentence per state, in English (the element's
 * catalogs have no words for links; docs/links.md).
 */
import type { LinkState } from "../link-wire.js";

export const GONE_TEXT: Record<Exclude<LinkState, "live">, string> = {
  expired: "This payment link has expired.",
  disabled: "This payment link is no longer active.",
  used: "This payment link has already been paid.",
};
