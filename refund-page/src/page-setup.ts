/**
 * What the refund page (refund-page/index.html) gives its element, read from its URL and the
 * browser (pure): a refund link is `{PUBLIC_URL}/refund/{shop}/#{token}`, so the shop is the path's
 * second part and the token the fragment (which never leaves the browser but in the element's own
 * requests). The endpoint is the page's own origin: the Worker serves the page.
 */
import { negotiateLocale } from "../../widget/locales/negotiate.js";
import type { Language } from "../../widget/locales/languages.js";

export interface PageSetup {
  /** The element's attributes. */
  attributes: { endpoint: string; shop: string; "refund-token": string; locale: string };
  /** The language of the page's text (its `lang`). */
  language: Language;
}

/** The page's setup from `location`'s parts and the browser's languages. */
export function pageSetup(origin: string, pathname: string, hash: string, languages: readonly string[]): PageSetup {
  const shop = decode(/^\/refund\/([^/]+)\/?$/.exec(pathname)?.[1] ?? "");
  const { tag, language } = negotiateLocale(...languages);
  return {
    attributes: { endpoint: origin, shop, "refund-token": decode(hash.replace(/^#/, "")), locale: tag },
    language,
  };
}

/** A URL part unescaped; a malformed escape is kept as it is (the Worker refuses it as an invalid link). */
function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
