import { defineConfig } from "vitest/config";

// The workerd suites: one project per Worker, each with its own config beside its tests.
export default defineConfig({
  test: {
    projects: ["test/worker/*/vitest.config.ts"],
  },
});
