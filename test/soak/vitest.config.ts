import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The short chaos soak (`npm run soak -- --short`): both Workers started for real by the soak
// itself, about two minutes. Run from the root: npx vitest run --config test/soak/vitest.config.ts
export default defineConfig({
  test: {
    name: "soak",
    environment: "node",
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["test/soak/**/*.test.ts"],
    retry: 0,
    testTimeout: 300_000,
  },
});
