/**
 * The shop registry's tables in D1 (migrations/0001_shop_registry.sql): the statements, nothing
 * else. A change of a shop is one batch (one transaction): the row, the registry version bumped,
 * and the audit entry, the last two only when the row was written by this very batch (its
 * `change_id`), so that a create of an id that exists, or an update of a row that changed since it
 * was read, writes nothing at all.
 *
 * Reads of the lookup path go through D1's session API (read replication): each starts from the
 * latest bookmark this isolate saw, so it may be served by a nearby replica but never sees an
 * older registry than an earlier read did. The admin API reads from the primary.
 */

export interface ShopRow {
  id: string;
  environment: string;
  status: "active" | "disabled";
  settings: string;
  secrets: string;
  key_id: string;
  /** The seal id of the write that sealed `secrets` (registry-record.ts, rowBinding); null in a row of an earlier release. */
  seal_id: string | null;
  /** Read with the row by readShop and readShopForChange: the seal id of the latest audit entry that sealed it. */
  last_seal_id?: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface AuditRow {
  id: number;
  at: string;
  actor: string;
  action: string;
  shop_id: string | null;
  changes: string;
  request_id: string | null;
}

export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  shopId: string | null;
  /** JSON of the changes (audit.ts); never a secret value. */
  changes: string;
  requestId: string | null;
}

const SHOP_COLUMNS = "id, environment, status, settings, secrets, key_id, seal_id, version, created_at, updated_at";
const VERSION = "SELECT version FROM registry_version WHERE id = 1";

/** The latest bookmark the lookups of this isolate saw. */
let bookmark: string | undefined;

/** Runs a batch of the lookup path on a session that starts at this isolate's latest bookmark. */
async function lookupBatch(
  db: D1Database,
  statements: (session: D1DatabaseSession) => D1PreparedStatement[],
): Promise<D1Result[]> {
  const session = db.withSession(bookmark ?? "first-unconstrained");
  const results = await session.batch(statements(session));
  bookmark = session.getBookmark() ?? bookmark;
  return results;
}

function versionOf(result: D1Result | undefined): number {
  const version = (result?.results[0] as { version?: unknown } | undefined)?.version;
  if (typeof version !== "number") throw new Error("the registry has no version row (are its migrations applied?)");
  return version;
}

/** The registry version (the lookup path). */
export async function readRegistryVersion(db: D1Database): Promise<number> {
  const [result] = await lookupBatch(db, (s) => [s.prepare(VERSION)]);
  return versionOf(result);
}

/**
 * Whether a D1 error says the registry's tables are not there (a database whose migrations were
 * never applied): D1 reports SQLite's "no such table" in its message. Such a database holds no
 * shop, which is not an outage.
 */
export function isMissingRegistry(err: unknown): boolean {
  return err instanceof Error && /\bno such table: (?:shops|registry_version)\b/.test(err.message);
}

/**
 * The row's columns and `last_seal_id`: the seal id of the shop's latest audit entry that sealed
 * its secrets, which the row must hold (an older copy of the row restored holds an older one).
 */
const SHOP_WITH_SEAL = `${SHOP_COLUMNS}, (SELECT seal_id FROM audit_log WHERE shop_id = shops.id AND seal_id IS NOT NULL ORDER BY id DESC LIMIT 1) AS last_seal_id`;

/** One shop's row (null when there is none) and the registry version, read together (the lookup path). */
export async function readShop(db: D1Database, id: string): Promise<{ row: ShopRow | null; version: number }> {
  const [row, version] = await lookupBatch(db, (s) => [
    s.prepare(`SELECT ${SHOP_WITH_SEAL} FROM shops WHERE id = ?`).bind(id),
    s.prepare(VERSION),
  ]);
  return { row: (row?.results[0] as ShopRow | undefined) ?? null, version: versionOf(version) };
}

/** Whether any shop of the registry, enabled or not, is a production shop (the lookup path). */
export async function readHasProduction(db: D1Database): Promise<{ value: boolean; version: number }> {
  const [found, version] = await lookupBatch(db, (s) => [
    s.prepare("SELECT 1 AS found FROM shops WHERE environment = 'production' LIMIT 1"),
    s.prepare(VERSION),
  ]);
  return { value: (found?.results.length ?? 0) > 0, version: versionOf(version) };
}

