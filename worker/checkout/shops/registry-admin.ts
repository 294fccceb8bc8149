/**
 * The admin API's operations on the registry (admin-api.ts is their HTTP side). A shop is
 * created, changed, disabled or enabled, or one of its secrets replaced, always as a whole shop
 * that passes the shop schema (shop-schema.ts: the rules of the SHOPS var), its secrets sealed
 * under the current master key, and the row, the registry version and the audit entry written in
 * one batch (registry-store.ts). The isolate that makes a change forgets its cached copy at once;
 * every other isolate sees it within the cache TTL (registry-cache.ts). No answer and no audit
 * entry carries a secret value: a shop's secrets are listed only by field.
 */
import type { KeyStatus, RewrapResult, ShopRecord } from "./admin-wire.js";
import { shopChanges, type AuditChange } from "./audit.js";
import { loadShops } from "./config.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { log, registerSecret } from "../http/log.js";
import { encodeCursor } from "./paging.js";
import { joinShop, rowBinding, secretsSet, splitShop, type SecretBundle } from "./registry-record.js";
import {
  keyCounts,
  readShopForChange,
  rowsNotUnder,
  writeRewraps,
  writeShop,
  type Rewrap,
  type ShopRow,
} from "./registry-store.js";
import { open, seal } from "./secret-envelope.js";
import { applyPatch, withSecret, type SecretSlotName } from "./shop-patch.js";
import { isolateCache, requireKeyring, rowShop } from "./shop-registry.js";
import {
  deploymentIssues,
  registryShopSchema,
  schemaIssues,
  secretSlots,
  secretValueIssues,
  type RegistryShop,
  type ShopData,
} from "./shop-schema.js";
import type { FieldError } from "../wire.js";

/** Who asks, for the audit log. */
export interface Caller {
  actor: string;
  requestId: string;
}

