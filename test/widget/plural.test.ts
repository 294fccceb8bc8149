/** Counts in words (widget/locales/plural.ts): the form Intl.PluralRules picks, the number in the locale's digits. */
import { expect } from "@open-wc/testing";
import { loadMessages, plural } from "../../widget/locales/index.js";
import type { Language } from "../../widget/locales/index.js";
import { engine } from "./support/engine.js";

async function redirecting(language: Language, tag: string, counts: number[]): Promise<string[]> {
  const m = await loadMessages(language);
  return counts.map((n) => plural({ tag, language }, m.redirecting, n));
}

describe("plural forms", () => {
  it("English: one and other", async () => {
    expect(await redirecting("en", "en", [1, 0, 5])).to.deep.equal([
      "Returning to the shop in 1 second",
      "Returning to the shop in 0 seconds",
      "Returning to the shop in 5 seconds",
    ]);
  });

  it("Russian: one, few and many by the last digits", async () => {
    expect(await redirecting("ru", "ru", [1, 3, 5, 11, 21, 22])).to.deep.equal([
      "Возврат в магазин через 1 секунду",
      "Возврат в магазин через 3 секунды",
      "Возврат в магазин через 5 секунд",
      "Возврат в магазин через 11 секунд",
      "Возврат в магазин через 21 секунду",
      "Возврат в магазин через 22 секунды",
    ]);
  });

  it("Polish: 22 is few, 25 many", async () => {
    expect(await redirecting("pl", "pl", [1, 22, 25])).to.deep.equal([
      "Powrót do sklepu za 1 sekundę",
      "Powrót do sklepu za 22 sekundy",
      "Powrót do sklepu za 25 sekund",
    ]);
  });

  it("Arabic: all six forms, one and two in words", async () => {
    const [zero, one, two, few, many, other] = await redirecting("ar", "ar", [0, 1, 2, 3, 11, 100]);
    const number = (n: number) => new Intl.NumberFormat("ar").format(n);
    expect([zero, one, two, few, many, other]).to.deep.equal([
      `العودة إلى المتجر خلال ${number(0)} ثانية`,
      "العودة إلى المتجر خلال ثانية واحدة",
      "العودة إلى المتجر خلال ثانيتين",
      `العودة إلى المتجر خلال ${number(3)} ثوانٍ`,
      `العودة إلى المتجر خلال ${number(11)} ثانية`,
      `العودة إلى المتجر خلال ${number(100)} ثانية`,
    ]);
  });

  it("French: a million takes de (many)", async () => {
    expect(await redirecting("fr", "fr", [1, 2, 1_000_000])).to.deep.equal([
      "Retour à la boutique dans 1 seconde",
      "Retour à la boutique dans 2 secondes",
      "Retour à la boutique dans 1\u202f000\u202f000 de secondes",
    ]);
  });

  it("writes the count in the locale's digits, with the catalog's forms", async () => {
    expect(await redirecting("fa", "fa", [5])).to.deep.equal(["بازگشت به فروشگاه تا ۵ ثانیهٔ دیگر"]);
    // The engine's own locale data groups the digits: Swiss German writes 1'000 in Chromium and
    // Firefox (their bundled ICU) and 1’000 in WebKitGTK, which uses the system's ICU (72 on Debian 12).
    const thousand = engine === "webkit" ? "1\u2019000" : "1'000";
    expect(await redirecting("de", "de-CH", [1, 1000])).to.deep.equal([
      "Zurück zum Shop in 1 Sekunde",
      `Zurück zum Shop in ${thousand} Sekunden`,
    ]);
  });
});
