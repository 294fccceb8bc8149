/**
 * A stub of the upstream for client tests: a `fetch` function that records every request the
 * client makes and answers with canned responses.
 */
import { createV3Client, type V3ClientOptions } from "../../../../worker/v3/client.js";

export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

export type Responder = (request: Recorded, n: number, signal: AbortSignal | undefined) => Response | Promise<Response>;

export const KEY_ID = "demo_shop";
export const KEY_SECRET = "sbx_demo_secret_1b7f3c";
export const BASE = "http://127.0.0.1:9/base";
/** What the client must send: Basic base64("demo_shop:sbx_demo_secret_1b7f3c"). */
export const EXPECTED_AUTH = `Basic ${btoa(`${KEY_ID}:${KEY_SECRET}`)}`;

export function stubUpstream(responder: Responder) {
  const calls: Recorded[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const recorded = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    };
    calls.push(recorded);
    return responder(recorded, calls.length, init?.signal ?? undefined);
  };
  return { fetch: fetchStub as typeof fetch, calls };
}

export function jsonResponse(text: string, status = 200): Response {
  return new Response(text, { status, headers: { "content-type": "application/json" } });
}

/** A sandbox client on the stub, with retries that wait at most a few milliseconds. */
export function clientOn(stub: { fetch: typeof fetch }, extra: Partial<V3ClientOptions> = {}) {
  return createV3Client({
    environment: "sandbox",
    baseUrl: BASE,
    credentials: { environment: "sandbox", keyId: KEY_ID, keySecret: KEY_SECRET },
    fetch: stub.fetch,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 4,
    ...extra,
  });
}

/** A promise that never settles until `signal` aborts (an upstream that does not answer). */
export function hang(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) =>
    signal?.addEventListener("abort", () => reject(signal.reason), { once: true }),
  );
}

export const PAYMENT_ID = "pay_7Hk2";

/** A payment as the spec's sample renders it: amounts as JSON numbers, one beyond float precision. */
export const PAYMENT_WITH_NUMBERS = `{
  "paymentId": "${PAYMENT_ID}",
  "priceAmount": 12345678.123456789012,
  "priceCurrency": "EUR",
  "transferAmount": 1e-8,
  "transferCurrency": "BTC",
  "address": "tb1qexampleaddress0000000000000000000000",
  "status": "NEW",
  "paymentUri": "bitcoin:tb1qexampleaddress0000000000000000000000?amount=0.00000001",
  "expirationTime": "2026-11-22T08:00:00.000Z",
  "paidPriceAmount": 0,
  "pendingPaidPriceAmount": 0.0,
  "acceptedPaidPriceAmount": "0",
  "paidTransferAmount": 0,
  "exchangeRate": 1234567812345678.123456789,
  "guaranteedExchangeRate": 0.000012345678901234567,
  "transactions": [],
  "redirectUrls": "{\\"confirmed\\":\\"https://shop.example/ok\\",\\"expired\\":\\"https://shop.example/expired\\"}"
}`;

export const PAYMENT_WITH_STRINGS = JSON.stringify({
  paymentId: PAYMENT_ID,
  priceAmount: "25.00",
  priceCurrency: "EUR",
  transferAmount: "0.00041234",
  transferCurrency: "BTC",
  address: "tb1qexampleaddress0000000000000000000000",
  status: "NEW",
  transactions: [],
});
