/** Applies the shop registry's D1 migrations (worker/checkout/migrations, read by vitest.config.ts) before each test file; applied ones are skipped. */
import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

const bindings = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS);
