#!/usr/bin/env node
// Runs every check and test suite in order, then prints one line summed over all of them:
// "N passed, N failed, N skipped". Each vitest/web-test-runner suite writes a JSON summary to
// .test-results/<suite>.json; a step without one (typecheck, lint, build) counts as one check.
// Usage: node scripts/test-all.mjs [suite ...]   (default: every suite; --help lists them)
import { spawn } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";

const results = ".test-results";
const suites = [
  { name: "chromium", cmd: ["bash", "scripts/ensure-browsers.sh", "chromium"] },
  { name: "firefox", cmd: ["bash", "scripts/ensure-browsers.sh", "firefox"] },
  { name: "webkit", cmd: ["bash", "scripts/ensure-browsers.sh", "webkit"] },
  { name: "typecheck", cmd: ["npm", "run", "-s", "typecheck"] },
  { name: "lint", cmd: ["npm", "run", "-s", "lint"] },
  { name: "build", cmd: ["npm", "run", "-s", "build"] },
  {
    name: "worker",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/worker.json`,
    ],
    report: "worker.json",
  },
  {
    name: "examples",
    beside: "worker",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "test/examples/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/examples.json`,
    ],
    report: "examples.json",
  },
  {
    name: "demo",
    beside: "worker",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "test/demo/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/demo.json`,
    ],
    report: "demo.json",
  },
  {
    name: "cli",
    beside: "worker",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "test/cli/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/cli.json`,
    ],
    report: "cli.json",
  },
  {
    name: "tooling",
    beside: "worker",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "test/tooling/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/tooling.json`,
    ],
    report: "tooling.json",
  },
  {
    name: "docs",
    beside: "worker",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "test/docs/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/docs.json`,
    ],
    report: "docs.json",
  },
  {
    name: "package",
    beside: "worker",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "test/package/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/package-test.json`,
    ],
    report: "package-test.json",
  },
  { name: "widget", cmd: ["npx", "web-test-runner", "--config", "web-test-runner.config.mjs"], report: "widget.json" },
  {
    name: "soak",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "test/soak/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/soak.json`,
    ],
    report: "soak.json",
  },
  {
    name: "e2e",
    cmd: [
      "npx",
      "vitest",
      "run",
      "--config",
      "vitest.e2e.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${results}/e2e.json`,
    ],
    report: "e2e.json",
  },
];

/**
 * Passed/failed/skipped per browser engine in a suite's report: web-test-runner's counts reporter
 * writes them as `byEngine`; a vitest test runs in an engine when its name carries "[chromium]",
 * "[firefox]" or "[webkit]".
 */
function engineCounts(report) {
  if (report.byEngine) return report.byEngine;
  const byEngine = {};
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const engine = /\[(chromium|firefox|webkit)\]/.exec(test.fullName ?? "")?.[1];
      if (!engine) continue;
      const counts = (byEngine[engine] ??= { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0 });
      if (test.status === "passed") counts.numPassedTests++;
      else if (test.status === "failed") counts.numFailedTests++;
      else counts.numPendingTests++;
    }
  }
  return byEngine;
}

const only = process.argv.slice(2);
if (only.includes("--help") || only.includes("-h")) {
  console.log("Usage: node scripts/test-all.mjs [suite ...]   (default: every suite, in this order)\n");
  for (const suite of suites) console.log(`  ${suite.name.padEnd(10)} ${suite.cmd.join(" ")}`);
  process.exit(0);
}
const unknown = only.filter((name) => !suites.some((s) => s.name === name));
if (unknown.length) {
  console.error(`Unknown suite: ${unknown.join(", ")} (node scripts/test-all.mjs --help lists them)`);
  process.exit(2);
}
const selected = only.length ? suites.filter((s) => only.includes(s.name)) : suites;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

console.log(`node ${process.version} (${process.execPath})`);
const total = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const failures = [];

