// Small statistics for the benchmark: percentiles by nearest rank, rounding for the table, and a
// driver that runs calls with a number of them in flight.
import { performance } from "node:perf_hooks";

/** The p-th percentile (0..100) of the numbers, nearest-rank method; NaN for an empty list. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export const median = (values) => percentile(values, 50);

/** Milliseconds with one decimal. */
export const ms = (value) => Math.round(value * 10) / 10;

/** Kilobytes (1024 bytes) with one decimal. */
export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Runs `total` calls of `call(i)` with `concurrency` in flight (a call answers whether it succeeded); returns {total, failures, seconds, perSecond}. */
export async function drive(total, concurrency, call) {
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        if (!(await call(i))) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    total,
    failures,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(((total - failures) / seconds) * 10) / 10,
  };
}

/** The rate of blocks of `drive` runs taken in turn with other ways: their creates over the time they took together. */
export function blocksRate(total, runs) {
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const failures = runs.reduce((sum, run) => sum + run.failures, 0);
  return {
    total,
    failures,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(((total - failures) / seconds) * 10) / 10,
    blocks: runs.map((run) => run.perSecond),
  };
}
