import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      miniflare: { compatibilityDate: "2026-04-20", compatibilityFlags: ["nodejs_compat"] },
    }),
  ],
  test: { name: "v3", include: ["**/*.test.ts"], globalSetup: ["./support/estimate-server.ts"] },
});
