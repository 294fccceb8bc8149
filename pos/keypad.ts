/**
 * The keypad's entry, pure: the amount as the cashier types it, left to right like a calculator,
 * a decimal string at every step (never a number). Digits, one decimal point, backspace and clear;
 * at most the price currency's decimals after the point (none for JPY) and MAX_INTEGER_DIGITS
 * before it, the Worker's own limits (worker/checkout/desk/desk-pos.ts), so that whatever the
 * keypad shows is an amount the Worker takes as it is.
 */

/** Digits before the point: the Worker refuses more. */
export const MAX_INTEGER_DIGITS = 9;

export type Key = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "." | "back" | "clear";

/** The keypad's key for a keyboard key (`event.key`), or null: digits, `.` and `,`, Backspace, Escape and Delete. */
export function keyOf(key: string): Key | null {
  if (/^[0-9]$/.test(key)) return key as Key;
  if (key === "." || key === "," || key === "Decimal") return ".";
  if (key === "Backspace") return "back";
  if (key === "Escape" || key === "Delete" || key === "Clear") return "clear";
  return null;
}

/** The entry after one key; a key that would break a rule leaves it as it was. */
export function press(entry: string, key: Key, decimals: number): string {
  if (key === "clear") return "";
  if (key === "back") return entry.slice(0, -1);
  const [whole = "", fraction] = entry.split(".");
  if (key === ".") {
    if (decimals === 0 || fraction !== undefined) return entry;
    return `${whole || "0"}.`;
  }
  if (fraction !== undefined) return fraction.length < decimals ? entry + key : entry;
  if (whole === "0") return key;
  return whole.length < MAX_INTEGER_DIGITS ? entry + key : entry;
}

/** The entry as the amount to charge ("12." is "12"), or null while it is no amount above zero. */
export function amountOf(entry: string): string | null {
  const amount = entry.endsWith(".") ? entry.slice(0, -1) : entry;
  if (!/^\d+(\.\d+)?$/.test(amount) || /^0+(\.0+)?$/.test(amount)) return null;
  return amount;
}

/** The decimals of a price currency (EUR 2, JPY 0, BHD 3) from the browser's ISO 4217 data. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * The entry as the display shows it: the currency's symbol and the digits typed so far, grouped
 * (`€1,234.5`), with a trailing point kept while the cashier is about to type the decimals, and
 * `€0` for an empty entry. Intl formats the decimal string itself, exactly.
 */
export function displayOf(entry: string, currency: string, locale = "en"): string {
  const [whole = "", fraction] = entry.split(".");
  const digits = fraction?.length ?? 0;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    return `${entry || "0"} ${currency}`;
  }
  const value = `${whole || "0"}${digits ? `.${fraction}` : ""}`;
  const parts = format.formatToParts(value as unknown as number);
  if (fraction !== "") return parts.map((p) => p.value).join("");
  // "12." : the point right after the last digit of the whole part.
  const point = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
  const last = parts.map((p) => p.type).lastIndexOf("integer");
  return parts.map((p, i) => (i === last ? p.value + point : p.value)).join("");
}
