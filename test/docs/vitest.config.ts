import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The docs as printed: every shell block of README.md and docs/*.md runs against one demo (the
// three servers `npm run demo` starts, on free ports), or is marked illustrative. Run from the
// repository root:
//   npx vitest run --config test/docs/vitest.config.ts    (or: npm run test:docs)
export default defineConfig({
  test: {
    name: "docs",
    environment: "node",
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["test/docs/**/*.test.ts"],
    globalSetup: ["test/docs/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
  },
});
