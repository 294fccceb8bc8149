/**
 * Every shell block of README.md and docs/*.md, run as printed against a fresh demo (one demo for
 * all documents; the blocks of a document in order, in one shell session), or marked
 * `<!-- doc-test: illustrative: <why> -->`. The ports of the demo are put in place of 8787, 8788
 * and 8789; the console finds the Worker and the sandbox through CRYPTO_CHECKOUT_URL and
 * CRYPTO_CHECKOUT_BASE_URL. What the docs print is checked: comment lines under a command, a
 * console transcript's lines and exit code, a JSON answer shown after the block (each key shown,
 * values equal except ids and times, which are matched by kind).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ROOT } from "../../scripts/servers.mjs";
import { docFile, missingLines, parseShownJson, shapeDifferences, withPorts, type ShellBlock } from "./doc-blocks.js";
import { baselineVariables, runBlock, writeDocFiles, type BlockSession } from "./run-block.js";

// The reference pages run first, in name order, on the fresh demo their recorded answers came from
// (audit ids, versions, shop counts); README.md runs last, since its "Try it on your own page"
// adds a shop to the demo's registry.
const DOCS = [
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => `docs/${name}`),
  "README.md",
];
const demo = inject("demo");
const ports = {
  checkout: Number(new URL(demo.checkoutUrl).port),
  sandbox: Number(new URL(demo.sandboxUrl).port),
  backend: Number(new URL(demo.backendUrl).port),
};
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=\$\(/;
const OTHER_PROCESS = /^\([\w -]+\)\s+/;

function where(block: ShellBlock, line = block.line): string {
  return `${block.file}:${line}`;
}

/** What is wrong with one command's run, as sentences (empty: as printed). */
function problems(
  block: ShellBlock,
  result: { command: ShellBlock["commands"][number]; stdout: string; stderr: string; code: number },
  isLast: boolean,
  blockOutput: string,
): string[] {
  const { command } = result;
  const found: string[] = [];
  const wantCode = command.exitCode ?? 0;
  if (result.code !== wantCode) found.push(`exit code ${result.code}, the docs show ${wantCode}`);
  const both = `${result.stdout}\n${result.stderr}`;
  const expected = command.output.map((line) => withPorts(line, ports));
  // A line as printed, or with the test's ports: what a command reads from a file (wrangler.toml) keeps the printed ones.
  const either = (lines: string[]) => lines.map((line) => [withPorts(line, ports), line]);
  // "(receiver) …": what another process of the block printed (one started with `&`).
  const other = command.output
    .filter((line) => OTHER_PROCESS.test(line))
    .map((line) => line.replace(OTHER_PROCESS, ""));
  const missing = [
    ...missingLines(either(command.output.filter((line) => !OTHER_PROCESS.test(line))), both),
    ...missingLines(either(other), blockOutput),
  ];
  if (missing.length) found.push(`output lacks what the docs print:\n  ${missing.join("\n  ")}`);
  const assigned = ASSIGNMENT.exec(command.text)?.[1];
  if (assigned && (result.stdout.trim() === "" || result.stdout.trim() === "null"))
    found.push(`$${assigned} is empty ("${result.stdout.trim()}")`);
  const following = isLast ? block.followingOutput : undefined;
  const shown = [...expected, block.followingOutput?.text ?? ""].join("\n");
  if (/"error"\s*:\s*\{/.test(result.stdout) && !/error/.test(shown))
    found.push(`answered an error the docs do not show: ${result.stdout.trim().slice(0, 300)}`);
  const shownLines = following?.text.split("\n").filter((line) => line.trim() !== "") ?? [];
  if (following?.lang === "json" && !(shownLines.length > 1 && shownLines.every((line) => line.startsWith("{")))) {
    try {
      const differences = shapeDifferences(parseShownJson(withPorts(following.text, ports)), JSON.parse(result.stdout));
      if (differences.length)
        found.push(
          `differs from the JSON at ${block.file}:${following.line}:\n  ${differences.slice(0, 10).join("\n  ")}`,
        );
    } catch (error) {
      found.push(
        `cannot compare with the JSON at ${block.file}:${following.line}: ${error instanceof Error ? error.message : String(error)}\n${result.stdout.slice(0, 300)}`,
      );
    }
  } else if (following) {
    // Lines the whole block prints, in order: checked once, with the block's last command.
    const lacking = missingLines(either(shownLines), blockOutput);
    if (lacking.length)
      found.push(`output lacks the lines at ${block.file}:${following.line}:\n  ${lacking.join("\n  ")}`);
  }
  return found;
}

for (const path of DOCS) {
  const doc = docFile(path, readFileSync(join(ROOT, path), "utf8"));
  if (!doc.blocks.length) continue;
  describe(path, () => {
    let session: BlockSession;
    beforeAll(async () => {
      // The reader's working folder: the repository's files the blocks read, and the files the page asks to save.
      const cwd = join(ROOT, "node_modules", ".cache", "doc-test", path.replace(/\W+/g, "-"));
      rmSync(cwd, { recursive: true, force: true });
      mkdirSync(cwd, { recursive: true });
      for (const name of [".dev.vars", "wrangler.toml"]) symlinkSync(join(ROOT, name), join(cwd, name));
      writeDocFiles(
        cwd,
        doc.files.map((file) => ({ ...file, text: withPorts(file.text, ports) })),
      );
      const env = {
        ...process.env,
        CRYPTO_CHECKOUT_URL: demo.checkoutUrl,
        CRYPTO_CHECKOUT_BASE_URL: demo.sandboxUrl,
        NO_COLOR: "1",
        FORCE_COLOR: "0",
      };
      session = { dir: join(cwd, ".runs"), cwd, env, baseline: await baselineVariables(env) };
    });

    it("every shell block runs below or is marked illustrative with the reason", () => {
      const unexplained = doc.blocks
        .filter((block) => block.illustrative !== undefined && block.illustrative.trim() === "")
        .map((block) => where(block));
      expect(unexplained, "write <!-- doc-test: illustrative: <why it cannot run against the demo> -->").toEqual([]);
      const empty = doc.blocks
        .filter((block) => block.illustrative === undefined && block.commands.length === 0)
        .map((block) => where(block));
      expect(empty, "shell blocks without a command").toEqual([]);
    });

    doc.blocks.forEach((block, index) => {
      if (block.illustrative !== undefined) return;
      it(`${where(block)} runs as printed`, async () => {
        const commands = block.commands.map((command) => {
          const assigned = ASSIGNMENT.exec(command.text)?.[1];
          const text = withPorts(command.text, ports);
          return { command, text: assigned ? `${text}\nprintf '%s' "$${assigned}"` : text };
        });
        const results = await runBlock(session, index, commands);
        const blockOutput = results.map((result) => `${result.stdout}\n${result.stderr}`).join("\n");
        const report = results.flatMap((result, i) => {
          const found = problems(block, result, i === results.length - 1, blockOutput);
          return found.length
            ? [
                `${where(block, result.command.line)} ${result.command.text.split("\n")[0]}\n${found.join("\n")}\n--- stderr:\n${result.stderr.slice(0, 500)}`,
              ]
            : [];
        });
        expect(report.join("\n\n")).toBe("");
      });
    });
  });
}
