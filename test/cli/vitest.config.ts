import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The merchant CLI (cli/), run as a process against the real sandbox that the global setup starts.
// Run from the repository root:
//   npx vitest run --config test/cli/vitest.config.ts    (or: npm run test:cli)
export default defineConfig({
  test: {
    name: "cli",
    environment: "node",
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["test/cli/**/*.test.ts"],
    globalSetup: ["test/cli/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
