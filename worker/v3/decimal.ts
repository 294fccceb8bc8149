/**
 * Exact decimal amounts. The upstream may send an amount as a JSON string or a JSON number; the
 * number is read from the JSON text (lossless-json keeps its source digits) and never becomes a
 * float. Plain notation is kept as sent ("25.00" stays "25.00"); exponent notation is expanded
 * with decimal.js ("1e-8" becomes "0.00000001").
 */
import Decimal from "decimal.js";
import { isLosslessNumber } from "lossless-json";
import { z } from "zod";
import { DECIMAL_AMOUNT, DECIMAL_AMOUNT_MESSAGE } from "./types.js";

const PLAIN = /^-?\d+(\.\d+)?$/;
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
/** Exponents beyond this are refused: no real amount needs them and expanding them costs memory. */
const MAX_EXPONENT = 64;

/** A decimal string from the text of a number, or undefined when the text is not a number. */
export function decimalFromText(text: string): string | undefined {
  const trimmed = text.trim();
  if (PLAIN.test(trimmed)) return trimmed;
  if (!JSON_NUMBER.test(trimmed)) return undefined;
  const exponent = Number(trimmed.slice(trimmed.search(/[eE]/) + 1));
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return undefined;
  return new Decimal(trimmed).toFixed();
}

/** A decimal string from a response value (string or lossless number), or undefined. */
export function decimalFromJson(value: unknown): string | undefined {
  if (typeof value === "string") return decimalFromText(value);
  if (isLosslessNumber(value)) return decimalFromText(value.value);
  return undefined;
}

/** The request amount rule lives with the upstream's other shapes (types.ts); decimal.ts checks with it. */
export { DECIMAL_AMOUNT, DECIMAL_AMOUNT_MESSAGE } from "./types.js";

/** A request amount (DECIMAL_AMOUNT), zero included; checks chained after it run only on a well-formed amount. */
export const decimalAmount = z.string().regex(DECIMAL_AMOUNT, { error: DECIMAL_AMOUNT_MESSAGE, abort: true });

/** A request amount (DECIMAL_AMOUNT) greater than zero. */
export const positiveDecimalAmount = decimalAmount.refine(
  (text) => new Decimal(text).greaterThan(0),
  "must be greater than zero",
);
