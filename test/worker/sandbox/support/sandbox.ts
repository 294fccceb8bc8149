/** Calls the sandbox Worker's own fetch handler in the test isolate (so a GET may carry a body). */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../../../worker/sandbox/index.js";
import type { SandboxPayment } from "../../../../worker/sandbox/payments.js";

export const ORIGIN = "http://sandbox.test";
export const DEMO = {
  keyId: "demo_shop",
  keySecret: "sbx_demo_secret_1b7f3c",
  hmacKey: "sbx_demo_hmac_lisc89xow598u59pclpak07vab",
} as const;
export const OTHER = {
  keyId: "other_shop",
  keySecret: "sbx_other_secret_5d20aa",
  hmacKey: "sbx_other_hmac_vgpcxkd4jvkrtfci05y6kd8w4a",
} as const;
export type Key = { keyId: string; keySecret: string };

export const basic = (key: Key): string => `Basic ${btoa(`${key.keyId}:${key.keySecret}`)}`;

/**
 * A Request as a client would send it. workerd's Request constructor refuses a GET with a body,
 * so such a request is built as a POST whose `method` reads GET: what the handler sees is what an
 * HTTP/1.1 client writing `GET ... Content-Length: n` by hand produces.
 */
export function buildRequest(
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Request {
  if (method === "GET" && init.body !== undefined) {
    const request = new Request(url, { method: "POST", headers: init.headers, body: init.body });
    Object.defineProperty(request, "method", { value: "GET" });
    return request;
  }
  return new Request(url, { method, headers: init.headers, body: init.body });
}

export async function dispatch(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    env as unknown as SandboxEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** A /v3 or /sandbox call; `json` is sent as the JSON body; `key` null sends no Authorization. */
export async function call(
  method: string,
  path: string,
  opts: { json?: unknown; raw?: string; key?: Key | null } = {},
): Promise<Response> {
  const headers: Record<string, string> = {};
  const key = opts.key === undefined ? (path.startsWith("/v3/") ? DEMO : null) : opts.key;
  if (key) headers.authorization = basic(key);
  const body = opts.raw ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json));
  if (body !== undefined) headers["content-type"] = "application/json";
  return dispatch(buildRequest(method, `${ORIGIN}${path}`, { headers, body }));
}

/** Like call, but expects `status` and returns the parsed JSON body. */
export async function expectJson<T>(
  status: number,
  method: string,
  path: string,
  opts: Parameters<typeof call>[2] = {},
): Promise<T> {
  const response = await call(method, path, opts);
  const text = await response.text();
  if (response.status !== status)
    throw new Error(`${method} ${path}: expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

export function createPayment(fields: Record<string, unknown> = {}, key: Key = DEMO): Promise<SandboxPayment> {
  return expectJson<SandboxPayment>(200, "POST", "/v3/payments", {
    key,
    json: { priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC", ...fields },
  });
}

export async function pay(
  paymentId: string,
  amount: string,
  state: "PENDING" | "ACCEPTED" = "PENDING",
): Promise<{ transaction: SandboxPayment["transactions"][number]; payment: SandboxPayment }> {
  return expectJson(201, "POST", `/sandbox/payments/${paymentId}/transactions`, { json: { amount, state } });
}

export function decide(
  paymentId: string,
  transactionId: string,
  verdict: "accept" | "reject",
): Promise<SandboxPayment> {
  return expectJson<SandboxPayment>(
    200,
    "POST",
    `/sandbox/payments/${paymentId}/transactions/${transactionId}/${verdict}`,
  );
}

export function ledgerStub(): DurableObjectStub {
  const ns = (env as unknown as SandboxEnv).LEDGER;
  return ns.get(ns.idFromName("ledger"));
}
