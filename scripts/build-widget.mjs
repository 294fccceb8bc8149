#!/usr/bin/env node
// Builds the <crypto-checkout> element into dist/public/:
//   widget.js                 ES module entry (rollup.config.mjs), locale chunks in chunks/
//   widget.<hash>.js          content-hashed twin of widget.js (same bytes; same relative chunk imports)
//   widget-manifest.json      {"file": "widget.<hash>.js", "integrity": "sha384-..."} for SRI embeds
//   custom-elements.json      the element's manifest (also written at the repository root)
//   widget-size.json          minified and gzip -9 sizes
//   _headers                  the asset layer's response headers (copied from public-headers/_headers)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { rollup } from "rollup";
import config, { isHarmlessWarning } from "../rollup.config.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const out = join(root, "dist", "public");
mkdirSync(out, { recursive: true });
for (const name of readdirSync(out)) {
  if (/^widget(\.[0-9a-f]+)?\.js(\.map)?$|^widget-(manifest|size)\.json$|^custom-elements\.json$|^_headers$/.test(name))
    rmSync(join(out, name));
}
rmSync(join(out, "chunks"), { recursive: true, force: true });

const bundle = await rollup({
  ...config,
  onwarn: (warning) => {
    if (isHarmlessWarning(warning)) return;
    throw new Error(`rollup: ${warning.message}`);
  },
});
await bundle.write(config.output);
await bundle.close();

const entry = readFileSync(join(out, "widget.js"));
const hash = createHash("sha256").update(entry).digest("hex").slice(0, 12);
const twin = `widget.${hash}.js`;
writeFileSync(join(out, twin), entry);
const integrity = `sha384-${createHash("sha384").update(entry).digest("base64")}`;
writeFileSync(join(out, "widget-manifest.json"), `${JSON.stringify({ file: twin, integrity }, null, 2)}\n`);

const cem = spawnSync(
  join(root, "node_modules", ".bin", "cem"),
  ["analyze", "--config", "custom-elements-manifest.config.mjs", "--quiet"],
  { stdio: "inherit" },
);
if (cem.status !== 0) throw new Error("custom-elements-manifest analyzer failed");
copyFileSync(join(root, "custom-elements.json"), join(out, "custom-elements.json"));
// The headers of every file in dist/public/ (CORS, caching, nosniff, the demo's CSP): the asset
// layer serves these files without the Worker (wrangler.toml, run_worker_first).
copyFileSync(join(root, "public-headers", "_headers"), join(out, "_headers"));

const size = (file) => {
  const bytes = readFileSync(join(out, file));
  return { file, minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const chunks = readdirSync(join(out, "chunks"))
  .filter((f) => f.endsWith(".js"))
  .map((f) => size(`chunks/${f}`));
// 24 KB plus 128 bytes for the customer's error messages by cause (English bundled) and the
// console's developer message (docs/widget.md, "Errors"); the change saved what it could first.
const sizes = { entry: size("widget.js"), chunks, budgetGzip: 24 * 1024 + 128 };
writeFileSync(join(out, "widget-size.json"), `${JSON.stringify(sizes, null, 2)}\n`);
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
console.log(
  `widget.js ${kb(sizes.entry.minified)} minified, ${kb(sizes.entry.gzip)} gzip -9 (budget ${kb(sizes.budgetGzip)} gzip); twin ${twin}`,
);
for (const c of chunks) console.log(`  ${c.file} ${kb(c.minified)} minified, ${kb(c.gzip)} gzip -9`);
if (sizes.entry.gzip > sizes.budgetGzip) {
  console.error("widget.js is over its size budget");
  process.exit(1);
}
