/**
 * The shop backend's received log as the demo page shows it (pure: no DOM, no clock). The
 * reference backend (examples/shop-backend/received-log.mjs) answers GET /received?after=<seq>,
 * which the checkout Worker forwards as /demo/api/backend/received.
 */

export const OUTCOMES = ["paid", "recorded", "duplicate", "stale", "refused", "failed-on-purpose"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** One webhook delivery the shop backend answered. */
export interface ReceivedEntry {
  /** Increases by one per entry, from 1. */
  seq: number;
  /** When it was answered (ISO 8601). */
  at: string;
  webhookId: string | null;
  type: string | null;
  shop: string | null;
  orderId?: string;
  /** Whether the signature was checked and valid. */
  verified: boolean;
  outcome: Outcome;
  /** A line for people, e.g. "order NW-1234 paid (49.90 EUR), signature verified". */
  message: string;
}

/** An answer of /received: the entries after the cursor (newest last) and the cursor to ask after next. */
export interface ReceivedPage {
  entries: ReceivedEntry[];
  next: number;
}

/** How many entries the pane shows. */
export const MAX_SHOWN = 20;

const isOutcome = (value: unknown): value is Outcome => OUTCOMES.includes(value as Outcome);
const isCursor = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isNullableString = (value: unknown): boolean => value === null || typeof value === "string";

function isReceivedEntry(value: unknown): value is ReceivedEntry {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    isCursor(e.seq) &&
    typeof e.at === "string" &&
    isNullableString(e.webhookId) &&
    isNullableString(e.type) &&
    isNullableString(e.shop) &&
    (e.orderId === undefined || typeof e.orderId === "string") &&
    typeof e.verified === "boolean" &&
    isOutcome(e.outcome) &&
    typeof e.message === "string"
  );
}

/** Whether an answer has the shape of /received (the Worker passes the backend's JSON through). */
export function isReceivedPage(value: unknown): value is ReceivedPage {
  if (typeof value !== "object" || value === null) return false;
  const page = value as Record<string, unknown>;
  return isCursor(page.next) && Array.isArray(page.entries) && page.entries.every(isReceivedEntry);
}

export type Tone = "success" | "warning" | "neutral";

/** What one line of the pane shows. */
export interface EntryLine {
  seq: number;
  outcome: Outcome;
  /** The badge's text. */
  label: string;
  tone: Tone;
  /** The time, as `formatTime` wrote it, and the machine-readable one. */
  time: string;
  datetime: string;
  /** The backend's message; "signature not verified" is added when it does not say so itself. */
  text: string;
}

const LABELS: Record<Outcome, string> = {
  paid: "paid",
  recorded: "recorded",
  duplicate: "duplicate",
  stale: "stale",
  refused: "refused",
  "failed-on-purpose": "failed on purpose",
};

/** The badge's colour: paid is good news, a refusal or a simulated outage wants attention. */
export function outcomeTone(outcome: Outcome): Tone {
  if (outcome === "paid") return "success";
  if (outcome === "refused" || outcome === "failed-on-purpose") return "warning";
  return "neutral";
}

/** The line of one entry; `formatTime` turns its time into text (the page uses the browser's locale). */
export function formatEntry(entry: ReceivedEntry, formatTime: (date: Date) => string): EntryLine {
  const date = new Date(entry.at);
  const valid = !Number.isNaN(date.getTime());
  const message =
    entry.message.trim() || `${entry.type ?? "unknown event"}${entry.orderId ? ` for order ${entry.orderId}` : ""}`;
  const mentionsSignature = /signature/i.test(message);
  return {
    seq: entry.seq,
    outcome: entry.outcome,
    label: LABELS[entry.outcome],
    tone: outcomeTone(entry.outcome),
    time: valid ? formatTime(date) : "",
    datetime: valid ? date.toISOString() : "",
    text: entry.verified || mentionsSignature ? message : `${message} (signature not verified)`,
  };
}

/**
 * The list after new entries arrived: `shown` is newest first, `incoming` newest last (as the
 * backend answers); an entry already shown (same seq) is not shown twice; at most `cap` are kept.
 */
export function mergeEntries(
  shown: readonly ReceivedEntry[],
  incoming: readonly ReceivedEntry[],
  cap = MAX_SHOWN,
): ReceivedEntry[] {
  const bySeq = new Map<number, ReceivedEntry>();
  for (const entry of [...shown, ...incoming]) bySeq.set(entry.seq, entry);
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, Math.max(0, cap));
}

/**
 * The cursor after an answer to `?after=<after>`, and whether the backend started over (its
 * sequence is lower than what was already seen: it restarted and its log is new), in which case
 * the shown list belongs to the old log and the cursor goes back to 0.
 */
export function advanceCursor(after: number, page: ReceivedPage): { after: number; restarted: boolean } {
  if (page.next < after) return { after: 0, restarted: true };
  return { after: page.next, restarted: false };
}
