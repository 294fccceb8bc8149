/**
 * Which catalog and which Intl locale the element uses (pure): BCP 47 lookup over the candidates
 * in order (the `locale` attribute, the page's `lang`, the browser's languages). A candidate
 * matches the catalog of its language and script once both are filled in by Intl.Locale's
 * maximize(): zh-HK and zh-Hant are zh-Hant, so Traditional Chinese (zh-TW); zh-SG is zh-Hans,
 * so Simplified (zh-CN); pt-PT is pt-Latn, so Portuguese. Aliases are canonicalised first (iw is
 * he, in is id). The first candidate with a catalog wins; with none, English.
 */
import { LANGUAGES } from "./languages.js";
import type { Language } from "./languages.js";

export interface ResolvedLocale {
  /** BCP 47 tag for Intl (the candidate itself, so de-CH keeps its regional formats). */
  tag: string;
  /** The catalog, also the language of the text. */
  language: Language;
}

export const ENGLISH: ResolvedLocale = { tag: "en", language: "en" };

/** Languages best served by another's catalog: Norwegian and Nynorsk readers read Bokmål. */
const READ_AS: Partial<Record<string, string>> = { no: "nb", nn: "nb" };

/** "language-Script" of a tag once maximized: zh-HK -> zh-Hant, pt-BR -> pt-Latn, nn -> nb-Latn. */
function writing(tag: string): string {
  const { language, script } = new Intl.Locale(tag).maximize();
  return `${READ_AS[language] ?? language}-${script}`;
}

let catalogs: Map<string, Language> | undefined;

/** The catalog of a canonical tag, if any. "und" (undetermined) has none, whatever maximize() guesses. */
function catalogOf(tag: string): Language | undefined {
  if (new Intl.Locale(tag).language === "und") return undefined;
  catalogs ??= new Map(LANGUAGES.map((language) => [writing(language), language]));
  return catalogs.get(writing(tag));
}

function canonical(candidate: string | null | undefined): string | undefined {
  try {
    return candidate ? Intl.getCanonicalLocales(candidate)[0] : undefined;
  } catch {
    return undefined; // not a well-formed tag
  }
}

export function negotiateLocale(...candidates: (string | null | undefined)[]): ResolvedLocale {
  for (const candidate of candidates) {
    const tag = canonical(candidate);
    const language = tag && catalogOf(tag);
    // A tag Intl has no data for would format in the browser's default locale: use the catalog's.
    if (language) return { tag: Intl.NumberFormat.supportedLocalesOf(tag).length > 0 ? tag : language, language };
  }
  return ENGLISH;
}
