#!/usr/bin/env node
// Builds the HTTP API's reference page into dist/public/docs/api/ (index.html, reference.css) from
// docs/openapi.json (scripts/api-reference.mjs renders it). Served by the Worker's asset layer at
// /docs/api/ with the strict Content-Security-Policy of public-headers/_headers.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderReference } from "./api-reference.mjs";
import { DOCUMENT } from "./openapi.mjs";
import { ROOT } from "./servers.mjs";

const out = join(ROOT, "dist", "public", "docs", "api");
mkdirSync(out, { recursive: true });
const files = renderReference(JSON.parse(readFileSync(DOCUMENT, "utf8")));
for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text);
console.log(
  `API reference: ${Object.keys(files)
    .map((name) => `dist/public/docs/api/${name}`)
    .join(", ")}`,
);
