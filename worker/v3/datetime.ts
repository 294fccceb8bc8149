/**
 * Date-times. The upstream's (the spec's `string(date-time)`, "ISO 8601") are read in every form a
 * service could plausibly send and kept as RFC 3339 (parseIsoDateTime, canonicalDateTime, below);
 * inside the project, the element included, a date-time is RFC 3339, read strictly by
 * parseRfc3339. `Date.parse` is used for neither:
 * it also accepts "Nov 22 2026", "2026-11-22", "2026/11/22 10:00" and more (implementation
 * defined), and rolls "2026-02-30" over into March.
 *
 * Accepted: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, with `T`/`Z` in either case (RFC 3339
 * section 5.6), a real calendar date, hours 00-23, minutes and seconds 00-59, any number of
 * fraction digits (milliseconds are the first three; further digits are truncated), and an offset
 * of at most ±23:59 (`-00:00` is the same instant as `Z`).
 * parseRfc3339 refuses a missing offset (RFC 3339 requires one; a local time without it names no instant), a
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

/**
 * The ISO 8601 extended forms a payment service could plausibly send for the spec's
 * `string(date-time)` (which says only "ISO 8601"): a calendar date, `T` (or a space), hours and
 * minutes, optional seconds with a fraction of any length, and an offset written `Z`, `±HH:MM`,
 * `±HHMM`, `±HH`, or not at all. Without an offset the time is taken as UTC: the service names
 * no time zone of its own, and UTC is the only reading that does not depend on where this code
 * runs (docs/upstream.md, "Date-times").
 */
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

/**
 * Milliseconds since the epoch of a date-time in any form ISO_8601 accepts, or undefined. Every
 * RFC 3339 date-time is one of them, read to the same instant as parseRfc3339 reads it.
 */
export function parseIsoDateTime(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const m = ISO_8601.exec(value.trim());
  if (!m) return undefined;
  const [, date1, date2, date3, hh, mm, ss = "00", fraction, zulu, sign, offH, offM = "00"] = m;
  const offset = zulu !== undefined || sign === undefined ? "Z" : `${sign}${offH}:${offM}`;
  const seconds = fraction === undefined ? ss : `${ss}.${fraction.slice(1)}`;
  return parseRfc3339(`${date1}-${date2}-${date3}T${hh}:${mm}:${seconds}${offset}`);
}

/**
 * A date-time of the service as this project keeps it: the RFC 3339 text as sent when it is one,
 * else the same instant in RFC 3339 UTC (`2026-11-22T09:00:00.000Z`), or undefined when it is no
 * date-time at all. Everything past the v3 client, the element included, reads RFC 3339 only.
 */
export function canonicalDateTime(value: unknown): string | undefined {
  if (isRfc3339(value)) return value;
  const ms = parseIsoDateTime(value);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}
