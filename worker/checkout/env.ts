/**
 * The checkout Worker's bindings (see wrangler.toml). Secrets of the SHOPS var's shops are looked
 * up by the names a shop's entry gives (`secretOf`, shop.ts), hence the index signature.
 */
import type { OrderObject } from "./order-object.js";
import type { WebhookMessage } from "./events/types.js";
import type { PaymentObject } from "./payment-object.js";
import type { ShopEventsObject } from "./shop-events-object.js";

export interface Env {
  /** Static assets: the built widget and the demo (dist/public). */
  ASSETS: Fetcher;
  /** One PaymentObject per `${shopId}:${paymentId}`. */
  PAYMENTS: DurableObjectNamespace<PaymentObject>;
  /** One OrderObject per `${shopId}:${orderId}`: idempotent payment creation. */
  ORDERS: DurableObjectNamespace<OrderObject>;
  /** One ShopEventsObject per shop id: the shop's event log and delivery log. */
  SHOP_EVENTS: DurableObjectNamespace<ShopEventsObject>;
  /** Producer of the webhook queue (consumed by this Worker's queue handler). */
  WEBHOOK_EVENTS: Queue<WebhookMessage>;
  /** Producer of the webhook dead-letter queue (deliveries given up). */
  WEBHOOK_DEAD_LETTERS: Queue<WebhookMessage>;
  /** Workers rate-limit binding for stream connects, keyed by shop and client address. */
  STREAM_LIMITER: RateLimit;
  /** Most open streams one payment accepts (default 100). */
  MAX_VIEWERS_PER_PAYMENT?: string;
  /** Workers rate-limit binding for payment creation, keyed by shop and client (IPv4 address or IPv6 /64: client-key.ts). */
  CREATE_LIMITER: RateLimit;
  /** Workers rate-limit binding for payment creation, keyed by shop: the shop's ceiling over all clients. */
  SHOP_CREATE_LIMITER: RateLimit;
  /** JSON array of shop configurations (see config.ts); absent: no shops from the var (a registry-only deployment). */
  SHOPS?: string;
  /** The shop registry (D1, migrations in worker/checkout/migrations/); absent: the SHOPS var alone. */
  DB?: D1Database;
  /** Milliseconds an isolate serves registry shops from its cache before it asks D1 whether anything changed (default 30000). */
  SHOP_CACHE_TTL_MS?: string;
  /** Worker secret: the Bearer token of the admin API (/admin/*); unset, the admin API is off (404). */
  ADMIN_TOKEN?: string;
  /** Worker secret: the master keys that seal registry shops' secrets, `<key id>:<base64 of 32 bytes>`, comma-separated (master-keys.ts). */
  SHOP_MASTER_KEYS?: string;
  /** Worker secret: the key id of SHOP_MASTER_KEYS that seals from now on (optional with one key). */
  SHOP_MASTER_KEY_ID?: string;
  /** Upstream base URL of the sandbox environment. */
  SANDBOX_BASE_URL: string;
  /** Upstream base URL of the production environment. */
  PRODUCTION_BASE_URL: string;
  /** "true" enables the demo helper routes (sandbox shops only; never while a production shop is configured). */
  DEMO_MODE?: string;
  /** Public origin of this Worker (e.g. https://checkout.example.com); default: the request's origin. */
  PUBLIC_URL?: string;
  /** Upstream timeout per attempt in milliseconds (default 5000). */
  UPSTREAM_TIMEOUT_MS?: string;
  /** Poll interval of a watched payment, in milliseconds (default 5000). */
  POLL_INTERVAL_MS?: string;
  /** Seconds between webhook attempts, comma-separated (default: the 31.7-hour production schedule). */
  WEBHOOK_RETRY_SCHEDULE?: string;
  /** Seconds past a delivery's due time before a lost Queue message is replaced (default 300). */
  WEBHOOK_LEASE_SECONDS?: string;
  /** Time a webhook receiver has to answer, in milliseconds (default 10000). */
  WEBHOOK_TIMEOUT_MS?: string;
  /** Days an order's record is kept after its last create (default 90; order-retention.ts). */
  ORDER_RETENTION_DAYS?: string;
  /** Demo only: the reference shop backend whose received log the demo page shows. */
  DEMO_BACKEND_URL?: string;
  /** Worker secrets, named by the shop configuration. */
  [secret: string]: unknown;
}
