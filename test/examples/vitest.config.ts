import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The examples' tests (examples/shop-backend), in Node. Run from the repository root:
//   npx vitest run --config test/examples/vitest.config.ts
export default defineConfig({
  test: {
    name: "examples",
    environment: "node",
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["test/examples/**/*.test.ts"],
  },
});
