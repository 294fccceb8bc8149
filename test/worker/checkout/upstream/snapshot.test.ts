import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decideSnapshot,
  isFinalStatus,
  parseTime,
  type StoredMeta,
} from "../../../../worker/checkout/upstream/snapshot.js";

const stored = (over: Partial<StoredMeta> = {}): StoredMeta => ({
  version: 3,
  status: "NEW",
  sourceTime: 1_000,
  fingerprint: "A",
  ...over,
});

describe("decideSnapshot", () => {
  it("applies the first snapshot as version 1", () => {
    expect(decideSnapshot(undefined, { status: "NEW", sourceTime: 5, fingerprint: "A" })).toEqual({
      action: "apply",
      version: 1,
      sourceTime: 5,
    });
  });

  it("continues after the last version of forgotten snapshots", () => {
    expect(decideSnapshot(undefined, { status: "CONFIRMED", sourceTime: 5, fingerprint: "A" }, 4)).toEqual({
      action: "apply",
      version: 5,
      sourceTime: 5,
    });
  });

  it("applies a newer snapshot with other content as the next version", () => {
    expect(decideSnapshot(stored(), { status: "UNDERPAID", sourceTime: 1_001, fingerprint: "B" })).toEqual({
      action: "apply",
      version: 4,
      sourceTime: 1_001,
    });
  });

  it("drops an older snapshot", () => {
    expect(decideSnapshot(stored(), { status: "UNDERPAID", sourceTime: 999, fingerprint: "B" })).toEqual({
      action: "older",
    });
  });

  it("drops a snapshot with the same time and other content (ties keep what is stored)", () => {
    expect(decideSnapshot(stored(), { status: "UNDERPAID", sourceTime: 1_000, fingerprint: "B" })).toEqual({
      action: "older",
    });
  });

  it("lets a final status win a tie", () => {
    expect(decideSnapshot(stored(), { status: "CONFIRMED", sourceTime: 1_000, fingerprint: "B" })).toEqual({
      action: "apply",
      version: 4,
      sourceTime: 1_000,
    });
  });

  it("drops a duplicate and moves the source time forward", () => {
    expect(decideSnapshot(stored(), { status: "NEW", sourceTime: 2_000, fingerprint: "A" })).toEqual({
      action: "duplicate",
      sourceTime: 2_000,
    });
  });

  it("drops an older duplicate without moving the source time back", () => {
    expect(decideSnapshot(stored(), { status: "NEW", sourceTime: 10, fingerprint: "A" })).toEqual({
      action: "duplicate",
      sourceTime: 1_000,
    });
  });

  it.each(["CONFIRMED", "EXPIRED", "INVALID"])("never moves from %s to another status, even when newer", (status) => {
    for (const next of ["NEW", "UNDERPAID", "UNCONFIRMED", "CONFIRMED", "EXPIRED", "INVALID", "SOMETHING_NEW"].filter(
      (s) => s !== status,
    )) {
      expect(decideSnapshot(stored({ status }), { status: next, sourceTime: 9_999, fingerprint: "B" })).toEqual({
        action: "final",
      });
    }
  });

  it("applies a newer snapshot with the same final status (for example a late transaction detail)", () => {
    expect(
      decideSnapshot(stored({ status: "CONFIRMED" }), { status: "CONFIRMED", sourceTime: 1_500, fingerprint: "B" }),
    ).toEqual({ action: "apply", version: 4, sourceTime: 1_500 });
  });

  it("drops an older snapshot with the same final status", () => {
    expect(
      decideSnapshot(stored({ status: "CONFIRMED" }), { status: "CONFIRMED", sourceTime: 500, fingerprint: "B" }),
    ).toEqual({ action: "older" });
  });

  it("treats unknown status values as not final", () => {
    expect(
      decideSnapshot(stored({ status: "ON_HOLD" }), { status: "NEW", sourceTime: 1_001, fingerprint: "B" }),
    ).toEqual({ action: "apply", version: 4, sourceTime: 1_001 });
  });
});

