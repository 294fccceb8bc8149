import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL("../../../worker/sandbox/wrangler.toml", import.meta.url)) },
      // Short retry delays and an immediate payout send, so tests wait on conditions, not on clocks.
      miniflare: { bindings: { NOTIFY_RETRY_BASE_MS: "20", NOTIFY_RETRY_MAX_MS: "100", NOTIFY_MAX_ATTEMPTS: "4", PAYOUT_SEND_DELAY_SECONDS: "0" } },
    }),
  ],
  test: { name: "sandbox", include: ["**/*.test.ts"] },
});
