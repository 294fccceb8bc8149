// The build of a small static page (the demo, the hosted refund page, the payment link page): its
// script src/main.ts bundled by esbuild into one minified ES module with a linked source map, and
// its HTML and SVG files copied as they are and each stylesheet with its @imports (page-styles/)
// bundled in, into a fresh output folder. Nothing inline, so each page works under the strict
// Content-Security-Policy it is served with.
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/**
 * Builds the page of `source` into `out`: `src/main.ts` (with `source`/tsconfig.json) into
 * `out/<script>`, `define` replacing globals at build time, then every .html, .css and .svg file
 * at the top of `source` written out (`writeStaticFiles`).
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
  await writeStaticFiles(
    source,
    out,
    readdirSync(source).filter((file) => /\.(html|css|svg)$/.test(file)),
  );
}

/**
 * Writes `files` of `source` into `out`: a stylesheet as one file with the stylesheets it
 * @imports (the shared ones of page-styles/) bundled in, so that the page loads one stylesheet;
 * anything else copied as it is.
 */
export async function writeStaticFiles(source, out, files) {
  for (const file of files) {
    if (file.endsWith(".css")) writeFileSync(join(out, file), await bundleStylesheet(join(source, file)));
    else copyFileSync(join(source, file), join(out, file));
  }
}

/**
 * A stylesheet with the stylesheets it @imports bundled in, minified: what the builds write, and
 * what the browser tests' server answers for a page's stylesheet (web-test-runner.config.mjs), so
 * that a test sees the one file a page loads.
 */
export async function bundleStylesheet(path) {
  const result = await build({
    entryPoints: [path],
    bundle: true,
    minify: true,
    write: false,
    legalComments: "none",
    logLevel: "warning",
  });
  return result.outputFiles[0].text;
}
