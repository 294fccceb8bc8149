/**
 * The deployment preflight's rules (scripts/deploy-preflight.ts), pure: a configuration and what the
 * account said go in, the problems come out. Each broken case names its problem; a clean production
 * configuration gives none. scripts/deploy.mjs prints them (deploy-dry-run.test.ts runs it).
 */
import { describe, expect, it } from "vitest";
import {
  accountProblems,
  bundleReport,
  configProblems,
  parseQueueList,
  parseSecretList,
  parseUnappliedMigrations,
  requiredSecrets,
  targetConfig,
  type AccountState,
  type DemoValue,
  type Problem,
  type Target,
  type WorkerConfig,
} from "../../scripts/deploy-preflight.js";

const DEMO_HMAC = "sbx_demo_hmac_lisc89xow598u59pclpak07vab";
const DEMO: DemoValue[] = [{ source: ".dev.vars.example: DEMO_HMAC_KEY", value: DEMO_HMAC }];

const acme = {
  id: "acme",
  name: "Acme Coffee",
  environment: "production",
  apiKeyId: "acme_checkout",
  secrets: { apiKeySecret: "ACME_API_KEY_SECRET", notificationHmacKey: "ACME_HMAC_KEY" },
  pricing: "open",
  limits: { min: "1.00", max: "500.00" },
  priceCurrencies: ["EUR"],
  transferCurrencies: ["BTC"],
  allowedOrigins: ["https://shop.acme.example"],
  redirectUrls: { confirmed: "https://shop.acme.example/thanks?order={orderId}" },
  webhooks: [{ url: "https://shop.acme.example/webhooks", secret: "ACME_WEBHOOK_SECRET" }],
};

const demoOpen = { ...acme, id: "demo-open", environment: "sandbox", webhooks: [] };

/** The bindings both the top level and a clean environment have. */
function bindings(suffix: string): WorkerConfig {
  return {
    d1_databases: [
      { binding: "DB", database_name: `shops${suffix}`, database_id: `id-db${suffix}`, migrations_dir: "m" },
      { binding: "LEDGER", database_name: `ledger${suffix}`, database_id: `id-ledger${suffix}`, migrations_dir: "m/l" },
    ],
    durable_objects: { bindings: [{ name: "PAYMENTS" }] },
    queues: {
      producers: [{ queue: `hooks${suffix}`, binding: "WEBHOOK_EVENTS" }],
      consumers: [{ queue: `hooks${suffix}`, dead_letter_queue: `hooks${suffix}-dlq` }],
    },
    ratelimits: [{ name: "CREATE_LIMITER" }],
    analytics_engine_datasets: [{ binding: "METRICS", dataset: `metrics${suffix}` }],
    version_metadata: { binding: "CF_VERSION_METADATA" },
  };
}

/** A clean production environment, with `change` applied to its configuration. */
function production(change: (env: WorkerConfig) => void = () => {}): Target {
  const env: WorkerConfig = {
    ...bindings("-production"),
    vars: {
      PUBLIC_URL: "https://checkout.acme.example",
      PRODUCTION_BASE_URL: "https://payments.example",
      SANDBOX_BASE_URL: "",
      DEMO_MODE: "false",
      SHOPS: JSON.stringify([acme]),
    },
  };
  change(env);
  return { env: "production", file: { ...bindings(""), vars: { SHOPS: "[]" }, env: { production: env } } };
}

const cleanAccount: AccountState = {
  secrets: ["ACME_API_KEY_SECRET", "ACME_HMAC_KEY", "ACME_WEBHOOK_SECRET"],
  queues: ["hooks-production", "hooks-production-dlq", "other"],
  unappliedMigrations: { DB: [], LEDGER: [] },
};

function all(
  target: Target,
  account: AccountState = cleanAccount,
  secretsFile: Record<string, string> = {},
): Problem[] {
  return [...configProblems(target, DEMO, secretsFile), ...accountProblems(target, account, secretsFile)];
}

const vars = (env: WorkerConfig) => env.vars as Record<string, unknown>;

function database(env: WorkerConfig, index: number) {
  const db = env.d1_databases?.[index];
  if (!db) throw new Error(`no database ${index}`);
  return db;
}

