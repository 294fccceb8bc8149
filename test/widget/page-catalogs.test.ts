/**
 * The hosted pages' catalogs (widget/locales/link-page/ and widget/locales/receipt/) against
 * English: every language of languages.ts has one, with the same keys of the same kinds, functions
 * with the same parameters that show each value they are given exactly once, no placeholder left,
 * and translated: equal to English only where listed below. And the pages' text direction
 * (widget/locales/pages/page-language.ts) is the one each element catalog says.
 */
import { expect } from "@open-wc/testing";
import { loadMessages } from "../../widget/locales/index.js";
import { LANGUAGES, type Language } from "../../widget/locales/languages.js";
import { LINK_PAGE_MESSAGES } from "../../widget/locales/link-page/index.js";
import { pageLocale } from "../../widget/locales/pages/page-language.js";
import { RECEIPT_MESSAGES } from "../../widget/locales/receipt/index.js";

/** Texts that are the same as English on purpose (the same words in that language). */
const SAME_AS_ENGLISH: Record<string, Partial<Record<Language, string[]>>> = {
  "link-page": { de: ["optional"] },
  receipt: { fr: ["transaction", "transactions"] },
};

const sentinel = (i: number) => `⟦${i}⟧`;

/** A message as text: strings as they are, functions filled with one sentinel per parameter. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  const message = value as (...args: string[]) => string;
  return message(...Array.from({ length: message.length }, (_, i) => sentinel(i)));
}

const CATALOGS: Record<string, Record<Language, Record<string, unknown>>> = {
  "link-page": LINK_PAGE_MESSAGES,
  receipt: RECEIPT_MESSAGES,
};

for (const [page, catalogs] of Object.entries(CATALOGS)) {
  describe(`${page} catalogs`, () => {
    const english = catalogs.en;
    const keys = Object.keys(english).sort();

    it("one for every language of the element", () => {
      expect(Object.keys(catalogs).sort()).to.deep.equal([...LANGUAGES].sort());
    });

    for (const language of LANGUAGES) {
      it(`${language}: every key of English, of the same kind, each value shown once${language === "en" ? "" : ", translated"}`, () => {
        const catalog = catalogs[language];
        if (language !== "en") expect(catalog, "its own catalog").not.to.equal(english);
        expect(Object.keys(catalog).sort()).to.deep.equal(keys);
        const same = SAME_AS_ENGLISH[page]?.[language] ?? [];
        for (const key of keys) {
          const value = catalog[key];
          const model = english[key];
          expect(typeof value, `${language}.${key}: kind`).to.equal(typeof model);
          const text = textOf(value);
          if (typeof value === "function") {
            const parameters = (model as (...args: string[]) => string).length;
            expect(value.length, `${language}.${key}: parameters`).to.equal(parameters);
            for (let i = 0; i < parameters; i++)
              expect(text.split(sentinel(i)).length - 1, `${language}.${key}: shows ${sentinel(i)} once`).to.equal(1);
          }
          expect(text, `${language}.${key}: text`).to.match(/^\S(.*\S)?$/s);
          expect(text.replace(/⟦\d⟧/g, ""), `${language}.${key}: no placeholder`).not.to.match(/[{}]|undefined|\$/);
          if (language !== "en" && !same.includes(key))
            expect(text, `${language}.${key}: translated`).not.to.equal(textOf(model));
        }
        for (const key of same)
          expect(textOf(catalog[key]), `${language}.${key}: listed as English`).to.equal(textOf(english[key]));
      });
    }
  });
}

describe("the pages' text direction", () => {
  it("is the direction of the element's catalog of each language", async () => {
    for (const language of LANGUAGES) {
      const messages = await loadMessages(language);
      expect(pageLocale(language).dir, language).to.equal(messages.dir);
    }
  });
});