/** The ids of the registry's active shops, in id order (the dashboard's operators see every shop; the lookup path). */
export async function readActiveShopIds(db: D1Database): Promise<string[]> {
  const [result] = await lookupBatch(db, (s) => [
    s.prepare("SELECT id FROM shops WHERE status = 'active' ORDER BY id"),
  ]);
  return ((result?.results ?? []) as { id: string }[]).map((row) => row.id);
}

/** The ids of the active shops whose `dashboardUsers` setting lists `email` (lower-case, as the schema keeps them; the lookup path). */
export async function readDashboardUserShopIds(db: D1Database, email: string): Promise<string[]> {
  const [result] = await lookupBatch(db, (s) => [
    s
      .prepare(
        "SELECT id FROM shops WHERE status = 'active' AND EXISTS (SELECT 1 FROM json_each(shops.settings, '$.dashboardUsers') WHERE value = ?) ORDER BY id",
      )
      .bind(email),
  ]);
  return ((result?.results ?? []) as { id: string }[]).map((row) => row.id);
}

/** One shop's row as the primary has it (the admin API's read before a change). */
export async function readShopForChange(db: D1Database, id: string): Promise<ShopRow | null> {
  return db
    .withSession("first-primary")
    .prepare(`SELECT ${SHOP_WITH_SEAL} FROM shops WHERE id = ?`)
    .bind(id)
    .first<ShopRow>();
}

/** One page of shops in id order, after `after` (exclusive). */
export async function listShops(
  db: D1Database,
  after: string,
  limit: number,
  status?: ShopRow["status"],
): Promise<ShopRow[]> {
  const session = db.withSession("first-primary");
  const statement = status
    ? session
        .prepare(`SELECT ${SHOP_COLUMNS} FROM shops WHERE id > ? AND status = ? ORDER BY id LIMIT ?`)
        .bind(after, status, limit)
    : session.prepare(`SELECT ${SHOP_COLUMNS} FROM shops WHERE id > ? ORDER BY id LIMIT ?`).bind(after, limit);
  return (await statement.all<ShopRow>()).results;
}

/** A shop's row as a change writes it. */
export interface ShopWrite {
  id: string;
  environment: string;
  status: ShopRow["status"];
  settings: string;
  secrets: string;
  keyId: string;
  /** The seal id `secrets` are bound to (rowBinding). */
  sealId: string;
  /** Whether this write sealed `secrets` (its audit entry then records the seal id), or kept the row's. */
  sealed: boolean;
  at: string;
  audit: Omit<AuditEntry, "shopId" | "at">;
}

/**
 * Writes a shop: a new one (`expectedVersion` undefined; nothing when the id exists) or a change
 * of the row read at `expectedVersion` (nothing when it changed since). The shop's new version,
 * or undefined when nothing was written.
 */
