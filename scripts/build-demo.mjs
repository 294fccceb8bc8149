#!/usr/bin/env node
// Builds the demo shop page into dist/public/demo/: demo/src/main.ts bundled by esbuild into
// demo.js, plus the HTML, the CSS and the favicon (SVG) copied as they are. No inline script or style, so the page works
// under the strict Content-Security-Policy it is served with (public-headers/_headers).
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { ROOT } from "./servers.mjs";

const source = join(ROOT, "demo");
const out = join(ROOT, "dist", "public", "demo");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(source, "src", "main.ts")],
  outfile: join(out, "demo.js"),
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: "linked",
  tsconfig: join(source, "tsconfig.json"),
  legalComments: "none",
  logLevel: "warning",
});

for (const file of readdirSync(source)) {
  if (/\.(html|css|svg)$/.test(file)) copyFileSync(join(source, file), join(out, file));
}
console.log(`demo: built ${out}`);
