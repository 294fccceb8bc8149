#!/usr/bin/env node
// Fails when the modules of worker/, widget/, dashboard/ or cli/ import each other in a circle, type imports
// included (dpdm reads `import type` as an arrow, as a reader of the code does). Part of
// `npm run lint`. Usage: node scripts/check-circles.mjs [folder ...]   (default: the four)
// Each circle is printed as the chain of files that closes it.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./servers.mjs";

export const CHECKED_FOLDERS = ["worker", "widget", "dashboard", "cli"];
const DPDM = join(ROOT, "node_modules", "dpdm", "lib", "bin", "dpdm.js");

const folders = process.argv.slice(2);
const globs = (folders.length ? folders : CHECKED_FOLDERS).map((folder) => `${folder}/**/*.{ts,mts,mjs,js}`);
const run = spawnSync(
  process.execPath,
  [
    DPDM,
    "--no-tree",
    "--no-warning",
    "--no-progress",
    "--circular",
    "--exit-code",
    "circular:1",
    "--exclude",
    "node_modules",
    ...globs,
  ],
  { cwd: process.cwd(), encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" } },
);
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
if (run.status !== 0)
  console.error(
    `\nImport circle(s) above: move what both sides need into a module of its own, or pass it as a parameter.`,
  );
process.exit(run.status ?? 1);