export function recordOf(row: ShopRow, secrets?: SecretBundle): ShopRecord {
  const shop = JSON.parse(row.settings) as ShopData;
  const record: ShopRecord = {
    shop,
    status: row.status,
    version: row.version,
    keyId: row.key_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (secrets) record.secrets = secretsSet(shop, secrets);
  return record;
}

/** 400 invalid_request naming every field at fault. */
function refused(issues: readonly FieldError[]): CheckoutError {
  const fields = issues.map(({ field, message }) => ({ field, message }));
  const detail = fields
    .slice(0, 5)
    .map((f) => `${f.field}: ${f.message}`)
    .join("; ");
  return new CheckoutError(400, "invalid_request", `The shop is not valid. ${detail}`, undefined, fields);
}

const unknownShop = () => new CheckoutError(404, "unknown_shop", "The registry has no shop with this id.");
const changedMeanwhile = () =>
  new CheckoutError(
    409,
    "shop_changed",
    "The shop changed while this change was made; read it again and repeat the change.",
  );

/**
 * The shop a body describes, checked by every rule a shop of the SHOPS var is checked by (400
 * with the fields otherwise). Its secret values are scrubbed from every later log line.
 */
export function checkShop(env: Env, candidate: unknown): RegistryShop {
  const check = registryShopSchema.safeParse(candidate);
  if (!check.success) throw refused(schemaIssues("", check.error, "(body)"));
  for (const { given } of secretSlots(check.data)) registerSecret(given);
  const issues = [...secretValueIssues(check.data), ...deploymentIssues(check.data, env.PUBLIC_URL)];
  if (issues.length) throw refused(issues);
  return check.data;
}

/**
 * The row of a shop as written: settings as JSON, secrets sealed under the current key and bound
 * to the row (its id, environment, settings and a fresh seal id: registry-record.ts, rowBinding).
 */
async function sealed(
  env: Env,
  shop: RegistryShop,
): Promise<{ settings: string; secrets: string; keyId: string; sealId: string; sealed: true; bundle: SecretBundle }> {
  const keyring = await requireKeyring(env);
  const { settings, secrets } = splitShop(shop);
  const settingsJson = JSON.stringify(settings);
  const sealId = crypto.randomUUID();
  const binding = await rowBinding({ id: shop.id, environment: shop.environment, settings: settingsJson, sealId });
  return {
    settings: settingsJson,
    secrets: await seal(keyring, binding, JSON.stringify(secrets)),
    keyId: keyring.currentId,
    sealId,
    sealed: true,
    bundle: secrets,
  };
}

function forget(shopId: string): void {
  isolateCache.forget(`shop:${shopId}`);
  isolateCache.forget("production");
}

/** POST /admin/shops: a new shop (409 shop_exists when the id is in the registry or the SHOPS var). */
export async function createShop(env: Env, db: D1Database, body: unknown, caller: Caller): Promise<ShopRecord> {
  const shop = checkShop(env, body);
  const config = loadShops(env);
  if (config.shops.has(shop.id) || config.invalid.has(shop.id)) {
    throw new CheckoutError(409, "shop_exists", "This id is a shop of the SHOPS var: an id may be in one source only.");
  }
  const row = await sealed(env, shop);
  const at = new Date().toISOString();
  const changes: AuditChange[] = shopChanges(undefined, shop);
  const version = await writeShop(db, {
    id: shop.id,
    environment: shop.environment,
    status: "active",
    settings: row.settings,
    secrets: row.secrets,
    keyId: row.keyId,
    sealId: row.sealId,
    sealed: row.sealed,
    at,
    audit: { action: "create", changes: JSON.stringify(changes), ...audited(caller) },
  });
  if (version === undefined)
    throw new CheckoutError(409, "shop_exists", "The registry has a shop with this id already.");
  forget(shop.id);
  return recordOf(
    {
      id: shop.id,
      environment: shop.environment,
      status: "active",
      settings: row.settings,
      secrets: row.secrets,
      key_id: row.keyId,
      seal_id: row.sealId,
      version,
      created_at: at,
      updated_at: at,
    },
    row.bundle,
  );
}

const audited = (caller: Caller) => ({ actor: caller.actor, requestId: caller.requestId });

/** The row and the whole shop as the registry has it now (404 unknown_shop). */
async function current(
  env: Env,
  db: D1Database,
  id: string,
): Promise<{ row: ShopRow; shop: RegistryShop; bundle: SecretBundle }> {
  const row = await readShopForChange(db, id);
  if (!row) throw unknownShop();
  const { settings, secrets } = await rowShop(env, row);
  return { row, shop: joinShop(settings, secrets), bundle: secrets };
}

/** GET /admin/shops/{id}. */
export async function showShop(env: Env, db: D1Database, id: string): Promise<ShopRecord> {
  const { row, bundle } = await current(env, db, id);
  return recordOf(row, bundle);
}

/** A change of one shop: `change` makes the new shop from the current one; unchanged, nothing is written. */
async function changeShop(
  env: Env,
  db: D1Database,
  id: string,
  action: string,
  caller: Caller,
  change: (shop: RegistryShop) => unknown,
): Promise<ShopRecord> {
  const now = await current(env, db, id);
  const next = checkShop(env, change(now.shop));
  const changes = shopChanges(now.shop, next);
  if (!changes.length) return recordOf(now.row, now.bundle);
  const row = await sealed(env, next);
  const at = new Date().toISOString();
  const write = {
    id,
    environment: next.environment,
    status: now.row.status,
    settings: row.settings,
    secrets: row.secrets,
    keyId: row.keyId,
    sealId: row.sealId,
    sealed: row.sealed,
    at,
    audit: { action, changes: JSON.stringify(changes), ...audited(caller) },
  };
  const version = await writeShop(db, write, now.row.version);
  if (version === undefined) throw changedMeanwhile();
  forget(id);
  return recordOf(
    {
      ...now.row,
      environment: next.environment,
      settings: row.settings,
      secrets: row.secrets,
      key_id: row.keyId,
      seal_id: row.sealId,
      version,
      updated_at: at,
    },
    row.bundle,
  );
}

/** PATCH /admin/shops/{id}: the fields given, merged into the shop (shop-patch.ts). */
export function updateShop(env: Env, db: D1Database, id: string, patch: unknown, caller: Caller): Promise<ShopRecord> {
  return changeShop(env, db, id, "update", caller, (shop) => {
    const { candidate, issues } = applyPatch(shop, patch);
    if (issues.length) throw refused(issues);
    return candidate;
  });
}

/** PUT /admin/shops/{id}/secrets/{name}: one secret set or replaced. */
export function rotateSecret(
  env: Env,
  db: D1Database,
  id: string,
  slot: SecretSlotName,
  value: string,
  caller: Caller,
): Promise<ShopRecord> {
  return changeShop(env, db, id, "rotate_secret", caller, (shop) => {
    const next = withSecret(shop, slot, value);
    if (!next)
      throw refused([{ field: "webhooks", message: `has no endpoint ${slot.kind === "webhook" ? slot.index : ""}` }]);
    return next;
  });
}

/**
 * POST /admin/shops/{id}/disable and /enable. A disabled shop answers 404 unknown_shop on every
 * route. The secrets are not opened, so a shop whose secrets cannot be read can still be disabled.
 */
export async function setStatus(
  db: D1Database,
  id: string,
  status: ShopRow["status"],
  caller: Caller,
): Promise<ShopRecord> {
  const row = await readShopForChange(db, id);
  if (!row) throw unknownShop();
  if (row.status === status) return recordOf(row);
  const at = new Date().toISOString();
  const changes: AuditChange[] = [{ field: "status", from: row.status, to: status }];
  const write = {
    id,
    environment: row.environment,
    status,
    settings: row.settings,
    secrets: row.secrets,
    keyId: row.key_id,
    // The secrets are not sealed again: the row keeps their seal id (none when the row is too old to have one).
    sealId: row.seal_id ?? "",
    sealed: false,
    at,
    audit: { action: status === "active" ? "enable" : "disable", changes: JSON.stringify(changes), ...audited(caller) },
  };
  const version = await writeShop(db, write, row.version);
  if (version === undefined) throw changedMeanwhile();
  forget(id);
  return recordOf({ ...row, status, version, updated_at: at });
}

/**
 * POST /admin/keys/rewrap: up to `limit` shops, after `after` in id order, whose secrets are
 * sealed under another key than the current one, opened and sealed again under the current key.
 * Their content is the same, so caches stay valid; one audit entry says how many.
 */
export async function rewrapShops(
  env: Env,
  db: D1Database,
  after: string,
  limit: number,
  caller: Caller,
): Promise<RewrapResult> {
  const keyring = await requireKeyring(env);
  const rows = await rowsNotUnder(db, keyring.currentId, after, limit);
  const rewraps: Rewrap[] = [];
  const unreadable: string[] = [];
  const fromKeys: Record<string, number> = {};
  for (const row of rows) {
    try {
      if (row.seal_id === null) throw new Error("the row was written by an earlier release: write the shop again");
      const binding = await rowBinding({
        id: row.id,
        environment: row.environment,
        settings: row.settings,
        sealId: row.seal_id,
      });
      const secrets = await seal(keyring, binding, await open(keyring, binding, row.secrets));
      rewraps.push({ id: row.id, from: row.secrets, secrets, keyId: keyring.currentId });
      fromKeys[row.key_id] = (fromKeys[row.key_id] ?? 0) + 1;
    } catch (err) {
      unreadable.push(row.id);
      log("error", "registry_secrets_unreadable", {
        shop: row.id,
        keyId: row.key_id,
        problem: err instanceof Error ? err.message : String(err),
      });
    }
  }
  const rewrapped = await writeRewraps(db, rewraps, (written) => ({
    at: new Date().toISOString(),
    shopId: null,
    action: "rewrap",
    changes: JSON.stringify([{ field: "keyId", from: fromKeys, to: keyring.currentId, shops: written }]),
    ...audited(caller),
  }));
  const last = rows.at(-1);
  return {
    currentKeyId: keyring.currentId,
    rewrapped,
    unreadable,
    next: rows.length === limit && last ? encodeCursor(last.id) : null,
    shopsByKey: await keyCounts(db),
  };
}

/** GET /admin/keys: the current key, the ids SHOP_MASTER_KEYS holds, and how many shops each key seals. */
export async function keyStatus(env: Env, db: D1Database): Promise<KeyStatus> {
  const keyring = await requireKeyring(env);
  return { currentKeyId: keyring.currentId, keyIds: [...keyring.keys.keys()], shopsByKey: await keyCounts(db) };
}
