/** Messages with a count: their forms are data, one per plural category of the catalog's language. */
import { formatInteger } from "./format.js";
import type { ResolvedLocale } from "./negotiate.js";

/**
 * The forms of one message, keyed by the categories Intl.PluralRules gives for the language
 * (English: one, other; Russian: one, few, many, other; Arabic: all six). `{n}` is the count; a
 * form for a single number (Arabic's two, Hebrew's one) may spell it out instead.
 */
export type PluralForms = { [category in Intl.LDMLPluralRule]?: string } & { other: string };

/** The form the catalog's language uses for `count`, with `{n}` written in the locale's digits. */
export function plural({ tag, language }: ResolvedLocale, forms: PluralForms, count: number): string {
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other;
  return form.replace("{n}", formatInteger(tag, count));
}
