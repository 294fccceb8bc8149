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

export type FailureMode =
  | "timeout"
  | "http500"
  | "http503"
  | "http404"
  | "http400"
  | "echo400"
  | "garbage"
  | "network"
  /** The call is carried out (a payout created, say), then its answer never comes: the caller times out. */
  | "lost_answer";

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
  /** What GET /v3/payouts/payout-limits answers (per transfer currency: `currency` is set to it). */
  payoutLimits: { available?: number; minPayoutAmount?: number } = { available: 10, minPayoutAmount: 0.0001 };
  /** Milliseconds from a payout's creation to its expirationTime. */
  payoutExpiryMs = 3_600_000;
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
      if (failure.mode === "lost_answer") {
        this.answer(request, url, body);
        return this.failWith("timeout", request.signal, request, body);
      }
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
      case "lost_answer":
        return json(500, { message: "unreachable" });
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
    if (path.startsWith("/v3/payouts")) {
      const answered = this.payoutCall(request.method, url, body);
      if (answered) return answered;
    }
    const payout = /^\/v3\/payouts\/([^/]+)$/.exec(path);
    if (request.method === "GET" && payout?.[1]) {
      const found = this.payouts.get(decodeURIComponent(payout[1]));
      return found ? json(200, found) : json(404, { message: "payout not found" });
    }
    return json(404, { message: "no such endpoint" });
  }

  /** Marks a payout sent (as the service does some time after its approval). */
  sendPayout(payoutId: string, transactionId = `tx_${payoutId}`): Payout {
    const found = this.payouts.get(payoutId);
    if (!found) throw new Error(`stub has no payout ${payoutId}`);
    const sent: Payout = { ...found, status: "SENT", transactionId, sentTime: new Date().toISOString() };
    this.payouts.set(payoutId, sent);
    return sent;
  }

  /** The payouts whose externalPayoutId is `externalId`. */
  payoutsOf(externalId: string): Payout[] {
    return [...this.payouts.values()].filter((p) => p.externalPayoutId === externalId);
  }

  private payoutCall(method: string, url: URL, body: string): Response | undefined {
    const path = url.pathname;
    if (method === "GET" && path === "/v3/payouts/payout-limits") {
      const currency = url.searchParams.get("transferCurrency") ?? "";
      return json(200, { ...this.payoutLimits, currency });
    }
    if (method === "POST" && path === "/v3/payouts") {
      const req = JSON.parse(body) as Record<string, unknown>;
      const transferCurrency = String(req.transferCurrency);
      const priceCurrency = String(req.priceCurrency);
      const rate = new Decimal(RATES[transferCurrency] ?? "1").div(RATES[priceCurrency] ?? "1");
      const transferAmount =
        typeof req.transferAmount === "string"
          ? req.transferAmount
          : new Decimal(String(req.priceAmount)).div(rate).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
      const priceAmount =
        typeof req.priceAmount === "string"
          ? req.priceAmount
          : new Decimal(transferAmount).times(rate).toDecimalPlaces(2).toFixed();
      this.sequence += 1;
      const now = Date.now();
      const payout: Payout = {
        payoutId: `po_stub_${this.sequence}_${crypto.randomUUID().slice(0, 8)}`,
        address: typeof req.address === "string" ? req.address : "tb1qstubpayout",
        transferAmount,
        priceAmount,
        transferCurrency,
        priceCurrency,
        status: req.autoApprove === true ? "QUEUED" : "CREATED",
        createdTime: new Date(now).toISOString(),
        expirationTime: new Date(now + this.payoutExpiryMs).toISOString(),
      };
      for (const key of ["notificationUrl", "externalPayoutId", "comment"] as const)
        if (typeof req[key] === "string") payout[key] = req[key];
      this.payouts.set(payout.payoutId, payout);
      return json(200, payout);
    }
    const approve = /^\/v3\/payouts\/([^/]+)\/approve$/.exec(path);
    if (method === "POST" && approve?.[1]) {
      const found = this.payouts.get(decodeURIComponent(approve[1]));
      if (!found) return json(404, { message: "payout not found" });
      if (found.status !== "CREATED") return json(409, { message: `payout is ${found.status}` });
      if (Date.now() >= Date.parse(found.expirationTime ?? "")) {
        this.payouts.set(found.payoutId, { ...found, status: "EXPIRED" });
        return json(409, { message: "approval refused: the payout expired" });
      }
      const queued: Payout = { ...found, status: "QUEUED" };
      this.payouts.set(found.payoutId, queued);
      return json(200, queued);
    }
    if (method === "GET" && path === "/v3/payouts") {
      const q = url.searchParams;
      const from = q.has("timeFrom") ? Date.parse(q.get("timeFrom") ?? "") : -Infinity;
      const to = q.has("timeTo") ? Date.parse(q.get("timeTo") ?? "") : Infinity;
      const same = (a: string | undefined, b: string | null) => b === null || (a !== undefined && new Decimal(a).eq(b));
      const items = [...this.payouts.values()].filter((p) => {
        const t = Date.parse(p.createdTime ?? "");
        return (
          t >= from &&
          t <= to &&
          (!q.has("address") || q.get("address") === p.address) &&
          (!q.has("transferCurrency") || q.get("transferCurrency") === p.transferCurrency) &&
          (!q.has("priceCurrency") || q.get("priceCurrency") === p.priceCurrency) &&
          same(p.transferAmount, q.get("transferAmount")) &&
          same(p.priceAmount, q.get("priceAmount"))
        );
      });
      const limit = Number(q.get("limit") ?? "20");
      const offset = Number(q.get("offset") ?? "0");
      return json(200, { limit, offset, itemCount: items.length, items: items.slice(offset, offset + limit) });
    }
    return undefined;
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
