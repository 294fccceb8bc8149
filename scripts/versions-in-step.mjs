#!/usr/bin/env node
// One version for the whole product (docs/versioning.md): the element's npm package
// (packages/element/package.json) carries the version of the repository's package.json, which
// changesets bumps (`npm run release:version`). `--check` (part of `npm run lint`) fails when they
// differ; `--write` copies the version over.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./servers.mjs";

const ELEMENT = join(ROOT, "packages", "element", "package.json");
const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
const text = readFileSync(ELEMENT, "utf8");
const element = JSON.parse(text);

if (process.argv.includes("--write")) {
  if (element.version !== version)
    writeFileSync(ELEMENT, text.replace(/"version": "[^"]*"/, `"version": "${version}"`));
  console.log(`@crypto-checkout/element ${version}`);
} else if (element.version !== version) {
  console.error(
    `packages/element/package.json is ${element.version}, the product is ${version}: run node scripts/versions-in-step.mjs --write`,
  );
  process.exit(1);
}
