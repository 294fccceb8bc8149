/**
 * The merchant's dashboard's contract: who is signed in, and what the dashboard's API answers
 * (docs/dashboard.md). The dashboard app (dashboard/) imports only types from here; the Worker's
 * dashboard routes answer exactly these shapes. Amounts are exact decimal strings, times ISO 8601.
 *
 * Routes (all JSON unless said; every state-changing one needs the session's CSRF token in
 * `X-CSRF-Token` and a same-origin `Origin`):
 * - POST   /dashboard/api/session            {token}: a sign-in link's token becomes a session (cookie)
 * - GET    /dashboard/api/session            DeskSession (with Cloudflare Access: made from the Access JWT)
 * - DELETE /dashboard/api/session            sign-out: the session ends server-side
 * - GET    /dashboard/api/shops/{shop}/overview?days=30            DeskOverview
 * - GET    /dashboard/api/shops/{shop}/payments?(ledger filters)   LedgerPaymentList
 * - GET    /dashboard/api/shops/{shop}/payments.csv?(filters)      text/csv
 * - GET    /dashboard/api/shops/{shop}/payments/{paymentId}        DeskPaymentDetail
 * - POST   /dashboard/api/shops/{shop}/events/{eventId}/redeliver  202 DeskRedelivery
 * - GET    /dashboard/api/shops/{shop}/webhooks                    DeskWebhooks
 * - POST   /dashboard/api/shops/{shop}/webhooks/ping               202 DeskPing
 * - GET    /dashboard/api/shops/{shop}/settings                    DeskSettings
 * - PATCH  /dashboard/api/shops/{shop}/settings                    DeskSettings (registry shops only)
 * - GET    /dashboard/api/shops/{shop}/payments/{paymentId}/refunds                      RefundList
 * - POST   /dashboard/api/shops/{shop}/payments/{paymentId}/refunds                      201 RefundView
 * - GET    /dashboard/api/shops/{shop}/payments/{paymentId}/refunds/{refundId}           RefundView
 * - POST   /dashboard/api/shops/{shop}/payments/{paymentId}/refunds/{refundId}/approve   RefundView
 * - POST   /dashboard/api/shops/{shop}/payments/{paymentId}/refunds/{refundId}/cancel    RefundView
 * - POST   /dashboard/api/shops/{shop}/payments/{paymentId}/refunds/{refundId}/link      201 RefundLinkCreated
 *   (answers: backend-wire.ts, as the backend API's refund routes; bodies: DeskRefundCreate, DeskRefundApproval)
 * - POST   /dashboard/api/shops/{shop}/pos/charges                 201 DeskPosSale (body DeskPosCharge; the point of sale)
 * Sign-in links are made server to server: POST /api/shops/{shop}/dashboard/sign-in-links
 * (the shop's backend token) or POST /admin/dashboard/sign-in-links (the admin token, any shop or
 * the operator's view of every shop), answering DeskSignInLink.
 */
import type { DeliveryAttempt, DeliveryState, EndpointDelivery, LedgerPayment, WebhookEvent } from "./backend-wire.js";
import type { DecimalString, PaymentView } from "./wire.js";

/** Who a session belongs to, as the Worker's routes see it (never sent with secrets). */
export interface DeskIdentity {
  /** The person's email (Cloudflare Access), or null for a sign-in link. */
  email: string | null;
  /** How they signed in. */
  via: "access" | "link";
  /** A platform operator sees every shop. */
  operator: boolean;
  /** The shops this session may read and act on (every shop's id for an operator). */
  shops: string[];
}

/** GET /dashboard/api/session */
export interface DeskSession {
  identity: { email: string | null; via: DeskIdentity["via"]; operator: boolean };
  shops: { id: string; name: string; environment: "sandbox" | "production" }[];
  /** Send as `X-CSRF-Token` with every POST, PATCH and DELETE. */
  csrfToken: string;
  /** The session ends at the earlier of these two (ISO 8601); the idle one moves with every request. */
  expiresAt: string;
  idleExpiresAt: string;
}

/** POST …/dashboard/sign-in-links: single use, short-lived. */
export interface DeskSignInLink {
  /** Open in a browser: `{PUBLIC_URL}/dashboard/sign-in#{token}` (the token stays out of logs and Referer). */
  url: string;
  expiresAt: string;
}

/** One ledger transaction (the payment's, at the version the ledger holds). */
export interface DeskTransaction {
  transactionId: string | null;
  state: string | null;
  paidTransferAmount: string | null;
  priceAmount: string | null;
  exchangeRate: string | null;
  observedTime: string | null;
  acceptedTime: string | null;
  rejectedTime: string | null;
}

