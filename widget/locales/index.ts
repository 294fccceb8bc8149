/**
 * Locale choice and catalog loading: English is bundled; de, es, fr, pt and ar are separate
 * chunks fetched on first use.
 */
import { en } from "./en.js";
import type { Messages } from "./en.js";

export type { Messages };

export const SUPPORTED_LANGUAGES = ["en", "de", "es", "fr", "pt", "ar"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

const LOADERS: Record<Exclude<Language, "en">, () => Promise<{ messages: Messages }>> = {
  de: () => import("./de.js"),
  es: () => import("./es.js"),
  fr: () => import("./fr.js"),
  pt: () => import("./pt.js"),
  ar: () => import("./ar.js"),
};

export interface ResolvedLocale {
  /** BCP 47 tag used with Intl (the requested one when valid, e.g. "de-CH"). */
  tag: string;
  language: Language;
}

function canonical(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The first of (attribute, page lang, browser language) that is a valid tag; its catalog is the
 * matching language or English. Intl formats with the full tag when its language has a catalog.
 */
export function resolveLocale(...candidates: (string | null | undefined)[]): ResolvedLocale {
  for (const candidate of candidates) {
    const tag = canonical(candidate);
    if (!tag) continue;
    const language = tag.split("-")[0]?.toLowerCase() as Language;
    return SUPPORTED_LANGUAGES.includes(language) ? { tag, language } : { tag: "en", language: "en" };
  }
  return { tag: "en", language: "en" };
}

const loaded = new Map<Language, Messages>([["en", en]]);

/** The catalog of a language; English when its chunk cannot be loaded. */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  if (language === "en") return en;
  try {
    const { messages } = await LOADERS[language]();
    loaded.set(language, messages);
    return messages;
  } catch {
    return en;
  }
}

export { en };
