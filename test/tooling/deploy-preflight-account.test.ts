/**
 * `npm run deploy -- --env production` (scripts/deploy.mjs) as a process, its account played by a
 * stand-in for wrangler (CRYPTO_CHECKOUT_DEPLOY_WRANGLER) that answers `secret list`, `queues list`
 * and `d1 migrations list` as wrangler prints them and records every call: no network. The
 * preflight asks the account, prints what wrangler.toml and the account lack as one list, and
 * never builds or deploys while the list is not empty.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "smol-toml";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "deploy-account-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the stand-in's account holds: null secrets = a Worker never deployed; signedOut: every call fails. */
interface Account {
  secrets: string[] | null;
  queues: string[];
  migrations: Record<string, string[]>;
  signedOut?: boolean;
}

const STAND_IN = join(scratch, "wrangler.mjs");
writeFileSync(
  STAND_IN,
  `import { appendFileSync } from "node:fs";
const args = process.argv.slice(2);
appendFileSync(process.env.STAND_IN_LOG, args.join(" ") + "\\n");
const account = JSON.parse(process.env.STAND_IN_ACCOUNT);
const table = (head, rows) => ["┌─┐", "│ " + head.join(" │ ") + " │", "├─┤", ...rows.map((r) => "│ " + r.join(" │ ") + " │"), "└─┘"].join("\\n");
if (account.signedOut) {
  console.error("✘ [ERROR] In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN environment variable for wrangler to work.");
  process.exit(1);
}
if (args[0] === "secret" && args[1] === "list") {
  if (account.secrets === null) {
    console.error('✘ [ERROR] Worker "crypto-checkout-production" (env: production) not found.');
    process.exit(1);
  }
  console.log(JSON.stringify(account.secrets.map((name) => ({ name, type: "secret_text" }))));
} else if (args[0] === "queues" && args[1] === "list") {
  console.log(table(["id", "name", "created_on"], account.queues.map((q, i) => [String(i), q, "2026-11-01"])));
} else if (args[0] === "d1" && args[1] === "migrations" && args[2] === "list") {
  const pending = account.migrations[args[3]] ?? [];
  console.log(pending.length ? "Migrations to be applied:\\n" + table(["Name"], pending.map((m) => [m])) : "✅ No migrations to apply!");
} else {
  process.exit(3); // deploy, versions upload, anything else: never reached while the list is not empty
}
`,
);

/** wrangler.toml's production environment filled in (PUBLIC_URL, database ids, one shop), its paths pointing back at the repository. */
function filledProduction(): string {
  const config = parse(readFileSync(join(ROOT, "wrangler.toml"), "utf8")) as unknown as {
    main: string;
    assets: { directory: string };
    env: {
      production: {
        d1_databases: { migrations_dir: string; database_id: string; binding: string }[];
        vars: Record<string, string>;
      };
    };
  };
  config.main = join(ROOT, config.main);
  config.assets.directory = join(ROOT, config.assets.directory);
  const production = config.env.production;
  for (const db of production.d1_databases) {
    db.migrations_dir = join(ROOT, db.migrations_dir);
    db.database_id = `00000000-0000-0000-0000-00000000000${db.binding === "DB" ? 1 : 2}`;
  }
  production.vars.PUBLIC_URL = "https://checkout.acme.example";
  production.vars.PRODUCTION_BASE_URL = "https://payments.example";
  production.vars.SHOPS = JSON.stringify([
    {
      id: "acme",
      name: "Acme Coffee",
      environment: "production",
      apiKeyId: "acme_checkout",
      secrets: { apiKeySecret: "ACME_API_KEY_SECRET" },
      pricing: "open",
      limits: { min: "1.00", max: "500.00" },
      priceCurrencies: ["EUR"],
      transferCurrencies: ["BTC"],
      webhooks: [{ url: "https://shop.acme.example/webhooks", secret: "ACME_WEBHOOK_SECRET" }],
    },
  ]);
  const path = join(scratch, "filled.toml");
  writeFileSync(path, stringify(config));
  return path;
}

function deploy(args: string[], account: Account) {
  const log = join(scratch, `calls-${Math.random().toString(36).slice(2)}.log`);
  const run = spawnSync(process.execPath, ["scripts/deploy.mjs", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: {
      ...process.env,
      CRYPTO_CHECKOUT_DEPLOY_WRANGLER: STAND_IN,
      STAND_IN_LOG: log,
      STAND_IN_ACCOUNT: JSON.stringify(account),
    },
  });
  const calls = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [];
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, calls };
}

describe("npm run deploy -- --env production, with the account", () => {
  it("refuses the committed environment: its placeholders, the registry's secrets and the queues in one list", () => {
    const run = deploy(["--env", "production"], { secrets: [], queues: ["someone-elses-queue"], migrations: {} });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Not deployed: 7 problems to fix first:$/m);
    for (const line of [
      "  - PUBLIC_URL is empty",
      "  - the D1 database DB (crypto-checkout-shops-production) has no database_id",
      "  - the D1 database LEDGER (crypto-checkout-ledger-production) has no database_id",
      "  - the secret ADMIN_TOKEN is not set (the shop registry (SHOPS lists no shop))",
      "  - the secret SHOP_MASTER_KEYS is not set (the shop registry (SHOPS lists no shop))",
      "  - the queue crypto-checkout-webhooks-production does not exist",
      "  - the queue crypto-checkout-webhooks-production-dlq does not exist",
      "      fix: npx wrangler secret put ADMIN_TOKEN --env production  (openssl rand -hex 32)",
    ])
      expect(run.stderr).toContain(line);
    // A database without an id is not asked about; nothing is built or deployed.
    expect(run.calls.map((call) => call.split(" -c ")[0])).toEqual(["secret list --format json", "queues list"]);
  });

  it("asks each database for its migrations and names the shop's secrets of a Worker never deployed", () => {
    const path = filledProduction();
    const run = deploy(["--env", "production", "-c", path], {
      secrets: null,
      queues: ["crypto-checkout-webhooks-production", "crypto-checkout-webhooks-production-dlq"],
      migrations: { LEDGER: ["0002_ledger_status_index.sql"] },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Not deployed: 3 problems to fix first:$/m);
    for (const line of [
      "  - the secret ACME_API_KEY_SECRET is not set (shop acme, secrets.apiKeySecret)",
      "  - the secret ACME_WEBHOOK_SECRET is not set (shop acme, webhooks.0.secret)",
      "  - the D1 database LEDGER lacks 1 migration (0002_ledger_status_index.sql)",
      "      fix: npx wrangler d1 migrations apply LEDGER --remote --env production",
    ])
      expect(run.stderr).toContain(line);
    expect(run.calls).toEqual([
      `secret list --format json -c ${path} --env production`,
      `queues list -c ${path}`,
      `d1 migrations list DB --remote -c ${path} --env production`,
      `d1 migrations list LEDGER --remote -c ${path} --env production`,
    ]);
  });

  it("lists what the account could not answer, with the sign-in as its fix, next to the configuration's problems", () => {
    const run = deploy(["--env", "production"], { secrets: [], queues: [], migrations: {}, signedOut: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("  - PUBLIC_URL is empty");
    expect(run.stderr).toContain(
      "  - wrangler secret list --format json --env production failed: In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN environment variable for wrangler to work.",
    );
    expect(run.stderr).toContain("      fix: npx wrangler login (or CLOUDFLARE_API_TOKEN with CLOUDFLARE_ACCOUNT_ID)");
    // What could not be read is not reported missing as well.
    expect(run.stderr).not.toContain("is not set");
    expect(run.stderr).not.toContain("does not exist");
  });
});
