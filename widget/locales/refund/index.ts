/**
 * The refund mode's catalogs: English is bundled with the refund mode's chunk; each other language
 * of ../languages.ts is a chunk of its own, fetched the first time a refund is shown in it.
 */
import { catalogs } from "../catalog-loader.js";
import { refundEn } from "./en.js";
import type { RefundMessages } from "./en.js";

export type { RefundMessages };
export { refundEn };

const refund = catalogs<RefundMessages>(refundEn, {
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

/** The loaded catalog of a language, if it is loaded. */
export const loadedRefundMessages = refund.loaded;

/** The refund catalog of a language; English when its chunk cannot be loaded. */
export const loadRefundMessages = refund.load;
