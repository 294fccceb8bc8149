import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** scripts/check-circles.mjs (as `npm run lint` runs it) on the given folders. */
function checkCircles(...folders: string[]) {
  const run = spawnSync(process.execPath, ["scripts/check-circles.mjs", ...folders], { cwd: ROOT, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the import-circle check of npm run lint", () => {
  it("fails on two modules that import each other's types, and names both", () => {
    const { status, output } = checkCircles("test/tooling/fixtures/circle");
    expect(status).toBe(1);
    expect(output).toMatch(
      /fixtures\/circle\/(order|payment)\.ts -> test\/tooling\/fixtures\/circle\/(payment|order)\.ts/,
    );
    expect(output).toContain("Import circle(s) above");
  });

  it("passes the same modules without the circle", () => {
    const { status, output } = checkCircles("test/tooling/fixtures/no-circle");
    expect(output).not.toContain("Import circle");
    expect(status).toBe(0);
  });

  it("finds no circle in worker/, widget/ and cli/", () => {
    const { status, output } = checkCircles();
    expect(output).toContain("no circular dependency");
    expect(status).toBe(0);
  });
});
