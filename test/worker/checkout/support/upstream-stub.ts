/**
 * A stub of the upstream v3 API for workerd tests. It replaces `globalThis.fetch` for requests
 * to UPSTREAM_BASE_URL (the Worker, its Durable Objects and the tests share one isolate under
 * vitest-plugin), keeps payments in memory, counts every call per "METHOD /path", and can
 * be told to fail: hang until the caller aborts (timeout), answer 5xx, answer garbage, or drop
 * the connection. Requests to other hosts go to the real fetch.
 *
 *   const upstream = installUpstreamStub();   // in beforeEach
 *   ...
 *   expect(upstream.count("POST", "/v3/payments")).toBe(1);
 *   upstream.restore();                         // in afterEach
 */
import Decimal from "decimal.js";
import type { Currency, Payment, Payout } from "../../../../worker/v3/types.js";
import { REGISTRY_SECRETS, TEST_SECRETS, UPSTREAM_BASE_URL } from "./test-env.js";

export interface UpstreamCall {
  method: string;
  path: string;
  body: string;
  authorization: string | null;
  /** When the call arrived (ms since the epoch). */
  at: number;
}

export type FailureMode = "timeout" | "http500" | "http503" | "http404" | "http400" | "echo400" | "garbage" | "network";

interface Failure {
  method: string;
  pathPrefix: string;
  mode: FailureMode;
  remaining: number;
}

/** The keys the stub accepts (Basic auth), keyed by key id: the demo shops' and the registry shops' (support/registry.ts). */
const KEYS: Record<string, string> = {
  demo_shop: TEST_SECRETS.DEMO_API_KEY_SECRET,
  registry_shop: REGISTRY_SECRETS.apiKeySecret,
};

/** Value of one unit in EUR, to compute transfer amounts. */
const RATES: Record<string, string> = { EUR: "1", USD: "0.92", BTC: "60000", LTC: "80", DOGE: "0.1" };

