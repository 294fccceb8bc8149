#!/usr/bin/env node
// Builds the merchant's dashboard into dist/public/dashboard/: dashboard/main.ts bundled by Rollup
// (Lit's production build, minified) into one ES module, dashboard.js, plus index.html,
// dashboard.css and the favicon copied as they are. Nothing inline, nothing from another origin:
// the app runs under the strict Content-Security-Policy of public-headers/_headers.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import terser from "@rollup/plugin-terser";
import typescript from "@rollup/plugin-typescript";
import { rollup } from "rollup";
import { ROOT } from "./servers.mjs";

const source = join(ROOT, "dashboard");
const out = join(ROOT, "dist", "public", "dashboard");

/** The dashboard's Rollup build. */
const dashboardConfig = {
  input: join(source, "main.ts"),
  output: { file: join(out, "dashboard.js"), format: "es", sourcemap: true },
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
  ...dashboardConfig,
  onwarn: (warning) => {
    throw new Error(`rollup: ${warning.message}`);
  },
});
await bundle.write(dashboardConfig.output);
await bundle.close();

for (const file of ["index.html", "dashboard.css", "favicon.svg"]) copyFileSync(join(source, file), join(out, file));
const kb = (file) => {
  const bytes = readFileSync(join(out, file));
  return `${(bytes.length / 1024).toFixed(1)} KB (${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB gzip)`;
};
console.log(`dashboard: built ${out}: dashboard.js ${kb("dashboard.js")}, dashboard.css ${kb("dashboard.css")}`);
