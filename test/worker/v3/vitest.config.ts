import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      miniflare: { compatibilityDate: "2026-11-01", compatibilityFlags: ["nodejs_compat"] },
    }),
  ],
  test: { name: "v3", include: ["**/*.test.ts"], globalSetup: ["./support/estimate-server.ts"] },
});
