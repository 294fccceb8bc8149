/**
 * Every catalog against English (widget/locales/en.ts): the same keys of the same kinds, functions
 * with the same parameters that keep every value, plural forms for exactly the categories
 * Intl.PluralRules gives the language, the text direction Intl gives it, and text that is
 * translated: equal to English only where listed below. And every error code (the Worker's list in
 * wire.ts, and the element's own) against the catalogs: each has a kind, and each kind a
 * translated customer message in every language.
 */
import { expect } from "@open-wc/testing";
import { ERROR_CODES, ERROR_KINDS } from "../../worker/checkout/wire.js";
import type { ErrorKind } from "../../worker/checkout/wire.js";
import { en, loadMessages } from "../../widget/locales/index.js";
import type { Language, Messages } from "../../widget/locales/index.js";
import { LANGUAGES } from "../../widget/locales/languages.js";
import type { PluralForms } from "../../widget/locales/plural.js";

/** Texts that are the same as English on purpose (the same word in that language). */
const SAME_AS_ENGLISH: Partial<Record<Language, (keyof Messages)[]>> = {
  fr: ["transactions"],
};

type Key = keyof Messages;
const KEYS = Object.keys(en).sort() as Key[];
/** Values that fill a function message's parameters: each must come out exactly once. */
const sentinel = (i: number) => `⟦${i}⟧`;

/** The customer messages of errors, one per kind (wire.ts, ERROR_KINDS). */
const CAUSES = Object.keys(en.errors).sort() as ErrorKind[];

function kindOf(value: unknown): string {
  if (value === null || typeof value !== "object") return typeof value;
  return Object.keys(value).sort().join() === CAUSES.join() ? "errors" : "plural";
}

function checkText(label: string, value: string): void {
  expect(value, `${label}: text`).to.match(/^\S(.*\S)?$/);
  expect(value, `${label}: no placeholder`).not.to.match(/[{}]/);
}

/** A message as text to compare with English: strings as they are, functions filled with sentinels, plurals by their forms. */
function textOf(value: Messages[Key]): string {
  if (typeof value === "function")
    return (value as (...args: string[]) => string)(...Array.from({ length: value.length }, (_, i) => sentinel(i)));
  if (typeof value === "object") return JSON.stringify(Object.entries(value).sort());
  return value;
}

/** Integers in 0..1000 that Intl.PluralRules puts in `category`. */
function integersIn(language: string, category: string): number {
  const rules = new Intl.PluralRules(language);
  let count = 0;
  for (let n = 0; n <= 1000; n++) if (rules.select(n) === category) count++;
  return count;
}

function checkPlural(language: string, key: string, forms: PluralForms): void {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  expect(Object.keys(forms).sort(), `${language}.${key}: plural categories`).to.deep.equal([...categories].sort());
  for (const [category, form] of Object.entries(forms)) {
    expect(form.replace("{n}", ""), `${language}.${key}.${category}: only {n}, at most once`).not.to.match(/[{}]/);
    // A form may spell out its number only when it is the form of a single integer (Arabic's "two").
    if (integersIn(language, category) !== 1)
      expect(form, `${language}.${key}.${category}: the count`).to.contain("{n}");
  }
}

function checkMessage(language: Language, key: Key, value: Messages[Key]): void {
  const english = en[key];
  expect(kindOf(value), `${language}.${key}: kind`).to.equal(kindOf(english));
  if (typeof value === "function") {
    expect(value.length, `${language}.${key}: parameters`).to.equal((english as (...args: never[]) => string).length);
    const text = textOf(value);
    for (let i = 0; i < value.length; i++)
      expect(text.split(sentinel(i)), `${language}.${key}: parameter ${i} shown once`).to.have.length(2);
    expect(text.replace(/⟦\d⟧/g, ""), `${language}.${key}: no other placeholder`).not.to.match(/[{}]|undefined/);
  } else if (kindOf(value) === "errors") {
    for (const cause of CAUSES) checkText(`${language}.${key}.${cause}`, (value as Messages["errors"])[cause]);
  } else if (typeof value === "object") {
    checkPlural(language, key, value as PluralForms);
  } else if (key !== "dir") {
    checkText(`${language}.${key}`, value);
  }
}

describe("catalogs", () => {
  for (const language of LANGUAGES) {
    describe(language, () => {
      let m: Messages;
      before(async () => {
        m = await loadMessages(language);
      });

      it("is its own catalog, loaded as its own chunk (English is bundled)", () => {
        if (language === "en") expect(m).to.equal(en);
        else expect(m).not.to.equal(en);
      });

      it("has every key of English, no other, each of the same kind with the same placeholders", () => {
        const keys = Object.keys(m);
        expect({
          missing: KEYS.filter((k) => !keys.includes(k)),
          extra: keys.filter((k) => !(KEYS as string[]).includes(k)),
        }).to.deep.equal({ missing: [], extra: [] });
        for (const key of KEYS) checkMessage(language, key, m[key]);
      });

      it("has the text direction Intl gives the language", () => {
        const locale = new Intl.Locale(language) as Intl.Locale & { getTextInfo(): { direction: string } };
        expect(m.dir).to.equal(locale.getTextInfo().direction);
      });

      if (language !== "en") {
        it("is translated: no text equals English unless listed as the same word", () => {
          const same = SAME_AS_ENGLISH[language] ?? [];
          const untranslated = KEYS.filter(
            (key) => key !== "dir" && !same.includes(key) && textOf(m[key]) === textOf(en[key]),
          );
          expect(untranslated).to.deep.equal([]);
          expect(
            CAUSES.filter((cause) => m.errors[cause] === en.errors[cause]),
            "errors",
          ).to.deep.equal([]);
          // The list stays true: what it names is still the same as English.
          for (const key of same)
            expect(textOf(m[key]), `${key} is listed as the same as English`).to.equal(textOf(en[key]));
        });
      }
    });
  }
});

describe("error codes against the catalogs", () => {
  /** The codes the element makes itself (widget/api/checkout-api.ts, crypto-checkout.ts) and their kinds. */
  const CLIENT_KINDS: Record<string, ErrorKind> = {
    network_error: "busy",
    invalid_response: "failed",
    invalid_attributes: "setup",
  };
  const kinds: [string, ErrorKind][] = [
    ...ERROR_CODES.map((code): [string, ErrorKind] => [code, ERROR_KINDS[code]]),
    ...Object.entries(CLIENT_KINDS),
  ];

  it("gives every code of the Worker a kind, and every kind a message in English", () => {
    expect(Object.keys(ERROR_KINDS).sort()).to.deep.equal([...ERROR_CODES].sort());
    expect([...new Set(kinds.map(([, kind]) => kind))].sort()).to.deep.equal(CAUSES);
  });

  for (const language of LANGUAGES) {
    it(`${language}: a customer message for every code, in its own words, with no code in it`, async () => {
      const m = await loadMessages(language);
      for (const [code, kind] of kinds) {
        const text = m.errors[kind];
        expect(text, `${language}: ${code}`).to.be.a("string").and.match(/\S/);
        expect(text, `${language}: ${code} never shows a code`).not.to.match(/[a-z]+_[a-z]+/);
        if (language !== "en") expect(text, `${language}: ${code}`).not.to.equal(en.errors[kind]);
      }
    });
  }
});
