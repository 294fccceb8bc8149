/**
 * The checkout Worker's bindings (see wrangler.toml). Secrets are looked up by the names a shop's
 * configuration gives (`secretOf`), hence the index signature.
 */
import type { OrderObject } from "./order-object.js";
import type { PaymentObject } from "./payment-object.js";

export interface Env {
  /** Static assets: the built widget and the demo (dist/public). */
  ASSETS: Fetcher;
  /** One PaymentObject per `${shopId}:${paymentId}`. */
  PAYMENTS: DurableObjectNamespace<PaymentObject>;
  /** One OrderObject per `${shopId}:${orderId}`: idempotent payment creation. */
  ORDERS: DurableObjectNamespace<OrderObject>;
  /** Workers rate-limit binding for payment creation, keyed by shop and client IP. */
  CREATE_LIMITER: RateLimit;
  /** JSON array of shop configurations (see config.ts). */
  SHOPS: string;
  /** Upstream base URL of the sandbox environment. */
  SANDBOX_BASE_URL: string;
  /** Upstream base URL of the production environment. */
  PRODUCTION_BASE_URL: string;
  /** "true" enables the demo helper routes (sandbox shops only). */
  DEMO_MODE?: string;
  /** Public origin of this Worker (e.g. https://checkout.example.com); default: the request's origin. */
  PUBLIC_URL?: string;
  /** Upstream timeout per attempt in milliseconds (default 5000). */
  UPSTREAM_TIMEOUT_MS?: string;
  /** Poll interval of a watched payment, in milliseconds (default 5000). */
  POLL_INTERVAL_MS?: string;
  /** Worker secrets, named by the shop configuration. */
  [secret: string]: unknown;
}
