/**
 * Catalog loading: English is bundled; each other language of languages.ts is a chunk of its own
 * (dist/public/chunks/<tag>-<hash>.js), fetched the first time it is used.
 */
import { en } from "./en.js";
import type { Messages } from "./en.js";
import type { Language } from "./languages.js";

export type { Messages };
export type { Language } from "./languages.js";
export { ENGLISH, negotiateLocale } from "./negotiate.js";
export type { ResolvedLocale } from "./negotiate.js";
export { plural } from "./plural.js";

const LOADERS: Record<Exclude<Language, "en">, () => Promise<{ messages: Messages }>> = {
  ar: () => import("./ar.js"),
  cs: () => import("./cs.js"),
  da: () => import("./da.js"),
  de: () => import("./de.js"),
  el: () => import("./el.js"),
  es: () => import("./es.js"),
  fa: () => import("./fa.js"),
  fi: () => import("./fi.js"),
  fr: () => import("./fr.js"),
  he: () => import("./he.js"),
  hi: () => import("./hi.js"),
  hu: () => import("./hu.js"),
  id: () => import("./id.js"),
  it: () => import("./it.js"),
  ja: () => import("./ja.js"),
  ko: () => import("./ko.js"),
  nb: () => import("./nb.js"),
  nl: () => import("./nl.js"),
  pl: () => import("./pl.js"),
  pt: () => import("./pt.js"),
  ro: () => import("./ro.js"),
  ru: () => import("./ru.js"),
  sk: () => import("./sk.js"),
  sv: () => import("./sv.js"),
  th: () => import("./th.js"),
  tr: () => import("./tr.js"),
  uk: () => import("./uk.js"),
  vi: () => import("./vi.js"),
  "zh-CN": () => import("./zh-CN.js"),
  "zh-TW": () => import("./zh-TW.js"),
};

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
