/**
 * When does a PaymentObject ask the upstream again, and when does it let go of a finished payment?
 * Pure; the object keeps one alarm and sets it to `nextAlarmAt`; when the alarm fires it fetches
 * only if `fetchDue` says so, and deletes its storage only if `cleanupDue` does.
 *
 * Reasons to fetch, each at most one upstream GET however many viewers there are:
 * - watched: at least one WebSocket is open and the payment is not final: every `intervalMs`
 *   after the previous fetch; a reader without a stream (GET) asks for a re-fetch when the last
 *   fetch is older than `intervalMs` (`readerWantsFetch`), which the alarm then makes;
 * - refetch: a notification that could not be authenticated asked for a re-fetch: at once, but
 *   never sooner than `minGapMs` after the previous fetch (forged hints cannot multiply GETs),
 *   and never before `refetchNotBefore` when the shop's budget of hint-driven reads deferred it
 *   (upstream/hint-budget.ts). A deferred re-fetch stays asked for until a fetch succeeds, so it is
 *   delayed, never dropped; any other fetch (a viewer's, the expiry check) answers it too;
 * - expiry: the payment has an expirationTime and has not been checked since it passed: at
 *   expirationTime + `expiryGraceMs`, so EXPIRED shows without a notification, watched or not.
 * After a failed fetch (upstream outage) the next one waits `intervalMs * 2^failures`, at most
 * `maxBackoffMs`, and the reasons above stay; the first success resets the count.
 * A final status (CONFIRMED, EXPIRED, INVALID) ends all fetching. `retentionMs` after it was
 * reached (PAYMENT_RETENTION_DAYS, default 30) the object deletes what it stored (a later request
 * loads the payment from the upstream again; the ledger keeps the record), so storage does not
 * grow with every payment ever made.
 */
import { retentionDaysMs } from "../rules.js";

/** Days a PaymentObject keeps a final payment's snapshots (PAYMENT_RETENTION_DAYS). */
export const DEFAULT_PAYMENT_RETENTION_DAYS = 30;

export interface PollSettings {
  intervalMs: number;
  minGapMs: number;
  expiryGraceMs: number;
  maxBackoffMs: number;
  retentionMs: number;
}

export const DEFAULT_POLL_SETTINGS: PollSettings = {
  intervalMs: 5_000,
  minGapMs: 1_000,
  expiryGraceMs: 2_000,
  maxBackoffMs: 60_000,
  retentionMs: DEFAULT_PAYMENT_RETENTION_DAYS * 24 * 60 * 60_000,
};

/** Accepted range of POLL_INTERVAL_MS. */
export const MIN_INTERVAL_MS = 500;
export const MAX_INTERVAL_MS = 600_000;

/**
 * The settings with `intervalMs` from a POLL_INTERVAL_MS value (a string of digits) and
 * `retentionMs` from a PAYMENT_RETENTION_DAYS value (days, as every retention var: rules.ts);
 * defaults otherwise.
 */
export function pollSettings(intervalVar: unknown, retentionDaysVar?: string): PollSettings {
  const retentionMs = retentionDaysMs(retentionDaysVar, DEFAULT_PAYMENT_RETENTION_DAYS);
  const text = typeof intervalVar === "number" ? String(intervalVar) : intervalVar;
  if (typeof text !== "string" || !/^\d{1,7}$/.test(text)) return { ...DEFAULT_POLL_SETTINGS, retentionMs };
  const intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, Number(text)));
  return {
    ...DEFAULT_POLL_SETTINGS,
    intervalMs,
    maxBackoffMs: Math.max(DEFAULT_POLL_SETTINGS.maxBackoffMs, intervalMs),
    retentionMs,
  };
}

export interface PollState {
  /** Milliseconds since the epoch. */
  now: number;
  final: boolean;
  /** At least one viewer (open WebSocket). */
  watched: boolean;
  /** expirationTime in milliseconds since the epoch, when the payment has one. */
  expiresAt?: number;
  /** A successful fetch has happened after expirationTime + grace. */
  expiryChecked: boolean;
  /** An unauthenticated notification asked for a re-fetch that has not happened yet. */
  refetchRequested: boolean;
  /** The shop's hint budget deferred that re-fetch until then (ms since the epoch). */
  refetchNotBefore?: number;
  /** When the last fetch (or the creation) was started; undefined when none. */
  lastFetchAt?: number;
  /** Failed fetches since the last success. */
  failures: number;
  /** When the final status was stored (for a final payment). */
  finalAt?: number;
}

/** Wait after `failures` failed fetches in a row. */
export function backoffMs(failures: number, settings: PollSettings): number {
  if (failures <= 0) return settings.intervalMs;
  return Math.min(settings.maxBackoffMs, settings.intervalMs * 2 ** Math.min(failures, 20));
}

function expiryPending(state: PollState): state is PollState & { expiresAt: number } {
  return state.expiresAt !== undefined && !state.expiryChecked;
}

function cleanupAt(state: PollState, settings: PollSettings): number {
  return (state.finalAt ?? state.now) + settings.retentionMs;
}

/** When the alarm should fire next, or null for no alarm. */
export function nextAlarmAt(state: PollState, settings: PollSettings): number | null {
  if (state.final) return cleanupAt(state, settings);
  const last = state.lastFetchAt;
  const earliest =
    last === undefined
      ? state.now
      : Math.max(state.now, last + (state.failures > 0 ? backoffMs(state.failures, settings) : settings.minGapMs));
  const candidates: number[] = [];
  if (state.watched) candidates.push(Math.max(earliest, (last ?? state.now) + settings.intervalMs));
  if (state.refetchRequested) candidates.push(Math.max(earliest, state.refetchNotBefore ?? earliest));
  if (expiryPending(state)) candidates.push(Math.max(earliest, state.expiresAt + settings.expiryGraceMs));
  return candidates.length ? Math.min(...candidates) : null;
}

/** When the alarm fires: should it fetch now? */
export function fetchDue(state: PollState, settings: PollSettings): boolean {
  if (state.final) return false;
  if (state.watched || refetchDue(state)) return true;
  return expiryPending(state) && state.now >= state.expiresAt + settings.expiryGraceMs;
}

/** A re-fetch is asked for and not deferred past now. */
function refetchDue(state: PollState): boolean {
  return state.refetchRequested && (state.refetchNotBefore === undefined || state.now >= state.refetchNotBefore);
}

/**
 * A GET of the view: should it ask for a re-fetch (not final, last fetch an interval ago or
 * more)? A re-fetch a hint asked for that the shop's budget deferred does not hold it back: a
 * reader's fetch is not hint-driven (and answers the hint too).
 */
export function readerWantsFetch(state: PollState, settings: PollSettings): boolean {
  if (state.final || (state.refetchRequested && state.refetchNotBefore === undefined)) return false;
  return state.lastFetchAt === undefined || state.now - state.lastFetchAt >= settings.intervalMs;
}

/** When the alarm fires: is it time to delete a finished payment's storage? */
export function cleanupDue(state: PollState, settings: PollSettings): boolean {
  return state.final && state.now >= cleanupAt(state, settings);
}

/** After a successful fetch started at `startedAt`: has the expiry been checked? */
export function expiryCheckedAfter(state: PollState, startedAt: number, settings: PollSettings): boolean {
  return (
    state.expiryChecked || (state.expiresAt !== undefined && startedAt >= state.expiresAt + settings.expiryGraceMs)
  );
}
