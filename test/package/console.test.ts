/**
 * The console's npm package, crypto-checkout, as `npm pack` makes it from a fresh build
 * (scripts/build-console.mjs): its exact files (one bundled command, its README, its licenses,
 * package.json), a bundle that imports nothing but Node's own modules, a package.json that publint
 * and @arethetypeswrong/cli find nothing in, a README whose commands exist; then installed from
 * the tarball into an empty folder outside the repository, where `npx crypto-checkout --help`
 * runs on Node 20, 22 and 24, and a payment is created and read back against a sandbox started
 * for the test.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { delimiter, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startWorker } from "../../scripts/servers.mjs";
import { demoSecrets, FORBIDDEN_PATH, KEY_MATERIAL, type Pack } from "./packed-checks.js";
import { nodeOf, type NodeBinary } from "./node-versions.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const BIN = "crypto-checkout.mjs";

let work: string;
let built: string;
let tarball: string;
let pack: Pack;
/** The empty folder outside the repository the tarball is installed into. */
let app: string;

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown> & {
    version: string;
    bin: Record<string, string>;
    engines: Record<string, string>;
  };
const readBuilt = (path: string) => readFileSync(join(built, path), "utf8");

/** What the command is run with: no variable that picks credentials, no node_modules/.bin of the repository on PATH. */
function appEnv(node: NodeBinary, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("CRYPTO_CHECKOUT_") && !name.startsWith("npm_")),
  );
  const path = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir && !dir.split(sep).includes("node_modules"));
  return { ...env, PATH: [node.dir, ...path].join(delimiter), NO_COLOR: "1", ...extra };
}

/** Runs `npx crypto-checkout ...` in the app folder as documented; npm_config_yes=false: the installed command or nothing, never a download. */
function npx(
  node: NodeBinary,
  args: string[],
  extra?: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["crypto-checkout", ...args], {
      cwd: app,
      env: { ...appEnv(node, extra), npm_config_yes: "false" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "crypto-checkout-console-test-"));
  built = join(work, "console");
  execFileSync(process.execPath, [join(root, "scripts", "build-console.mjs"), built], { stdio: "pipe" });
  [pack] = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: built, encoding: "utf8" }),
  ) as [Pack];
  tarball = join(work, pack.filename);
  app = join(work, "app");
  mkdirSync(app);
  expect(readdirSync(app)).toEqual([]);
  execFileSync("npm", ["install", "--no-audit", "--no-fund", tarball], { cwd: app, stdio: "pipe" });
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the packed files", () => {
  it("are the command, its README, the licenses and package.json, and nothing else", () => {
    expect(pack.name).toBe("crypto-checkout");
    expect(pack.files.map((f) => f.path).sort()).toEqual([
      "LICENSE",
      "README.md",
      "THIRD-PARTY-LICENSES.md",
      BIN,
      "package.json",
    ]);
    expect(pack.files.filter((f) => FORBIDDEN_PATH.test(f.path))).toEqual([]);
    // npm makes a bin executable in the tarball.
    expect(pack.files.find((f) => f.path === BIN)?.mode.toString(8)).toBe("755");
  });

  it("hold no secret: none of the demo's local secrets, no key material", () => {
    const secrets = demoSecrets(root);
    expect(secrets.length).toBeGreaterThan(0);
    for (const { path } of pack.files) {
      const text = readBuilt(path);
      for (const secret of secrets)
        expect(text.includes(secret), `${path} holds a value of .dev.vars.example`).toBe(false);
      expect(text, path).not.toMatch(KEY_MATERIAL);
    }
  });

  it("run as one ES module that imports only Node's own modules: no esbuild, TypeScript or other package at run time, no source map", () => {
    const bundle = readBuilt(BIN);
    expect(bundle.startsWith("#!/usr/bin/env node\n")).toBe(true);
    const imported = ts.preProcessFile(bundle, true, true).importedFiles.map((f) => f.fileName);
    // require() of the bundled CommonJS libraries: Node's modules, and ws's optional native speed-ups (in a try/catch).
    const required = [...bundle.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1] ?? "");
    const builtin = (name: string) => name.startsWith("node:") || builtinModules.includes(name);
    expect(imported.length).toBeGreaterThan(5);
    expect([...imported, ...required].filter((name) => !builtin(name))).toEqual(
      required.filter((name) => name === "bufferutil" || name === "utf-8-validate"),
    );
    expect(bundle).not.toMatch(/sourceMappingURL/);
  });

  it("name each bundled library with its license (THIRD-PARTY-LICENSES.md), and ship the repository's LICENSE", () => {
    const notices = readBuilt("THIRD-PARTY-LICENSES.md");
    for (const library of [
      "commander",
      "@clack/prompts",
      "cli-table3",
      "smol-toml",
      "ws",
      "jose",
      "standardwebhooks",
      "openapi-fetch",
      "zod",
      "decimal.js",
    ])
      expect(notices).toMatch(
        new RegExp(`^## ${library.replace(".", "\\.")} \\d+\\.\\d+\\.\\d+ \\((MIT|BSD-3-Clause)\\)$`, "m"),
      );
    expect(readBuilt("LICENSE")).toBe(readFileSync(join(root, "LICENSE"), "utf8"));
  });
});

