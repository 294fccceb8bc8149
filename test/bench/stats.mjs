// Small statistics for the benchmark: percentiles by nearest rank, rounding for the table.

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
