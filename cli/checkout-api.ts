/**
 * The CLI's side of the checkout Worker (worker/checkout), for the commands that follow it:
 * - the payment stream, `GET /api/shops/{shop}/payments/{id}/stream` (a WebSocket: JSON text
 *   frames `{"type":"payment","payment":<PaymentView>}`, and the ping protocol of wire.ts), over
 *   the `ws` package (Node 20 has no global WebSocket client);
 * - the backend API's event log, `GET /api/shops/{shop}/events?after=&limit=` with the shop's
 *   Bearer token (worker/checkout/routes/backend-api.ts, docs/webhooks.md);
 * - the shop registry's admin API, `/admin/*` with the admin token (worker/checkout/routes/admin-api.ts).
 * The event log and the admin API are called through `workerClient`: openapi-fetch over the types
 * openapi-typescript generates from the Worker's OpenAPI document (cli/api/checkout-api.ts, from
 * docs/openapi.json by `npm run docs:openapi`), so a call the document does not allow does not compile.
 * Errors are CheckoutApiError: `retryable` for network failures, timeouts, 5xx and 429.
 */
import createClient, { type Client } from "openapi-fetch";
import WebSocket from "ws";
import type { EventList } from "../worker/checkout/backend-wire.js";
import type { paths } from "./api/checkout-api.js";
import {
  STREAM_PING,
  STREAM_PONG,
  parseHttpUrl,
  type FieldError,
  type PaymentView,
  type StreamMessage,
} from "../worker/checkout/wire.js";
import { UsageError } from "./errors.js";

/** The environment variable that names the checkout Worker when `--checkout-url` is not given. */
export const CHECKOUT_URL_ENV = "CRYPTO_CHECKOUT_URL";
/** The checkout Worker of `--checkout-url`'s default: CRYPTO_CHECKOUT_URL, else what `npm run demo` starts. */
export const DEFAULT_CHECKOUT_URL = process.env[CHECKOUT_URL_ENV] || "http://127.0.0.1:8787";

export class CheckoutApiError extends Error {
  override readonly name = "CheckoutApiError";
  constructor(
    message: string,
    /** The Worker's HTTP status; undefined when no answer came. */
    readonly status?: number,
    /** The Worker's error code (`payment_not_found`, `unauthorized`, ...). */
    readonly code?: string,
    /** Seconds of a Retry-After header. */
    readonly retryAfter?: number,
    /** The fields a refused body got wrong (the admin API). */
    readonly fields?: FieldError[],
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }
}

/** An http(s) URL without a trailing slash; UsageError otherwise (`what` names the option). */
export function httpUrl(value: string, what: string): string {
  const url = parseHttpUrl(value);
  if (!url) throw new UsageError(`${what} must be an absolute http(s) URL, not "${value}"`);
  return url.href.replace(/\/+$/, "");
}

/** "HTTP 404 from GET /api/...: payment_not_found: No payment with this id." from the Worker's error body. */
function httpError(
  method: string,
  path: string,
  status: number,
  body: string,
  retryAfter?: string | null,
): CheckoutApiError {
  let code: string | undefined;
  let fields: FieldError[] | undefined;
  let message = body.replace(/\s+/g, " ").trim().slice(0, 200);
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
    if (typeof parsed.error?.code === "string") code = parsed.error.code;
    if (typeof parsed.error?.message === "string") message = `${code ?? "error"}: ${parsed.error.message}`;
    if (Array.isArray(parsed.error?.fields))
      fields = parsed.error.fields.filter(
        (f): f is FieldError => typeof f?.field === "string" && typeof f?.message === "string",
      );
  } catch {
    // not the Worker's JSON error: the raw text
  }
  const seconds = retryAfter && /^\d{1,5}$/.test(retryAfter) ? Number(retryAfter) : undefined;
  return new CheckoutApiError(
    `HTTP ${status} from ${method} ${path}${message ? `: ${message}` : ""}`,
    status,
    code,
    seconds,
    fields,
  );
}

/**
 * One call of the Worker with a Bearer token: its JSON answer, or a CheckoutApiError. The token is
 * never part of an error's message, even when the Worker repeats it.
 */
export async function callWorker<T>(
  base: string,
  token: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs: number },
): Promise<T> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    Accept: "application/json",
    ...options.headers,
  };
  const init: RequestInit = { method, headers, signal: AbortSignal.timeout(options.timeoutMs) };
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, init);
  } catch (error) {
    throw networkError(method, path, error, options.timeoutMs);
  }
  const text = (await response.text()).split(token).join("[redacted]");
  if (!response.ok) throw httpError(method, path, response.status, text, response.headers.get("Retry-After"));
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CheckoutApiError(`${method} ${path} answered something that is not JSON`, response.status);
  }
}

/** What a failed fetch() says: whether it timed out (or was aborted), and its innermost cause. */
export function fetchFailure(error: unknown): { timedOut: boolean; cause: string } {
  const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  const cause =
    error instanceof Error && error.cause instanceof Error
      ? error.cause.message
      : error instanceof Error
        ? error.message
        : String(error);
  return { timedOut, cause };
}

function networkError(method: string, path: string, error: unknown, timeoutMs: number): CheckoutApiError {
  const { timedOut, cause } = fetchFailure(error);
  return new CheckoutApiError(
    timedOut
      ? `no answer from ${method} ${path} within ${timeoutMs} ms`
      : `network failure on ${method} ${path}: ${cause}`,
  );
}

/** The checkout Worker's typed client: every path, parameter, body and answer as its OpenAPI document says. */
export type WorkerClient = Client<paths>;

/** The method of each answer's request, for its error message (an answer does not carry it). */
const requestMethods = new WeakMap<Response, string>();

/** `/path?query` of a URL, as the errors name a request. */
const pathOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
};

