import { describe, expect, it } from "vitest";
import { decideSnapshot, isFinalStatus, parseTime, type StoredMeta } from "../../../worker/checkout/snapshot.js";

const stored = (over: Partial<StoredMeta> = {}): StoredMeta => ({ version: 3, status: "NEW", sourceTime: 1_000, fingerprint: "A", ...over });

describe("decideSnapshot", () => {
  it("applies the first snapshot as version 1", () => {
    expect(decideSnapshot(undefined, { status: "NEW", sourceTime: 5, fingerprint: "A" })).toEqual({ action: "apply", version: 1, sourceTime: 5 });
  });

  it("continues after the last version of forgotten snapshots", () => {
    expect(decideSnapshot(undefined, { status: "CONFIRMED", sourceTime: 5, fingerprint: "A" }, 4)).toEqual({ action: "apply", version: 5, sourceTime: 5 });
  });

  it("applies a newer snapshot with other content as the next version", () => {
    expect(decideSnapshot(stored(), { status: "UNDERPAID", sourceTime: 1_001, fingerprint: "B" })).toEqual({ action: "apply", version: 4, sourceTime: 1_001 });
  });

  it("drops an older snapshot", () => {
    expect(decideSnapshot(stored(), { status: "UNDERPAID", sourceTime: 999, fingerprint: "B" })).toEqual({ action: "older" });
  });

  it("drops a snapshot with the same time and other content (ties keep what is stored)", () => {
    expect(decideSnapshot(stored(), { status: "UNDERPAID", sourceTime: 1_000, fingerprint: "B" })).toEqual({ action: "older" });
  });

  it("lets a final status win a tie", () => {
    expect(decideSnapshot(stored(), { status: "CONFIRMED", sourceTime: 1_000, fingerprint: "B" })).toEqual({ action: "apply", version: 4, sourceTime: 1_000 });
  });

  it("drops a duplicate and moves the source time forward", () => {
    expect(decideSnapshot(stored(), { status: "NEW", sourceTime: 2_000, fingerprint: "A" })).toEqual({ action: "duplicate", sourceTime: 2_000 });
  });

  it("drops an older duplicate without moving the source time back", () => {
    expect(decideSnapshot(stored(), { status: "NEW", sourceTime: 10, fingerprint: "A" })).toEqual({ action: "duplicate", sourceTime: 1_000 });
  });

  it.each(["CONFIRMED", "EXPIRED", "INVALID"])("never moves from %s to another status, even when newer", (status) => {
    for (const next of ["NEW", "UNDERPAID", "UNCONFIRMED", "CONFIRMED", "EXPIRED", "INVALID", "SOMETHING_NEW"].filter((s) => s !== status)) {
      expect(decideSnapshot(stored({ status }), { status: next, sourceTime: 9_999, fingerprint: "B" })).toEqual({ action: "final" });
    }
  });

  it("applies a newer snapshot with the same final status (for example a late transaction detail)", () => {
    expect(decideSnapshot(stored({ status: "CONFIRMED" }), { status: "CONFIRMED", sourceTime: 1_500, fingerprint: "B" })).toEqual({ action: "apply", version: 4, sourceTime: 1_500 });
  });

  it("drops an older snapshot with the same final status", () => {
    expect(decideSnapshot(stored({ status: "CONFIRMED" }), { status: "CONFIRMED", sourceTime: 500, fingerprint: "B" })).toEqual({ action: "older" });
  });

  it("treats unknown status values as not final", () => {
    expect(decideSnapshot(stored({ status: "ON_HOLD" }), { status: "NEW", sourceTime: 1_001, fingerprint: "B" })).toEqual({ action: "apply", version: 4, sourceTime: 1_001 });
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
  it("reads ISO 8601 date-times with offsets", () => {
    expect(parseTime("2026-11-22T08:00:00.000+01:00")).toBe(Date.UTC(2026, 10, 22, 7, 0, 0));
    expect(parseTime("2026-11-22T07:00:00Z")).toBe(Date.UTC(2026, 10, 22, 7, 0, 0));
  });

  it("gives undefined for nothing or garbage", () => {
    expect(parseTime(undefined)).toBeUndefined();
    expect(parseTime("yesterday-ish")).toBeUndefined();
  });
});
