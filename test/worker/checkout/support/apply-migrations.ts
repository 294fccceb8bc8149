/**
 * Applies the D1 migrations (read by vitest.config.ts) before each test file: the shop registry's
 * (worker/checkout/migrations) and the payments ledger's (worker/checkout/migrations/ledger);
 * applied ones are skipped.
 */
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

const bindings = env as unknown as {
  DB: D1Database;
  LEDGER: D1Database;
  TEST_MIGRATIONS: D1Migration[];
  TEST_LEDGER_MIGRATIONS: D1Migration[];
};
await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS);
await applyD1Migrations(bindings.LEDGER, bindings.TEST_LEDGER_MIGRATIONS);
