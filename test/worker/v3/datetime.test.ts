/**
 * The spec's `string(date-time)` says only "ISO 8601": the v3 client reads every form a payment
 * service could plausibly send (datetime.ts, parseIsoDateTime), checked against an independent
 * ISO 8601 parser (luxon), and keeps each as RFC 3339 for the rest of the project.
 */
import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { canonicalDateTime, isRfc3339, parseIsoDateTime, parseRfc3339 } from "../../../worker/v3/datetime.js";
import { parseNotification } from "../../../worker/v3/notification.js";
import { parsePayment } from "../../../worker/v3/parse.js";
import { PAYMENT_WITH_STRINGS } from "./support/stub-upstream.js";

/** luxon's reading of an ISO 8601 text, a time without an offset taken as UTC. */
const luxonMs = (text: string): number | undefined => {
  const parsed = DateTime.fromISO(text.replace(" ", "T"), { zone: "utc", setZone: true });
  return parsed.isValid ? parsed.toMillis() : undefined;
};

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Any instant between the years 1000 and 9998, written in one of the forms parseIsoDateTime reads. */
const isoText = fc
  .record({
    ms: fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9998, 11, 31) }),
    offsetMinutes: fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
    offsetStyle: fc.constantFrom("Z", "z", "+HH:MM", "+HHMM", "+HH", "none"),
    separator: fc.constantFrom("T", "t", " "),
    seconds: fc.constantFrom("none", "whole", "fraction"),
    fraction: fc.stringMatching(/^\d{1,12}$/),
  })
  .map(({ ms, offsetMinutes, offsetStyle, separator, seconds, fraction }) => {
    // "+HH" can say only whole hours; "Z" and "none" only UTC.
    const offset =
      offsetStyle === "+HH" ? Math.trunc(offsetMinutes / 60) * 60 : /^[Zz]$|none/.test(offsetStyle) ? 0 : offsetMinutes;
    const local = new Date(ms + offset * 60_000);
    const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
    const time =
      `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` +
      (seconds === "none" ? "" : `:${pad(local.getUTCSeconds())}`) +
      (seconds === "fraction" ? `.${fraction}` : "");
    const sign = offset < 0 ? "-" : "+";
    const hh = pad(Math.floor(Math.abs(offset) / 60));
    const mm = pad(Math.abs(offset) % 60);
    const zone =
      offsetStyle === "none"
        ? ""
        : offsetStyle === "Z" || offsetStyle === "z"
          ? offsetStyle
          : offsetStyle === "+HH:MM"
            ? `${sign}${hh}:${mm}`
            : offsetStyle === "+HHMM"
              ? `${sign}${hh}${mm}`
              : `${sign}${hh}`;
    return `${date}${separator}${time}${zone}`;
  });

describe("date-times in every ISO 8601 form a payment service could plausibly send", () => {
  it.each([
    ["2026-11-22T07:00:00Z", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T08:00:00+01:00", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T08:00:00+0100", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T08:00:00+01", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T02:30:00-0430", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T07:00:00", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22 07:00:00Z", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T07:00Z", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T07:00:00.1234567Z", Date.UTC(2026, 10, 22, 7, 0, 0, 123)],
    ["2026-11-22T07:00:00,5Z", Date.UTC(2026, 10, 22, 7, 0, 0, 500)],
    ["2026-11-22T07:00:00.000000000001", Date.UTC(2026, 10, 22, 7)],
  ])("reads %s", (text, ms) => {
    expect(parseIsoDateTime(text)).toBe(ms);
    expect(luxonMs(text)).toBe(ms);
  });

  it.each([
    "Nov 22 2026",
    "2026-11-22",
    "2026/11/22 10:00",
    "1700000000000",
    "2026-02-30T00:00:00Z",
    "2026-11-22T24:00:00Z",
    "2026-11-22T07:60:00Z",
    "2026-12-31T23:59:60Z",
    "2026-11-22T07:00:00+24:00",
    "2026-11-22T07:00:00+1",
    "2026-11-22T07:00:00.Z",
    "2026-W47-7T07:00:00Z",
    "2026-326T07:00:00Z",
    "",
  ])("refuses %j", (text) => {
    expect(parseIsoDateTime(text)).toBeUndefined();
    expect(canonicalDateTime(text)).toBeUndefined();
  });

  it("reads every generated form to the instant luxon reads (2,000 runs)", () => {
    fc.assert(
      fc.property(isoText, (text) => {
        const ours = parseIsoDateTime(text);
        expect(ours).toBeDefined();
        // luxon keeps milliseconds only, as does this project: compare at that precision.
        expect(ours).toBe(luxonMs(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it("never reads a string to another instant than luxon does, whatever the string (2,000 runs)", () => {
    const nearIso = fc
      .array(fc.constantFrom(..."0123456789-:T Zz+.,"), { minLength: 10, maxLength: 32 })
      .map((chars) => chars.join(""));
    let read = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          nearIso,
          isoText.map((t) => t.slice(0, -1)),
          fc.string(),
        ),
        (text) => {
          const ours = parseIsoDateTime(text);
          if (ours === undefined) return;
          read += 1;
          expect(ours).toBe(luxonMs(text.trim()));
        },
      ),
      { numRuns: 2_000 },
    );
    // The generators reach strings the parser reads, so the property checks something.
    expect(read).toBeGreaterThan(100);
  });

  it("keeps RFC 3339 as sent, and gives every other form as the same instant in RFC 3339 UTC", () => {
    expect(canonicalDateTime("2026-11-22T08:00:00.5+01:00")).toBe("2026-11-22T08:00:00.5+01:00");
    expect(canonicalDateTime("2026-11-22T08:00:00+0100")).toBe("2026-11-22T07:00:00.000Z");
    expect(canonicalDateTime("2026-11-22 07:00:00")).toBe("2026-11-22T07:00:00.000Z");
    fc.assert(
      fc.property(isoText, (text) => {
        const canonical = canonicalDateTime(text);
        expect(isRfc3339(canonical)).toBe(true);
        expect(parseRfc3339(canonical)).toBe(parseIsoDateTime(text));
      }),
      { numRuns: 1_000 },
    );
  });

  it("reaches payments and notifications: an expiry without an offset, a timestamp with +0100", () => {
    const payment = parsePayment(
      PAYMENT_WITH_STRINGS.replace(
        '"transactions":[]',
        '"expirationTime":"2026-11-22T07:15:00","transactions":[{"transactionId":"t1","observedTime":"2026-11-22T08:01:00+01"}]',
      ),
    );
    expect(payment.expirationTime).toBe("2026-11-22T07:15:00.000Z");
    expect(payment.transactions[0]?.observedTime).toBe("2026-11-22T07:01:00.000Z");
    const notification = parseNotification(
      `{"timestamp":"2026-11-22T08:00:00+0100","notificationType":"v3/payment","body":${PAYMENT_WITH_STRINGS}}`,
    );
    expect(notification.timestamp).toBe("2026-11-22T07:00:00.000Z");
  });
});
