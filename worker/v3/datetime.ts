/**
 * RFC 3339 date-times (the spec's `string(date-time)`), read strictly. `Date.parse` is not used:
 * it also accepts "Nov 22 2026", "2026-11-22", "2026/11/22 10:00" and more (implementation
 * defined), and rolls "2026-02-30" over into March.
 *
 * Accepted: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, with `T`/`Z` in either case (RFC 3339
 * section 5.6), a real calendar date, hours 00-23, minutes and seconds 00-59, any number of
 * fraction digits (milliseconds are the first three; further digits are truncated), and an offset
 * of at most ±23:59 (`-00:00` is the same instant as `Z`).
 * Refused: a missing offset (RFC 3339 requires one; a local time without it names no instant), a
 * space instead of `T`, a date without a time, week or ordinal dates, a leap second `:60`
 * (JavaScript time has none), and anything else.
 */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Milliseconds since the epoch of an RFC 3339 date-time, or undefined for anything else. */
export function parseRfc3339(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const m = RFC3339.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  let offsetMinutes = 0;
  if (m[8] !== undefined) {
    const offsetHours = Number(m[9]);
    const offsetMins = Number(m[10]);
    if (offsetHours > 23 || offsetMins > 59) return undefined;
    offsetMinutes = (m[8] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const ms = m[7] === undefined ? 0 : Number(m[7].slice(1, 4).padEnd(3, "0"));
  // setUTCFullYear, not Date.UTC: Date.UTC maps the years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime() - offsetMinutes * 60_000;
}

/** True for an RFC 3339 date-time (see parseRfc3339). */
export function isRfc3339(value: unknown): value is string {
  return parseRfc3339(value) !== undefined;
}
