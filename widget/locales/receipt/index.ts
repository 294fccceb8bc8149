/**
 * The receipt page's catalogs, every language of ../languages.ts, all bundled into the page's
 * one script: about as much as one network round trip would cost, and the page shows the receipt
 * without a second request for its words (no chunk loading under the page's CSP).
 */
import type { Language } from "../languages.js";
import { receiptEn, type ReceiptMessages } from "./en.js";
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

export type { ReceiptMessages };
export { receiptEn };

export const RECEIPT_MESSAGES: Record<Language, ReceiptMessages> = {
  en: receiptEn,
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