/**
 * A typed client of the Worker at `base` with a Bearer token; each request times out after
 * `timeoutMs`, and a failed one is a CheckoutApiError naming the request (never the token).
 */
export function workerClient(
  base: string,
  token: string,
  options: { headers?: Record<string, string>; timeoutMs: number },
): WorkerClient {
  return createClient<paths>({
    baseUrl: base,
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...options.headers },
    fetch: async (request) => {
      try {
        const response = await fetch(new Request(request, { signal: AbortSignal.timeout(options.timeoutMs) }));
        requestMethods.set(response, request.method);
        return response;
      } catch (error) {
        throw networkError(request.method, pathOf(request.url), error, options.timeoutMs);
      }
    },
  });
}

/** The answer of a typed call, or its error as a CheckoutApiError (the token redacted from what the Worker said). */
export async function answerOf<T>(
  token: string,
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await pending;
  if (error === undefined && response.ok && data !== undefined) return data;
  const text = (typeof error === "string" ? error : JSON.stringify(error ?? "")).split(token).join("[redacted]");
  throw httpError(
    requestMethods.get(response) ?? "GET",
    pathOf(response.url),
    response.status,
    text,
    response.headers.get("Retry-After"),
  );
}

/** One page of the shop's event log after `after` (a cursor; "0" for the beginning). */
export async function fetchEvents(
  base: string,
  shop: string,
  token: string,
  after: string,
  limit: number,
  timeoutMs: number,
): Promise<EventList> {
  const client = workerClient(base, token, { timeoutMs });
  return answerOf(
    token,
    client.GET("/api/shops/{shop}/events", { params: { path: { shop }, query: { after, limit } } }),
  );
}

/** The `ws(s)://` URL of a payment's stream, with the payment's client secret (never printed: errors name the path only). */
export function streamUrl(base: string, shop: string, paymentId: string, clientSecret: string): string {
  const url = new URL(`${base}/api/shops/${encodeURIComponent(shop)}/payments/${encodeURIComponent(paymentId)}/stream`);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("clientSecret", clientSecret);
  return url.href;
}

export interface StreamOptions {
  url: string;
  /** Called with each payment view; return true when it is the last one wanted (the socket is then closed). */
  onPayment: (view: PaymentView) => boolean;
  /** Called once the socket is open. */
  onOpen?: () => void;
  signal: AbortSignal;
  /** Time to connect (and to answer a ping) in ms. */
  timeoutMs: number;
  /** How often to ping an idle stream, in ms. */
  pingMs: number;
}

/**
 * One connection of the payment stream, until: the payment is final ("done"), the user stopped
 * ("stopped"), or the socket closed or went silent ("closed", with the reason). Rejects with a
 * CheckoutApiError when the upgrade is refused (404 unknown payment, 429, ...) or nothing answers.
 */
export function followStream(
  options: StreamOptions,
): Promise<{ outcome: "done" | "stopped" } | { outcome: "closed"; reason: string }> {
  const path = new URL(options.url).pathname;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(options.url, {
      handshakeTimeout: options.timeoutMs,
      headers: { "User-Agent": "crypto-checkout-cli" },
    });
    let opened = false;
    let settled = false;
    let lastHeard = Date.now();
    let pinger: NodeJS.Timeout | undefined;
    const finish = (
      result: { outcome: "done" | "stopped" } | { outcome: "closed"; reason: string } | CheckoutApiError,
    ) => {
      if (settled) return;
      settled = true;
      clearInterval(pinger);
      options.signal.removeEventListener("abort", onAbort);
      if (result instanceof CheckoutApiError) reject(result);
      else resolve(result);
    };
    const onAbort = () => {
      ws.terminate();
      finish({ outcome: "stopped" });
    };
    if (options.signal.aborted) return onAbort();
    options.signal.addEventListener("abort", onAbort, { once: true });

    ws.on("unexpected-response", (_request, response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => {
        ws.terminate();
        const retryAfter = response.headers["retry-after"];
        finish(
          httpError(
            "GET",
            path,
            response.statusCode ?? 0,
            body,
            Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          ),
        );
      });
    });
    ws.on("open", () => {
      opened = true;
      lastHeard = Date.now();
      options.onOpen?.();
      pinger = setInterval(
        () => {
          if (Date.now() - lastHeard > options.pingMs + options.timeoutMs) {
            ws.terminate();
            finish({ outcome: "closed", reason: `no answer to a ping within ${options.timeoutMs} ms` });
            return;
          }
          if (Date.now() - lastHeard >= options.pingMs) ws.send(STREAM_PING);
        },
        Math.min(options.pingMs, 1000),
      );
    });
    ws.on("message", (data, isBinary) => {
      lastHeard = Date.now();
      if (isBinary) return;
      const text = Buffer.isBuffer(data)
        ? data.toString("utf8")
        : Array.isArray(data)
          ? Buffer.concat(data).toString("utf8")
          : Buffer.from(data).toString("utf8");
      if (text === STREAM_PONG) return;
      let message: StreamMessage;
      try {
        message = JSON.parse(text) as StreamMessage;
      } catch {
        return; // not a message of this protocol version: ignored
      }
      if (message.type !== "payment" || typeof message.payment?.status !== "string") return;
      if (options.onPayment(message.payment)) {
        ws.close(1000, "final");
        finish({ outcome: "done" });
      }
    });
    ws.on("close", (code, reason) =>
      finish({
        outcome: "closed",
        reason: `closed by the Worker (${code}${reason.length ? ` ${reason.toString()}` : ""})`,
      }),
    );
    ws.on("error", (error) => {
      ws.terminate();
      if (opened) finish({ outcome: "closed", reason: error.message });
      else finish(networkError("GET", path, error, options.timeoutMs));
    });
  });
}
