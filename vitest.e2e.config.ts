import { defineConfig } from "vitest/config";

// End-to-end flows: real Chromium (playwright-core) against the checkout Worker and the sandbox,
// both started once by the global setup on free loopback ports.
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["test/e2e/**/*.test.ts"],
    globalSetup: ["test/e2e/global-setup.ts"],
    fileParallelism: false,
    retry: 0,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
