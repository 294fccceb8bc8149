/**
 * One HTTP exchange with the upstream, and the retry policy around it. Each attempt has its own
 * timeout; a timeout, a network failure, an HTTP error and a response that cannot be read are
 * told apart. Only idempotent requests (GET) are retried, on timeout, network failure, 5xx and
 * 429, with bounded exponential backoff and full jitter. POST and PUT are never retried.
 */
import { V3Error, scrub } from "./errors.js";

export interface Exchange {
  method: "GET" | "POST" | "PUT";
  url: URL;
  headers: Record<string, string>;
  body?: string;
}

/** What an attempt returns: the status and the whole body as text. */
export interface RawResponse {
  status: number;
  text: string;
}

/** Performs one attempt; must reject promptly when `signal` aborts. */
export type Send = (exchange: Exchange, signal: AbortSignal) => Promise<RawResponse>;

export interface RetryPolicy {
  timeoutMs: number;
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Values that must never appear in an error (key secret, Authorization value). */
  secrets: readonly string[];
  random?: () => number;
}

/** Longest response body read, in bytes; the upstream's objects are far smaller. */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The `Send` for fetch(): reads the whole body under the same signal. */
export function fetchSend(fetchImpl: typeof fetch): Send {
  return async (exchange, signal) => {
    const response = await fetchImpl(exchange.url.toString(), {
      method: exchange.method,
      headers: exchange.headers,
      ...(exchange.body === undefined ? {} : { body: exchange.body }),
      redirect: "manual",
      signal,
    });
    return { status: response.status, text: await readBounded(response) };
  };
}

/** The body as UTF-8 text, refusing more than MAX_RESPONSE_BYTES whatever Content-Length says. */
async function readBounded(response: Response): Promise<string> {
  const tooLarge = () =>
    new V3Error("invalid_response", "response_too_large", `upstream response exceeds ${MAX_RESPONSE_BYTES} bytes`, {
      status: response.status,
    });
  if (Number(response.headers.get("content-length") ?? "0") > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    received += value.byteLength;
    if (received > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** Rejects with the signal's reason as soon as it aborts, even if `work` ignores the signal. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** One attempt, its failures classified. Caller aborts are re-thrown as they are. */
async function attempt(
  send: Send,
  exchange: Exchange,
  policy: RetryPolicy,
  callerSignal?: AbortSignal,
): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  const what = `${exchange.method} ${exchange.url.pathname}`;
  let raw: RawResponse;
  try {
    raw = await raceAbort(send(exchange, signal), signal);
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    // Checked first: once the deadline passed, whatever the cut-off exchange reported is a timeout.
    if (timeout.aborted) {
      throw new V3Error("timeout", "upstream_timeout", `${what}: no complete answer within ${policy.timeoutMs} ms`, {
        cause: error,
      });
    }
    if (error instanceof V3Error) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new V3Error("network", "upstream_network", `${what}: network failure: ${scrub(detail, policy.secrets)}`);
  }
  if (raw.status < 200 || raw.status > 299) {
    throw new V3Error("http", `upstream_http_${raw.status}`, `${what}: upstream answered HTTP ${raw.status}`, {
      status: raw.status,
      upstreamBody: scrub(raw.text, policy.secrets),
    });
  }
  return raw;
}

/** Delay before retry number `n` (1-based): full jitter, uniform in [0, min(max, base * 2^(n-1))). */
export function backoffDelay(n: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
  return Math.floor((policy.random ?? Math.random)() * ceiling);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Sends the exchange; retries it only when it is a GET and the failure is retryable. */
export async function exchangeWithRetry(
  send: Send,
  exchange: Exchange,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<RawResponse> {
  const attempts = exchange.method === "GET" ? 1 + policy.retries : 1;
  for (let n = 1; ; n++) {
    try {
      return await attempt(send, exchange, policy, signal);
    } catch (error) {
      if (!(error instanceof V3Error) || !error.retryable || n >= attempts) throw error;
      await pause(backoffDelay(n, policy), signal);
    }
  }
}
