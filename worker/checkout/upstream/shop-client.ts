/**
 * The v3 client of a shop: its environment's base URL and its merchant key (its
 * `secrets.apiKeySecret`, from either source of shops). Only this Worker ever holds the key.
 */
import { connect } from "cloudflare:sockets";
import { createV3Client, type V3Client } from "../../v3/client.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { log } from "../http/log.js";
import type { Shop } from "../shops/shop.js";
import { writeMetric, upstreamCall } from "../http/metrics.js";
import { operationOf, outcomeOfError, outcomeOfStatus, recordCall, type UpstreamCall } from "./upstream-calls.js";

const DEFAULT_TIMEOUT_MS = 5000;

function timeoutMs(env: Env): number {
  const value = Number(env.UPSTREAM_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

/**
 * fetch, with the attempt's outcome and time to the answer's headers recorded: in this isolate's
 * ring (upstream-calls.ts) and as a metric of the shop (http/metrics.ts).
 */
async function recordedFetch(env: Env, shop: Shop, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const { environment } = shop;
  const record = (call: UpstreamCall) => {
    recordCall(call);
    writeMetric(env, upstreamCall(shop.id, call));
  };
  const at = Date.now();
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const operation = operationOf(init?.method ?? "GET", url);
  try {
    const response = await fetch(input, init);
    record({
      at,
      environment,
      operation,
      outcome: outcomeOfStatus(response.status),
      status: response.status,
      ms: Date.now() - at,
    });
    return response;
  } catch (err) {
    record({ at, environment, operation, outcome: outcomeOfError(err), ms: Date.now() - at });
    throw err;
  }
}

export function upstreamFor(env: Env, shop: Shop): V3Client {
  const baseUrl = shop.environment === "sandbox" ? env.SANDBOX_BASE_URL : env.PRODUCTION_BASE_URL;
  const keySecret = shop.secret("apiKeySecret");
  if (!baseUrl || !keySecret) {
    log("error", "upstream_unconfigured", {
      shop: shop.id,
      environment: shop.environment,
      baseUrlSet: Boolean(baseUrl),
      keySet: Boolean(keySecret),
    });
    throw new CheckoutError(
      500,
      "internal_error",
      "This shop cannot reach the payment service: its configuration is incomplete.",
    );
  }
  return createV3Client({
    environment: shop.environment,
    baseUrl,
    credentials: { environment: shop.environment, keyId: shop.apiKeyId, keySecret },
    timeoutMs: timeoutMs(env),
    // Late-bound, so that a replaced global fetch (the test stub) is the one used; every attempt
    // is kept for GET /healthz/upstream (upstream-calls.ts).
    fetch: (input, init) => recordedFetch(env, shop, input, init),
    // The client imports no platform code: its GET with a body (estimate) goes over this socket.
    connect,
  });
}
