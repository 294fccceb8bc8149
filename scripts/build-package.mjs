#!/usr/bin/env node
// Builds the npm package of the element, @crypto-checkout/element, into dist/package/ (or the
// directory given as the first argument), ready for `npm pack` / `npm publish`:
//   index.js, class.js, chunks/   the element (rollup.config.mjs, packageConfig): index.js registers
//                                 <crypto-checkout>, class.js only exports it
//   index.d.ts, class.d.ts        their types, bundled (rollup-plugin-dts): no path outside the package
//   react.d.ts, preact.d.ts, vue.d.ts   JSX typings for React and Preact, Vue's GlobalComponents
//   react.js, preact.js, vue.js         empty modules: a value import of a typings entry still builds
//   custom-elements.json          the element's manifest (custom-elements-manifest.config.mjs), with
//                                 the package's own module paths
//   package.json, README.md       from packages/element/; the lit dependency is the repository's own;
//                                 the README's reference section generated from the manifest
//   LICENSE                       the repository's
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { rollup } from "rollup";
import { dts } from "rollup-plugin-dts";
import { isHarmlessWarning, packageConfig } from "../rollup.config.mjs";
import { withReference } from "./package-readme.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const out = resolve(process.argv[2] ?? join("dist", "package"));
const source = join(root, "packages", "element");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const fail = (warning) => {
  if (isHarmlessWarning(warning)) return;
  throw new Error(`rollup: ${warning.message}`);
};
async function build(options) {
  const bundle = await rollup({ ...options, onwarn: fail });
  await bundle.write({ ...options.output, dir: out });
  await bundle.close();
}

await build(packageConfig);
await build({
  input: {
    index: "widget/index.ts",
    class: "widget/class.ts",
    react: "packages/element/react.ts",
    preact: "packages/element/preact.ts",
    vue: "packages/element/vue.ts",
  },
  external: (id) => /^(lit|@lit\/.*|lit\/.*|react|preact|vue)$/.test(id),
  output: { format: "es", entryFileNames: "[name].d.ts", chunkFileNames: "chunks/[name]-[hash].d.ts" },
  plugins: [dts({ tsconfig: "widget/tsconfig.json", compilerOptions: { jsx: 4 /* react-jsx */ } })],
});

// The manifest of the element's sources, its modules renamed to the package's files: the class
// is declared in class.js; index.js defines the tag and re-exports the class.
const cem = spawnSync(
  join(root, "node_modules", ".bin", "cem"),
  ["analyze", "--config", "custom-elements-manifest.config.mjs", "--quiet"],
  { stdio: "inherit" },
);
if (cem.status !== 0) throw new Error("custom-elements-manifest analyzer failed");
const analyzed = JSON.parse(readFileSync(join(root, "custom-elements.json"), "utf8"));
const declaration = analyzed.modules
  .flatMap((m) => m.declarations ?? [])
  .find((d) => d.customElement && d.name === "CryptoCheckout");
if (!declaration) throw new Error("custom-elements.json: no CryptoCheckout declaration");
const classExport = { kind: "js", name: "CryptoCheckout", declaration: { name: "CryptoCheckout", module: "class.js" } };
const manifest = {
  schemaVersion: analyzed.schemaVersion,
  readme: "README.md",
  modules: [
    { kind: "javascript-module", path: "class.js", declarations: [declaration], exports: [classExport] },
    {
      kind: "javascript-module",
      path: "index.js",
      declarations: [],
      exports: [
        {
          kind: "custom-element-definition",
          name: "crypto-checkout",
          declaration: { name: "CryptoCheckout", module: "class.js" },
        },
        classExport,
      ],
    },
  ],
};
writeFileSync(join(out, "custom-elements.json"), `${JSON.stringify(manifest, null, 2)}\n`);

const manifestOf = (dir) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
const pkg = manifestOf(source);
pkg.dependencies = { lit: manifestOf(root).dependencies.lit.replace(/^(?=\d)/, "^") };
writeFileSync(join(out, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
writeFileSync(join(out, "README.md"), withReference(readFileSync(join(source, "README.md"), "utf8"), declaration));
copyFileSync(join(root, "LICENSE"), join(out, "LICENSE"));
for (const framework of ["react", "preact", "vue"])
  writeFileSync(
    join(out, `${framework}.js`),
    `// Types only (${framework}.d.ts); importable at run time too, so that a value import cannot break a build.\nexport {};\n`,
  );
console.log(`${pkg.name} ${pkg.version} in ${out}`);
