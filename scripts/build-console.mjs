#!/usr/bin/env node
// Builds the console's npm package, crypto-checkout, into dist/console/ (or the directory given as
// the first argument), ready for `npm pack` / `npm publish`:
//   crypto-checkout.mjs       the `crypto-checkout` command (cli/standalone.ts): one ES module for
//                             Node 20 and newer, made by esbuild, with every library it uses bundled
//                             in, so the package has no dependencies, and no esbuild or TypeScript
//                             at run time; no source map (its stack traces name the functions:
//                             whitespace and syntax are minified, identifiers kept)
//   THIRD-PARTY-LICENSES.md   the license of each bundled library, from its own package
//   package.json, README.md   from packages/console/
//   LICENSE                   the repository's
// The bundle's version is the package's (packages/console/package.json, in step with the product's:
// scripts/versions-in-step.mjs); nothing else of the repository's package.json goes in.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const out = resolve(process.argv[2] ?? join("dist", "console"));
const source = join(root, "packages", "console");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const pkg = JSON.parse(readFileSync(join(source, "package.json"), "utf8"));
const bin = pkg.bin["crypto-checkout"];

/** cli/main.ts reads its version from the repository's package.json: the bundle gets the package's version only. */
const versionOnly = {
  name: "version-only",
  setup(b) {
    b.onLoad({ filter: /[\\/]package\.json$/ }, (args) =>
      args.path === join(root, "package.json")
        ? { contents: `export default ${JSON.stringify({ version: pkg.version })};`, loader: "js" }
        : undefined,
    );
  },
};

const result = await build({
  entryPoints: [join(root, "cli", "standalone.ts")],
  outfile: join(out, bin),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  sourcemap: false,
  metafile: true,
  logLevel: "warning",
  absWorkingDir: root,
  plugins: [versionOnly],
  // ws loads these optional native speed-ups in a try/catch; without them it uses its JavaScript.
  external: ["bufferutil", "utf-8-validate"],
  // The CommonJS libraries bundled in (cli-table3, ws) require() Node's modules: an ES module has
  // no require of its own, so the bundle makes one.
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __consoleRequire } from "node:module";\nconst require = __consoleRequire(import.meta.url);',
  },
});

/** The folder of each library bundled in: the innermost node_modules/<name> (or <scope>/<name>) of every input. */
const libraries = new Map();
for (const input of Object.keys(result.metafile.inputs)) {
  const match = /^(.*node_modules\/)((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match) libraries.set(match[2], join(root, match[1], match[2]));
}
const LICENSE_FILE = /^(licen[cs]e|copying)(\.|-|$)/i;
const notices = [...libraries.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([name, dir]) => {
    const meta = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const file = readdirSync(dir).find((f) => LICENSE_FILE.test(f));
    const repository = typeof meta.repository === "string" ? meta.repository : meta.repository?.url;
    const text = file
      ? readFileSync(join(dir, file), "utf8").trim()
      : `(The package ships no license file; its package.json declares ${meta.license}${repository ? `, its repository is ${repository}` : ""}.)`;
    return `## ${name} ${meta.version} (${meta.license})\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
writeFileSync(
  join(out, "THIRD-PARTY-LICENSES.md"),
  `# Third-party licenses\n\n${pkg.name}'s ${bin} bundles these libraries; each is used under its license below.\n\n${notices.join("\n")}`,
);

writeFileSync(join(out, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
copyFileSync(join(source, "README.md"), join(out, "README.md"));
copyFileSync(join(root, "LICENSE"), join(out, "LICENSE"));
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
console.log(
  `${pkg.name} ${pkg.version} in ${out}${sep}: ${bin} ${(bytes / 1024).toFixed(0)} KiB, ${libraries.size} libraries bundled`,
);
