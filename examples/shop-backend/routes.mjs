// @ts-check
/**
 * The backend's HTTP routes. The decisions are made in webhook.mjs and order-token.mjs; this file
 * reads requests, asks them, updates the store and answers.
 *
 *   POST /webhooks          the checkout's signed webhooks
 *   GET  /health            {"ok":true}
 *   POST /orders            create an order with its price, get its order token (signed pricing)
 *   GET  /orders[/:orderId] the orders store
 *   GET  /received?after=n  the received log (for the demo page)
 *   POST /control/fail      {"count": N}: answer the next N webhooks 503 (only with CONTROL=1)
 */
import { URL } from "node:url";
import { readBody, sendJson, singleHeader } from "./http-io.mjs";
import { readOrderTerms, signOrderToken } from "./order-token.mjs";
import { claimedEvent, decideEvent, parseEvent, verifyDelivery, versionKey } from "./webhook.mjs";

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { Webhook } from "standardwebhooks" */
/** @import { OrderStore } from "./store.mjs" */
/** @import { ReceivedLog } from "./received-log.mjs" */

/** The largest webhook body accepted (bytes). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** The largest body of the other POST routes (bytes). */
export const SMALL_BODY_LIMIT = 16 * 1024;
/** The most deliveries /control/fail can make fail. */
export const MAX_FAIL_COUNT = 1000;

/**
 * @typedef {object} Backend what the routes work with
 * @property {Webhook} verifier
 * @property {OrderStore} store
 * @property {ReceivedLog} received
 * @property {string | undefined} orderSigningKey
 * @property {string} shop the default shop of new orders
 * @property {boolean} control whether /control/* exists
 * @property {{ failNext: number }} outage how many webhook deliveries are still to answer 503
 * @property {string | undefined} corsOrigin the one browser origin allowed to call the routes other than /webhooks
 */

/**
 * @param {Backend} backend
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
export async function route(backend, req, res) {
  const url = new URL(req.url ?? "/", "http://backend.invalid");
  const path = url.pathname;
  const method = req.method ?? "GET";

  if (path === "/webhooks") {
    if (method === "POST") return receiveWebhook(backend, req, res);
    return notFound(res);
  }

  /** @type {Record<string, string>} */
  const cors = {};
  const origin = singleHeader(req.headers.origin);
  if (backend.corsOrigin !== undefined && origin === backend.corsOrigin) {
    Object.assign(cors, { "access-control-allow-origin": origin, vary: "origin" });
    if (method === "OPTIONS") {
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "GET, POST",
        "access-control-allow-headers": "content-type",
        "access-control-max-age": "600",
      });
      return res.end();
    }
  }

  if (method === "GET" && path === "/health") return sendJson(res, 200, { ok: true }, cors);
  if (method === "GET" && path === "/orders") return sendJson(res, 200, { orders: backend.store.listOrders() }, cors);
  if (method === "POST" && path === "/orders") return createOrder(backend, req, res, cors);
  if (method === "GET" && path.startsWith("/orders/")) {
    const order = backend.store.getOrder(decodePathSegment(path.slice("/orders/".length)));
    return order ? sendJson(res, 200, order, cors) : sendJson(res, 404, { error: "order_not_found" }, cors);
  }
  if (method === "GET" && path === "/received") {
    const after = url.searchParams.get("after") ?? "0";
    if (!/^\d{1,15}$/.test(after)) return sendJson(res, 400, { error: "invalid_after" }, cors);
    return sendJson(res, 200, backend.received.since(Number(after)), cors);
  }
  if (backend.control && method === "POST" && path === "/control/fail") return setOutage(backend, req, res, cors);
  return notFound(res, cors);
}