export const DEFAULT_CURRENCIES: Currency[] = [
  {
    code: "BTC",
    name: "Bitcoin",
    paymentPriceEnabled: false,
    paymentTransferEnabled: true,
    payoutTransferEnabled: true,
    payoutPriceEnabled: false,
  },
  {
    code: "LTC",
    name: "Litecoin",
    paymentPriceEnabled: false,
    paymentTransferEnabled: true,
    payoutTransferEnabled: true,
    payoutPriceEnabled: false,
  },
  {
    code: "DOGE",
    name: "Dogecoin",
    paymentPriceEnabled: false,
    paymentTransferEnabled: false,
    payoutTransferEnabled: false,
    payoutPriceEnabled: false,
  },
  {
    code: "EUR",
    name: "Euro",
    paymentPriceEnabled: true,
    paymentTransferEnabled: false,
    payoutTransferEnabled: false,
    payoutPriceEnabled: true,
  },
  {
    code: "USD",
    name: "US Dollar",
    paymentPriceEnabled: true,
    paymentTransferEnabled: false,
    payoutTransferEnabled: false,
    payoutPriceEnabled: true,
  },
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export class UpstreamStub {
  readonly calls: UpstreamCall[] = [];
  readonly payments = new Map<string, Payment>();
  readonly payouts = new Map<string, Payout>();
  currencies: Currency[] = structuredClone(DEFAULT_CURRENCIES);
  private failures: Failure[] = [];
  private gates: { method: string; pathPrefix: string; open: Promise<void> }[] = [];
  private sequence = 0;
  private readonly realFetch: typeof fetch;

  constructor() {
    this.realFetch = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => this.fetch(input, init);
  }

  /** Puts the real fetch back. */
  restore(): void {
    globalThis.fetch = this.realFetch;
  }

  /** Number of upstream calls, optionally of one method and path prefix. */
  count(method?: string, pathPrefix = ""): number {
    return this.calls.filter((c) => (!method || c.method === method) && c.path.startsWith(pathPrefix)).length;
  }

  /** Makes the next `times` calls matching method and path prefix fail in the given way. */
  fail(method: string, pathPrefix: string, mode: FailureMode, times = Number.POSITIVE_INFINITY): void {
    this.failures.push({ method, pathPrefix, mode, remaining: times });
  }

  clearFailures(): void {
    this.failures = [];
  }

  /**
   * Holds the answers to calls matching method and path prefix (each is recorded when it
   * arrives) until the returned function is called; then they are answered as usual.
   */
  hold(method: string, pathPrefix: string): () => void {
    let release!: () => void;
    const gate = { method, pathPrefix, open: new Promise<void>((resolve) => (release = resolve)) };
    this.gates.push(gate);
    return () => {
      this.gates = this.gates.filter((g) => g !== gate);
      release();
    };
  }

  /** Changes a stored payment (as the blockchain and the upstream would). */
  update(paymentId: string, change: Partial<Payment>): Payment {
    const current = this.payments.get(paymentId);
    if (!current) throw new Error(`stub has no payment ${paymentId}`);
    const next = { ...current, ...change };
    this.payments.set(paymentId, next);
    return next;
  }

  private async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== new URL(UPSTREAM_BASE_URL).origin) return this.realFetch(input, init);
    const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    this.calls.push({
      method: request.method,
      path: url.pathname + url.search,
      body,
      authorization: request.headers.get("Authorization"),
      at: Date.now(),
    });
    const gate = this.gates.find((g) => g.method === request.method && url.pathname.startsWith(g.pathPrefix));
    if (gate) await gate.open;
    const failure = this.failures.find(
      (f) => f.remaining > 0 && f.method === request.method && url.pathname.startsWith(f.pathPrefix),
    );
    if (failure) {
      failure.remaining -= 1;
      return this.failWith(failure.mode, request.signal, request, body);
    }
    return this.answer(request, url, body);
  }

  private failWith(
    mode: FailureMode,
    signal: AbortSignal,
    request: Request,
    body: string,
  ): Promise<Response> | Response {
    switch (mode) {
      case "timeout":
        // Never answers; settles only when the caller gives up (its abort signal fires).
        return new Promise<Response>((_resolve, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener("abort", () => reject(signal.reason), { once: true });
        });
      case "network":
        return Promise.reject(new TypeError("Network connection lost."));
      case "garbage":
        return new Response("<html>502 Bad Gateway</html>{not json", {
          status: 200,
          headers: { "Content-Type": "application/json" },
        });
      case "http500":
        return json(500, { message: "internal error" });
      case "http503":
        return json(503, { message: "maintenance" });
      case "http404":
        return json(404, { message: "not found" });
      case "http400":
        return json(400, { message: "bad request" });
      case "echo400":
        // A careless upstream that repeats the request, credentials included, in its error body.
        return json(400, {
          message: "bad request",
          authorization: request.headers.get("Authorization"),
          request: body,
        });
    }
  }

  private authorized(request: Request): boolean {
    const header = request.headers.get("Authorization") ?? "";
    if (!header.startsWith("Basic ")) return false;
    let decoded: string;
    try {
      decoded = atob(header.slice(6));
    } catch {
      return false;
    }
    const colon = decoded.indexOf(":");
    return colon > 0 && KEYS[decoded.slice(0, colon)] === decoded.slice(colon + 1);
  }

  private answer(request: Request, url: URL, body: string): Response {
    if (!this.authorized(request)) return json(401, { message: "unauthorized" });
    const path = url.pathname;
    if (request.method === "GET" && path === "/v3/currencies") return json(200, this.currencies);
    if (request.method === "POST" && path === "/v3/payments") return this.create(body);
    const match = /^\/v3\/payments\/([^/]+)$/.exec(path);
    if (request.method === "GET" && match?.[1]) {
      const payment = this.payments.get(decodeURIComponent(match[1]));
      return payment ? json(200, payment) : json(404, { message: "payment not found" });
    }
    const payout = /^\/v3\/payouts\/([^/]+)$/.exec(path);
    if (request.method === "GET" && payout?.[1]) {
      const found = this.payouts.get(decodeURIComponent(payout[1]));
      return found ? json(200, found) : json(404, { message: "payout not found" });
    }
    return json(404, { message: "no such endpoint" });
  }

  private create(body: string): Response {
    let req: Record<string, unknown>;
    try {
      req = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return json(400, { message: "invalid JSON" });
    }
    const { priceAmount, priceCurrency, transferCurrency } = req;
    if (typeof priceAmount !== "string" || typeof priceCurrency !== "string" || typeof transferCurrency !== "string") {
      return json(400, { message: "priceAmount, priceCurrency and transferCurrency are required" });
    }
    const priceRate = RATES[priceCurrency];
    const transferRate = RATES[transferCurrency];
    if (!priceRate || !transferRate) return json(400, { message: "unsupported currency" });
    this.sequence += 1;
    const paymentId = `pay_stub_${this.sequence}_${crypto.randomUUID().slice(0, 8)}`;
    const exchangeRate = new Decimal(transferRate).div(priceRate);
    const transferAmount = new Decimal(priceAmount).div(exchangeRate).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed();
    const address = `tb1qstub${String(this.sequence).padStart(6, "0")}`;
    const payment: Payment = {
      paymentId,
      priceAmount,
      priceCurrency,
      transferAmount,
      transferCurrency,
      address,
      status: "NEW",
      paymentUri: `bitcoin:${address}?amount=${transferAmount}`,
      expirationTime: new Date(Date.now() + 15 * 60_000).toISOString(),
      paymentPageUrl: `${UPSTREAM_BASE_URL}/pay/${paymentId}`,
      paidPriceAmount: "0",
      pendingPaidPriceAmount: "0",
      acceptedPaidPriceAmount: "0",
      paidTransferAmount: "0",
      pendingPaidTransferAmount: "0",
      acceptedPaidTransferAmount: "0",
      exchangeRate: exchangeRate.toFixed(),
      transactions: [],
    };
    if (typeof req.notificationUrl === "string") payment.notificationUrl = req.notificationUrl;
    if (typeof req.externalPaymentId === "string") payment.externalPaymentId = req.externalPaymentId;
    if (req.redirectUrls && typeof req.redirectUrls === "object")
      payment.redirectUrls = req.redirectUrls as Payment["redirectUrls"];
    this.payments.set(paymentId, payment);
    return json(200, payment);
  }
}

/** Installs a fresh stub in place of fetch; call `restore()` when the test ends. */
export function installUpstreamStub(): UpstreamStub {
  return new UpstreamStub();
}
