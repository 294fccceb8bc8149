// One static page of dist/public/ as the demo, the refund page and the receipt page are built: the
// page's src/main.ts bundled by esbuild into one script (minified, with a linked source map) and its
// other files copied as they are, into a folder emptied first. Nothing inline, so that each page
// works under the strict Content-Security-Policy it is served with (public-headers/_headers).
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { ROOT } from "./servers.mjs";

/**
 * Builds `dist/public/<out>/` from the folder `source`: `<script>` from `source/src/main.ts`, then
 * `files` copied. `define`: esbuild's compile-time constants.
 */
export async function buildStaticPage({ source, out, script, files, define = {} }) {
  const from = join(ROOT, source);
  const to = join(ROOT, "dist", "public", out);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  await build({
    entryPoints: [join(from, "src", "main.ts")],
    outfile: join(to, script),
    bundle: true,
    format: "esm",
    target: "es2022",
    minify: true,
    sourcemap: "linked",
    tsconfig: join(from, "tsconfig.json"),
    define,
    legalComments: "none",
    logLevel: "warning",
  });
  for (const file of files) copyFileSync(join(from, file), join(to, file));
  return to;
}
