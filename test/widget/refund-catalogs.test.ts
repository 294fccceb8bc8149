/**
 * The refund mode's catalogs (widget/locales/refund/) against English: the same keys, functions
 * with the same parameters that show every value they are given, text and no placeholder, and
 * translated (no text equal to English) in every language of languages.ts.
 */
import { expect } from "@open-wc/testing";
import { LANGUAGES } from "../../widget/locales/languages.js";
import { loadRefundMessages, refundEn } from "../../widget/locales/refund/index.js";
import type { RefundMessages } from "../../widget/locales/refund/index.js";

type Key = keyof RefundMessages;
const KEYS = Object.keys(refundEn).sort() as Key[];
const SENTINEL = "⟦0⟧";

/** A message as text: strings as they are, functions filled with the sentinel. */
function textOf(value: RefundMessages[Key]): string {
  return typeof value === "function" ? value(SENTINEL) : value;
}

describe("refund catalogs", () => {
  for (const language of LANGUAGES) {
    it(`${language}: every key of English, of the same kind, each a text that shows its value${language === "en" ? "" : ", translated"}`, async () => {
      const r = await loadRefundMessages(language);
      if (language !== "en") expect(r, "its own catalog").not.to.equal(refundEn);
      expect(Object.keys(r).sort()).to.deep.equal(KEYS);
      for (const key of KEYS) {
        const value = r[key];
        const english = refundEn[key];
        expect(typeof value, `${language}.${key}: kind`).to.equal(typeof english);
        const text = textOf(value);
        if (typeof value === "function") {
          expect(value.length, `${language}.${key}: parameters`).to.equal((english as (x: string) => string).length);
          expect(text, `${language}.${key}: shows its value`).to.contain(SENTINEL);
        }
        expect(text, `${language}.${key}: text`).to.match(/^\S(.*\S)?$/s);
        expect(text.replaceAll(SENTINEL, ""), `${language}.${key}: no placeholder`).not.to.match(/[{}]|undefined|\$/);
        if (language !== "en") expect(text, `${language}.${key}: translated`).not.to.equal(textOf(english));
      }
    });
  }
});
