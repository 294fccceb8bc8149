/**
 * The language of a hosted page (the payment link page, the receipt page), chosen as the element
 * chooses its own (pure): the same catalogs' list (../languages.ts) and the same negotiation
 * (../negotiate.ts), so that a page and the <crypto-checkout> it holds speak one language. The
 * browser's pages pass `navigator.languages`; the Worker, which renders the payment link page,
 * passes the request's Accept-Language header through `acceptedLanguages`.
 */
import type { Language } from "../languages.js";
import { negotiateLocale, type ResolvedLocale } from "../negotiate.js";

/**
 * The languages written right to left. Each element catalog says the same in its `dir`
 * (test/widget/page-catalogs.test.ts holds them together); the pages read it here, without
 * loading the element's catalogs.
 */
const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set<Language>(["ar", "fa", "he"]);

export interface PageLocale extends ResolvedLocale {
  /** The page's `dir`. */
  dir: "ltr" | "rtl";
}

/** The page's language from candidate tags, most preferred first; English when none has a catalog. */
export function pageLocale(...candidates: (string | null | undefined)[]): PageLocale {
  const resolved = negotiateLocale(...candidates);
  return { ...resolved, dir: RIGHT_TO_LEFT.has(resolved.language) ? "rtl" : "ltr" };
}

/** At most this many ranges of a header are read (a longer one is someone's garbage). */
const MAX_RANGES = 32;
const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z\d]{1,8})*)$/i;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The language ranges of an Accept-Language header (RFC 9110, 12.5.4), most preferred first:
 * ordered by their q-value, ties in the header's order; ranges with q=0 (not acceptable) and
 * malformed ones are left out. The wildcard stands for any language: the pages' own, English.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: { range: string; q: number; index: number }[] = [];
  for (const [index, item] of header.split(",", MAX_RANGES).entries()) {
    const [range = "", ...params] = item.split(";").map((part) => part.trim());
    if (!RANGE.test(range)) continue;
    const weight = params.find((param) => /^q\s*=/i.test(param));
    const q = weight === undefined ? "1" : QUALITY.exec(weight.replace(/\s+/g, ""))?.[1];
    if (q === undefined || Number(q) === 0) continue;
    ranges.push({ range: range === "*" ? "en" : range, q: Number(q), index });
  }
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map(({ range }) => range);
}
