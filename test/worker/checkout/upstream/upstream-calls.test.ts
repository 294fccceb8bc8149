import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  clearCalls,
  operationOf,
  outcomeOfError,
  outcomeOfStatus,
  recentCalls,
  recordCall,
  RING_SIZE,
  summarizeCalls,
  type UpstreamCall,
} from "../../../../worker/checkout/upstream/upstream-calls.js";
import { clearCurrencyCache } from "../../../../worker/checkout/upstream/currencies.js";
import { call, callWith } from "../support/http.js";
import { useUpstream } from "../support/stubs.js";
import { TEST_SECRETS } from "../support/test-env.js";

const stubs = useUpstream();
const asAdmin = { headers: { Authorization: `Bearer ${TEST_SECRETS.ADMIN_TOKEN}` } };

beforeEach(clearCalls);
afterEach(clearCalls);

describe("operationOf", () => {
  it.each([
    ["GET", "https://pay.example/v3/payments/pay_123?x=1", "GET /v3/payments/{id}"],
    ["post", "https://pay.example/base/v3/payments", "POST /v3/payments"],
    ["POST", "https://pay.example/v3/payouts/po_9/approve", "POST /v3/payouts/{id}/approve"],
    ["GET", "https://pay.example/v3/payouts/payout-limits?currency=BTC", "GET /v3/payouts/payout-limits"],
    ["PUT", "https://pay.example/v3/conversions/c%201/retry-trade", "PUT /v3/conversions/{id}/retry-trade"],
    ["GET", "https://pay.example/v3/currencies", "GET /v3/currencies"],
  ])("%s %s is %s: no id is kept", (method, url, operation) => {
    expect(operationOf(method, url)).toBe(operation);
  });
});

describe("outcomes", () => {
  it("sorts answers by status and failures by kind", () => {
    expect([200, 304, 404, 429, 500, 503].map(outcomeOfStatus)).toEqual([
      "ok",
      "ok",
      "client_error",
      "client_error",
      "server_error",
      "server_error",
    ]);
    expect(outcomeOfError(new DOMException("timed out", "TimeoutError"))).toBe("timeout");
    expect(outcomeOfError(new DOMException("aborted", "AbortError"))).toBe("timeout");
    expect(outcomeOfError(new TypeError("Network connection lost."))).toBe("network_error");
  });
});

describe("the ring and its summary", () => {
  const at = Date.UTC(2026, 10, 27, 8, 0, 0);
  const attempt = (i: number, change: Partial<UpstreamCall> = {}): UpstreamCall => ({
    at: at + i * 1000,
    environment: "sandbox",
    operation: "GET /v3/payments/{id}",
    outcome: "ok",
    status: 200,
    ms: 10 * (i + 1),
    ...change,
  });

  it("keeps the last RING_SIZE attempts", () => {
    for (let i = 0; i < RING_SIZE + 25; i++) recordCall(attempt(i));
    const kept = recentCalls();
    expect(kept).toHaveLength(RING_SIZE);
    expect(kept[0]?.at).toBe(at + 25 * 1000);
  });

  it("counts per environment and operation, with latency percentiles, the last failure and the failures since the last answer", () => {
    const attempts = [
      ...Array.from({ length: 20 }, (_, i) => attempt(i)),
      attempt(20, { operation: "POST /v3/payments", outcome: "server_error", status: 502 }),
      attempt(21, { operation: "POST /v3/payments", outcome: "ok", status: 201, ms: 300 }),
      attempt(22, { outcome: "timeout", status: undefined, ms: 5000 }),
      attempt(23, { outcome: "network_error", status: undefined, ms: 3 }),
      attempt(5, { environment: "production", outcome: "client_error", status: 404 }),
    ];
    const [production, sandbox] = summarizeCalls(attempts);
    expect(production).toMatchObject({ environment: "production", calls: 1, failingInARow: 0, lastFailure: null });
    expect(sandbox).toMatchObject({
      environment: "sandbox",
      calls: 24,
      failingInARow: 2,
      lastAnswered: new Date(at + 21_000).toISOString(),
      lastFailure: {
        at: new Date(at + 23_000).toISOString(),
        operation: "GET /v3/payments/{id}",
        outcome: "network_error",
      },
    });
    expect(sandbox?.operations).toEqual([
      {
        operation: "GET /v3/payments/{id}",
        calls: 22,
        outcomes: { ok: 20, timeout: 1, network_error: 1 },
        p50Ms: 100,
        p95Ms: 200,
      },
      { operation: "POST /v3/payments", calls: 2, outcomes: { server_error: 1, ok: 1 }, p50Ms: 210, p95Ms: 300 },
    ]);
  });
});

describe("GET /healthz/upstream", () => {
  it("is the admin token's: 401 without it, 404 when the admin API is off", async () => {
    expect((await call("/healthz/upstream")).status).toBe(401);
    expect((await callWith({ ADMIN_TOKEN: undefined }, "/healthz/upstream", asAdmin)).status).toBe(404);
  });

  it("shows the attempts the shops' clients made: answered and failed with 5xx", async () => {
    expect((await call("/api/shops/demo-open")).status).toBe(200);
    clearCurrencyCache();
    stubs.upstream.fail("GET", "/v3/currencies", "http503");
    // The settings still answer (the currency list's outage is the shop's, not the page's).
    await call("/api/shops/demo-open");
    const response = await call("/healthz/upstream", asAdmin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as {
      scope: string;
      environments: ReturnType<typeof summarizeCalls>;
    };
    expect(body.scope).toBe("isolate");
    const [sandbox] = body.environments;
    expect(sandbox?.environment).toBe("sandbox");
    const currencies = sandbox?.operations.find((o) => o.operation === "GET /v3/currencies");
    expect(currencies?.outcomes.ok).toBe(1);
    expect(currencies?.outcomes.server_error).toBeGreaterThanOrEqual(1);
    expect(sandbox?.failingInARow).toBeGreaterThanOrEqual(1);
    expect(sandbox?.lastFailure).toMatchObject({
      operation: "GET /v3/currencies",
      outcome: "server_error",
      status: 503,
    });
    expect(JSON.stringify(body)).not.toContain(TEST_SECRETS.DEMO_API_KEY_SECRET);
  });

  it("tells a timeout from a refusal", async () => {
    stubs.upstream.fail("GET", "/v3/currencies", "timeout");
    await callWith({ UPSTREAM_TIMEOUT_MS: "30" }, "/api/shops/demo-open");
    const outcomes = recentCalls().map((c) => c.outcome);
    expect(outcomes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(outcomes)).toEqual(new Set(["timeout"]));
  });
});
