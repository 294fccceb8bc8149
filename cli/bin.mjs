#!/usr/bin/env node
// The `crypto-checkout` command (package.json "bin"). The CLI is TypeScript (cli/main.ts, on the
// Worker's v3 client in worker/v3); Node 20 cannot run TypeScript, so this launcher bundles it with
// esbuild (a devDependency of the repository) into node_modules/.cache/crypto-checkout-cli/, when
// that bundle is missing or older than any file it was built from, then imports it. A bundle is
// written to a temporary name and renamed, so that two commands started at once never read half a
// file. docs/cli.md, "How it runs".
import process from "node:process";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = join(ROOT, "node_modules", ".cache", "crypto-checkout-cli");
const BUNDLE = join(CACHE, "main.mjs");
const INPUTS = join(CACHE, "inputs.json");
const ENTRY = join(ROOT, "cli", "main.ts");

/** Whether the bundle is missing or any recorded input (or this launcher) is newer than it. */
function stale() {
  if (!existsSync(BUNDLE) || !existsSync(INPUTS)) return true;
  const built = statSync(BUNDLE).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(INPUTS, "utf8"));
  } catch {
    return true;
  }
  for (const file of [...inputs, fileURLToPath(import.meta.url)]) {
    const path = resolve(ROOT, file);
    if (!existsSync(path) || statSync(path).mtimeMs > built) return true;
  }
  return false;
}

async function build() {
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch {
    process.stderr.write("crypto-checkout: esbuild is missing; run `npm install` in the repository first.\n");
    process.exit(2);
  }
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    metafile: true,
    write: false,
    outfile: BUNDLE,
    sourcemap: "inline",
    logLevel: "silent",
    absWorkingDir: ROOT,
  });
  mkdirSync(CACHE, { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  writeFileSync(BUNDLE + suffix, result.outputFiles[0].contents);
  writeFileSync(INPUTS + suffix, JSON.stringify(Object.keys(result.metafile.inputs)));
  renameSync(INPUTS + suffix, INPUTS);
  renameSync(BUNDLE + suffix, BUNDLE);
}

if (stale()) {
  try {
    await build();
  } catch (error) {
    process.stderr.write(
      `crypto-checkout: could not build cli/main.ts:\n${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(2);
  }
}
const { run } = await import(pathToFileURL(BUNDLE).href);
process.exitCode = await run(process.argv.slice(2), { root: ROOT });