describe("isFinalStatus", () => {
  it.each([
    ["CONFIRMED", true],
    ["EXPIRED", true],
    ["INVALID", true],
    ["NEW", false],
    ["UNDERPAID", false],
    ["UNCONFIRMED", false],
    ["confirmed", false],
  ])("%s -> %s", (status, expected) => {
    expect(isFinalStatus(status)).toBe(expected);
  });
});

describe("parseTime", () => {
  it("reads RFC 3339 date-times with offsets", () => {
    expect(parseTime("2026-11-22T08:00:00.000+01:00")).toBe(Date.UTC(2026, 10, 22, 7, 0, 0));
    expect(parseTime("2026-11-22T07:00:00Z")).toBe(Date.UTC(2026, 10, 22, 7, 0, 0));
  });

  it("gives undefined for nothing or garbage", () => {
    expect(parseTime(undefined)).toBeUndefined();
    expect(parseTime("yesterday-ish")).toBeUndefined();
  });

  it.each([
    "Nov 22 2026",
    "2026-11-22",
    "2026/11/22 10:00",
    "Sun, 22 Nov 2026 10:00:00 +0100",
    "2026-11-22T10:00:00",
    "2026-11-22T10:00",
  ])("refuses %j, which Date.parse reads as a time", (text) => {
    expect(Number.isFinite(Date.parse(text))).toBe(true);
    expect(parseTime(text)).toBeUndefined();
  });

  it.each(["1700000000000", "2026-02-30T00:00:00Z", "2026-11-22T24:00:00Z", "2026-12-31T23:59:60Z"])(
    "refuses %j",
    (text) => {
      expect(parseTime(text)).toBeUndefined();
    },
  );

  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const offsetText = (minutes: number) =>
    `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60), 2)}:${pad(Math.abs(minutes) % 60, 2)}`;
  /** Instants whose local time stays within the years 0001..9999 for any offset. */
  const instants = fc.integer({
    min: new Date("0001-01-02T00:00:00Z").getTime(),
    max: new Date("9999-12-30T00:00:00Z").getTime(),
  });

  it("accepts every RFC 3339 text of a valid instant and gives back the same millisecond (property)", () => {
    const arbitrary = fc.record({
      ms: instants,
      offset: fc.oneof(
        fc.constantFrom("Z", "z", "+00:00", "-00:00"),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
      ),
      fractionDigits: fc.integer({ min: 0, max: 9 }),
      extraDigits: fc.stringMatching(/^\d{6}$/),
      t: fc.constantFrom("T", "t"),
    });
    fc.assert(
      fc.property(arbitrary, ({ ms, offset, fractionDigits, extraDigits, t }) => {
        // The instant as written: milliseconds truncated to the digits the text carries.
        const unit = fractionDigits >= 3 ? 1 : 10 ** (3 - fractionDigits);
        const instant = Math.floor(ms / unit) * unit;
        const offsetMinutes = typeof offset === "number" ? offset : 0;
        const local = new Date(instant + offsetMinutes * 60_000);
        const fraction =
          fractionDigits === 0 ? "" : `.${(pad(local.getUTCMilliseconds(), 3) + extraDigits).slice(0, fractionDigits)}`;
        const text =
          `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)}${t}` +
          `${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}${fraction}` +
          (typeof offset === "number" ? offsetText(offset) : offset);
        expect(parseTime(text), text).toBe(instant);
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuses the other texts of the same instants that Date.parse reads (property)", () => {
    const forms = fc.constantFrom(
      (d: Date) => d.toString(),
      (d: Date) => d.toUTCString(),
      (d: Date) => d.toISOString().slice(0, 10),
      (d: Date) => d.toISOString().slice(0, 19),
      (d: Date) => d.toISOString().slice(0, 16),
      (d: Date) => d.toISOString().replace("T", " "),
      (d: Date) => `${d.toUTCString().slice(8, 11)} ${pad(d.getUTCDate(), 2)} ${d.getUTCFullYear()}`,
      (d: Date) =>
        `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1, 2)}/${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}`,
    );
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), forms, (ms, form) => {
        const text = form(new Date(ms));
        expect(Number.isFinite(Date.parse(text)), text).toBe(true);
        expect(parseTime(text), text).toBeUndefined();
        expect(parseTime(String(ms))).toBeUndefined();
      }),
      { numRuns: 1_000 },
    );
  });
});
