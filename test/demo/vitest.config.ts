import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The demo page's pure logic (demo/src), in Node: no Worker, no browser, no DOM. Run from the
// repository root:
//   npx vitest run --config test/demo/vitest.config.ts
export default defineConfig({
  test: {
    name: "demo",
    environment: "node",
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["test/demo/**/*.test.ts"],
  },
});
