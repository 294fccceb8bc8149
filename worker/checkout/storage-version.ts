/**
 * The version of what a Durable Object stores, and the way from an older one to the current.
 * Each object class has a `StorageSchema`: its current version and one step per older version.
 * A step is pure: given the shape of the storage found (its tables and their columns), the SQL
 * statements that take it one version up. A step looks at the shape rather than assuming it,
 * because the objects create their tables lazily (a table may be absent at any version) and
 * because storage written before versions were kept has none recorded: it counts as version 1,
 * whatever it holds, and each step finds for itself what is left to do.
 *
 * An object brings its storage up to date as it first reads it (`upgradeStorage`: one step after
 * the other, then the version row, all in the same synchronous turn, so they commit together),
 * and records its version when it creates its tables (`markVersion`). An object that stores
 * nothing keeps storing nothing. Steps only add (a column, a table, a default), so that storage
 * of a version newer than the code's, which an object meets when a gradual rollout or a rollback
 * moves it back to the previous release, is read as it is: what that code does not know, it does
 * not read. How to change a stored shape: docs/architecture.md, "Durable Objects".
 */

/** A storage's tables and, for each, its column names (what the steps decide on). */
export type StoredShape = ReadonlyMap<string, readonly string[]>;

/** From one version to the next: the statements for a storage of this shape (pure; [] when nothing is left to do). */
export type StorageStep = (shape: StoredShape) => string[];

export interface StorageSchema {
  /** The object class, for the error that names it. */
  object: string;
  /** The version this code writes. */
  version: number;
  /** `steps[v - 1]` takes version `v` to `v + 1`: one step per version below `version`. */
  steps: readonly StorageStep[];
}

/** The table of the version: one row, written with the object's first table. */
export const VERSION_TABLE = "storage_version";

/** The statements from version `from` to the schema's current one, for storage of `shape` (pure). */
export function upgradeStatements(schema: StorageSchema, from: number, shape: StoredShape): string[] {
  if (schema.steps.length !== schema.version - 1)
    throw new Error(
      `${schema.object}: version ${schema.version} needs ${schema.version - 1} steps, not ${schema.steps.length}.`,
    );
  if (!Number.isInteger(from) || from < 1 || from > schema.version)
    throw new Error(
      `${schema.object}: stored version ${from} is not one this code reads (1 to ${schema.version}); deploy a version that knows it.`,
    );
  return schema.steps.slice(from - 1).flatMap((step) => step(shape));
}

/** A step that adds each listed column to its table when the table exists without it (pure). */
export function addColumns(columns: readonly [table: string, column: string, type: string][]): StorageStep {
  return (shape) =>
    columns.flatMap(([table, column, type]) => {
      const existing = shape.get(table);
      return existing && !existing.includes(column) ? [`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`] : [];
    });
}

/** The object's own tables and their columns (the runtime's `_cf_*` and SQLite's `sqlite_*` left out). */
export function readShape(sql: SqlStorage): StoredShape {
  const shape = new Map<string, string[]>();
  for (const { table, column } of sql
    .exec<{ table: string; column: string }>(
      `SELECT m.name AS "table", p.name AS "column" FROM sqlite_master m, pragma_table_info(m.name) p
       WHERE m.type = 'table' AND m.name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`,
    )
    .toArray())
    shape.set(table, [...(shape.get(table) ?? []), column]);
  return shape;
}

/** The recorded version, or null when none is (nothing stored yet, or stored before versions were kept). */
export function storedVersion(sql: SqlStorage, shape: StoredShape = readShape(sql)): number | null {
  if (!shape.has(VERSION_TABLE)) return null;
  return sql.exec<{ version: number }>(`SELECT version FROM ${VERSION_TABLE}`).toArray()[0]?.version ?? null;
}

/** Records the schema's current version (call it where the object creates its tables). */
export function markVersion(sql: SqlStorage, schema: StorageSchema): void {
  sql.exec(
    `CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`,
  );
  sql.exec(`INSERT OR REPLACE INTO ${VERSION_TABLE} (id, version) VALUES (1, ?)`, schema.version);
}

/**
 * Brings the object's storage to the schema's version: the steps from the stored version (1 when
 * none is recorded), then the version row. Storage with no table of its own is left empty. The
 * version the storage had (null: empty).
 */
export function upgradeStorage(sql: SqlStorage, schema: StorageSchema): number | null {
  const shape = readShape(sql);
  if (shape.size === 0) return null;
  const from = storedVersion(sql, shape) ?? 1;
  // Newer storage (a rollback moved the object back to this release) is read as it is.
  if (from >= schema.version) return from;
  for (const statement of upgradeStatements(schema, from, shape)) sql.exec(statement);
  markVersion(sql, schema);
  return from;
}
