/**
 * How long the ledger keeps a payment: LEDGER_RETENTION_DAYS (default 3650, ten years) after its
 * last change, whatever the Durable Objects keep (30 and 90 days). Pruning deletes in bounded
 * steps (an index range on `updated_at`, at most `limit` rows a table per step): the queue
 * consumer adds one step to each batch it writes, and the daily cron (`scheduled()`) runs steps
 * until nothing is left.
 */
import type { Env } from "../env.js";
import { log } from "../http/log.js";
import { retentionDaysMs } from "../rules.js";

export const DEFAULT_LEDGER_RETENTION_DAYS = 3650;
/** Rows a table per pruning step. */
export const PRUNE_STEP_ROWS = 500;
/** Steps of one cron run at most (a backlog larger than this is finished by the next runs). */
const MAX_PRUNE_STEPS = 200;

/** LEDGER_RETENTION_DAYS (a positive number of days, fractions allowed) in milliseconds; default 3650 days. */
export const ledgerRetentionMs = (value: string | undefined): number =>
  retentionDaysMs(value, DEFAULT_LEDGER_RETENTION_DAYS);

/** The statements of one pruning step: rows whose last change is before `cutoff` (epoch ms). */
export function pruneStatements(db: D1Database, cutoff: number, limit = PRUNE_STEP_ROWS): D1PreparedStatement[] {
  return ["ledger_transactions", "ledger_payments", "ledger_refunds"].map((table) =>
    db
      .prepare(
        `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE updated_at < ?1 ORDER BY updated_at LIMIT ?2)`,
      )
      .bind(cutoff, limit),
  );
}

/** Prunes until no row is older than the retention (or MAX_PRUNE_STEPS ran); the rows deleted (0 without a ledger). */
export async function pruneLedger(env: Env, now: number): Promise<number> {
  const db = env.LEDGER;
  if (!db) return 0;
  const cutoff = now - ledgerRetentionMs(env.LEDGER_RETENTION_DAYS);
  let deleted = 0;
  for (let step = 0; step < MAX_PRUNE_STEPS; step += 1) {
    const results = await db.batch(pruneStatements(db, cutoff));
    deleted += results.reduce((sum, r) => sum + r.meta.changes, 0);
    if (results.every((r) => r.meta.changes < PRUNE_STEP_ROWS)) break;
  }
  if (deleted) log("info", "ledger_pruned", { rows: deleted, before: new Date(cutoff).toISOString() });
  return deleted;
}
