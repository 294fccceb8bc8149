/**
 * The receipt's contract: what the Worker's receipt routes answer, what the hosted receipt page
 * reads, and the receipt page's URL. Shared by the Worker, the element and the receipt page
 * (types and pure functions only: no Worker code). docs/receipts.md.
 *
 * A receipt link is `{PUBLIC_URL}/receipt/{shop}/{paymentId}#{clientSecret}`: the payment's client
 * secret travels in the fragment, so it stays out of logs, Referer and link previewers, and is
 * sent only by the page's own request. The page reads:
 *
 * - `GET /api/shops/{shop}/payments/{paymentId}/receipt?clientSecret=…` (the customer; without the
 *   secret, or with another, the 404 `payment_not_found` of an unknown payment), or, when the link
 *   has no fragment (the dashboard's "Open receipt"),
 * - `GET /dashboard/api/shops/{shop}/payments/{paymentId}/receipt` (a signed-in dashboard session
 *   that may see the shop).
 *
 * Both answer 200 with a {@link ReceiptAnswer}: the receipt of a confirmed payment, or what the
 * page says of a payment that is not confirmed (yet).
 */

/** An exact decimal string and its currency code. */
export interface ReceiptMoney {
  amount: string;
  currency: string;
}

/** One transaction of the payment, as the payment service reported it (a field it left out is absent). */
export interface ReceiptTransaction {
  transactionId?: string;
  /** What it paid, in the transfer currency. */
  amount?: string;
  /** Its worth in the price currency. */
  priceAmount?: string;
  state?: string;
  observedTime?: string;
  acceptedTime?: string;
}

/** The receipt of a confirmed payment. Amounts are exact decimal strings, times RFC 3339 UTC. */
export interface Receipt {
  confirmed: true;
  shop: { id: string; name: string };
  /** Test money only (the shop's environment is the sandbox). */
  sandbox: boolean;
  /** The shop's order id; null only for a payment not created through this Worker. */
  orderId: string | null;
  /** What was bought: the payment's wallet message (a payment link's description, the point of sale's memo); else absent. */
  description?: string;
  /** The payment's reference: its id at the payment service, which the customer gives the shop. */
  reference: string;
  /** When this Worker recorded the confirmation (the `payment.confirmed` event's time). */
  confirmedAt: string;
  price: ReceiptMoney;
  transfer: ReceiptMoney;
  /** What the payment service accepted: in the price currency and in the transfer currency. */
  paid: { priceAmount: string; transferAmount: string };
  /** Price currency per one unit of the transfer currency, as the payment service fixed it; null when it gave none. */
  exchangeRate: string | null;
  transactions: ReceiptTransaction[];
}

/** A payment that has no receipt: not confirmed yet, or finished without being confirmed (EXPIRED, INVALID). */
export interface ReceiptNotReady {
  confirmed: false;
  shop: { id: string; name: string };
  reference: string;
  /** The payment's status now (NEW, PENDING, UNDERPAID, UNCONFIRMED, EXPIRED, INVALID, …). */
  status: string;
  /** Whether the status is final: a payment that ended without confirmation never gets a receipt. */
  final: boolean;
}

export type ReceiptAnswer = Receipt | ReceiptNotReady;

/**
 * The receipt link of a payment: the page on `origin` (without a trailing slash) with the client
 * secret in the fragment. Nothing is escaped: shop and payment ids have URL-safe shapes (wire.ts
 * `SHOP_ID`, `PAYMENT_ID`) and the secret is base64url (payments/client-secret.ts). The element
 * builds its link with it too (widget/api/checkout-api.ts), so it is kept small.
 */
export const receiptUrl = (origin: string, shop: string, paymentId: string, clientSecret: string): string =>
  `${origin}/receipt/${shop}/${paymentId}#${clientSecret}`;

/** The receipt page's path of a payment (`receiptUrl`'s, which spells it out to stay small in widget.js); opened without a fragment (the dashboard's link), the page reads with the merchant's session. */
export const receiptPath = (shop: string, paymentId: string): string => `/receipt/${shop}/${paymentId}`;
