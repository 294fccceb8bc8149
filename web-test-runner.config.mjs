// @web/test-runner: the element's tests in real Chromium (Debian's /usr/bin/chromium, or CHROME_PATH).
import { mkdirSync, writeFileSync } from "node:fs";
import { chromeLauncher } from "@web/test-runner-chrome";
import { esbuildPlugin } from "@web/dev-server-esbuild";
import { defaultReporter, summaryReporter } from "@web/test-runner";

/** Writes {numPassedTests, numFailedTests, numPendingTests} for scripts/test-all.mjs. */
function countsReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 };
      const walk = (suite) => {
        for (const t of suite.tests) {
          if (t.skipped) counts.numPendingTests++;
          else if (t.passed) counts.numPassedTests++;
          else counts.numFailedTests++;
        }
        for (const s of suite.suites) walk(s);
      };
      for (const session of sessions) {
        if (session.testResults) walk(session.testResults);
        if (!session.passed && (session.errors?.length ?? 0) > 0) counts.numFailedTests++;
      }
      mkdirSync(".test-results", { recursive: true });
      writeFileSync(file, JSON.stringify(counts));
    },
  };
}

export default {
  files: ["test/widget/**/*.test.ts"],
  nodeResolve: { browser: true },
  plugins: [esbuildPlugin({ ts: true, target: "es2022", tsconfig: "widget/tsconfig.json" })],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
      },
    }),
  ],
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  reporters: [defaultReporter(), summaryReporter(), countsReporter(".test-results/widget.json")],
};