describe("the deployment preflight's rules", () => {
  it("find nothing in a clean production configuration with a clean account", () => {
    expect(all(production())).toEqual([]);
    // A short local value ("false", "1") is not taken for a secret.
    expect(configProblems(production(), [{ source: "the local .dev.vars: FLAG", value: "false" }])).toEqual([]);
  });

  // [case, configuration, account, the problem named, its kind, how many problems in all]
  it.each<[string, Target, Partial<AccountState>, RegExp, Problem["kind"], number?]>([
    [
      "a demo secret value in a production var",
      production((env) => (vars(env).NOTIFY_KEY = DEMO_HMAC)),
      {},
      /^the var NOTIFY_KEY holds a demo secret value \(\.dev\.vars\.example: DEMO_HMAC_KEY\)$/,
      "config",
    ],
    [
      "a missing secret",
      production(),
      { secrets: ["ACME_API_KEY_SECRET", "ACME_HMAC_KEY"] },
      /^the secret ACME_WEBHOOK_SECRET is not set \(shop acme, webhooks\.0\.secret\)$/,
      "account",
    ],
    [
      "an http base URL",
      production((env) => (vars(env).PRODUCTION_BASE_URL = "http://payments.example")),
      {},
      /^PRODUCTION_BASE_URL is http:\/\/payments\.example, not an https URL$/,
      "config",
    ],
    [
      "a base URL on this machine",
      production((env) => (vars(env).SANDBOX_BASE_URL = "http://127.0.0.1:8788")),
      {},
      /^SANDBOX_BASE_URL is http:\/\/127\.0\.0\.1:8788, an address on this machine/,
      "config",
    ],
    [
      "an http PUBLIC_URL",
      production((env) => (vars(env).PUBLIC_URL = "http://checkout.acme.example")),
      {},
      /^PUBLIC_URL is http:\/\/checkout\.acme\.example, not an https URL$/,
      "config",
      2, // and the production shop acme, which the Worker refuses without an https PUBLIC_URL
    ],
    [
      "a demo shop in production",
      production((env) => (vars(env).SHOPS = JSON.stringify([acme, demoOpen]))),
      {},
      /^SHOPS holds the demo shop demo-open, made for the local sandbox$/,
      "config",
      2, // and SANDBOX_BASE_URL, empty while a sandbox shop needs it
    ],
    [
      "a placeholder database id",
      production((env) => (database(env, 1).database_id = "")),
      {},
      /^the D1 database LEDGER \(ledger-production\) has no database_id$/,
      "placeholder",
    ],
    [
      "an empty PUBLIC_URL",
      production((env) => (vars(env).PUBLIC_URL = "")),
      {},
      /^PUBLIC_URL is empty$/,
      "placeholder",
      2, // and the production shop acme, which the Worker refuses without an https PUBLIC_URL
    ],
    [
      "a queue missing",
      production(),
      { queues: ["hooks-production"] },
      /^the queue hooks-production-dlq does not exist$/,
      "account",
    ],
    [
      "migrations not applied",
      production(),
      { unappliedMigrations: { DB: [], LEDGER: ["0002_totals.sql"] } },
      /^the D1 database LEDGER lacks 1 migration \(0002_totals\.sql\)$/,
      "account",
    ],
    [
      "a shop refused by the schema",
      production((env) => (vars(env).SHOPS = JSON.stringify([{ ...acme, pricing: "signed" }]))),
      {},
      /^SHOPS: shop acme, secrets\.orderSigningKey is required for signed pricing$/,
      "config",
    ],
    [
      "a production base URL missing for a production shop",
      production((env) => (vars(env).PRODUCTION_BASE_URL = "")),
      {},
      /^PRODUCTION_BASE_URL is empty, and the production shop acme needs it$/,
      "config",
    ],
    [
      "a binding of the top level missing from the environment",
      production((env) => (env.ratelimits = [])),
      {},
      /^\[env\.production\] lacks the binding CREATE_LIMITER/,
      "config",
    ],
    [
      "the metrics dataset of the top level missing from the environment",
      production((env) => (env.analytics_engine_datasets = [])),
      {},
      /^\[env\.production\] lacks the binding METRICS/,
      "config",
    ],
    [
      "the demo helpers switched on",
      production((env) => (vars(env).DEMO_MODE = "true")),
      {},
      /^DEMO_MODE is "true"/,
      "config",
    ],
  ])("name %s with its fix", (_name, target, account, what, kind, count = 1) => {
    const problems = all(target, { ...cleanAccount, ...account });
    expect(problems).toHaveLength(count);
    const found = problems.find((p) => what.test(p.what));
    expect(found?.kind).toBe(kind);
    expect(found?.fix.length).toBeGreaterThan(10);
  });

  it("name a demo value in the secrets file by the secret, never by its value, and count its names as set", () => {
    const problems = all(
      production(),
      { ...cleanAccount, secrets: ["ACME_API_KEY_SECRET"] },
      {
        ACME_HMAC_KEY: DEMO_HMAC,
        ACME_WEBHOOK_SECRET: "whsec_own",
      },
    );
    expect(problems.map((p) => p.what)).toEqual([
      "the secret ACME_HMAC_KEY of the secrets file is a demo value (.dev.vars.example: DEMO_HMAC_KEY)",
    ]);
    expect(JSON.stringify(problems)).not.toContain(DEMO_HMAC);
  });

  it("name every problem of a broken configuration in one list", () => {
    const target = production((env) => {
      vars(env).SHOPS = JSON.stringify([acme, demoOpen]);
      vars(env).PRODUCTION_BASE_URL = "http://payments.example";
      database(env, 0).database_id = "";
    });
    const problems = all(target, { secrets: [], queues: [], unappliedMigrations: { LEDGER: ["0001.sql"] } });
    const text = problems.map((p) => p.what).join("\n");
    for (const expected of [
      "SHOPS holds the demo shop demo-open",
      "PRODUCTION_BASE_URL is http://payments.example",
      "the D1 database DB (shops-production) has no database_id",
      "the secret ACME_API_KEY_SECRET is not set",
      "the queue hooks-production does not exist",
      "the D1 database LEDGER lacks 1 migration",
    ])
      expect(text).toContain(expected);
    // The database without an id is not asked about: its placeholder is the problem.
    expect(text).not.toContain("the D1 database DB lacks");
  });

  it("ask for the Worker's own secrets when the features that read them are set up", () => {
    const names = (change: (env: WorkerConfig) => void, set: string[] = []) =>
      requiredSecrets(targetConfig(production(change)) ?? {}, set)
        .map((s) => s.name)
        .filter((n) => !n.startsWith("ACME_"));
    expect(names(() => {})).toEqual([]);
    expect(names((env) => (vars(env).SHOPS = "[]"))).toEqual(["ADMIN_TOKEN", "SHOP_MASTER_KEYS"]);
    expect(names(() => {}, ["ADMIN_TOKEN"])).toEqual(["ADMIN_TOKEN", "SHOP_MASTER_KEYS"]);
    expect(names((env) => (vars(env).DASHBOARD_OPERATORS = "ops@acme.example"))).toEqual(["DASHBOARD_SESSION_KEY"]);
    expect(
      names((env) => (vars(env).SHOPS = JSON.stringify([{ ...acme, dashboardUsers: ["a@acme.example"] }]))),
    ).toEqual(["DASHBOARD_SESSION_KEY"]);
  });

  it("validate only SHOPS at the top level, the local demo configuration", () => {
    const file: WorkerConfig = {
      vars: { SHOPS: JSON.stringify([demoOpen]), SANDBOX_BASE_URL: "http://127.0.0.1:8788" },
    };
    expect(configProblems({ env: undefined, file }, DEMO)).toEqual([]);
    expect(configProblems({ env: undefined, file: { vars: { SHOPS: "not json" } } }, DEMO)[0]?.what).toMatch(
      /^SHOPS: SHOPS is not valid JSON/,
    );
    expect(configProblems({ env: "qa", file }, DEMO)[0]?.what).toBe("wrangler.toml has no [env.qa]");
  });

  it("read wrangler's answers", () => {
    expect(
      parseSecretList('[{"name":"ACME_HMAC_KEY","type":"secret_text"},{"name":"ADMIN_TOKEN","type":"secret_text"}]'),
    ).toEqual(["ACME_HMAC_KEY", "ADMIN_TOKEN"]);
    const queues = [
      "┌──────┬──────────────────┬────────────┐",
      "│ id   │ name             │ created_on │",
      "├──────┼──────────────────┼────────────┤",
      "│ 1a2b │ hooks-production │ 2026-11-01 │",
      "├──────┼──────────────────┼────────────┤",
      "│ 3c4d │ hooks-staging    │ 2026-11-01 │",
      "└──────┴──────────────────┴────────────┘",
    ].join("\n");
    expect(parseQueueList(queues)).toEqual(["hooks-production", "hooks-staging"]);
    expect(parseUnappliedMigrations("\n ⛅️ wrangler\n✅ No migrations to apply!\n")).toEqual([]);
    const pending = [
      "Migrations to be applied:",
      "┌──────────────────┐",
      "│ Name             │",
      "├──────────────────┤",
      "│ 0002_totals.sql  │",
      "└──────────────────┘",
    ].join("\n");
    expect(parseUnappliedMigrations(pending)).toEqual(["0002_totals.sql"]);
    expect(() => parseUnappliedMigrations("something else")).toThrow(/neither a list/);
  });

  it("print the bundle's size against the limits, and refuse one over the paid plan's", () => {
    const small = bundleReport({ raw: 1_316_000, gzip: 259_300 });
    expect(small.line).toBe(
      "Bundle: 1316.0 kB raw (2.1% of 64 MB), 259.3 kB gzip (8.6% of the free plan's 3 MB, 2.6% of the paid plan's 10 MB)",
    );
    expect(small.problems).toEqual([]);
    expect(bundleReport({ raw: 30_000_000, gzip: 10_500_000 }).problems.map((p) => p.what)).toEqual([
      "the bundle is 10500.0 kB gzip, over the paid plan's 10 MB",
    ]);
  });
});
