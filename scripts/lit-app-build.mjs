// The one build of the project's Lit apps (the dashboard, the point of sale): `<name>/main.ts`
// bundled by Rollup (Lit's production build, minified) into one ES module, `<name>.js`, plus the
// app's static files (its stylesheet with the shared page-styles/ it imports bundled in:
// page-build.mjs), into dist/public/<name>/. Nothing inline, nothing from
// another origin: each app runs under the strict Content-Security-Policy of public-headers/_headers.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import typescript from "@rollup/plugin-typescript";
import { rollup } from "rollup";
import { writeStaticFiles } from "./page-build.mjs";
import { ROOT } from "./servers.mjs";

/** Builds the app in folder `name` (with its tsconfig.json) into dist/public/<name>/; returns the output folder. */
export async function buildLitApp(name, files = ["index.html", `${name}.css`, "favicon.svg"]) {
  const source = join(ROOT, name);
  const out = join(ROOT, "dist", "public", name);
  const config = {
    input: join(source, "main.ts"),
    output: { file: join(out, `${name}.js`), format: "es", sourcemap: true },
    plugins: [
      nodeResolve({ browser: true, exportConditions: ["browser", "production"] }),
      typescript({
        tsconfig: join(source, "tsconfig.json"),
        noEmit: false,
        noEmitOnError: true,
        sourceMap: true,
        inlineSources: false,
        outputToFilesystem: false,
      }),
      terser({ module: true, ecma: 2022, compress: { passes: 2 }, format: { comments: false } }),
    ],
  };
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  process.chdir(ROOT);
  const bundle = await rollup({
    ...config,
    onwarn: (warning) => {
      throw new Error(`rollup: ${warning.message}`);
    },
  });
  await bundle.write(config.output);
  await bundle.close();
  await writeStaticFiles(source, out, files);
  const kb = (file) => {
    const bytes = readFileSync(join(out, file));
    return `${(bytes.length / 1024).toFixed(1)} KB (${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB gzip)`;
  };
  console.log(`${name}: built ${out}: ${name}.js ${kb(`${name}.js`)}, ${name}.css ${kb(`${name}.css`)}`);
  return out;
}
