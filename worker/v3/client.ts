/**
 * The client of the upstream v3 API (docs/upstream.md, "Operations"): every operation, typed, with request
 * validation before anything is sent, exact parsing of every response, and the transport's
 * timeout and retry policy. One client speaks to one environment with that environment's key.
 */
import { V3Error, scrub } from "./errors.js";
import { socketSend, type Connect } from "./http1.js";
import {
  parseConversion,
  parseConversionEstimate,
  parseCurrencies,
  parseJsonText,
  parsePayment,
  parsePayout,
  parsePayoutLimits,
  parsePayoutPageBody,
  type ParseContext,
} from "./parse.js";
import { exchangeWithRetry, fetchSend, type Exchange, type RetryPolicy, type Send } from "./transport.js";
import type {
  Conversion,
  ConversionDeclaration,
  ConversionEstimate,
  Currency,
  Environment,
  NewConversionRequest,
  NewPaymentRequest,
  NewPayoutRequest,
  Payment,
  Payout,
  PayoutLimits,
  PayoutListQuery,
  PayoutPage,
} from "./types.js";
import { parseHttpUrl } from "./types.js";
import {
  conversionIdSegment,
  idSegment,
  validateDeclaration,
  validateNewConversion,
  validateNewPayment,
  validateNewPayout,
  validatePayoutLimitsQuery,
  validatePayoutQuery,
} from "./validate.js";

export interface V3Credentials {
  environment: Environment;
  keyId: string;
  keySecret: string;
}

export interface V3ClientOptions {
  environment: Environment;
  /** For example "http://127.0.0.1:8788" (sandbox) or the production base; may carry a path prefix. */
  baseUrl: string;
  /** Refused (V3Error "invalid_request", code "environment_mismatch") unless for `environment`. */
  credentials: V3Credentials;
  /** Per attempt, in milliseconds; default 5000. */
  timeoutMs?: number;
  /** Extra attempts for GETs on timeout, network failure, 5xx or 429; default 2. */
  retries?: number;
  /** First backoff ceiling in ms (doubled per retry, full jitter); default 250. */
  retryBaseDelayMs?: number;
  /** Largest backoff ceiling in ms; default 2000. */
  retryMaxDelayMs?: number;
  /** Default globalThis.fetch; lets tests and service bindings plug in. */
  fetch?: typeof fetch;
  /**
   * Opens a TCP (or TLS) connection; used by estimateConversion only, whose GET carries a body
   * that fetch() refuses. This module imports no platform code: a Worker passes `connect` from
   * "cloudflare:sockets" (worker/checkout/upstream/shop-client.ts), Node passes cli/node-connect.ts. Without
   * it, estimateConversion fails with V3Error "invalid_request", code "no_connect".
   */
  connect?: Connect;
}

export interface V3Client {
  readonly environment: Environment;
  createPayment(req: NewPaymentRequest, init?: { signal?: AbortSignal }): Promise<Payment>;
  getPayment(paymentId: string, init?: { signal?: AbortSignal }): Promise<Payment>;
  listPayouts(query?: PayoutListQuery): Promise<PayoutPage>;
  createPayout(req: NewPayoutRequest): Promise<Payout>;
  getPayout(payoutId: string): Promise<Payout>;
  approvePayout(payoutId: string): Promise<Payout>;
  resendPayoutNotification(payoutId: string): Promise<void>;
  getPayoutLimits(q: { transferCurrency: string; priceCurrency: string }): Promise<PayoutLimits>;
  createConversion(req: NewConversionRequest): Promise<Conversion>;
  /** A GET that carries a JSON body: sent over connect(), since fetch() refuses it. */
  estimateConversion(req: NewConversionRequest): Promise<ConversionEstimate>;
  retryConversionTrade(conversionId: string): Promise<void>;
  declareConversionResult(conversionId: string, decl: ConversionDeclaration): Promise<void>;
  cancelConversion(conversionId: string): Promise<void>;
  /** @deprecated GET /v3/currencies is deprecated upstream. */
  listCurrencies(): Promise<Currency[]>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

function invalid(code: string, message: string, field?: string): V3Error {
  return new V3Error("invalid_request", code, message, field === undefined ? {} : { field });
}

function checkOptions(options: V3ClientOptions): URL {
  const { environment, credentials } = options;
  if (environment !== "sandbox" && environment !== "production") {
    throw invalid("invalid_environment", `environment must be "sandbox" or "production"`, "environment");
  }
  if (credentials?.environment !== environment) {
    throw invalid(
      "environment_mismatch",
      `the API key is for ${String(credentials?.environment)}, the client for ${environment}: keys never cross environments`,
      "credentials.environment",
    );
  }
  if (
    typeof credentials.keyId !== "string" ||
    credentials.keyId === "" ||
    credentials.keyId.includes(":") ||
    /[\r\n]/.test(credentials.keyId)
  ) {
    throw invalid(
      "invalid_credentials",
      "keyId must be a non-empty string without ':' or line breaks",
      "credentials.keyId",
    );
  }
  if (typeof credentials.keySecret !== "string" || credentials.keySecret === "") {
    throw invalid("invalid_credentials", "keySecret must be a non-empty string", "credentials.keySecret");
  }
  const base = parseHttpUrl(options.baseUrl);
  if (!base) throw invalid("invalid_base_url", "baseUrl must be an absolute http(s) URL", "baseUrl");
  if (environment === "production" && base.protocol === "http:" && !LOOPBACK.has(base.hostname)) {
    throw invalid("invalid_base_url", "production keys travel over https only", "baseUrl");
  }
  if (base.username !== "" || base.password !== "" || base.search !== "" || base.hash !== "") {
    throw invalid("invalid_base_url", "baseUrl must not carry credentials, a query or a fragment", "baseUrl");
  }
  for (const [name, value, min] of [
    ["timeoutMs", options.timeoutMs, 1],
    ["retries", options.retries, 0],
    ["retryBaseDelayMs", options.retryBaseDelayMs, 0],
    ["retryMaxDelayMs", options.retryMaxDelayMs, 0],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < min))
      throw invalid("invalid_option", `${name} must be an integer >= ${min}`, name);
  }
  if (options.retries !== undefined && options.retries > 10)
    throw invalid("invalid_option", "retries must be at most 10", "retries");
  return base;
}

