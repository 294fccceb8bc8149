/**
 * The packed package as an outside developer meets it: scratch apps for React 18, React 19,
 * Preact and Vue 3 (scratch-apps.ts), generated in a temporary folder, install the tarball and
 * their framework from the npm registry (no flags: no peer stops them), type-check (tsc, vue-tsc),
 * build (vite) and, served from one origin, each show one payment of the demo shop against the
 * sandbox in one Chromium, the status reaching the app through its framework's listener, with no
 * warning or error in the console.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium } from "../../scripts/engines.mjs";
import { ensureBuilt, freePort, shopsForOrigin, startServers } from "../../scripts/servers.mjs";
import type { Servers } from "../../scripts/servers.d.mts";
import { SCRATCH_APPS, type ScratchApp } from "./scratch-apps.js";

/** Runs a command in `cwd`; resolves with its output, rejects with it when the command fails. */
function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Not the test runner's NODE_ENV (test): vite builds for production, as an app's build does.
    const { NODE_ENV: _testing, ...env } = process.env;
    const child = spawn(command, args, { cwd, env: { ...env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} in ${cwd}: exit ${code}\n${output}`)),
    );
  });
}

interface Outcome {
  app: ScratchApp;
  dir: string;
  /** Each step's output, or its failure. */
  install?: string;
  typecheck?: string;
  build?: string;
  error?: Error;
}

/** Writes the app, then installs, type-checks and builds it, stopping at the first failure. */
async function prepare(app: ScratchApp, root: string, tarball: string): Promise<Outcome> {
  const dir = join(root, app.name);
  const outcome: Outcome = { app, dir };
  const pkg = {
    name: `shop-${app.name}`,
    private: true,
    type: "module",
    dependencies: { "@crypto-checkout/element": `file:${tarball}`, ...app.dependencies },
  };
  for (const [path, text] of Object.entries({ ...app.files, "package.json": JSON.stringify(pkg, null, 2) })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const bin = (name: string) => join(dir, "node_modules", ".bin", name);
  try {
    outcome.install = await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], dir);
    outcome.typecheck = await run(bin(app.typecheck[0] ?? "tsc"), app.typecheck.slice(1), dir);
    outcome.build = await run(bin("vite"), ["build", "--base", `/${app.name}/`, "--logLevel", "warn"], dir);
  } catch (error) {
    outcome.error = error as Error;
  }
  return outcome;
}

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

let work: string;
let outcomes: Map<string, Outcome>;
let servers: Servers | undefined;
let site: Server | undefined;
let siteOrigin = "";
let browser: Browser | undefined;
const started = Date.now();

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "crypto-checkout-apps-"));
  const tarball = join(inject("packWork"), (JSON.parse(inject("packJson")) as [{ filename: string }])[0].filename);
  const sitePort = await freePort();
  siteOrigin = `http://127.0.0.1:${sitePort}`;
  // The apps and the Workers start together: installs are mostly waiting on the network.
  const prepared = Promise.all(SCRATCH_APPS.map((app) => prepare(app, work, tarball)));
  ensureBuilt();
  const checkoutPort = await freePort();
  const backendPort = await freePort();
  const shops = (
    JSON.parse(shopsForOrigin(`http://127.0.0.1:${checkoutPort}`, `http://127.0.0.1:${backendPort}`)) as {
      allowedOrigins?: string[];
    }[]
  ).map((shop) => ({ ...shop, allowedOrigins: [...(shop.allowedOrigins ?? []), siteOrigin] }));
  const [done, running] = await Promise.all([
    prepared,
    startServers({
      checkoutPort,
      backendPort,
      backend: false,
      persistDir: join(work, "state"),
      vars: { SHOPS: JSON.stringify(shops) },
    }),
  ]);
  servers = running;
  outcomes = new Map(done.map((o) => [o.app.name, o]));
  // Every app's build under /<name>/, from one origin (the one the demo shop allows above).
  site = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", siteOrigin).pathname));
    const [, name, ...rest] = path.split("/");
    const outcome = outcomes.get(name ?? "");
    const file = rest.join("/") || "index.html";
    try {
      if (!outcome || file.includes("..")) throw new Error("not found");
      const body = readFileSync(join(outcome.dir, "dist", file));
      response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site?.listen(sitePort, "127.0.0.1", resolve));
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  await servers?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
  console.log(`package apps: ${((Date.now() - started) / 1000).toFixed(1)} s from the start of the file`);
});

describe("scratch apps installing the packed package", () => {
  for (const app of SCRATCH_APPS) {
    describe(app.name, () => {
      it(`installs from the registry without flags, type-checks (${app.typecheck[0]}) and builds (vite)`, () => {
        const outcome = outcomes.get(app.name);
        if (outcome?.error) throw outcome.error;
        expect(outcome?.install).not.toMatch(/ERESOLVE|peer dep/i);
        expect(outcome?.build).not.toMatch(/error/i);
        expect(readFileSync(join(outcome?.dir ?? "", "dist", "index.html"), "utf8")).toContain(`/${app.name}/assets/`);
      });

      it("shows a payment of the sandbox; the status reaches the app through its framework's listener; the console stays quiet", async () => {
        const outcome = outcomes.get(app.name);
        if (!outcome || outcome.error) throw new Error(`${app.name} was not built`);
        if (!browser || !servers) throw new Error("Chromium or the Workers did not start");
        const context = await browser.newContext({ locale: "en-US" });
        const page = await context.newPage();
        const messages: string[] = [];
        page.on("console", (message) => {
          if (message.type() === "warning" || message.type() === "error") messages.push(message.text());
        });
        page.on("pageerror", (error) => messages.push(error.message));
        const query = new URLSearchParams({ endpoint: servers.checkoutUrl, order: `${app.name}-${Date.now()}` });
        await page.goto(`${siteOrigin}/${app.name}/?${query}`);
        await expect.poll(() => page.locator("#status").textContent(), { timeout: 30_000 }).toBe("NEW");
        await expect.poll(() => page.locator("crypto-checkout [part=qr] svg").count(), { timeout: 10_000 }).toBe(1);
        expect(await page.locator("crypto-checkout [part=amount]").textContent()).toContain("BTC");
        expect(messages).toEqual([]);
        await context.close();
      });
    });
  }
});
