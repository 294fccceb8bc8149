/**
 * The server-to-server API for a shop's backend (docs/webhooks.md), behind backendAuth and
 * without CORS (browsers are not its clients):
 * - GET  /api/shops/{shop}/orders/{orderId}: the order's payment as this Worker knows it, and `paid`;
 * - GET  /api/shops/{shop}/events?after=&limit=: the shop's events in order, with delivery state;
 * - GET  /api/shops/{shop}/events/{eventId}?attemptsAfter=&attemptsLimit=: one event with its delivery attempts, paged;
 * - POST /api/shops/{shop}/events/{eventId}/redeliver: queue it again for every matching endpoint.
 * The payments ledger's routes are in ledger-api.ts.
 * Every answer comes from this Worker's records for that shop: the OrderObject of (shop, order),
 * the PaymentObjects it names (or, once the order's object is gone, the payments ledger), the
 * shop's ShopEventsObject.
 */
import { Hono } from "hono";
import { z } from "zod";
import { backendAuth } from "./backend-auth.js";
import { CheckoutError } from "../http/errors.js";
import { eventIdParam, redeliver } from "../events/redeliver.js";
import type { OrderStatus } from "../backend-wire.js";
import { queryParams, type AppEnv } from "../http/plumbing.js";
import { ORDER_ID } from "../rules.js";
import { orderObject } from "../payments/order-object.js";
import { paymentObject } from "../payments/payment-object.js";
import { shopEvents } from "../events/shop-events-object.js";
import { getShop } from "../shops/shop-source.js";
import { orderPayments } from "../ledger/ledger-read.js";

export const DEFAULT_EVENTS_LIMIT = 50;
export const MAX_EVENTS_LIMIT = 200;

export const eventsQuery = z.strictObject({
  after: z
    .string()
    .regex(/^\d{1,15}$/, "must be a cursor from an earlier answer (digits)")
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EVENTS_LIMIT).optional(),
});

export const backendApi = new Hono<AppEnv>();

backendApi.get("/api/shops/:shop/orders/:orderId", backendAuth, async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const orderId = c.req.param("orderId");
  if (!ORDER_ID.test(orderId)) throw new CheckoutError(400, "invalid_request", "The order id is not valid.");
  const ids = await orderObject(c.env, shop.id, orderId).paymentIds();
  // Once the order's object is gone (ORDER_RETENTION_DAYS), the ledger still has its payments.
  const views = ids.length
    ? await Promise.all(ids.map((id) => paymentObject(c.env, shop.id, id).orderView(orderId)))
    : c.env.LEDGER
      ? await orderPayments(c.env.LEDGER, shop.id, orderId)
      : [];
  const confirmed = views.find((view) => view.status === "CONFIRMED");
  const payment = confirmed ?? views[0];
  if (!payment) throw new CheckoutError(404, "order_not_found", "This shop has no payment for this order.");
  const body: OrderStatus = {
    shop: shop.id,
    orderId,
    paid: confirmed !== undefined,
    payment,
    earlierPayments: views.filter((view) => view !== payment),
  };
  return c.json(body, 200, { "Cache-Control": "no-store" });
});

backendApi.get("/api/shops/:shop/events", backendAuth, queryParams(eventsQuery), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const { after, limit } = c.req.valid("query");
  const list = await shopEvents(c.env, shop.id).list(Number(after ?? "0"), limit ?? DEFAULT_EVENTS_LIMIT);
  return c.json(list, 200, { "Cache-Control": "no-store" });
});

const MAX_ATTEMPTS_LIMIT = 500;

export const eventQuery = z.strictObject({
  attemptsAfter: z
    .string()
    .regex(/^\d{1,15}$/, "must be a cursor from an earlier answer's attemptsNext (digits)")
    .optional(),
  attemptsLimit: z.coerce.number().int().min(1).max(MAX_ATTEMPTS_LIMIT).optional(),
});

backendApi.get("/api/shops/:shop/events/:eventId", backendAuth, queryParams(eventQuery), async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const { attemptsAfter, attemptsLimit } = c.req.valid("query");
  const detail = await shopEvents(c.env, shop.id).detail(
    eventIdParam(c.req.param("eventId")),
    Number(attemptsAfter ?? "0"),
    attemptsLimit,
  );
  if (!detail) throw new CheckoutError(404, "event_not_found", "No event with this id.");
  return c.json(detail, 200, { "Cache-Control": "no-store" });
});

backendApi.post("/api/shops/:shop/events/:eventId/redeliver", backendAuth, async (c) => {
  const shop = await getShop(c.env, c.req.param("shop"));
  const eventId = eventIdParam(c.req.param("eventId"));
  const urls = await redeliver(c.env, shop, eventId);
  return c.json({ eventId, queued: urls }, 202, { "Cache-Control": "no-store" });
});
