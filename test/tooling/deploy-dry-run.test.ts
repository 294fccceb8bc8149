/**
 * `npm run deploy -- --dry-run` (scripts/deploy.mjs) as a process, with no account: on the committed
 * wrangler.toml it passes and prints the bundle's size (what CI runs), for the top level and for
 * each environment; on a production environment left with the demo's shops, an http base URL and a
 * demo secret value it fails and prints them as one list, naming the value by its variable only.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "smol-toml";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "deploy-dry-run-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SIZE_LINE =
  /^Bundle: [\d.]+ kB raw \([\d.]+% of 64 MB\), [\d.]+ kB gzip \([\d.]+% of the free plan's 3 MB, [\d.]+% of the paid plan's 10 MB\)$/m;
/** The parts of wrangler.toml the broken copy changes. */
interface Config {
  main: string;
  assets: { directory: string };
  vars: Record<string, unknown>;
  env: { production: { d1_databases: { migrations_dir: string }[]; vars: Record<string, unknown> } };
}

const DEMO_HMAC = "sbx_demo_hmac_lisc89xow598u59pclpak07vab";

function deploy(args: string[]) {
  const run = spawnSync(process.execPath, ["scripts/deploy.mjs", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    // No account: wrangler must not need one, nor find one.
    env: { ...process.env, CLOUDFLARE_API_TOKEN: "", CLOUDFLARE_ACCOUNT_ID: "" },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("npm run deploy -- --dry-run", () => {
  it("passes on the committed configuration's top level and prints the bundle's size", () => {
    const run = spawnSync("npm", ["run", "-s", "deploy", "--", "--dry-run"], { cwd: ROOT, encoding: "utf8" });
    expect(run.stderr).not.toMatch(/problem/);
    expect(run.stdout).toMatch(SIZE_LINE);
    expect(run.stdout).toContain("Dry run passed: nothing was uploaded.");
    expect(run.status).toBe(0);
  }, 300_000);

  it.each(["staging", "production"])(
    "passes on the committed [env.%s], listing what is to fill in and the account's checks as skipped",
    (env) => {
      const run = deploy(["--dry-run", "--env", env]);
      expect(run.stdout).toContain("To fill in before a deployment");
      expect(run.stdout).toContain("  - PUBLIC_URL is empty");
      expect(run.stdout).toContain(`  - the D1 database DB (crypto-checkout-shops-${env}) has no database_id`);
      expect(run.stdout).toContain(
        "Skipped, as they need the account: the secrets are set, the queues exist, the D1 migrations are applied.",
      );
      expect(run.stdout).toMatch(SIZE_LINE);
      expect(run.status).toBe(0);
    },
    300_000,
  );

  it("fails on a production environment left with the demo's shops, an http base URL and a demo secret value", () => {
    const config = parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8")) as unknown as Config;
    // The copy lives elsewhere: its paths point back at the repository.
    config.main = join(ROOT, config.main);
    config.assets.directory = join(ROOT, config.assets.directory);
    const production = config.env.production;
    for (const db of production.d1_databases) db.migrations_dir = join(ROOT, db.migrations_dir);
    production.vars.SHOPS = config.vars.SHOPS;
    production.vars.PRODUCTION_BASE_URL = "http://payments.example";
    production.vars.NOTIFY_KEY = DEMO_HMAC;
    const path = join(scratch, "wrangler.toml");
    writeFileSync(path, stringify(config));

    const run = deploy(["--dry-run", "--env", "production", "-c", path]);

    expect(run.status).toBe(1);
    const list = run.stderr;
    expect(list).toMatch(/^\d+ problems to fix:$/m);
    for (const line of [
      "  - SHOPS holds the demo shops demo-open, demo-signed, made for the local sandbox",
      "  - PRODUCTION_BASE_URL is http://payments.example, not an https URL",
      "  - the var NOTIFY_KEY holds a demo secret value (.dev.vars.example: DEMO_HMAC_KEY)",
      "  - SANDBOX_BASE_URL is empty, and the sandbox shops demo-open, demo-signed need it",
    ])
      expect(list).toContain(line);
    expect(list).toMatch(/^ {6}fix: /m);
    expect(`${run.stdout}${run.stderr}`).not.toContain(DEMO_HMAC);
    expect(run.stdout).toMatch(SIZE_LINE);
  }, 300_000);

  it("refuses a deployment without an environment before asking the account anything", () => {
    const run = deploy([]);
    expect(run.stderr).toContain(
      "npm run deploy deploys an environment of wrangler.toml: --env staging or --env production",
    );
    expect(run.status).toBe(2);
  });
});
