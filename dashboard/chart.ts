/**
 * The overview's stacked bars: the days of the period with their counts by status, and where each
 * bar's segments go in the SVG. Pure; counts are whole numbers, amounts stay strings (format.ts
 * sums a day's volume exactly).
 */
import type { DeskOverviewDay } from "../worker/checkout/dashboard-wire.js";
import { sumDecimals } from "./format.js";

/** Stacking order, bottom first: done and good at the base, open in the middle, failed on top. */
export const STATUS_ORDER = ["CONFIRMED", "UNCONFIRMED", "UNDERPAID", "NEW", "EXPIRED", "INVALID"] as const;

export interface DayStack {
  day: string;
  /** Payments created that day, by status (every status of STATUS_ORDER, then any other seen). */
  counts: Record<string, number>;
  total: number;
  /** The exact price volume per currency, every status together. */
  volume: { currency: string; amount: string }[];
}

/** The days from `from`'s to `to`'s (ISO 8601 days or times; a `to` at exactly midnight is exclusive). */
export function daysBetween(from: string, to: string): string[] {
  const first = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  let last = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  if (to.length > 10 && Date.parse(to) === last) last -= 86_400_000;
  const days: string[] = [];
  for (let ms = first; ms <= last && days.length < 366; ms += 86_400_000)
    days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

/** Every status in the data, in stacking order (known ones first, others by name). */
export function statusesOf(rows: readonly DeskOverviewDay[]): string[] {
  const seen = new Set(rows.map((r) => r.status));
  const known: string[] = STATUS_ORDER.filter((s) => seen.has(s));
  return [...known, ...[...seen].filter((s) => !known.includes(s)).sort()];
}

/** One stack per day of the period, empty days included. */
export function dailyStacks(rows: readonly DeskOverviewDay[], from: string, to: string): DayStack[] {
  const statuses = statusesOf(rows);
  return daysBetween(from, to).map((day) => {
    const ofDay = rows.filter((r) => r.day === day);
    const counts = Object.fromEntries(statuses.map((s) => [s, 0]));
    for (const r of ofDay) counts[r.status] = (counts[r.status] ?? 0) + r.count;
    const currencies = [...new Set(ofDay.map((r) => r.currency))].sort();
    return {
      day,
      counts,
      total: ofDay.reduce((n, r) => n + r.count, 0),
      volume: currencies.map((currency) => ({
        currency,
        amount: sumDecimals(ofDay.filter((r) => r.currency === currency).map((r) => r.priceAmount)),
      })),
    };
  });
}

export interface Segment {
  status: string;
  count: number;
  y: number;
  height: number;
}

export interface Bar {
  day: string;
  x: number;
  width: number;
  segments: Segment[];
}

export interface ChartGeometry {
  bars: Bar[];
  /** The value of the top of the scale (a round number ≥ the largest day). */
  max: number;
  /** Horizontal guide lines: value and y. */
  ticks: { value: number; y: number }[];
}

/** A round top for the scale: 1, 2 or 5 times a power of ten, at least `n` (and at least 1). */
export function niceMax(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

/**
 * Where the bars go in a `width` × `height` plot: one slot per day, a bar of `1 - gap` of the slot,
 * segments stacked from the bottom in `statuses` order, heights proportional to the counts; a day
 * without payments has no segment.
 */
export function barGeometry(
  stacks: readonly DayStack[],
  statuses: readonly string[],
  { width, height, gap = 0.25 }: { width: number; height: number; gap?: number },
): ChartGeometry {
  const max = niceMax(Math.max(0, ...stacks.map((s) => s.total)));
  const slot = stacks.length ? width / stacks.length : width;
  const scale = height / max;
  const bars = stacks.map((stack, i) => {
    let top = height;
    const segments: Segment[] = [];
    for (const status of statuses) {
      const count = stack.counts[status] ?? 0;
      if (count === 0) continue;
      const h = count * scale;
      top -= h;
      segments.push({ status, count, y: top, height: h });
    }
    return { day: stack.day, x: i * slot + (slot * gap) / 2, width: slot * (1 - gap), segments };
  });
  const tickStep = max / (max >= 4 && max % 4 === 0 ? 4 : max >= 2 && max % 2 === 0 ? 2 : 1);
  const ticks: { value: number; y: number }[] = [];
  for (let v = 0; v <= max; v += tickStep) ticks.push({ value: v, y: height - v * scale });
  return { bars, max, ticks };
}
