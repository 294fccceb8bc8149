import { describe, expect, it } from "vitest";
import {
  backoffMs,
  cleanupDue,
  DEFAULT_POLL_SETTINGS,
  expiryCheckedAfter,
  fetchDue,
  nextAlarmAt,
  pollSettings,
  readerWantsFetch,
  type PollState,
} from "../../../../worker/checkout/payments/poll-policy.js";

const S = DEFAULT_POLL_SETTINGS; // interval 5 s, min gap 1 s, expiry grace 2 s, max backoff 60 s
const NOW = 1_000_000;

const state = (over: Partial<PollState> = {}): PollState => ({
  now: NOW,
  final: false,
  watched: false,
  expiryChecked: false,
  refetchRequested: false,
  failures: 0,
  lastFetchAt: NOW,
  ...over,
});

describe("nextAlarmAt", () => {
  it("polls every interval after the last fetch while watched", () => {
    expect(nextAlarmAt(state({ watched: true }), S)).toBe(NOW + 5_000);
    expect(nextAlarmAt(state({ watched: true, lastFetchAt: NOW - 2_000 }), S)).toBe(NOW + 3_000);
  });

  it("polls at once when a viewer arrives long after the last fetch", () => {
    expect(nextAlarmAt(state({ watched: true, lastFetchAt: NOW - 60_000 }), S)).toBe(NOW);
  });

  it("sets no alarm when nobody watches, nothing is asked and nothing expires", () => {
    expect(nextAlarmAt(state(), S)).toBeNull();
  });

  it("sets only the cleanup alarm for a final payment, whatever else holds", () => {
    expect(
      nextAlarmAt(
        state({ final: true, finalAt: NOW - 1_000, watched: true, refetchRequested: true, expiresAt: NOW + 10 }),
        S,
      ),
    ).toBe(NOW - 1_000 + S.retentionMs);
  });

  it("fetches at expirationTime + grace when unwatched", () => {
    expect(nextAlarmAt(state({ expiresAt: NOW + 60_000 }), S)).toBe(NOW + 62_000);
  });

  it("takes the earlier of the next poll and the expiry check", () => {
    expect(nextAlarmAt(state({ watched: true, expiresAt: NOW + 1_000 }), S)).toBe(NOW + 3_000);
    expect(nextAlarmAt(state({ watched: true, expiresAt: NOW + 60_000 }), S)).toBe(NOW + 5_000);
  });

  it("sets no expiry alarm once the expiry was checked", () => {
    expect(nextAlarmAt(state({ expiresAt: NOW - 10_000, expiryChecked: true }), S)).toBeNull();
  });

  it("re-fetches for a hint at once, but not sooner than the minimum gap after the last fetch", () => {
    expect(nextAlarmAt(state({ refetchRequested: true, lastFetchAt: NOW - 10_000 }), S)).toBe(NOW);
    expect(nextAlarmAt(state({ refetchRequested: true, lastFetchAt: NOW - 200 }), S)).toBe(NOW + 800);
  });

  it("backs off after failures, for every reason", () => {
    expect(nextAlarmAt(state({ watched: true, failures: 1 }), S)).toBe(NOW + 10_000);
    expect(nextAlarmAt(state({ watched: true, failures: 3 }), S)).toBe(NOW + 40_000);
    expect(nextAlarmAt(state({ watched: true, failures: 30 }), S)).toBe(NOW + 60_000);
    expect(nextAlarmAt(state({ refetchRequested: true, failures: 2 }), S)).toBe(NOW + 20_000);
    expect(nextAlarmAt(state({ expiresAt: NOW - 5_000, failures: 1 }), S)).toBe(NOW + 10_000);
  });

  it("fetches at once when nothing was ever fetched", () => {
    const s = state({ refetchRequested: true });
    delete s.lastFetchAt;
    expect(nextAlarmAt(s, S)).toBe(NOW);
  });
});

describe("fetchDue", () => {
  it("fetches while watched or asked to", () => {
    expect(fetchDue(state({ watched: true }), S)).toBe(true);
    expect(fetchDue(state({ refetchRequested: true }), S)).toBe(true);
  });

  it("fetches for the expiry only once expirationTime + grace has passed", () => {
    expect(fetchDue(state({ expiresAt: NOW - 2_000 }), S)).toBe(true);
    expect(fetchDue(state({ expiresAt: NOW - 1_999 }), S)).toBe(false);
    expect(fetchDue(state({ expiresAt: NOW - 60_000, expiryChecked: true }), S)).toBe(false);
  });

  it("does not fetch when unwatched (the alarm of a viewer who left)", () => {
    expect(fetchDue(state({ expiresAt: NOW + 60_000 }), S)).toBe(false);
  });

  it("never fetches for a final payment", () => {
    expect(fetchDue(state({ final: true, watched: true, refetchRequested: true }), S)).toBe(false);
  });
});

