/**
 * The admin API of the shop registry (docs/checkout.md, "The admin API"), behind adminAuth
 * (admin-auth.ts) and without CORS (browsers are not its clients):
 * - GET    /admin/shops?limit=&cursor=&status=   one page of shops, in id order
 * - POST   /admin/shops                          add a shop (the shop schema; secrets as values)
 * - GET    /admin/shops/{id}                     one shop, its secrets listed by field only
 * - PATCH  /admin/shops/{id}                     change fields (shop-patch.ts)
 * - POST   /admin/shops/{id}/disable | /enable   a disabled shop answers 404 unknown_shop everywhere
 * - PUT    /admin/shops/{id}/secrets/{name}      set or replace one secret: {"value": "..."}
 * - GET    /admin/audit?shop=&limit=&cursor=     the audit log, oldest first
 * - GET    /admin/keys                           the master keys in use and how many shops each seals
 * - POST   /admin/keys/rewrap                    seal shops again under the current master key: {"cursor"?, "limit"?}
 * Secrets are write-only: no answer carries one. The operations are registry-admin.ts's.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { actorOf, adminAuth } from "./admin-auth.js";
import type { AuditEntryView, ShopPage } from "../shops/admin-wire.js";
import { CheckoutError } from "../http/errors.js";
import { jsonBody, limitBody, queryParams, type AppEnv } from "../http/plumbing.js";
import { decodeCursor, encodeCursor } from "../shops/paging.js";
import {
  createShop,
  keyStatus,
  recordOf,
  rewrapShops,
  rotateSecret,
  setStatus,
  showShop,
  updateShop,
  type Caller,
} from "../shops/registry-admin.js";
import { listShops, readAudit } from "../shops/registry-store.js";
import { shopEvents } from "../events/shop-events-object.js";
import { secretSlotName } from "../shops/shop-patch.js";
import { SHOP_ID } from "../rules.js";
import { MAX_SECRET_LENGTH } from "../shops/shop-schema.js";

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 200;
const MAX_ADMIN_BODY = 64 * 1024;
const AUDIT_ID = /^\d{1,15}$/;

const NO_STORE = { "Cache-Control": "no-store" };

const page = z.coerce.number().int().min(1).max(MAX_PAGE).optional();
const cursor = z.string().max(200).optional();

/** The query of GET /admin/shops, the query of GET /admin/audit, the bodies of PUT …/secrets/{name} and POST /admin/keys/rewrap. */
export const shopsQuery = z.strictObject({ limit: page, cursor, status: z.enum(["active", "disabled"]).optional() });
export const auditQuery = z.strictObject({
  limit: page,
  cursor,
  shop: z.string().regex(SHOP_ID, "must be a shop id").optional(),
});
export const secretBody = z.strictObject({ value: z.string().min(1).max(MAX_SECRET_LENGTH) });
export const rewrapBody = z.strictObject({ cursor, limit: z.number().int().min(1).max(MAX_PAGE).optional() });

/** The position a cursor continues after ("" without one); 400 for a cursor this API did not give. */
function after(value: string | undefined, valid: (position: string) => boolean): string {
  if (value === undefined || value === "") return "";
  const position = decodeCursor(value, valid);
  if (position === undefined)
    throw new CheckoutError(
      400,
      "invalid_request",
      "cursor is not a cursor of this list: pass the `next` of an earlier answer.",
    );
  return position;
}

/** The registry, or a 500 (logged by the error handler) when the Worker has no D1 binding. */
function db(c: Context<AppEnv>): D1Database {
  if (!c.env.DB) throw new CheckoutError(500, "internal_error", "The shop registry is not configured (no DB binding).");
  return c.env.DB;
}

function idParam(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!SHOP_ID.test(id)) throw new CheckoutError(404, "unknown_shop", "The registry has no shop with this id.");
  return id;
}

const caller = (c: Context<AppEnv>): Caller => ({ actor: actorOf(c.req), requestId: c.get("requestId") });

/** A JSON body that is any JSON value (the shop schema names what is wrong with it). */
async function anyJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new CheckoutError(400, "invalid_request", "The body is not JSON.");
  }
}

export const adminApi = new Hono<AppEnv>();

adminApi.use("*", adminAuth);
adminApi.use("*", limitBody(MAX_ADMIN_BODY));

adminApi.get("/shops", queryParams(shopsQuery), async (c) => {
  const { limit = DEFAULT_PAGE, cursor: given, status } = c.req.valid("query");
  const rows = await listShops(
    db(c),
    after(given, (id) => SHOP_ID.test(id)),
    limit,
    status,
  );
  const last = rows.at(-1);
  const body: ShopPage = {
    shops: rows.map((row) => recordOf(row)),
    next: rows.length === limit && last ? encodeCursor(last.id) : null,
  };
  return c.json(body, 200, NO_STORE);
});

adminApi.post("/shops", async (c) =>
  c.json(await createShop(c.env, db(c), await anyJson(c), caller(c)), 201, NO_STORE),
);

adminApi.get("/shops/:id", async (c) => c.json(await showShop(c.env, db(c), idParam(c)), 200, NO_STORE));

adminApi.patch("/shops/:id", async (c) =>
  c.json(await updateShop(c.env, db(c), idParam(c), await anyJson(c), caller(c)), 200, NO_STORE),
);

adminApi.post("/shops/:id/disable", async (c) =>
  c.json(await setStatus(db(c), idParam(c), "disabled", caller(c)), 200, NO_STORE),
);

adminApi.post("/shops/:id/enable", async (c) => {
  const record = await setStatus(db(c), idParam(c), "active", caller(c));
  // The events held while it was disabled go out now (the log's alarm would send them within
  // its check interval otherwise).
  await shopEvents(c.env, record.shop.id).resume();
  return c.json(record, 200, NO_STORE);
});

adminApi.put("/shops/:id/secrets/:name", jsonBody(secretBody), async (c) => {
  const slot = secretSlotName(c.req.param("name"));
  if (!slot)
    throw new CheckoutError(
      404,
      "not_found",
      "No such secret: apiKeySecret, notificationHmacKey, orderSigningKey, backendToken or webhooks.<n>.secret.",
    );
  return c.json(
    await rotateSecret(c.env, db(c), idParam(c), slot, c.req.valid("json").value, caller(c)),
    200,
    NO_STORE,
  );
});

adminApi.get("/audit", queryParams(auditQuery), async (c) => {
  const { limit = DEFAULT_PAGE, cursor: given, shop } = c.req.valid("query");
  const rows = await readAudit(db(c), Number(after(given, (id) => AUDIT_ID.test(id)) || "0"), limit, shop);
  const entries = rows.map((row): AuditEntryView => ({
    id: row.id,
    at: row.at,
    actor: row.actor,
    action: row.action,
    shop: row.shop_id,
    changes: JSON.parse(row.changes) as unknown,
    requestId: row.request_id,
  }));
  const last = rows.at(-1);
  return c.json({ entries, next: rows.length === limit && last ? encodeCursor(String(last.id)) : null }, 200, NO_STORE);
});

adminApi.get("/keys", async (c) => c.json(await keyStatus(c.env, db(c)), 200, NO_STORE));

adminApi.post("/keys/rewrap", jsonBody(rewrapBody), async (c) => {
  const body = c.req.valid("json");
  return c.json(
    await rewrapShops(
      c.env,
      db(c),
      after(body.cursor, (id) => SHOP_ID.test(id)),
      body.limit ?? DEFAULT_PAGE * 2,
      caller(c),
    ),
    200,
    NO_STORE,
  );
});
