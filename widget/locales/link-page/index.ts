/**
 * The payment link page's catalogs, every language of ../languages.ts: the Worker renders the
 * page with them (a Worker bundles them all; the page's script carries none).
 */
import type { Language } from "../languages.js";
import { linkPageEn, type LinkPageMessages } from "./en.js";
import { messages as ar } from "./ar.js";
import { messages as cs } from "./cs.js";
import { messages as da } from "./da.js";
import { messages as de } from "./de.js";
import { messages as el } from "./el.js";
import { messages as es } from "./es.js";
import { messages as fa } from "./fa.js";
import { messages as fi } from "./fi.js";
import { messages as fr } from "./fr.js";
import { messages as he } from "./he.js";
import { messages as hi } from "./hi.js";
import { messages as hu } from "./hu.js";
import { messages as id } from "./id.js";
import { messages as it } from "./it.js";
import { messages as ja } from "./ja.js";
import { messages as ko } from "./ko.js";
import { messages as nb } from "./nb.js";
import { messages as nl } from "./nl.js";
import { messages as pl } from "./pl.js";
import { messages as pt } from "./pt.js";
import { messages as ro } from "./ro.js";
import { messages as ru } from "./ru.js";
import { messages as sk } from "./sk.js";
import { messages as sv } from "./sv.js";
import { messages as th } from "./th.js";
import { messages as tr } from "./tr.js";
import { messages as uk } from "./uk.js";
import { messages as vi } from "./vi.js";
import { messages as zhCN } from "./zh-CN.js";
import { messages as zhTW } from "./zh-TW.js";

export type { LinkPageMessages };
export { linkPageEn };

export const LINK_PAGE_MESSAGES: Record<Language, LinkPageMessages> = {
  en: linkPageEn,
  ar,
  cs,
  da,
  de,
  el,
  es,
  fa,
  fi,
  fr,
  he,
  hi,
  hu,
  id,
  it,
  ja,
  ko,
  nb,
  nl,
  pl,
  pt,
  ro,
  ru,
  sk,
  sv,
  th,
  tr,
  uk,
  vi,
  "zh-CN": zhCN,
  "zh-TW": zhTW,
};
