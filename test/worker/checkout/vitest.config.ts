import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { kCurrentWorker } from "miniflare";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_SECRETS, TEST_VARS } from "./support/test-env.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The checkout Worker in workerd, configured by the top-level wrangler.toml. Secrets are given as
// bindings here (never read from .dev.vars); the upstream is an in-isolate stub
// (support/upstream-stub.ts) reached at TEST_VARS.SANDBOX_BASE_URL; static assets come from a
// fixture directory so the tests do not depend on a build. The shop registry and the payments
// ledger (D1) are local; their migrations are applied before each test file
// (support/apply-migrations.ts).
const migrations = await readD1Migrations(here("../../../worker/checkout/migrations"));
const ledgerMigrations = await readD1Migrations(here("../../../worker/checkout/migrations/ledger"));

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: here("../../../worker/checkout/index.ts"),
      wrangler: { configPath: here("../../../wrangler.toml") },
      miniflare: {
        bindings: {
          ...TEST_VARS,
          ...TEST_SECRETS,
          TEST_MIGRATIONS: migrations,
          TEST_LEDGER_MIGRATIONS: ledgerMigrations,
        },
        // The Worker as a browser reaches it: through the asset layer's router, which serves files
        // itself and runs the Worker for wrangler.toml's run_worker_first routes and for misses
        // (routes-assets.test.ts). `exports.default` and `call()` skip that router.
        serviceBindings: { EDGE: kCurrentWorker },
        // The routing (run_worker_first) comes from wrangler.toml; the headers from the fixture
        // directory's _headers, a link to public-headers/_headers.
        assets: { directory: here("fixtures/public"), binding: "ASSETS" },
      },
    }),
  ],
  test: {
    name: "checkout",
    include: ["**/*.test.ts"],
    globalSetup: [here("support/global-setup.ts")],
    setupFiles: [here("support/apply-migrations.ts"), here("support/quiet-webhooks.ts")],
  },
});
