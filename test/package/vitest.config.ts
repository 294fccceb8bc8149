import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The npm packages, in Node. The element's (scripts/build-package.mjs): built and packed once
// (global-setup.ts), checked as a registry would receive it (package.test.ts) and installed into
// scratch apps of each framework that are type-checked, built and run in Chromium (apps.test.ts).
// The console's (scripts/build-console.mjs): built, packed, checked and installed into an empty
// folder where it runs on Node 20, 22 and 24 and against a sandbox (console.test.ts). Both are
// checked with publint and @arethetypeswrong/cli. Run from the repository root:
//   npx vitest run --config test/package/vitest.config.ts
export default defineConfig({
  test: {
    name: "package",
    environment: "node",
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["test/package/**/*.test.ts"],
    globalSetup: ["test/package/global-setup.ts"],
    // Building and packing take a while on a shared machine; so does type-checking React's and Vue's types.
    hookTimeout: 180_000,
    testTimeout: 120_000,
  },
});
