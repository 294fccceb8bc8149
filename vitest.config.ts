import { defineConfig } from "vitest/config";

// The workerd suites: one project per Worker, each with its own config beside its tests.
// Console output of passing tests (the Workers' JSON request logs) is kept out of the report.
export default defineConfig({
  test: {
    projects: ["test/worker/*/vitest.config.ts"],
    silent: "passed-only",
  },
});
