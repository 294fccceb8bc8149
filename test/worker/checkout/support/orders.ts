/** Helpers of the creation tests: order tokens as a shop backend signs them, and status changes
 * delivered the way the upstream delivers them (a signed notification to /hooks/{shop}). */
import { SignJWT } from "jose";
import { signBody } from "../../../../worker/v3/notification.js";
import type { Payment } from "../../../../worker/v3/types.js";
import { call } from "./http.js";
import { TEST_SECRETS } from "./test-env.js";
import type { UpstreamStub } from "./upstream-stub.js";

let orderCounter = 0;

/** An order id no other test uses. */
export function freshOrderId(prefix = "order"): string {
  orderCounter += 1;
  return `${prefix}-${orderCounter}-${crypto.randomUUID().slice(0, 8)}`;
}

export interface TokenOptions {
  key?: string;
  alg?: string;
  expiresIn?: string | number;
  omitExp?: boolean;
}

/**
 * An order token as the shop's backend makes it: HS256 with the demo-signed shop's key and a
 * `shop: "demo-signed"` claim by default (pass `shop: undefined` for a token that names no shop).
 */
export async function orderToken(claims: Record<string, unknown>, opts: TokenOptions = {}): Promise<string> {
  let jwt = new SignJWT({ shop: "demo-signed", ...claims })
    .setProtectedHeader({ alg: opts.alg ?? "HS256" })
    .setIssuedAt();
  if (!opts.omitExp) jwt = jwt.setExpirationTime(opts.expiresIn ?? "10m");
  return jwt.sign(new TextEncoder().encode(opts.key ?? TEST_SECRETS.DEMO_ORDER_SIGNING_KEY));
}

/**
 * Moves a payment to `status` at the stub and tells the checkout with an authentic notification,
 * as the upstream would; resolves once the checkout acknowledged it.
 */
export async function settle(
  upstream: UpstreamStub,
  shop: string,
  paymentId: string,
  status: string,
): Promise<Payment> {
  const payment = upstream.update(paymentId, { status });
  const body = JSON.stringify({
    timestamp: new Date(Date.now() + 1000).toISOString(),
    notificationType: "v3/payment",
    body: payment,
  });
  const signature = await signBody(body, { key: TEST_SECRETS.DEMO_HMAC_KEY });
  const response = await call(`/hooks/${shop}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Signature": signature },
    body,
  });
  if (!response.ok) throw new Error(`hook answered ${response.status}: ${await response.text()}`);
  return payment;
}
