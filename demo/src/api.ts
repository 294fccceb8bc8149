/**
 * The HTTP calls of the demo page, all same-origin on the checkout Worker: public shop settings,
 * the demo order-token route (it plays the shop's backend for the signed demo shop), the
 * sandbox control API proxied under /demo/api/sandbox/ and the reference shop backend's received
 * log under /demo/api/backend/received.
 */
import type { ErrorBody, ShopSettings } from "../../worker/checkout/wire.js";
import type { DeliveryLog } from "../../worker/sandbox/control-types.js";
import { isReceivedPage, type ReceivedPage } from "./backend-log.js";
import { isWidgetManifest, type WidgetManifest } from "./snippet.js";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}) },
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = (body as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? "http_error", error?.message ?? `HTTP ${response.status}`);
  }
  return body as T;
}

const post = <T>(path: string, body?: unknown): Promise<T> =>
  request<T>(path, { method: "POST", body: JSON.stringify(body ?? {}) });

/** A POST of the demo's own routes, answered as JSON (or an ApiError). */
export const postJson = post;

export function shopSettings(shop: string): Promise<ShopSettings> {
  return request<ShopSettings>(`/api/shops/${encodeURIComponent(shop)}`);
}

export async function widgetManifest(): Promise<WidgetManifest> {
  const manifest = await request<unknown>("/widget-manifest.json");
  if (!isWidgetManifest(manifest))
    throw new ApiError(500, "bad_manifest", "widget-manifest.json has an unexpected shape");
  return manifest;
}

export async function orderToken(
  shop: string,
  orderId: string,
  priceAmount: string,
  priceCurrency: string,
): Promise<string> {
  const { orderToken } = await post<{ orderToken: string }>("/demo/api/order-token", {
    shop,
    orderId,
    priceAmount,
    priceCurrency,
  });
  return orderToken;
}

const sandboxPayment = (paymentId: string): string => `/demo/api/sandbox/payments/${encodeURIComponent(paymentId)}`;

export function sendTransaction(paymentId: string, amount: string, acceptAtOnce: boolean): Promise<unknown> {
  return post(`${sandboxPayment(paymentId)}/transactions`, acceptAtOnce ? { amount, state: "ACCEPTED" } : { amount });
}

export function settleTransaction(
  paymentId: string,
  transactionId: string,
  outcome: "accept" | "reject",
): Promise<unknown> {
  return post(`${sandboxPayment(paymentId)}/transactions/${encodeURIComponent(transactionId)}/${outcome}`);
}

export function expirePayment(paymentId: string): Promise<unknown> {
  return post(`${sandboxPayment(paymentId)}/expire`);
}

/** The delivery attempts for a payment, and how many deliveries are still waiting for a retry. */
export function notificationLog(paymentId: string): Promise<DeliveryLog> {
  return request(`/demo/api/sandbox/notifications?paymentId=${encodeURIComponent(paymentId)}`);
}

/** The webhook deliveries the shop's backend answered after the cursor `after` (newest last). */
export async function backendReceived(after: number): Promise<ReceivedPage> {
  const page = await request<unknown>(`/demo/api/backend/received?after=${encodeURIComponent(String(after))}`, {
    cache: "no-store",
  });
  if (!isReceivedPage(page))
    throw new ApiError(502, "bad_received_log", "The shop backend's received log has an unexpected shape.");
  return page;
}
