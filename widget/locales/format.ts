/**
 * Intl formatting that never loses a decimal: amounts are decimal strings and are passed to
 * Intl.NumberFormat as strings (ES2023), with exactly the fraction digits they carry.
 */
import { parseRfc3339, type DecimalString } from "../../worker/checkout/wire.js";
import { splitDuration } from "../state/countdown.js";
import { isDecimalString, scaleOf } from "../state/decimal-text.js";

/** Intl accepts up to 100 fraction digits. */
const MAX_FRACTION_DIGITS = 100;

function exactDigits(amount: DecimalString): Intl.NumberFormatOptions {
  const digits = Math.min(scaleOf(amount), MAX_FRACTION_DIGITS);
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

/** "1234.50000000" in de -> "1.234,50000000". Anything that is not a decimal string is shown as is. */
export function formatDecimal(locale: string, amount: DecimalString): string {
  if (!isDecimalString(amount)) return amount;
  return new Intl.NumberFormat(locale, exactDigits(amount)).format(amount as `${number}`);
}

let isoCurrencies: Set<string> | undefined;

/**
 * An amount with its currency. Currencies Intl knows (ISO 4217: EUR, USD...) use its currency
 * style; others (BTC, LTC, USDT...) are the exact number followed by the code.
 */
export function formatAmount(locale: string, amount: DecimalString, currency: string): string {
  if (!isDecimalString(amount)) return `${amount} ${currency}`;
  isoCurrencies ??= new Set(Intl.supportedValuesOf("currency"));
  if (isoCurrencies.has(currency)) {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency, ...exactDigits(amount) }).format(
        amount as `${number}`,
      );
    } catch {
      // not a currency Intl knows: fall through
    }
  }
  return `${formatDecimal(locale, amount)} ${currency}`;
}

/** Countdown text: "14:05" or "1:02:03", digits of the locale. */
export function formatCountdown(locale: string, ms: number): string {
  const { hours, minutes, seconds } = splitDuration(ms);
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(locale, { useGrouping: false });
  return hours > 0
    ? `${one.format(hours)}:${two.format(minutes)}:${two.format(seconds)}`
    : `${two.format(minutes)}:${two.format(seconds)}`;
}

/** An RFC 3339 date-time in the locale's words; "" for anything else (never a guess). */
export function formatDateTime(locale: string, iso: string | undefined): string {
  const ms = parseRfc3339(iso);
  return ms === undefined
    ? ""
    : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}

export function formatInteger(locale: string, value: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}