describe("package.json", () => {
  it("is the packages/console/ one: private until released like the element, MIT, the command as its bin, Node 20 and newer, no dependencies", () => {
    const pkg = manifestOf(built);
    expect(pkg).toEqual(manifestOf(join(root, "packages", "console")));
    expect(pkg.private).toBe(manifestOf(join(root, "packages", "element")).private);
    expect(pkg.license).toBe("MIT");
    expect(pkg.type).toBe("module");
    expect(pkg.bin).toEqual({ "crypto-checkout": BIN });
    expect(pkg.engines.node).toMatch(/^>=20\./);
    for (const field of ["dependencies", "devDependencies", "peerDependencies", "scripts", "exports", "main"])
      expect(pkg[field], field).toBeUndefined();
    expect(pkg.repository).toMatchObject({ type: "git", directory: "packages/console" });
  });

  it("is in step with the element's and the product's version", () => {
    const { version } = manifestOf(built);
    expect(version).toBe(manifestOf(root).version);
    expect(version).toBe(manifestOf(join(root, "packages", "element")).version);
  });

  it("is ready to publish (publint, strict, suggestions included)", async () => {
    const { messages } = await publint({ pkgDir: built, level: "suggestion", strict: true });
    expect(messages.map((m) => `${m.type} ${m.code} ${m.path.join(".")}`)).toEqual([]);
  });

  it("has no types to get wrong: a command, no library entry (@arethetypeswrong/cli, on the tarball)", () => {
    const attw = join(root, "node_modules", ".bin", "attw");
    const run = spawnSync(attw, ["--profile", "esm-only", "--format", "json", tarball], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { analysis: { packageName: string; types: unknown }; problems?: unknown };
    expect(report.analysis).toMatchObject({ packageName: "crypto-checkout", types: false });
    expect(report.problems).toBeUndefined();
  });
});

describe("the README", () => {
  it("is packages/console/README.md: install, npx crypto-checkout --help, the hosted docs", () => {
    const readme = readBuilt("README.md");
    expect(readme).toBe(readFileSync(join(root, "packages", "console", "README.md"), "utf8"));
    for (const text of [
      "npm install --save-dev crypto-checkout",
      "npx crypto-checkout --help",
      "https://github.com/crypto-checkout/crypto-checkout/blob/main/docs/cli.md",
    ])
      expect(readme).toContain(text);
  });

  it("names only commands and subcommands the installed command has", async () => {
    const node = nodeOf(24, root);
    /** The command names of a --help's "Commands:" section. */
    const commandsOf = (help: string) =>
      [...(help.split("\nCommands:\n")[1] ?? "").matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]);
    const top = await npx(node, ["--help"]);
    const rows = [...readBuilt("README.md").matchAll(/^\| `([a-z-]+)` \| (.*) \|$/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.map((r) => r[1]).filter((name) => !commandsOf(top.stdout).includes(name))).toEqual([]);
    const subcommands = rows
      .map(([, command = "", description = ""]) => ({
        command,
        named: [...description.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]),
      }))
      .filter(({ named }) => named.length > 0);
    expect(subcommands.length).toBeGreaterThanOrEqual(5);
    await Promise.all(
      subcommands.map(async ({ command, named }) => {
        const help = await npx(node, [command, "--help"]);
        expect(help.code, command).toBe(0);
        expect(
          named.filter((sub) => !commandsOf(help.stdout).includes(sub)),
          command,
        ).toEqual([]);
      }),
    );
  });
});

