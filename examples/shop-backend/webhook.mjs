// @ts-check
/**
 * The webhooks of the checkout: verify a delivery (Standard Webhooks), read its event, and decide
 * what it does to the store. Everything but the signature check is pure; server.mjs does the I/O.
 *
 * The rules, in order:
 * 1. a webhook id already processed is a duplicate: no change (the sender retries until it gets a
 *    2xx, so every event may arrive more than once);
 * 2. per payment (and payout) only a newer version is applied; an older or equal one is stale
 *    (deliveries can overtake each other);
 * 3. an order is marked paid only on a payment whose status is CONFIRMED, whose price is the
 *    order's expected price (when the order was created here with one), of the order's shop, and
 *    whose paid amount covers the price; and only once. Nothing else ever fulfils an order.
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { compareDecimals, isDecimalString } from "./decimal.mjs";

/** @import { IncomingHttpHeaders } from "node:http" */
/** @import { Order, StoreChange } from "./store.mjs" */

/** The payment event types of the contract. Another type is recorded and otherwise ignored. */
export const PAYMENT_EVENT_TYPES = Object.freeze([
  "payment.created",
  "payment.pending",
  "payment.underpaid",
  "payment.unconfirmed",
  "payment.confirmed",
  "payment.expired",
  "payment.invalid",
  "payment.updated",
]);
export const PAYOUT_EVENT_TYPE = "payout.updated";
/** The refund event types: recorded with the refund's state (refund.sent: the money left). */
export const REFUND_EVENT_TYPES = Object.freeze(["refund.created", "refund.updated", "refund.sent", "refund.failed"]);
/** The test event the merchant's dashboard sends ("Send test event"): answered 2xx, changes nothing. */
export const PING_EVENT_TYPE = "ping";

/**
 * @typedef {object} PaymentFacts what the rules read of a payment (the event carries more)
 * @property {string} paymentId
 * @property {string} status
 * @property {string} priceAmount
 * @property {string} priceCurrency
 * @property {string} paidPriceAmount
 */

/**
 * @typedef {{ id: string, type: string, shop: string }} EventBase
 * @typedef {EventBase & { kind: "payment", orderId: string | null, version: number, payment: PaymentFacts }} PaymentEvent
 * @typedef {EventBase & { kind: "payout", version: number, payoutId: string, status: string | null }} PayoutEvent
 * @typedef {EventBase & { kind: "refund", version: number, refundId: string, paymentId: string, state: string }} RefundEvent
 * @typedef {EventBase & { kind: "ping" }} PingEvent the dashboard's test event
 * @typedef {EventBase & { kind: "other" }} OtherEvent an event type this backend does not know (a newer sender)
 * @typedef {PaymentEvent | PayoutEvent | RefundEvent | PingEvent | OtherEvent} WebhookEvent
 */

/**
 * @typedef {StoreChange & { outcome: "paid" | "recorded" | "stale" | "duplicate", message: string }} Decision
 */

/**
 * Makes the verifier of one secret (`whsec_<base64>`). Throws an Error that does not contain the
 * secret when it is not one.
 *
 * @param {string} secret
 */
export function webhookVerifier(secret) {
  if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret)) throw new Error("WEBHOOK_SECRET must look like whsec_<base64>");
  try {
    return new Webhook(secret);
  } catch {
    throw new Error("WEBHOOK_SECRET must look like whsec_<base64>");
  }
}

/**
 * Checks the signature and the timestamp (at most 5 minutes off) of one delivery.
 *
 * @param {Webhook} verifier
 * @param {string} body the raw body, exactly as received
 * @param {IncomingHttpHeaders} headers
 * @returns {{ ok: true } | { ok: false, reason: string }}
 */
export function verifyDelivery(verifier, body, headers) {
  /** @type {Record<string, string>} */
  const signed = {};
  for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
    const value = headers[name];
    if (typeof value === "string") signed[name] = value;
  }
  try {
    verifier.verify(body, signed, { jsonParse: false });
    return { ok: true };
  } catch (err) {
    // The library's messages name the problem ("Message timestamp too old", "No matching
    // signature found", ...) and never the secret.
    return { ok: false, reason: err instanceof WebhookVerificationError ? err.message : "verification failed" };
  }
}

