import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_SECRETS, TEST_VARS } from "./support/test-env.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The checkout Worker in workerd, configured by the top-level wrangler.toml. Secrets are given as
// bindings here (never read from .dev.vars); the upstream is an in-isolate stub
// (support/upstream-stub.ts) reached at TEST_VARS.SANDBOX_BASE_URL; static assets come from a
// fixture directory so the tests do not depend on a build.
export default defineConfig({
  plugins: [
    cloudflareTest({
      main: here("../../../worker/checkout/index.ts"),
      wrangler: { configPath: here("../../../wrangler.toml") },
      miniflare: {
        bindings: { ...TEST_VARS, ...TEST_SECRETS },
        assets: { directory: here("fixtures/public"), binding: "ASSETS", routerConfig: { invoke_user_worker_ahead_of_assets: true } },
      },
    }),
  ],
  test: {
    name: "checkout",
    include: ["**/*.test.ts"],
    globalSetup: [here("support/global-setup.ts")],
    setupFiles: [here("support/quiet-webhooks.ts")],
  },
});
