#!/usr/bin/env node
// One version for the whole product (docs/versioning.md): each npm package, the element's
// (packages/element/package.json) and the console's (packages/console/package.json), carries the
// version of the repository's package.json, which changesets bumps (`npm run release:version`).
// `--check` (part of `npm run lint`) fails when one differs; `--write` copies the version over.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./servers.mjs";

const PACKAGES = ["element", "console"];
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const write = process.argv.includes("--write");
let behind = 0;

for (const folder of PACKAGES) {
  const path = join(ROOT, "packages", folder, "package.json");
  const text = readFileSync(path, "utf8");
  const pkg = JSON.parse(text);
  if (write) {
    if (pkg.version !== version) writeFileSync(path, text.replace(/"version": "[^"]*"/, `"version": "${version}"`));
    console.log(`${pkg.name} ${version}`);
  } else if (pkg.version !== version) {
    console.error(
      `packages/${folder}/package.json is ${pkg.version}, the product is ${version}: run node scripts/versions-in-step.mjs --write`,
    );
    behind += 1;
  }
}
if (behind) process.exit(1);
