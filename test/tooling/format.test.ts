import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PRETTIER = join(ROOT, "node_modules", "prettier", "bin", "prettier.cjs");

/**
 * The formatter check of `npm run lint` (`prettier --check` with the project's .prettierrc.json) on
 * the given files. The fixtures are in .prettierignore, so the project's own check leaves them
 * alone; --ignore-path of an empty list lets this test read them with the same settings.
 */
function checkFormat(...files: string[]) {
  const run = spawnSync(process.execPath, [PRETTIER, "--check", "--ignore-path", "/dev/null", ...files], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the formatter check of npm run lint", () => {
  it("fails on code that is not formatted, and names the file", () => {
    const { status, output } = checkFormat("test/tooling/fixtures/format/unformatted.ts");
    expect(status).toBe(1);
    expect(output).toContain("test/tooling/fixtures/format/unformatted.ts");
  });

  it("passes the same code formatted", () => {
    const { status, output } = checkFormat("test/tooling/fixtures/format/formatted.ts");
    expect(output).toContain("All matched files use Prettier code style!");
    expect(status).toBe(0);
  });

  it("passes the whole tree, as npm run lint checks it", () => {
    const run = spawnSync(process.execPath, [PRETTIER, "--check", "."], { cwd: ROOT, encoding: "utf8" });
    expect(`${run.stdout}${run.stderr}`).toContain("All matched files use Prettier code style!");
    expect(run.status).toBe(0);
  });
});
