import Decimal from "decimal.js";
import type { CurrencyInfo } from "./currencies.js";
import { SandboxError } from "./errors.js";

/** decimal.js with enough precision for any quotient the sandbox computes. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = Decimal;

/** Exchange rates are stated with this many decimal places. */
export const RATE_DECIMALS = 8;

/**
 * Units of `to` worth one unit of `from`, from the reference-currency table, rounded half-up to
 * RATE_DECIMALS. Throws unsupported_currency when either side has no rate.
 */
export function rateOf(rates: Record<string, Decimal>, from: string, to: string, field = "currency"): Decimal {
  if (from === to) return new Dec(1);
  const a = rates[from];
  const b = rates[to];
  if (!a || !b) throw new SandboxError(400, "unsupported_currency", `no exchange rate for ${from}/${to}`, field);
  return new Dec(a).div(b).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** Exact value of `amount` of `from` in `to` (no intermediate rounding; the caller rounds the result). */
export function convert(
  rates: Record<string, Decimal>,
  amount: Decimal,
  from: string,
  to: string,
  field = "currency",
): Decimal {
  rateOf(rates, from, to, field); // both sides must have a rate
  return from === to ? amount : amount.times(rates[from] as Decimal).div(rates[to] as Decimal);
}

/**
 * `amount` as a decimal, refused (400 invalid_request naming `field`) when it has more decimal
 * places than `currency` allows: a request amount is never rounded.
 */
export function amountIn(amount: string, currency: Pick<CurrencyInfo, "code" | "decimals">, field: string): Decimal {
  const value = new Dec(amount);
  if (value.decimalPlaces() > currency.decimals)
    throw new SandboxError(
      400,
      "invalid_request",
      `${field}: at most ${currency.decimals} decimal places for ${currency.code}`,
      field,
    );
  return value;
}

/** Plain decimal text with the currency's decimal places (never exponent notation). */
export function fmt(value: Decimal, currency: Pick<CurrencyInfo, "decimals">): string {
  return value.toFixed(currency.decimals, Decimal.ROUND_HALF_UP);
}

export function sum(values: readonly string[]): Decimal {
  return values.reduce((acc, v) => acc.plus(v), new Dec(0));
}
