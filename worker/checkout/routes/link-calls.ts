/**
 * The merchant's payment-link calls (docs/links.md), shared by the backend API (link-api.ts, the
 * shop's backend token) and the dashboard's data API (dashboard-api.ts, a session): create, list,
 * read one with its orders, disable. Each reads and writes only the path's shop's LinksObject.
 */
import type { Context } from "hono";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import type { PaymentLinkDetail, PaymentLinkList, PaymentLinkView } from "../link-wire.js";
import { LINK_ID, linkView, type CreateLinkBody, type StoredLink } from "../links/link-rules.js";
import { linksObject } from "../links/links-object.js";
import { orderObject } from "../payments/order-object.js";
import { paymentObject } from "../payments/payment-object.js";
import { publicOrigin } from "../upstream/hook-url.js";
import type { Env } from "../env.js";

export { createLinkSchema } from "../links/link-rules.js";

/** Bodies of the link routes are small. */
export const MAX_LINK_BODY = 8 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

/** The path's link id, or 404 link_not_found (an id of another shape names no link). */
export function linkIdParam(value: string | undefined): string {
  if (!value || !LINK_ID.test(value))
    throw new CheckoutError(404, "link_not_found", "This shop has no payment link with this id.");
  return value;
}

const viewOf = (c: Context<AppEnv>, shopId: string, link: StoredLink): PaymentLinkView =>
  linkView(link, shopId, publicOrigin(c.env, c.req.url), new Date());

/**
 * A live single-use link whose order was paid is marked used; the link as it is then. A link
 * learns it from the payment's confirmation as it happens (links/link-confirmations.ts); this
 * check, when one link is read or its page opened, is for a link whose order was confirmed before
 * links learnt from confirmations (the event went by before): it costs the order's reads only
 * while a single-use link is live.
 */
export async function withUse(env: Env, shopId: string, link: StoredLink): Promise<StoredLink> {
  const orderId = link.orderId;
  if (!link.singleUse || !orderId || link.usedAt || link.disabledAt) return link;
  const ids = await orderObject(env, shopId, orderId).paymentIds();
  const views = await Promise.all(ids.map((id) => paymentObject(env, shopId, id).orderView(orderId)));
  if (!views.some((view) => view.status === "CONFIRMED")) return link;
  await linksObject(env, shopId).markUsed(link.id);
  return { ...link, usedAt: new Date().toISOString() };
}

export async function createLink(c: Context<AppEnv>, shopId: string, body: CreateLinkBody): Promise<Response> {
  const link = await linksObject(c.env, shopId).create(body);
  return c.json(viewOf(c, shopId, link), 201, NO_STORE);
}

export async function listLinks(c: Context<AppEnv>, shopId: string): Promise<Response> {
  const links = await linksObject(c.env, shopId).list();
  const body: PaymentLinkList = { links: links.map((link) => viewOf(c, shopId, link)) };
  return c.json(body, 200, NO_STORE);
}

export async function getLink(c: Context<AppEnv>, shopId: string): Promise<Response> {
  const id = linkIdParam(c.req.param("linkId"));
  const links = linksObject(c.env, shopId);
  const link = await withUse(c.env, shopId, await links.get(id));
  const body: PaymentLinkDetail = { ...viewOf(c, shopId, link), orders: await links.orders(id) };
  return c.json(body, 200, NO_STORE);
}

export async function disableLink(c: Context<AppEnv>, shopId: string): Promise<Response> {
  const link = await linksObject(c.env, shopId).disable(linkIdParam(c.req.param("linkId")));
  return c.json(viewOf(c, shopId, link), 200, NO_STORE);
}