/**
 * Reads the event of a verified delivery; `webhookId` is its webhook-id header, which the event's
 * id must equal.
 *
 * @param {string} body
 * @param {string} webhookId
 * @returns {{ ok: true, event: WebhookEvent } | { ok: false, reason: string }}
 */
export function parseEvent(body, webhookId) {
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, reason: "the body is not JSON" };
  }
  if (!isRecord(json)) return { ok: false, reason: "the body is not a JSON object" };
  const { id, type, shop, data } = json;
  if (typeof id !== "string" || id !== webhookId) return { ok: false, reason: "the event id is not the webhook-id" };
  if (typeof type !== "string" || type === "") return { ok: false, reason: "the event has no type" };
  if (typeof shop !== "string") return { ok: false, reason: "the event has no shop" };
  const base = { id, type, shop };
  if (type === PING_EVENT_TYPE) return { ok: true, event: { ...base, kind: "ping" } };
  if (!PAYMENT_EVENT_TYPES.includes(type) && type !== PAYOUT_EVENT_TYPE && !REFUND_EVENT_TYPES.includes(type))
    return { ok: true, event: { ...base, kind: "other" } };

  if (!isRecord(data)) return { ok: false, reason: "the event has no data" };
  const { version } = data;
  if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 0)
    return { ok: false, reason: "data.version is not a whole number" };

  if (REFUND_EVENT_TYPES.includes(type)) {
    const { refund } = data;
    if (!isRecord(refund) || typeof refund.id !== "string" || refund.id === "")
      return { ok: false, reason: "data.refund.id is missing" };
    if (typeof refund.state !== "string" || typeof refund.paymentId !== "string")
      return { ok: false, reason: "data.refund lacks state or paymentId" };
    const facts = { refundId: refund.id, paymentId: refund.paymentId, state: refund.state };
    return { ok: true, event: { ...base, kind: "refund", version, ...facts } };
  }

  if (type === PAYOUT_EVENT_TYPE) {
    const { payout } = data;
    if (!isRecord(payout) || typeof payout.payoutId !== "string" || payout.payoutId === "")
      return { ok: false, reason: "data.payout.payoutId is missing" };
    const status = typeof payout.status === "string" ? payout.status : null;
    return { ok: true, event: { ...base, kind: "payout", version, payoutId: payout.payoutId, status } };
  }

  const { orderId = null, payment } = data;
  if (orderId !== null && typeof orderId !== "string") return { ok: false, reason: "data.orderId is not a string" };
  if (!isRecord(payment)) return { ok: false, reason: "data.payment is missing" };
  const { paymentId, status, priceAmount, priceCurrency, paidPriceAmount } = payment;
  if (typeof paymentId !== "string" || paymentId === "")
    return { ok: false, reason: "data.payment.paymentId is missing" };
  if (typeof status !== "string") return { ok: false, reason: "data.payment.status is missing" };
  if (typeof priceAmount !== "string" || typeof priceCurrency !== "string" || typeof paidPriceAmount !== "string") {
    return { ok: false, reason: "data.payment lacks priceAmount, priceCurrency or paidPriceAmount" };
  }
  const facts = { paymentId, status, priceAmount, priceCurrency, paidPriceAmount };
  return { ok: true, event: { ...base, kind: "payment", orderId, version, payment: facts } };
}

/**
 * What one verified event does to the store. Pure.
 *
 * @param {{ seen: boolean, lastVersion: number | undefined, order: Order | undefined }} state
 *   seen: the webhook id was processed before; lastVersion: the highest version applied to this
 *   event's payment or payout; order: the stored order of this event's orderId
 * @param {WebhookEvent} event
 * @param {string} now when it is applied (ISO 8601), the paid time of an order it marks paid
 * @returns {Decision}
 */
