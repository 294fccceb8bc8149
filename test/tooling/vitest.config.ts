import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The repository's own checks, in Node: that `npm run lint` refuses an import circle, a forbidden
// import across a boundary, and binding types that drifted from wrangler.toml. Run from the root:
//   npx vitest run --config test/tooling/vitest.config.ts
export default defineConfig({
  test: {
    name: "tooling",
    environment: "node",
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["test/tooling/**/*.test.ts"],
    // ESLint, dpdm and wrangler each start in a few seconds, longer on a shared machine.
    testTimeout: 120_000,
  },
});
