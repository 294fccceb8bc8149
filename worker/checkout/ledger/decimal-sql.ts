/**
 * Exact decimal arithmetic on the ledger's amount columns (non-negative decimal strings such as
 * "25.00" or "0.00041667") inside SQL, where a CAST to REAL would round: one place for the
 * expressions and their JavaScript twins.
 * - Order: `sortKeySql(column)` is the amount as a fixed-width string (20 integer digits, 27
 *   decimals, zero-padded) that sorts as the number does; `sortKey(amount)` builds the same key for
 *   a bound parameter.
 * - Sums: `sumSql(column, alias)` sums the integer part and the decimals in three groups of nine
 *   digits as integers (no overflow before about 9 billion rows), handed over as text (a number
 *   past 2^53 would lose digits in JavaScript), with the longest scale; `sumOf(row, alias)` adds
 *   them up with decimal.js at that scale.
 * Amounts with more than 27 decimals or 20 integer digits are beyond what the upstream sends.
 */
import Decimal from "decimal.js";

/** Enough significant digits for 20 integer digits, 27 decimals and the carries (decimal.js's default is 20). */
const Exact = Decimal.clone({ precision: 80 });

const INT_DIGITS = 20;
const FRACTION_DIGITS = 27;
const ZEROS = (n: number) => "0".repeat(n);

const intPart = (c: string) => `substr(${c}, 1, instr(${c} || '.', '.') - 1)`;
const fraction = (c: string) => `substr(${c}, instr(${c} || '.', '.') + 1)`;
const paddedFraction = (c: string) => `substr(${fraction(c)} || '${ZEROS(FRACTION_DIGITS)}', 1, ${FRACTION_DIGITS})`;

export const sortKeySql = (c: string): string =>
  `(substr('${ZEROS(INT_DIGITS)}' || ${intPart(c)}, -${INT_DIGITS}) || ${paddedFraction(c)})`;

export function sortKey(amount: string): string {
  const [int = "0", frac = ""] = amount.split(".");
  return (ZEROS(INT_DIGITS) + int).slice(-INT_DIGITS) + (frac + ZEROS(FRACTION_DIGITS)).slice(0, FRACTION_DIGITS);
}

export const sumSql = (c: string, alias: string): string =>
  [
    `SUM(CAST(${intPart(c)} AS INTEGER)) AS ${alias}_i`,
    ...[1, 10, 19].map(
      (start, k) => `SUM(CAST(substr(${paddedFraction(c)}, ${start}, 9) AS INTEGER)) AS ${alias}_f${k}`,
    ),
    `MAX(length(${fraction(c)})) AS ${alias}_scale`,
  ].join(", ");

export function sumOf(row: Record<string, unknown>, alias: string): string {
  const part = (name: string) => new Exact(String(row[`${alias}_${name}`] ?? 0));
  const total = part("i")
    .plus(part("f0").times("1e-9"))
    .plus(part("f1").times("1e-18"))
    .plus(part("f2").times("1e-27"));
  return total.toFixed(Number(row[`${alias}_scale`] ?? 0));
}
