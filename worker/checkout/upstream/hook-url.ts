/**
 * The notification URL of a shop, `<worker>/hooks/{shop}`: built here for every payment and
 * payout this Worker creates, and read back here to tell which shop a payment or payout belongs
 * to. Shops may share one upstream account, so the upstream alone would hand shop A's payment
 * (or payout) to shop B's route; the URL it was created with names its shop.
 */
import type { Env } from "../env.js";

/** The route of the upstream's notifications (hono path syntax). */
export const HOOK_ROUTE = "/hooks/:shop";

const HOOK_PATH = /^\/hooks\/([^/]+)$/;

/** This Worker's origin as others reach it: PUBLIC_URL's when set, else this request's. */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL">, requestUrl: string): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : new URL(requestUrl).origin;
}

/**
 * This Worker's public origin where no request is at hand (a Durable Object applying a
 * notification): PUBLIC_URL's when set, else that of the notification URL a payment was created
 * with (built from the create request's origin); undefined when neither is a URL.
 */
export function workerOrigin(env: Pick<Env, "PUBLIC_URL">, notificationUrl: string | undefined): string | undefined {
  for (const url of [env.PUBLIC_URL, notificationUrl]) {
    if (!url) continue;
    try {
      return new URL(url).origin;
    } catch {
      // not a URL: try the next
    }
  }
  return undefined;
}

/** Where the upstream posts this shop's notifications: PUBLIC_URL when set, else this request's origin. */
export function hookUrlFor(env: Pick<Env, "PUBLIC_URL">, shop: { id: string }, requestUrl: string): string {
  return `${publicOrigin(env, requestUrl)}/hooks/${encodeURIComponent(shop.id)}`;
}

/** The shop a notification URL names, or undefined when it names none. */
export function hookShopOf(notificationUrl: string | undefined): string | undefined {
  if (!notificationUrl) return undefined;
  let path: string;
  try {
    path = new URL(notificationUrl).pathname;
  } catch {
    return undefined;
  }
  const match = HOOK_PATH.exec(path);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** The query parameter of a refund payout's notification URL that names the payment it repays. */
const PAYMENT_PARAM = "payment";

/**
 * The notification URL of a refund's payout: the shop's hook URL naming the payment the refund
 * belongs to (`?payment=`), so that its notification reaches the payment's refunds
 * (refunds/refund-object.ts) without a lookup.
 */
export function refundHookUrlFor(
  env: Pick<Env, "PUBLIC_URL">,
  shop: { id: string },
  paymentId: string,
  requestUrl: string,
): string {
  return `${hookUrlFor(env, shop, requestUrl)}?${PAYMENT_PARAM}=${encodeURIComponent(paymentId)}`;
}

/** The payment a refund payout's notification URL names, or undefined. */
export function hookPaymentOf(notificationUrl: string | undefined): string | undefined {
  if (!notificationUrl) return undefined;
  try {
    return new URL(notificationUrl).searchParams.get(PAYMENT_PARAM) ?? undefined;
  } catch {
    return undefined;
  }
}