export async function writeShop(
  db: D1Database,
  write: ShopWrite,
  expectedVersion?: number,
): Promise<number | undefined> {
  const changeId = crypto.randomUUID();
  const next = "(SELECT version + 1 FROM registry_version WHERE id = 1)";
  const row =
    expectedVersion === undefined
      ? db
          .prepare(
            `INSERT INTO shops (id, environment, status, settings, secrets, key_id, version, change_id, created_at, updated_at, seal_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ${next}, ?7, ?8, ?8, ?9) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(
            write.id,
            write.environment,
            write.status,
            write.settings,
            write.secrets,
            write.keyId,
            changeId,
            write.at,
            write.sealId,
          )
      : db
          .prepare(
            `UPDATE shops SET environment = ?2, status = ?3, settings = ?4, secrets = ?5, key_id = ?6, version = ${next}, change_id = ?7, updated_at = ?8, seal_id = ?10
             WHERE id = ?1 AND version = ?9`,
          )
          .bind(
            write.id,
            write.environment,
            write.status,
            write.settings,
            write.secrets,
            write.keyId,
            changeId,
            write.at,
            expectedVersion,
            write.sealId,
          );
  const mine = "EXISTS (SELECT 1 FROM shops WHERE id = ?1 AND change_id = ?2)";
  const { actor, action, changes, requestId } = write.audit;
  const results = await db.batch([
    row,
    db.prepare(`UPDATE registry_version SET version = version + 1 WHERE id = 1 AND ${mine}`).bind(write.id, changeId),
    db
      .prepare(
        `INSERT INTO audit_log (at, actor, action, shop_id, changes, request_id, seal_id) SELECT ?3, ?4, ?5, ?1, ?6, ?7, ?8 WHERE ${mine}`,
      )
      .bind(write.id, changeId, write.at, actor, action, changes, requestId, write.sealed ? write.sealId : null),
    db.prepare("SELECT version FROM shops WHERE id = ?1 AND change_id = ?2").bind(write.id, changeId),
  ]);
  const written = results[3]?.results[0] as { version: number } | undefined;
  return written?.version;
}

/** Up to `limit` rows after `after` (id order) whose secrets are sealed under another key than `currentKeyId`. */
export async function rowsNotUnder(
  db: D1Database,
  currentKeyId: string,
  after: string,
  limit: number,
): Promise<ShopRow[]> {
  const statement = db
    .withSession("first-primary")
    .prepare(`SELECT ${SHOP_COLUMNS} FROM shops WHERE key_id != ? AND id > ? ORDER BY id LIMIT ?`);
  return (await statement.bind(currentKeyId, after, limit).all<ShopRow>()).results;
}

/** A row's secrets sealed again under another key: written only when the row still holds `from`. */
export interface Rewrap {
  id: string;
  from: string;
  secrets: string;
  keyId: string;
}

/**
 * Writes rewrapped secrets (the content is the same, so the registry version stays) and one
 * audit entry when any was written; how many rows were written.
 */
export async function writeRewraps(
  db: D1Database,
  rewraps: readonly Rewrap[],
  audit: (written: number) => AuditEntry,
): Promise<number> {
  if (!rewraps.length) return 0;
  const results = await db.batch(
    rewraps.map((r) =>
      db
        .prepare("UPDATE shops SET secrets = ?, key_id = ? WHERE id = ? AND secrets = ?")
        .bind(r.secrets, r.keyId, r.id, r.from),
    ),
  );
  const written = results.reduce((sum, result) => sum + (result.meta.changes ?? 0), 0);
  if (written) await appendAudit(db, audit(written));
  return written;
}

/** How many shops are sealed under each master key id. */
export async function keyCounts(db: D1Database): Promise<Record<string, number>> {
  const rows = (
    await db
      .withSession("first-primary")
      .prepare("SELECT key_id, COUNT(*) AS shops FROM shops GROUP BY key_id ORDER BY key_id")
      .all<{ key_id: string; shops: number }>()
  ).results;
  return Object.fromEntries(rows.map((row) => [row.key_id, row.shops]));
}

export async function appendAudit(db: D1Database, entry: AuditEntry): Promise<void> {
  await db
    .prepare("INSERT INTO audit_log (at, actor, action, shop_id, changes, request_id) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(entry.at, entry.actor, entry.action, entry.shopId, entry.changes, entry.requestId)
    .run();
}

/** One page of the audit log, oldest first, after entry `after`; of one shop when `shopId` is given. */
export async function readAudit(db: D1Database, after: number, limit: number, shopId?: string): Promise<AuditRow[]> {
  const session = db.withSession("first-primary");
  const statement = shopId
    ? session
        .prepare(
          "SELECT id, at, actor, action, shop_id, changes, request_id FROM audit_log WHERE shop_id = ? AND id > ? ORDER BY id LIMIT ?",
        )
        .bind(shopId, after, limit)
    : session
        .prepare(
          "SELECT id, at, actor, action, shop_id, changes, request_id FROM audit_log WHERE id > ? ORDER BY id LIMIT ?",
        )
        .bind(after, limit);
  return (await statement.all<AuditRow>()).results;
}

/** How many shops the registry has, enabled and disabled (the health check; one statement, no session). */
export async function readShopCounts(db: D1Database): Promise<{ active: number; disabled: number }> {
  const { results } = await db
    .prepare("SELECT status, COUNT(*) AS n FROM shops GROUP BY status")
    .all<{ status: string; n: number }>();
  const count = (status: string) => results.find((row) => row.status === status)?.n ?? 0;
  return { active: count("active"), disabled: count("disabled") };
}