/** Each failed test of a suite's report: web-test-runner's counts reporter lists them as `failures`. */
function failedTests(suite, report) {
  if (report.failures)
    return report.failures.map(
      (f) => `${suite} [${f.engine}] ${relative(process.cwd(), f.file)} > ${f.name}: ${f.error}`,
    );
  const failed = [];
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === "failed")
        failed.push(
          `${suite} ${relative(process.cwd(), file.name)} > ${test.fullName}: ${String(test.failureMessages?.[0] ?? "").split("\n")[0]}`,
        );
  return failed;
}
/**
 * Runs one suite; resolves with its summary line(s), its failures and its counts. Its output goes
 * to the terminal, or into `log` (a file) when it runs beside another suite.
 */
function runSuite(suite, log) {
  return new Promise((resolve) => {
    const started = Date.now();
    const out = log ? openSync(log, "a") : "inherit";
    if (log) appendFileSync(log, `\n=== ${suite.name}: ${suite.cmd.join(" ")}\n`);
    else console.log(`\n=== ${suite.name}: ${suite.cmd.join(" ")}`);
    const child = spawn(suite.cmd[0], suite.cmd.slice(1), {
      stdio: ["inherit", out, out],
      env: { ...process.env, FORCE_COLOR: "0" },
    });
    child.on("error", () => undefined);
    child.on("close", (status) => {
      if (log) closeSync(out);
      resolve(tally(suite, status, ((Date.now() - started) / 1000).toFixed(1)));
    });
  });
}

/** A finished suite's counts, summary lines and failed tests, from its report or its exit status. */
function tally(suite, status, seconds) {
  let counts;
  let engines = [];
  const failed = [];
  const reportPath = suite.report ? join(results, suite.report) : undefined;
  if (reportPath && existsSync(reportPath)) {
    const r = JSON.parse(readFileSync(reportPath, "utf8"));
    counts = {
      passed: r.numPassedTests ?? 0,
      failed: r.numFailedTests ?? 0,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
    engines = Object.entries(engineCounts(r))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([engine, c]) => `${engine} ${c.numPassedTests} passed ${c.numFailedTests} failed ${c.numPendingTests} skipped`,
      );
    failed.push(...failedTests(suite.name, r));
    // A runner that exits non-zero without a failed test (a crashed file, an unhandled error) still fails.
    if (status !== 0 && counts.failed === 0) counts.failed = 1;
  } else {
    counts = { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 };
  }
  const lines = [
    `${suite.name.padEnd(10)} ${String(counts.passed).padStart(5)} passed ${String(counts.failed).padStart(4)} failed ${String(counts.skipped).padStart(4)} skipped  ${seconds}s`,
    ...engines.map((line) => `  ${line}`),
  ];
  return { name: suite.name, counts, lines, failed };
}

// The suites marked `beside` run one after another while the suite they name runs (their output
// is shown when both are done): the workerd suite spends much of its time starting a runtime per
// test file, and these wait mostly on processes of their own, so the two share the machine well.
const outcomes = new Map();
const pending = [...selected];
while (pending.length) {
  const suite = pending.shift();
  const lane = pending.filter((s) => s.beside === suite.name);
  if (!lane.length) {
    outcomes.set(suite.name, await runSuite(suite));
    continue;
  }
  for (const s of lane) pending.splice(pending.indexOf(s), 1);
  const log = join(results, `beside-${suite.name}.log`);
  writeFileSync(log, "");
  const besides = (async () => {
    for (const s of lane) outcomes.set(s.name, await runSuite(s, log));
  })();
  outcomes.set(suite.name, await runSuite(suite));
  await besides;
  console.log(`\n=== run beside ${suite.name}: ${lane.map((s) => s.name).join(", ")}`);
  process.stdout.write(readFileSync(log, "utf8"));
}
for (const suite of selected) {
  const { counts, lines: suiteLines, failed } = outcomes.get(suite.name);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  lines.push(...suiteLines);
  failures.push(...failed);
}
console.log("\n=== summary");
for (const line of lines) console.log(line);
if (failures.length) {
  console.log("failed:");
  for (const line of failures) console.log(`  ${line.slice(0, 400)}`);
}
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed === 0 ? 0 : 1);