export function decideEvent(state, event, now) {
  if (state.seen)
    return { outcome: "duplicate", message: `duplicate delivery of ${event.id} ignored`, version: null, order: null };
  if (event.kind === "ping")
    return { outcome: "recorded", message: "ping: the checkout's test event arrived", version: null, order: null };
  if (event.kind === "other")
    return {
      outcome: "recorded",
      message: `${event.type}: an event type this backend does not handle`,
      version: null,
      order: null,
    };

  const subject =
    event.kind === "payout"
      ? `payout ${event.payoutId}`
      : event.kind === "refund"
        ? `refund ${event.refundId} of payment ${event.paymentId}`
        : event.orderId === null
          ? `payment ${event.payment.paymentId}`
          : `order ${event.orderId}`;
  if (state.lastVersion !== undefined && event.version <= state.lastVersion) {
    return {
      outcome: "stale",
      message: `${event.type} for ${subject} ignored: version ${event.version} is not newer than ${state.lastVersion}`,
      version: null,
      order: null,
    };
  }

  if (event.kind === "refund") {
    const version = { key: versionKey(event), version: event.version };
    return { outcome: "recorded", message: `${event.type} for ${subject}: ${event.state}`, version, order: null };
  }

  if (event.kind === "payout") {
    const version = { key: versionKey(event), version: event.version };
    return {
      outcome: "recorded",
      message: `${event.type} for ${subject}${event.status ? `: ${event.status}` : ""}`,
      version,
      order: null,
    };
  }

  const version = { key: versionKey(event), version: event.version };
  if (event.orderId === null)
    return { outcome: "recorded", message: `${event.type} for ${subject} (no order id)`, version, order: null };

  /** @type {Order} */
  const order = state.order
    ? { ...state.order, lastStatus: event.payment.status, version: event.version }
    : {
        orderId: event.orderId,
        shop: event.shop,
        status: "pending",
        lastStatus: event.payment.status,
        version: event.version,
      };
  if (event.payment.status !== "CONFIRMED")
    return { outcome: "recorded", message: `${event.type} for ${subject}`, version, order };

  const problem = whyNotPaid(state.order, event);
  if (problem)
    return { outcome: "recorded", message: `${event.type} for ${subject} not fulfilled: ${problem}`, version, order };

  const { paymentId, paidPriceAmount, priceCurrency } = event.payment;
  order.status = "paid";
  order.paid = { amount: paidPriceAmount, currency: priceCurrency, paymentId, at: now };
  return { outcome: "paid", message: `${subject} paid (${paidPriceAmount} ${priceCurrency})`, version, order };
}

/**
 * Why a CONFIRMED payment does not mark its order paid, or undefined when it does.
 *
 * @param {Order | undefined} order the stored order, undefined when the store does not know it
 *   (an open-pricing order made in the browser: recorded with the amount actually paid)
 * @param {PaymentEvent} event
 */
export function whyNotPaid(order, event) {
  const { paymentId, priceAmount, priceCurrency, paidPriceAmount } = event.payment;
  if (order?.paid) {
    return order.paid.paymentId === paymentId
      ? "already paid"
      : `already paid by payment ${order.paid.paymentId}; check payment ${paymentId} by hand`;
  }
  if (!isDecimalString(priceAmount) || !isDecimalString(paidPriceAmount)) return "the amounts are not decimal strings";
  if (order && order.shop !== event.shop)
    return `the order belongs to shop ${order.shop}, the payment to ${event.shop}`;
  if (order?.expected) {
    const { amount, currency } = order.expected;
    if (currency !== priceCurrency || compareDecimals(amount, priceAmount) !== 0) {
      return `price ${priceAmount} ${priceCurrency} does not match the order (${amount} ${currency})`;
    }
  }
  if (compareDecimals(paidPriceAmount, priceAmount) < 0)
    return `underpaid: ${paidPriceAmount} of ${priceAmount} ${priceCurrency} paid`;
  return undefined;
}

/**
 * The key under which the store keeps the highest version applied.
 *
 * @param {PaymentEvent | PayoutEvent | RefundEvent} event
 */
export function versionKey(event) {
  if (event.kind === "refund") return `refund:${event.refundId}`;
  return event.kind === "payout" ? `payout:${event.payoutId}` : `payment:${event.payment.paymentId}`;
}

/**
 * What an unverified body claims to be (type, shop, orderId), only for the received log, which
 * marks it unverified. Never acted upon.
 *
 * @param {string} body
 */
export function claimedEvent(body) {
  /** @type {unknown} */
  let json;
  try {
    json = JSON.parse(body);
  } catch {
    return { type: null, shop: null, orderId: undefined };
  }
  const claim = isRecord(json) ? json : {};
  const data = isRecord(claim.data) ? claim.data : {};
  return {
    type: typeof claim.type === "string" ? claim.type.slice(0, 64) : null,
    shop: typeof claim.shop === "string" ? claim.shop.slice(0, 64) : null,
    orderId: typeof data.orderId === "string" ? data.orderId.slice(0, 64) : undefined,
  };
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
