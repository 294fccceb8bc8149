/**
 * The payment service's last calls as this isolate made them: every attempt of the shops' v3
 * clients (shop-client.ts), kept in a ring of the last RING_SIZE, and what `GET /healthz/upstream`
 * makes of them (pure: `summarizeCalls`). An isolate sees only its own calls (the one that answers
 * the operator, usually the one that served the operator's recent requests), not the whole
 * deployment's. No id, key, URL or body is kept: an operation is the method and the path with its
 * ids replaced by `{id}`.
 */

/** How many attempts an isolate keeps. */
export const RING_SIZE = 200;

/** How an attempt ended: answered (2xx/3xx), refused (4xx), failed (5xx), or no answer at all. */
export type CallOutcome = "ok" | "client_error" | "server_error" | "timeout" | "network_error";

export interface UpstreamCall {
  /** Epoch milliseconds when the attempt started. */
  at: number;
  environment: string;
  operation: string;
  outcome: CallOutcome;
  status?: number;
  /** Milliseconds to the answer's headers (or to the failure). */
  ms: number;
}

/** Path segments of the v3 API that are names, not ids. */
const NAMES = new Set([
  "v3",
  "payments",
  "payouts",
  "payout-limits",
  "approve",
  "resend-notification",
  "conversions",
  "estimate-conversion",
  "retry-trade",
  "declare-result",
  "cancel",
  "currencies",
]);

/** `GET /v3/payments/{id}` for `GET https://host/base/v3/payments/abc?x=1`. */
export function operationOf(method: string, url: string): string {
  const path = new URL(url).pathname;
  const start = path.indexOf("/v3/");
  const segments = (start < 0 ? path : path.slice(start)).split("/").slice(1);
  return `${method.toUpperCase()} /${segments.map((s) => (NAMES.has(s) ? s : "{id}")).join("/")}`;
}

export function outcomeOfStatus(status: number): CallOutcome {
  return status >= 500 ? "server_error" : status >= 400 ? "client_error" : "ok";
}

/** The outcome of an attempt that got no answer: its signal's timeout, or anything else. */
export function outcomeOfError(err: unknown): CallOutcome {
  const name = err instanceof Error ? err.name : "";
  return name === "TimeoutError" || name === "AbortError" ? "timeout" : "network_error";
}

const calls: UpstreamCall[] = [];

export function recordCall(call: UpstreamCall): void {
  calls.push(call);
  if (calls.length > RING_SIZE) calls.splice(0, calls.length - RING_SIZE);
}

/** This isolate's kept attempts, oldest first (a copy). */
export function recentCalls(): UpstreamCall[] {
  return [...calls];
}

/** Forgets every kept attempt (tests). */
export function clearCalls(): void {
  calls.length = 0;
}

export interface OperationSummary {
  operation: string;
  calls: number;
  /** By outcome; only the outcomes that happened. */
  outcomes: Partial<Record<CallOutcome, number>>;
  p50Ms: number;
  p95Ms: number;
}

export interface EnvironmentSummary {
  environment: string;
  calls: number;
  /** Failed attempts (5xx, timeout, no answer) since the last answered one: 0 when the last one was answered. */
  failingInARow: number;
  lastAnswered: string | null;
  lastFailure: { at: string; operation: string; outcome: CallOutcome; status?: number } | null;
  operations: OperationSummary[];
}

const FAILED = new Set<CallOutcome>(["server_error", "timeout", "network_error"]);

/** The value below which `share` of the sorted values lie (nearest rank). */
function rank(sorted: number[], share: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

function operationSummary(operation: string, attempts: UpstreamCall[]): OperationSummary {
  const outcomes: Partial<Record<CallOutcome, number>> = {};
  for (const call of attempts) outcomes[call.outcome] = (outcomes[call.outcome] ?? 0) + 1;
  const ms = attempts.map((c) => c.ms).sort((a, b) => a - b);
  return { operation, calls: attempts.length, outcomes, p50Ms: rank(ms, 0.5), p95Ms: rank(ms, 0.95) };
}

/** Per environment, per operation: counts, outcomes, latency and the last failure (pure). */
export function summarizeCalls(attempts: readonly UpstreamCall[]): EnvironmentSummary[] {
  const byEnvironment = new Map<string, UpstreamCall[]>();
  for (const call of [...attempts].sort((a, b) => a.at - b.at)) {
    const list = byEnvironment.get(call.environment) ?? [];
    list.push(call);
    byEnvironment.set(call.environment, list);
  }
  return [...byEnvironment.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([environment, list]) => {
      const answered = list.filter((c) => !FAILED.has(c.outcome));
      const failures = list.filter((c) => FAILED.has(c.outcome));
      const lastAnsweredAt = answered.at(-1)?.at ?? -Infinity;
      const lastFailure = failures.at(-1);
      const byOperation = new Map<string, UpstreamCall[]>();
      for (const call of list) byOperation.set(call.operation, [...(byOperation.get(call.operation) ?? []), call]);
      return {
        environment,
        calls: list.length,
        failingInARow: failures.filter((c) => c.at > lastAnsweredAt).length,
        lastAnswered: answered.length ? new Date(lastAnsweredAt).toISOString() : null,
        lastFailure: lastFailure
          ? {
              at: new Date(lastFailure.at).toISOString(),
              operation: lastFailure.operation,
              outcome: lastFailure.outcome,
              ...(lastFailure.status === undefined ? {} : { status: lastFailure.status }),
            }
          : null,
        operations: [...byOperation.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([operation, calls]) => operationSummary(operation, calls)),
      };
    });
}
