/**
 * The element's languages: each a BCP 47 tag that names one catalog, widget/locales/<tag>.ts.
 * English is bundled in widget.js; every other catalog is a chunk of its own, loaded on first use
 * (index.ts). Portuguese is written for Brazil; zh-CN is Simplified and zh-TW Traditional Chinese.
 */
export const LANGUAGES = [
  "en",
  "ar",
  "cs",
  "da",
  "de",
  "el",
  "es",
  "fa",
  "fi",
  "fr",
  "he",
  "hi",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "nb",
  "nl",
  "pl",
  "pt",
  "ro",
  "ru",
  "sk",
  "sv",
  "th",
  "tr",
  "uk",
  "vi",
  "zh-CN",
  "zh-TW",
] as const;

export type Language = (typeof LANGUAGES)[number];
