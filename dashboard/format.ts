/**
 * How the dashboard writes times, amounts and rates: pure functions. Amounts stay the exact
 * decimal strings the Worker sends; the one sum the browser makes (a day's volume) is done on
 * integers (BigInt), never on floating-point numbers.
 */
import { DECIMAL_AMOUNT } from "../worker/checkout/wire.js";

/** An ISO 8601 time as `2026-11-25 05:58:12 UTC` (UTC, so that every reader sees the same). */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** An amount with its currency, the digits exactly as given. */
export function formatAmount(amount: string | null | undefined, currency: string): string {
  return amount == null ? "—" : `${amount} ${currency}`;
}

/** A share as a percentage with one decimal, from whole counts; null when there is nothing to share. */
export function percent(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  const tenths = Math.round((part * 1000) / whole);
  return `${Math.floor(tenths / 10)}.${tenths % 10} %`;
}

/** The exact sum of decimal strings (no sign, as the Worker writes amounts), at the longest scale among them. */
export function sumDecimals(amounts: readonly string[]): string {
  let scale = 0;
  for (const a of amounts) {
    if (!DECIMAL_AMOUNT.test(a)) throw new RangeError(`not a decimal amount: ${a}`);
    scale = Math.max(scale, a.split(".")[1]?.length ?? 0);
  }
  let total = 0n;
  for (const a of amounts) {
    const [whole = "0", fraction = ""] = a.split(".");
    total += BigInt(whole + fraction.padEnd(scale, "0"));
  }
  const digits = total.toString().padStart(scale + 1, "0");
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** A webhook attempt's duration. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms / 100);
  return `${Math.floor(tenths / 10)}.${tenths % 10} s`;
}
