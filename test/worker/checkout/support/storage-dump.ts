/**
 * A Durable Object's storage as plain JSON, and back: its SQLite tables and indexes (their
 * CREATE statements and rows) and its key-value entries. The stored-shape fixtures
 * (test/worker/checkout/storage/fixtures/) are dumps of objects written by a release; the upgrade
 * test loads them into fresh objects and reads them with the current code. The runtime's own
 * tables (`_cf_*`, `sqlite_*`) are left out: the key-value entries come through the storage API.
 */
import { runInDurableObject } from "cloudflare:test";

export interface StorageDump {
  /** CREATE statements, tables first, in the order SQLite lists them. */
  schema: string[];
  /** Every row of every table, by table. */
  rows: Record<string, Record<string, SqlStorageValue>[]>;
  /** Key-value entries (JSON values). */
  kv: Record<string, unknown>;
}

const OWN = "name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql IS NOT NULL";

/** The storage of the object behind `stub`. */
export function dumpStorage(stub: DurableObjectStub): Promise<StorageDump> {
  return runInDurableObject(stub, async (_instance, state) => {
    const sql = state.storage.sql;
    const entries = sql
      .exec<{ type: string; name: string; sql: string }>(
        `SELECT type, name, sql FROM sqlite_master WHERE ${OWN} ORDER BY type = 'index', rowid`,
      )
      .toArray();
    const rows: StorageDump["rows"] = {};
    for (const { type, name } of entries)
      if (type === "table") rows[name] = sql.exec(`SELECT * FROM "${name}" ORDER BY rowid`).toArray();
    return {
      schema: entries.map((e) => e.sql),
      rows,
      kv: Object.fromEntries(await state.storage.list()),
    };
  });
}

/**
 * Makes the storage of the object behind `stub` what `dump` holds, as the release that wrote it
 * left it, then restarts the object, so that its next call meets that storage as an object waking
 * after a deployment does (its constructor runs again). What the current code's constructor wrote
 * on the way in is deleted first.
 */
export async function loadStorage(stub: DurableObjectStub, dump: StorageDump): Promise<void> {
  await runInDurableObject(stub, async (_instance, state) => {
    await state.storage.deleteAll();
    const sql = state.storage.sql;
    for (const statement of dump.schema) sql.exec(statement);
    for (const [table, rows] of Object.entries(dump.rows))
      for (const row of rows) {
        const columns = Object.keys(row);
        sql.exec(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
          ...columns.map((c) => row[c] ?? null),
        );
      }
    for (const [key, value] of Object.entries(dump.kv)) await state.storage.put(key, value);
    await state.storage.sync();
  });
  // The object restarts (ctx.abort); the call that asks it to fails with the reason, which the
  // runtime also logs as an uncaught exception: nothing else is expected of it.
  await runInDurableObject(stub, (_instance, state) => state.abort("restart on the loaded storage")).catch(
    () => undefined,
  );
}

/** The columns of a table of the object behind `stub` (empty when it has no such table). */
export function columnsOf(stub: DurableObjectStub, table: string): Promise<string[]> {
  return runInDurableObject(stub, (_instance, state) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM pragma_table_info(?)", table)
      .toArray()
      .map((c) => c.name),
  );
}