describe("installed into an empty folder outside the repository", () => {
  for (const major of [20, 22, 24]) {
    it(`runs npx crypto-checkout --help and --version on Node ${major}`, async () => {
      const node = nodeOf(major, root);
      const version = execFileSync("node", ["--version"], { env: appEnv(node), encoding: "utf8" }).trim();
      expect(version).toBe(node.version);
      expect(version.startsWith(`v${major}.`)).toBe(true);

      const help = await npx(node, ["--help"]);
      expect(help.stderr).toBe("");
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^Usage: crypto-checkout \[options\] \[command\]/);
      expect(help.stdout).toContain("refunds");
      const shown = await npx(node, ["--version"]);
      expect({ code: shown.code, out: shown.stdout.trim() }).toEqual({ code: 0, out: pack.version });
    });
  }

  describe("against a sandbox of the payment service", () => {
    let sandbox: { url: string; stop(): Promise<void> } | undefined;
    let state: string;

    beforeAll(async () => {
      state = mkdtempSync(join(tmpdir(), "crypto-checkout-console-sandbox-"));
      sandbox = await startWorker({
        name: "sandbox Worker",
        config: "worker/sandbox/wrangler.toml",
        port: await freePort(),
        persistDir: state,
        readyPath: "/sandbox/health",
      });
    }, 180_000);

    afterAll(async () => {
      await sandbox?.stop();
      if (state) rmSync(state, { recursive: true, force: true });
    });

    it("creates a payment and reads it back on Node 20, with a key and the sandbox's address; --shop reads the folder's wrangler.toml (there is none)", async () => {
      const node = nodeOf(20, root);
      const secret = /^DEMO_API_KEY_SECRET=(.+)$/m.exec(readFileSync(join(root, ".dev.vars.example"), "utf8"))?.[1];
      if (!secret || !sandbox) throw new Error("no sandbox key in .dev.vars.example, or no sandbox");
      const key = ["--key-id", "demo_shop", "--base-url", sandbox.url, "--json"];
      const env = { CRYPTO_CHECKOUT_KEY_SECRET: secret.trim() };
      expect(readdirSync(app).sort()).toEqual(["node_modules", "package-lock.json", "package.json"]);

      const created = await npx(
        node,
        [
          ...key,
          "payments",
          "create",
          "--price-amount",
          "25.00",
          "--price-currency",
          "EUR",
          "--transfer-currency",
          "BTC",
        ],
        env,
      );
      expect(created.code, created.stderr).toBe(0);
      const payment = JSON.parse(created.stdout) as { paymentId: string };
      expect(payment).toMatchObject({
        paymentId: expect.stringMatching(/\S/),
        status: "NEW",
        priceAmount: "25.00",
        priceCurrency: "EUR",
        transferAmount: "0.00041667",
        transferCurrency: "BTC",
      });

      const got = await npx(node, [...key, "payments", "get", payment.paymentId], env);
      expect(got.code, got.stderr).toBe(0);
      expect(JSON.parse(got.stdout)).toMatchObject({
        paymentId: payment.paymentId,
        status: "NEW",
        transferAmount: "0.00041667",
      });

      const refused = await npx(node, [...key, "payments", "get", payment.paymentId], {
        CRYPTO_CHECKOUT_KEY_SECRET: "wrong",
      });
      expect(refused.code).toBe(1);

      // Outside the repository a shop's configuration is the current folder's wrangler.toml: here there is none.
      const noConfig = await npx(node, ["--shop", "demo-open", "currencies"]);
      expect(noConfig.code).toBe(2);
      expect(noConfig.stderr).toContain(`no Worker configuration at ${join(app, "wrangler.toml")}`);
    });
  });
});