/**
 * @param {Backend} backend
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 */
async function receiveWebhook(backend, req, res) {
  const webhookId = singleHeader(req.headers["webhook-id"]) ?? null;

  // The outage knob answers before anything is checked, as a backend that is down would.
  if (backend.outage.failNext > 0) {
    backend.outage.failNext -= 1;
    const body = await readBody(req, WEBHOOK_BODY_LIMIT);
    backend.received.add({
      webhookId,
      ...unverifiedClaim(body.tooLarge ? "" : body.text),
      verified: false,
      outcome: "failed-on-purpose",
      message: `answered 503 on purpose (simulated outage, ${backend.outage.failNext} more to fail)`,
    });
    return sendJson(res, 503, { error: "unavailable" });
  }

  const body = await readBody(req, WEBHOOK_BODY_LIMIT);
  if (body.tooLarge) {
    backend.received.add({
      webhookId,
      type: null,
      shop: null,
      verified: false,
      outcome: "refused",
      message: "refused: the body is larger than 256 KiB",
    });
    return sendJson(res, 413, { error: "payload_too_large" });
  }

  const verdict = verifyDelivery(backend.verifier, body.text, req.headers);
  if (!verdict.ok || webhookId === null) {
    const reason = verdict.ok ? "one webhook-id header is required" : verdict.reason;
    backend.received.add({
      webhookId,
      ...unverifiedClaim(body.text),
      verified: false,
      outcome: "refused",
      message: `signature refused: ${reason}`,
    });
    return sendJson(res, 401, { error: "invalid_signature" });
  }

  const parsed = parseEvent(body.text, webhookId);
  if (!parsed.ok) {
    backend.received.add({
      webhookId,
      ...unverifiedClaim(body.text),
      verified: true,
      outcome: "refused",
      message: `event refused: ${parsed.reason}, signature verified`,
    });
    return sendJson(res, 400, { error: "invalid_event" });
  }

  const { event } = parsed;
  const { store } = backend;
  const orderId = event.kind === "payment" ? event.orderId : null;
  const decision = decideEvent(
    {
      seen: store.hasWebhook(webhookId),
      lastVersion:
        event.kind === "payment" || event.kind === "payout" || event.kind === "refund"
          ? store.versionOf(versionKey(event))
          : undefined,
      order: orderId === null ? undefined : store.getOrder(orderId),
    },
    event,
    new Date().toISOString(),
  );
  // Stored (and on disk) before the 2xx: after a 2xx the sender does not deliver it again. A
  // duplicate waits for the write of the first delivery, should that still be under way.
  if (decision.outcome === "duplicate") await store.flush();
  else await store.apply(webhookId, decision);
  backend.received.add({
    webhookId,
    type: event.type,
    shop: event.shop,
    ...(orderId === null ? {} : { orderId }),
    verified: true,
    outcome: decision.outcome,
    message: `${decision.message}, signature verified`,
  });
  return sendJson(
    res,
    200,
    decision.outcome === "duplicate" ? { received: true, duplicate: true } : { received: true },
  );
}

/**
 * @param {Backend} backend
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {Record<string, string>} cors
 */
async function createOrder(backend, req, res, cors) {
  if (backend.orderSigningKey === undefined) return sendJson(res, 503, { error: "order_signing_not_configured" }, cors);
  const json = await readJson(req, res, cors);
  if (json === undefined) return;
  const read = readOrderTerms(json.value, backend.shop);
  if (!read.ok) return sendJson(res, 400, { error: "invalid_order", message: read.message }, cors);
  const { terms } = read;
  const created = await backend.store.createOrder({
    orderId: terms.orderId,
    shop: terms.shop,
    amount: terms.priceAmount,
    currency: terms.priceCurrency,
  });
  if (created === "paid")
    return sendJson(res, 409, { error: "order_paid", message: "this order is paid already" }, cors);
  if (created === "conflict")
    return sendJson(res, 409, { error: "order_exists", message: "an order with this id and other terms exists" }, cors);
  const orderToken = await signOrderToken(terms, backend.orderSigningKey);
  return sendJson(res, created === "created" ? 201 : 200, { orderId: terms.orderId, orderToken }, cors);
}

/**
 * @param {Backend} backend
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {Record<string, string>} cors
 */
async function setOutage(backend, req, res, cors) {
  const json = await readJson(req, res, cors);
  if (json === undefined) return;
  const count =
    typeof json.value === "object" && json.value !== null
      ? /** @type {Record<string, unknown>} */ (json.value).count
      : undefined;
  if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > MAX_FAIL_COUNT) {
    return sendJson(
      res,
      400,
      { error: "invalid_count", message: `count must be a whole number from 0 to ${MAX_FAIL_COUNT}` },
      cors,
    );
  }
  backend.outage.failNext = count;
  return sendJson(res, 200, { failNext: count }, cors);
}

/**
 * The JSON body of a small request; undefined when it answered 413 or 400 instead.
 *
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {Record<string, string>} cors
 * @returns {Promise<{ value: unknown } | undefined>}
 */
async function readJson(req, res, cors) {
  const body = await readBody(req, SMALL_BODY_LIMIT);
  if (body.tooLarge) {
    sendJson(res, 413, { error: "payload_too_large" }, cors);
    return undefined;
  }
  try {
    return { value: JSON.parse(body.text) };
  } catch {
    sendJson(res, 400, { error: "invalid_json" }, cors);
    return undefined;
  }
}

/**
 * What an unverified webhook body claims, for the received log only.
 *
 * @param {string} text
 */
function unverifiedClaim(text) {
  const { type, shop, orderId } = claimedEvent(text);
  return { type, shop, ...(orderId === undefined ? {} : { orderId }) };
}

/** @param {string} segment */
function decodePathSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/**
 * @param {ServerResponse} res
 * @param {Record<string, string>} [cors]
 */
function notFound(res, cors = {}) {
  sendJson(res, 404, { error: "not_found" }, cors);
}
