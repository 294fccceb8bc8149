/**
 * The refund page's script (scripts/build-refund-page.mjs bundles it into /refund/refund.js): gives
 * the page's <crypto-checkout mode="refund"> its shop, token, endpoint and language
 * (page-setup.ts) before widget.js upgrades it, and titles the page in that language. A new token
 * in the fragment (a second link opened in the same tab) starts the element over.
 */
import { pageSetup } from "./page-setup.js";
import type { Language } from "../../widget/locales/languages.js";

/** Each language's page title and text direction, read from the catalogs when the page is built. */
declare const __REFUND_PAGE_TEXT__: Record<Language, { title: string; dir: "ltr" | "rtl" }>;

function apply(): void {
  const element = document.querySelector("crypto-checkout");
  const { attributes, language } = pageSetup(location.origin, location.pathname, location.hash, navigator.languages);
  for (const [name, value] of Object.entries(attributes)) element?.setAttribute(name, value);
  const text = __REFUND_PAGE_TEXT__[language];
  document.documentElement.lang = language;
  document.documentElement.dir = text.dir;
  document.title = text.title;
}

apply();
addEventListener("hashchange", apply);