describe("a re-fetch the shop's hint budget deferred (refetchNotBefore)", () => {
  it("is not fetched before its slot, and is at the slot (or the minimum gap, whichever is later)", () => {
    const deferred = state({ refetchRequested: true, lastFetchAt: NOW - 60_000, refetchNotBefore: NOW + 3_000 });
    expect(fetchDue(deferred, S)).toBe(false);
    expect(nextAlarmAt(deferred, S)).toBe(NOW + 3_000);
    expect(fetchDue({ ...deferred, now: NOW + 2_999 }, S)).toBe(false);
    expect(fetchDue({ ...deferred, now: NOW + 3_000 }, S)).toBe(true);
    expect(nextAlarmAt(state({ refetchRequested: true, lastFetchAt: NOW - 200, refetchNotBefore: NOW + 100 }), S)).toBe(
      NOW + 800,
    );
  });

  it("stays asked for until a fetch happens: the alarm comes back for it however late", () => {
    const late = state({ refetchRequested: true, lastFetchAt: NOW - 60_000, refetchNotBefore: NOW + 600_000 });
    expect(nextAlarmAt(late, S)).toBe(NOW + 600_000);
    expect(fetchDue({ ...late, now: NOW + 600_001 }, S)).toBe(true);
  });

  it("does not hold back a viewer's polls, the expiry check or a reader's fetch", () => {
    const deferred = { refetchRequested: true, refetchNotBefore: NOW + 60_000 };
    expect(nextAlarmAt(state({ ...deferred, watched: true }), S)).toBe(NOW + 5_000);
    expect(fetchDue(state({ ...deferred, watched: true }), S)).toBe(true);
    expect(fetchDue(state({ ...deferred, expiresAt: NOW - 2_000 }), S)).toBe(true);
    expect(readerWantsFetch(state({ ...deferred, lastFetchAt: NOW - 5_000 }), S)).toBe(true);
    expect(readerWantsFetch(state({ ...deferred, lastFetchAt: NOW - 4_999 }), S)).toBe(false);
  });

  it("is never fetched for a final payment", () => {
    expect(fetchDue(state({ final: true, refetchRequested: true, refetchNotBefore: NOW - 1 }), S)).toBe(false);
  });
});

describe("readerWantsFetch", () => {
  it("asks for a re-fetch when the last fetch is an interval old or more", () => {
    expect(readerWantsFetch(state({ lastFetchAt: NOW - 5_000 }), S)).toBe(true);
    expect(readerWantsFetch(state({ lastFetchAt: NOW - 4_999 }), S)).toBe(false);
  });

  it("does not ask again while a re-fetch is pending, nor for a final payment", () => {
    expect(readerWantsFetch(state({ lastFetchAt: NOW - 60_000, refetchRequested: true }), S)).toBe(false);
    expect(readerWantsFetch(state({ lastFetchAt: NOW - 60_000, final: true }), S)).toBe(false);
  });
});

describe("cleanupDue", () => {
  it("deletes a final payment's storage once the retention has passed since it became final", () => {
    expect(cleanupDue(state({ final: true, finalAt: NOW - S.retentionMs }), S)).toBe(true);
    expect(cleanupDue(state({ final: true, finalAt: NOW - S.retentionMs + 1 }), S)).toBe(false);
  });

  it("never deletes a payment that is not final", () => {
    expect(cleanupDue(state({ finalAt: NOW - 10 * S.retentionMs }), S)).toBe(false);
  });
});

describe("expiryCheckedAfter", () => {
  it("counts a fetch as the expiry check only when it started after expirationTime + grace", () => {
    expect(expiryCheckedAfter(state({ expiresAt: NOW - 2_000 }), NOW, S)).toBe(true);
    expect(expiryCheckedAfter(state({ expiresAt: NOW }), NOW, S)).toBe(false);
    expect(expiryCheckedAfter(state(), NOW, S)).toBe(false);
    expect(expiryCheckedAfter(state({ expiryChecked: true }), NOW, S)).toBe(true);
  });
});

const DAY = 24 * 60 * 60_000;

describe("pollSettings", () => {
  it("reads POLL_INTERVAL_MS and keeps it within bounds", () => {
    expect(pollSettings("2000").intervalMs).toBe(2_000);
    expect(pollSettings("10").intervalMs).toBe(500);
    expect(pollSettings("9999999").intervalMs).toBe(600_000);
    expect(pollSettings("9999999").maxBackoffMs).toBe(600_000);
  });

  it("falls back to the defaults for a missing or malformed value", () => {
    expect(pollSettings(undefined)).toEqual(S);
    expect(pollSettings("5s")).toEqual(S);
    expect(pollSettings("-1")).toEqual(S);
    expect(pollSettings(undefined, "thirty")).toEqual(S);
    expect(pollSettings(undefined, "0")).toEqual(S);
    expect(S.retentionMs).toBe(30 * DAY);
  });

  it("reads PAYMENT_RETENTION_DAYS, and the cleanup follows it: a final payment is let go that many days after it ended", () => {
    const week = pollSettings("2000", "7");
    expect(week.retentionMs).toBe(7 * DAY);
    expect(week.intervalMs).toBe(2_000);
    expect(pollSettings(undefined, "365").retentionMs).toBe(365 * DAY);
    expect(cleanupDue(state({ final: true, finalAt: NOW - 7 * DAY }), week)).toBe(true);
    expect(cleanupDue(state({ final: true, finalAt: NOW - 7 * DAY + 1 }), week)).toBe(false);
    expect(cleanupDue(state({ final: true, finalAt: NOW - 7 * DAY }), S)).toBe(false);
  });
});

describe("backoffMs", () => {
  it("doubles per failure up to the maximum", () => {
    expect([0, 1, 2, 3, 4, 5].map((f) => backoffMs(f, S))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000]);
  });
});
