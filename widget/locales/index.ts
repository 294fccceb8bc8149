/**
 * Catalog loading: English is bundled; each other language of languages.ts is a chunk of its own
 * (dist/public/chunks/<tag>-<hash>.js), fetched the first time it is used.
 */
import { en } from "./en.js";
import type { Messages } from "./en.js";
import { catalogs } from "./catalog-loader.js";

export type { Messages };
export type { Language } from "./languages.js";
export { ENGLISH, negotiateLocale } from "./negotiate.js";
export type { ResolvedLocale } from "./negotiate.js";
export { plural } from "./plural.js";

const checkout = catalogs<Messages>(en, {
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
});

/** The catalog of a language; English when its chunk cannot be loaded. */
export const loadMessages = checkout.load;

export { en };
