/**
 * The element's npm package as `npm pack` makes it from a fresh build (scripts/build-package.mjs):
 * what it holds (entries, types, manifest, README; no tests, secrets, demo or Worker code), its
 * package.json (publint finds nothing to fix), a manifest that agrees with the typings, and the
 * framework examples type-checked against the packed files, as an app installing it would.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { LANGUAGES } from "../../widget/locales/languages.js";
import { REFERENCE_MARKER, withReference } from "../../scripts/package-readme.mjs";
import { demoSecrets, FORBIDDEN_PATH, KEY_MATERIAL, type Pack } from "./packed-checks.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

interface Manifest {
  modules: {
    path: string;
    declarations: {
      name: string;
      tagName?: string;
      customElement?: boolean;
      attributes?: { name: string }[];
      events?: { name: string }[];
    }[];
    exports: { kind: string; name: string; declaration: { name: string; module: string } }[];
  }[];
}

let work: string;
let tarball: string;
let pack: Pack;
/** The app: node_modules with the unpacked tarball and the frameworks' types. */
let app: string;
let installed: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "crypto-checkout-package-test-"));
  [pack] = JSON.parse(inject("packJson")) as [Pack];
  tarball = join(inject("packWork"), pack.filename);

  app = join(work, "app");
  installed = join(app, "node_modules", "@crypto-checkout", "element");
  mkdirSync(join(app, "node_modules", "@crypto-checkout"), { recursive: true });
  mkdirSync(join(app, "node_modules", "@types"), { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", join(app, "node_modules", "@crypto-checkout")]);
  renameSync(join(app, "node_modules", "@crypto-checkout", "package"), installed);
  for (const dependency of ["lit", "preact", "vue", join("@types", "react")])
    symlinkSync(join(root, "node_modules", dependency), join(app, "node_modules", dependency), "dir");
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "shop-app", private: true, type: "module" }));
  for (const example of readdirSync(join(root, "examples", "frameworks")).filter((f) => /\.tsx?$/.test(f))) {
    writeFileSync(join(app, example), readFileSync(join(root, "examples", "frameworks", example)));
  }
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Every language but English (bundled in the element's chunk) has a chunk of its own. */
const TRANSLATIONS = LANGUAGES.filter((tag) => tag !== "en");
const packedPaths = () => pack.files.map((f) => f.path).sort();
const readPacked = (path: string) => readFileSync(join(installed, path), "utf8");

describe("the packed files", () => {
  it("are the entries, their types, the chunks, the manifest, the README and package.json, and nothing else", () => {
    const allowed = [
      /^(index|class|react|preact|vue)\.js$/,
      /^(index|class|react|preact|vue)\.d\.ts$/,
      /^chunks\/crypto-checkout-[\w-]+\.js$/,
      /^chunks\/setup-warnings-[\w-]+\.js$/,
      // the refund mode (its address checks bundled in) and its catalogs, refund-<tag>
      /^chunks\/refund-mode-[\w-]+\.js$/,
      ...TRANSLATIONS.map((tag) => new RegExp(`^chunks/(refund-)?${tag}-[\\w-]+\\.js$`)),
      /^chunks\/[\w-]+\.d\.ts$/,
      /^custom-elements\.json$/,
      /^README\.md$/,
      /^LICENSE$/,
      /^package\.json$/,
    ];
    const paths = packedPaths();
    expect(paths.filter((p) => !allowed.some((pattern) => pattern.test(p)))).toEqual([]);
    for (const required of [
      "index.js",
      "class.js",
      "index.d.ts",
      "class.d.ts",
      "react.d.ts",
      "preact.d.ts",
      "vue.d.ts",
      "custom-elements.json",
      "react.js",
      "preact.js",
      "vue.js",
      "README.md",
      "LICENSE",
      "package.json",
    ]) {
      expect(paths).toContain(required);
    }
    for (const tag of TRANSLATIONS) {
      expect(
        paths.filter((p) => p.startsWith(`chunks/${tag}-`)),
        tag,
      ).toHaveLength(1);
      expect(
        paths.filter((p) => p.startsWith(`chunks/refund-${tag}-`)),
        `refund ${tag}`,
      ).toHaveLength(1);
    }
    expect(pack.name).toBe("@crypto-checkout/element");
  });

  it("hold no tests, demo, Worker code, source maps or TypeScript sources", () => {
    expect(packedPaths().filter((p) => FORBIDDEN_PATH.test(p))).toEqual([]);
    // Every import stays inside the package, or names a dependency (lit) or a framework whose
    // types the typings extend: no repository path, no Worker module.
    const imports = packedPaths()
      .filter((p) => p.endsWith(".js") || p.endsWith(".d.ts"))
      .flatMap((p) => ts.preProcessFile(readPacked(p), true, true).importedFiles.map((f) => [p, f.fileName] as const));
    const outside = imports.filter(([from, specifier]) => {
      if (!specifier.startsWith(".")) return !/^(lit|react|preact|vue)$/.test(specifier);
      const target = posix
        .join(posix.dirname(from), specifier)
        .replace(/\.js$/, from.endsWith(".d.ts") ? ".d.ts" : ".js");
      return !packedPaths().includes(target);
    });
    expect(imports.length).toBeGreaterThan(10);
    expect(outside.map(([from, specifier]) => `${from}: ${specifier}`)).toEqual([]);
  });

  it("hold no secret: none of the demo's local secrets, no key material", () => {
    const secrets = demoSecrets(root);
    expect(secrets.length).toBeGreaterThan(0);
    for (const path of packedPaths()) {
      const text = readPacked(path);
      for (const secret of secrets)
        expect(text.includes(secret), `${path} holds a value of .dev.vars.example`).toBe(false);
      expect(text, path).not.toMatch(KEY_MATERIAL);
    }
  });
});

describe("package.json", () => {
  const pkg = () =>
    JSON.parse(readPacked("package.json")) as Record<string, unknown> & {
      exports: Record<string, string | Record<string, string>>;
      dependencies: Record<string, string>;
    };

  it("stays private until it is released, and is otherwise ready to publish (publint)", async () => {
    expect(pkg().private).toBe(true);
    const { messages } = await publint({ pkgDir: installed, level: "suggestion", strict: true });
    expect(messages.map((m) => `${m.type} ${m.code} ${m.path.join(".")}`)).toEqual([]);
  });

  it("has types that resolve as each entry's JavaScript does (@arethetypeswrong/cli, on the tarball; an ES module package)", () => {
    const attw = join(root, "node_modules", ".bin", "attw");
    const run = spawnSync(attw, ["--profile", "esm-only", "--format", "json", tarball], { encoding: "utf8" });
    const report = JSON.parse(run.stdout) as {
      analysis: { entrypoints: Record<string, unknown> };
      problems?: Record<string, { resolutionKind?: string }[]>;
    };
    const counted = Object.values(report.problems ?? {})
      .flat()
      .filter((p) => p.resolutionKind !== "node10" && p.resolutionKind !== "node16-cjs");
    expect(counted).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints)).toEqual(
      expect.arrayContaining([".", "./class", "./react", "./vue"]),
    );
    expect(run.status, run.stderr).toBe(0);
  });

  it("names the license (MIT, the repository's LICENSE shipped), the repository, its homepage and where bugs go", () => {
    expect(pkg().license).toBe("MIT");
    expect(readPacked("LICENSE")).toBe(readFileSync(join(root, "LICENSE"), "utf8"));
    expect(readPacked("LICENSE")).toContain("Copyright (c) 2026 crypto-checkout contributors");
    expect(pkg().repository).toMatchObject({ type: "git", directory: "packages/element" });
    expect(pkg().homepage).toMatch(/^https:\/\//);
    expect(pkg().bugs).toMatchObject({ url: expect.stringMatching(/^https:\/\//) });
  });

  it("exports the registering entry, the class entry, the typings and the manifest, each to a packed file", () => {
    const { exports } = pkg();
    expect(Object.keys(exports)).toEqual([
      ".",
      "./class",
      "./react",
      "./preact",
      "./vue",
      "./custom-elements.json",
      "./package.json",
    ]);
    const targets = Object.values(exports).flatMap((target) =>
      typeof target === "string" ? [target] : Object.values(target),
    );
    expect(targets.map((t) => t.replace(/^\.\//, "")).filter((t) => !packedPaths().includes(t))).toEqual([]);
    expect(exports["."]).toEqual({ types: "./index.d.ts", default: "./index.js" });
    expect(exports["./class"]).toEqual({ types: "./class.d.ts", default: "./class.js" });
    for (const framework of ["react", "preact", "vue"]) {
      expect(exports[`./${framework}`]).toEqual({ types: `./${framework}.d.ts`, default: `./${framework}.js` });
      expect(readPacked(`${framework}.js`)).toMatch(/^export \{\};$/m);
    }
    expect(pkg().sideEffects).toEqual(["./index.js"]);
    expect(pkg().customElements).toBe("custom-elements.json");
  });

  it("depends on the lit the element is built and tested with, and on nothing else", () => {
    const rootLit = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> }
    ).dependencies.lit;
    expect(pkg().dependencies).toEqual({ lit: `^${rootLit}` });
    expect(pkg().devDependencies).toBeUndefined();
    // No peers: an app on React 17 or 18, or on Vue below 3.3, installs it without flags.
    expect(pkg().peerDependencies).toBeUndefined();
    expect(pkg().scripts).toBeUndefined();
  });
});

/** A program over the examples copied into the app, resolving the package from its node_modules. */
function compileApp(resolution: "Bundler" | "NodeNext"): { program: ts.Program; diagnostics: string[] } {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: resolution === "Bundler" ? ts.ModuleKind.ESNext : ts.ModuleKind.NodeNext,
    moduleResolution: resolution === "Bundler" ? ts.ModuleResolutionKind.Bundler : ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    jsx: ts.JsxEmit.ReactJSX,
    jsxImportSource: "react",
  };
  const files = readdirSync(app)
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(app, f));
  const program = ts.createProgram(files, options);
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    // The app's files and the package's; the frameworks' own declarations (symlinked, so outside
    // the app by their real paths) are theirs to check.
    .filter((d) => !d.file || d.file.fileName.startsWith(`${app}/`))
    .map(
      (d) => `${d.file ? relative(app, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
  return { program, diagnostics };
}

describe("the typings, as an app installing the package sees them", () => {
  for (const resolution of ["Bundler", "NodeNext"] as const) {
    it(`type-check the React 19, Preact and Vue examples (moduleResolution ${resolution}), mistakes caught`, () => {
      const { program, diagnostics } = compileApp(resolution);
      expect(diagnostics).toEqual([]);
      const resolved = program
        .getSourceFiles()
        .map((f) => relative(app, f.fileName))
        .filter((f) => f.startsWith("node_modules/@crypto-checkout/"));
      expect(resolved).toEqual(
        expect.arrayContaining([
          "node_modules/@crypto-checkout/element/index.d.ts",
          "node_modules/@crypto-checkout/element/react.d.ts",
          "node_modules/@crypto-checkout/element/preact.d.ts",
          "node_modules/@crypto-checkout/element/vue.d.ts",
        ]),
      );
    });
  }

  it("name the attributes and events custom-elements.json lists, the element defined by index.js, declared in class.js", () => {
    const manifest = JSON.parse(readPacked("custom-elements.json")) as Manifest;
    const declared = manifest.modules.find((m) => m.path === "class.js")?.declarations.find((d) => d.customElement);
    expect(declared?.tagName).toBe("crypto-checkout");
    const definition = manifest.modules
      .find((m) => m.path === "index.js")
      ?.exports.find((e) => e.kind === "custom-element-definition");
    expect(definition).toEqual({
      kind: "custom-element-definition",
      name: "crypto-checkout",
      declaration: { name: "CryptoCheckout", module: "class.js" },
    });

    const { program } = compileApp("Bundler");
    const checker = program.getTypeChecker();
    const exported = (name: string) => {
      const entry = program.getSourceFile(join(installed, "index.d.ts"));
      const symbol = entry && checker.getSymbolAtLocation(entry);
      const found = symbol && checker.getExportsOfModule(symbol).find((s) => s.name === name);
      if (!found) throw new Error(`index.d.ts exports no ${name}`);
      return checker.getDeclaredTypeOfSymbol(
        found.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(found) : found,
      );
    };
    const attributes = checker.getPropertiesOfType(exported("CryptoCheckoutAttributes")).map((p) => p.name);
    const events = (exported("CheckoutEventName") as ts.UnionType).types.map((t) => (t as ts.StringLiteralType).value);
    expect(attributes.sort()).toEqual((declared?.attributes ?? []).map((a) => a.name).sort());
    expect(events.sort()).toEqual((declared?.events ?? []).map((e) => e.name).sort());
  });
});

describe("the README", () => {
  it("stands alone: install, both ways to load, the frameworks, a link to the documentation; its reference is the manifest's", () => {
    const readme = readPacked("README.md");
    for (const text of [
      "npm install @crypto-checkout/element",
      "widget.js",
      "## Frameworks",
      "React 18",
      "Vue",
      "https://",
    ])
      expect(readme).toContain(text);
    expect(readme).not.toContain(REFERENCE_MARKER);
    const manifest = JSON.parse(readPacked("custom-elements.json")) as Manifest;
    const declared = manifest.modules.flatMap((m) => m.declarations).find((d) => d.customElement);
    if (!declared) throw new Error("custom-elements.json: no element");
    // Generated, so it cannot drift: the packed README is its template with the manifest's reference.
    const template = readFileSync(join(root, "packages", "element", "README.md"), "utf8");
    expect(readme).toBe(withReference(template, declared));
    for (const a of declared.attributes ?? []) expect(readme).toContain(`| \`${a.name}\` |`);
    for (const e of declared.events ?? []) expect(readme).toContain(`| \`${e.name}\` |`);
    expect(readme).toContain("| `qr` |");
    expect(readme).toContain("| `--checkout-accent-color` |");
  });
});