/** Basic credentials: base64 of the UTF-8 bytes of "keyId:keySecret". */
function basicToken(keyId: string, keySecret: string): string {
  const bytes = new TextEncoder().encode(`${keyId}:${keySecret}`);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function createV3Client(options: V3ClientOptions): V3Client {
  const base = checkOptions(options);
  const basePath = base.pathname.replace(/\/+$/, "");
  const token = basicToken(options.credentials.keyId, options.credentials.keySecret);
  const policy: RetryPolicy = {
    timeoutMs: options.timeoutMs ?? 5000,
    retries: options.retries ?? 2,
    baseDelayMs: options.retryBaseDelayMs ?? 250,
    maxDelayMs: options.retryMaxDelayMs ?? 2000,
    secrets: [`Basic ${token}`, token, options.credentials.keySecret],
  };
  const viaFetch = fetchSend(options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  const connectImpl = options.connect;
  const viaSocket: Send = connectImpl
    ? socketSend(connectImpl)
    : () =>
        Promise.reject(
          invalid(
            "no_connect",
            "estimateConversion needs the connect option (a GET with a body cannot go through fetch)",
            "connect",
          ),
        );

  async function call(
    method: Exchange["method"],
    path: string,
    opts: { query?: Record<string, string>; body?: unknown; send?: Send; signal?: AbortSignal | undefined } = {},
  ): Promise<{ status: number; text: string }> {
    const url = new URL(base.origin);
    url.pathname = `${basePath}${path}`;
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { Authorization: `Basic ${token}`, Accept: "application/json" };
    const exchange: Exchange = { method, url, headers };
    if (opts.body !== undefined) {
      headers["Content-Type"] = "application/json";
      exchange.body = JSON.stringify(opts.body);
    }
    return exchangeWithRetry(opts.send ?? viaFetch, exchange, policy, opts.signal);
  }

  /** Calls, then parses the JSON body; the status and scrubbed body ride along on parse errors. */
  async function json<T>(
    parse: (value: unknown, ctx: ParseContext) => T,
    ...args: Parameters<typeof call>
  ): Promise<T> {
    const raw = await call(...args);
    const ctx: ParseContext = { status: raw.status, upstreamBody: scrub(raw.text, policy.secrets) };
    let value: unknown;
    try {
      value = parseJsonText(raw.text);
    } catch (error) {
      if (!(error instanceof V3Error)) throw error;
      throw new V3Error(error.kind, error.code, `${args[0]} ${args[1]}: ${error.message}`, {
        status: raw.status,
        upstreamBody: ctx.upstreamBody ?? "",
      });
    }
    return parse(value, ctx);
  }

  return {
    environment: options.environment,

    async createPayment(req, init) {
      return json(parsePayment, "POST", "/v3/payments", { body: validateNewPayment(req), signal: init?.signal });
    },
    async getPayment(paymentId, init) {
      return json(parsePayment, "GET", `/v3/payments/${idSegment(paymentId, "paymentId")}`, { signal: init?.signal });
    },

    async listPayouts(query) {
      const q = validatePayoutQuery(query);
      const params = Object.fromEntries(
        Object.entries(q)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const page = await json(parsePayoutPageBody, "GET", "/v3/payouts", { query: params });
      return {
        limit: page.limit ?? q.limit,
        offset: page.offset ?? q.offset,
        itemCount: page.itemCount ?? page.items.length,
        items: page.items,
      };
    },
    async createPayout(req) {
      return json(parsePayout, "POST", "/v3/payouts", { body: validateNewPayout(req) });
    },
    async getPayout(payoutId) {
      return json(parsePayout, "GET", `/v3/payouts/${idSegment(payoutId, "payoutId")}`);
    },
    async approvePayout(payoutId) {
      return json(parsePayout, "POST", `/v3/payouts/${idSegment(payoutId, "payoutId")}/approve`);
    },
    async resendPayoutNotification(payoutId) {
      await call("POST", `/v3/payouts/${idSegment(payoutId, "payoutId")}/resend-notification`);
    },
    async getPayoutLimits(q) {
      return json(parsePayoutLimits, "GET", "/v3/payouts/payout-limits", { query: validatePayoutLimitsQuery(q) });
    },

    async createConversion(req) {
      return json(parseConversion, "POST", "/v3/conversions/v3/conversions", { body: validateNewConversion(req) });
    },
    async estimateConversion(req) {
      return json(parseConversionEstimate, "GET", "/v3/conversions/v3/estimate-conversion", {
        body: validateNewConversion(req),
        send: viaSocket,
      });
    },
    async retryConversionTrade(conversionId) {
      await call("PUT", `/v3/conversions/${conversionIdSegment(conversionId)}/retry-trade`);
    },
    async declareConversionResult(conversionId, decl) {
      const segment = conversionIdSegment(conversionId);
      await call("PUT", `/v3/conversions/${segment}/declare-result`, { body: validateDeclaration(decl) });
    },
    async cancelConversion(conversionId) {
      await call("PUT", `/v3/conversions/${conversionIdSegment(conversionId)}/cancel`);
    },

    async listCurrencies() {
      return json(parseCurrencies, "GET", "/v3/currencies");
    },
  };
}