/** One event of the payment in its timeline, with its deliveries and every attempt. */
export interface DeskTimelineEntry {
  event: WebhookEvent;
  delivery: DeliveryState | "none";
  endpoints: EndpointDelivery[];
  attempts: DeliveryAttempt[];
}

/** GET …/payments/{paymentId} */
export interface DeskPaymentDetail {
  payment: LedgerPayment;
  /** priceAmount - acceptedPaidPriceAmount, not below zero. */
  remainingPriceAmount: string;
  transactions: DeskTransaction[];
  /** Oldest first. */
  timeline: DeskTimelineEntry[];
  /** The order's other payments, newest first. */
  earlierPayments: LedgerPayment[];
  /** The live view when the payment's object still holds it, else null. */
  live: PaymentView | null;
  /** The same data as JSON for the shop's backend: the order API's URL. */
  jsonUrl: string | null;
}

/** One day of the overview (UTC), per price currency and status. */
export interface DeskOverviewDay {
  day: string;
  currency: string;
  status: string;
  count: number;
  priceAmount: string;
}

/** GET …/overview */
export interface DeskOverview {
  from: string;
  to: string;
  days: DeskOverviewDay[];
  /** Payments created in the range that ended CONFIRMED, of those that reached a final status. */
  confirmed: number;
  final: number;
  /** Payments not final now (any age). */
  open: number;
  /** Webhook deliveries of the range by state (one per event and endpoint). */
  deliveries: Record<DeliveryState, number>;
}

export interface DeskEndpointStats {
  url: string;
  /** Deliveries by state over the shop's event log (the last 1,000 events). */
  deliveries: Record<DeliveryState, number>;
  /** delivered / (delivered + dead), null before any final delivery. */
  successRate: number | null;
  /** The last failed attempts, newest first (at most 10). */
  lastFailures: (DeliveryAttempt & { eventId: string; eventType: string })[];
}

/** GET …/webhooks */
export interface DeskWebhooks {
  endpoints: DeskEndpointStats[];
}

/** POST …/events/{eventId}/redeliver: the event queued again for these endpoints (as the backend API's redelivery). */
export interface DeskRedelivery {
  redelivered: true;
  eventId: string;
  queued: string[];
}

/** POST …/webhooks/ping: the `ping` event recorded and queued for every endpoint. */
export interface DeskPing {
  eventId: string;
}

/** GET …/settings: the shop as the Worker reads it; secrets only as set or not. */
export interface DeskSettings {
  id: string;
  name: string;
  environment: "sandbox" | "production";
  /** Where the shop is configured: only registry shops are editable here. */
  source: "var" | "registry";
  editable: boolean;
  pricing: "open" | "signed";
  priceCurrencies: string[];
  transferCurrencies: string[];
  limits: { min: string; max: string } | null;
  allowedOrigins: string[];
  redirectUrls: Record<string, string>;
  webhooks: { url: string; events: string[] | null; secret: "set" | "not set" }[];
  secrets: Record<string, "set" | "not set">;
  dashboardUsers: string[];
}

/** PATCH …/settings: what the dashboard may change (the admin API's validation and audit log). */
export interface DeskSettingsPatch {
  allowedOrigins?: string[];
  redirectUrls?: Record<string, string>;
  /**
   * The whole list of endpoints, each by URL (its secret is kept by URL). A webhook secret never
   * passes through a browser: a new URL is refused as the admin API refuses an endpoint without a
   * secret (add it with the admin API, then edit it here).
   */
  webhooks?: { url: string; events?: string[] | null }[];
}

/** POST …/payments/{paymentId}/refunds: a proposal's kind alone, or an amount with its denomination and a reason. */
export type DeskRefundCreate =
  | { proposal: string; address?: string }
  | { amount: string; denomination: "transfer" | "price"; reason: string; address?: string };

/** POST …/refunds/{refundId}/approve: exactly what the merchant was shown (a changed refund refuses it). */
export interface DeskRefundApproval {
  amount: string;
  currency: string;
  address: string;
}

/**
 * POST /dashboard/api/shops/{shop}/pos/charges: the point of sale's "Charge" (docs/point-of-sale.md).
 * The amount as typed at the counter, a decimal string in the price currency with at most that
 * currency's decimals; the memo goes to the customer's wallet as the payment's walletMessage.
 */
export interface DeskPosCharge {
  priceAmount: DecimalString;
  priceCurrency: string;
  transferCurrency: string;
  memo?: string;
}

/** The answer to a charge: an ordinary payment of the shop, for the element (`payment-id`, `client-secret`). */
export interface DeskPosSale {
  /** `pos-` and the day and a random part, made by the Worker. */
  orderId: string;
  paymentId: string;
  /** What the element needs to read and follow the payment; kept in the page's memory only. */
  clientSecret: string;
  priceAmount: DecimalString;
  priceCurrency: string;
  transferCurrency: string;
}
