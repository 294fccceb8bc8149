/** Locale negotiation (widget/locales/negotiate.ts): BCP 47 lookup with each engine's Intl, as a table. */
import { expect } from "@open-wc/testing";
import { engine } from "./support/engine.js";
import { LANGUAGES } from "../../widget/locales/languages.js";
import { negotiateLocale } from "../../widget/locales/negotiate.js";

type Candidates = (string | null | undefined)[];

/** candidates (attribute, page lang, browser languages...) -> [Intl tag, catalog]. */
const TABLE: [Candidates, string, string][] = [
  // A region keeps its formats; the catalog is the language's.
  [["de-AT"], "de-AT", "de"],
  [["de-CH", "fr", "es"], "de-CH", "de"],
  [["pt-BR"], "pt-BR", "pt"],
  [["pt-PT"], "pt-PT", "pt"],
  [["pt"], "pt", "pt"],
  [["en-GB"], "en-GB", "en"],
  [["EN-gb"], "en-GB", "en"], // canonical case
  [["es-419"], "es-419", "es"],
  [["fr-CA"], "fr-CA", "fr"],
  [["ar-EG"], "ar-EG", "ar"],
  [["fa-AF"], "fa-AF", "fa"],
  // Chinese by script, explicit or implied by the region.
  [["zh-Hant-TW"], "zh-Hant-TW", "zh-TW"],
  [["zh-TW"], "zh-TW", "zh-TW"],
  [["zh-HK"], "zh-HK", "zh-TW"],
  [["zh-MO"], "zh-MO", "zh-TW"],
  [["zh-Hant"], "zh-Hant", "zh-TW"],
  [["zh"], "zh", "zh-CN"],
  [["zh-CN"], "zh-CN", "zh-CN"],
  [["zh-Hans"], "zh-Hans", "zh-CN"],
  [["zh-SG"], "zh-SG", "zh-CN"],
  [["zh-Hans-HK"], "zh-Hans-HK", "zh-CN"],
  // Norwegian: Bokmål for no and nn too.
  [["nb"], "nb", "nb"],
  [["nb-NO"], "nb-NO", "nb"],
  [["no"], "no", "nb"],
  // Nynorsk readers get the Bokmål catalog. Formats follow Nynorsk where the engine has Intl data
  // for it (Firefox, WebKit); Chromium has none, so they follow the catalog, not the browser's default.
  [["nn-NO"], engine === "chromium" ? "nb" : "nn-NO", "nb"],
  // Deprecated codes are canonicalised first.
  [["iw"], "he", "he"],
  [["iw-IL"], "he-IL", "he"],
  [["in"], "id", "id"],
  // The first candidate with a catalog wins; with none, English.
  [["sw", "fr"], "fr", "fr"],
  [["sw-KE", "yue", "ja-JP"], "ja-JP", "ja"],
  [["sw"], "en", "en"],
  [[], "en", "en"],
  [[undefined, null, "", "de"], "de", "de"],
  [["not a tag!", "x-private", "ko"], "ko", "ko"],
  [["und", "es"], "es", "es"], // undetermined: no language, whatever maximize() would guess
  // Same language in another script is not the same catalog.
  [["hi-Latn", "it"], "it", "it"],
  [["zh-Latn", "vi"], "vi", "vi"],
];

describe("locale negotiation", () => {
  for (const [candidates, tag, language] of TABLE) {
    it(`${JSON.stringify(candidates)} -> ${language} (Intl: ${tag})`, () => {
      expect(negotiateLocale(...candidates)).to.deep.equal({ tag, language });
    });
  }

  it("every language's own tag picks its catalog", () => {
    for (const language of LANGUAGES)
      expect(negotiateLocale(language), language).to.deep.equal({ tag: language, language });
  });
});
