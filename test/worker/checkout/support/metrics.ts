/**
 * The data points the Worker writes, recorded at the METRICS binding's interface: the local
 * runtime's Analytics Engine dataset keeps nothing that can be read back, so its
 * `writeDataPoint` (one prototype for the Worker, its Durable Objects and the tests, which share
 * one isolate) is replaced by a recorder. Restored by `vi.restoreAllMocks()`.
 */
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import type { DataPoint, MetricKind } from "../../../../worker/checkout/http/metrics.js";

export interface MetricsRecorder {
  points: DataPoint[];
  /** The points of one kind, in the order written. */
  of(kind: MetricKind): DataPoint[];
}

export function recordMetrics(): MetricsRecorder {
  const dataset = (env as unknown as { METRICS: AnalyticsEngineDataset }).METRICS;
  const points: DataPoint[] = [];
  vi.spyOn(Object.getPrototypeOf(dataset) as AnalyticsEngineDataset, "writeDataPoint").mockImplementation((p) => {
    points.push(structuredClone(p) as DataPoint);
  });
  return { points, of: (kind) => points.filter((p) => p.blobs[0] === kind) };
}
