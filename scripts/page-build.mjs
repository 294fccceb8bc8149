// The build of a small static page (the demo, the hosted refund page, the payment link page): its
// script src/main.ts bundled by esbuild into one minified ES module with a linked source map, and
// its HTML, CSS and SVG files copied as they are, into a fresh output folder. Nothing inline, so
// each page works under the strict Content-Security-Policy it is served with.
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/**
 * Builds the page of `source` into `out`: `src/main.ts` (with `source`/tsconfig.json) into
 * `out/<script>`, `define` replacing globals at build time, then every .html, .css and .svg file
 * at the top of `source` copied.
 */
export async function buildPage({ source, out, script, define = {} }) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [join(source, "src", "main.ts")],
    outfile: join(out, script),
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: true,
    sourcemap: "linked",
    tsconfig: join(source, "tsconfig.json"),
    define,
    legalComments: "none",
    logLevel: "warning",
  });
  for (const file of readdirSync(source)) {
    if (/\.(html|css|svg)$/.test(file)) copyFileSync(join(source, file), join(out, file));
  }
}
