/**
 * The deployment preflight's rules (`npm run deploy`, scripts/deploy.mjs): what an environment of
 * wrangler.toml and the account must hold before the checkout Worker is deployed into it. Pure:
 * the script reads wrangler.toml, the demo's secret values and what wrangler says of the account,
 * and prints the problems; every rule is here, each problem with its fix. Secret values are
 * compared, never part of a message (a demo value is named by the variable or secret holding it).
 * docs/checkout.md, "Deploying".
 */
import { secretSlots, validateShops, type ShopConfig } from "../worker/checkout/shops/shop-schema.js";

/** The shops of the local demo configuration (the top level of wrangler.toml), made for the local sandbox. */
export const DEMO_SHOP_IDS: readonly string[] = ["demo-open", "demo-signed"];

/** When a rule can be decided: from wrangler.toml alone, a value still to fill in, or only with the account. */
export type ProblemKind = "config" | "placeholder" | "account";

export interface Problem {
  kind: ProblemKind;
  /** What is wrong, naming the var, secret, binding or shop (never a secret's value). */
  what: string;
  /** How to fix it (a command or the place to edit). */
  fix: string;
}

/** One [[d1_databases]] entry. */
export interface D1Database {
  binding: string;
  database_name?: string;
  database_id?: string;
  migrations_dir?: string;
}

/** What the preflight reads of a wrangler.toml environment (or of the top level). */
export interface WorkerConfig {
  name?: string;
  vars?: Record<string, unknown>;
  d1_databases?: D1Database[];
  durable_objects?: { bindings?: { name: string }[] };
  queues?: {
    producers?: { queue: string; binding: string }[];
    consumers?: { queue: string; dead_letter_queue?: string }[];
  };
  ratelimits?: { name: string }[];
  analytics_engine_datasets?: { binding: string; dataset?: string }[];
  version_metadata?: { binding: string };
  env?: Record<string, WorkerConfig>;
}

/** The environment to check: its name (undefined: the top level, the local demo) and its configuration. */
export interface Target {
  env: string | undefined;
  /** The whole parsed wrangler.toml. */
  file: WorkerConfig;
}

/** A secret value the demo uses, named by where it comes from (e.g. `.dev.vars.example: DEMO_HMAC_KEY`). */
export interface DemoValue {
  source: string;
  value: string;
}

/** What wrangler said of the account for the environment. */
export interface AccountState {
  /** Names of the Worker's secrets (`wrangler secret list`). */
  secrets: readonly string[];
  /** Names of the account's queues (`wrangler queues list`). */
  queues: readonly string[];
  /** Per D1 binding, the migrations not yet applied (`wrangler d1 migrations list <binding> --remote`). */
  unappliedMigrations: Readonly<Record<string, readonly string[]>>;
}

const DOCS = "docs/checkout.md#deploying";
/** Shorter values than this are not taken for secrets (a local .dev.vars may hold "false" or "1"). */
const MIN_DEMO_VALUE_LENGTH = 12;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;
/** Vars that hold an https URL when set: the Worker's own origin, the payment service's, Access's. */
const URL_VARS = ["PUBLIC_URL", "SANDBOX_BASE_URL", "PRODUCTION_BASE_URL", "ACCESS_TEAM_DOMAIN"] as const;

/** Whether `url` names this machine (a deployed Worker cannot reach it). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The configuration of the target: an [env.<name>] table, or the top level. */
export function targetConfig(target: Target): WorkerConfig | undefined {
  return target.env === undefined ? target.file : target.file.env?.[target.env];
}

/** `--env <name>` for the commands of a fix. */
function envFlag(target: Target): string {
  return target.env === undefined ? "" : ` --env ${target.env}`;
}

/** The wrangler.toml table that holds the target's vars. */
function varsTable(target: Target): string {
  return target.env === undefined ? "[vars]" : `[env.${target.env}.vars]`;
}

function stringVar(config: WorkerConfig, name: string): string {
  const value = config.vars?.[name];
  return typeof value === "string" ? value : "";
}

/** The SHOPS var's shops that pass the schema (the others are reported by `configProblems`). */
export function configuredShops(config: WorkerConfig): ShopConfig[] {
  return [...validateShops(config.vars?.SHOPS ?? "[]", undefined, stringVar(config, "PUBLIC_URL")).shops.values()];
}

/** Every queue the configuration names: producers, consumers and their dead-letter queues. */
export function queueNames(config: WorkerConfig): string[] {
  const names = [
    ...(config.queues?.producers ?? []).map((p) => p.queue),
    ...(config.queues?.consumers ?? []).flatMap((c) => [c.queue, c.dead_letter_queue ?? ""]),
  ].filter(Boolean);
  return [...new Set(names)];
}

/** The D1 databases with a database_id to ask the account about (an empty one is a placeholder). */
export function databasesToCheck(config: WorkerConfig): D1Database[] {
  return (config.d1_databases ?? []).filter((db) => db.migrations_dir && db.database_id);
}

/** Every binding name of a configuration, for comparing an environment with the top level. */
function bindingNames(config: WorkerConfig): string[] {
  return [
    ...(config.d1_databases ?? []).map((d) => d.binding),
    ...(config.durable_objects?.bindings ?? []).map((b) => b.name),
    ...(config.queues?.producers ?? []).map((p) => p.binding),
    ...(config.ratelimits ?? []).map((r) => r.name),
    ...(config.analytics_engine_datasets ?? []).map((d) => d.binding),
    ...(config.version_metadata ? [config.version_metadata.binding] : []),
  ];
}

/**
 * The problems that wrangler.toml alone shows (kinds `config` and `placeholder`). The top level is
 * the local demo: only its SHOPS is validated. An environment is a deployment: no demo shop, no
 * demo secret value, no address on this machine, https URLs, every binding of the top level.
 * `secretsFile`: the secrets given with `--secrets-file` (compared with the demo's values).
 */
export function configProblems(
  target: Target,
  demoValues: readonly DemoValue[],
  secretsFile: Readonly<Record<string, string>> = {},
): Problem[] {
  const config = targetConfig(target);
  if (!config) {
    return [
      {
        kind: "config",
        what: `wrangler.toml has no [env.${target.env}]`,
        fix: `choose an environment it defines (${Object.keys(target.file.env ?? {}).join(", ") || "none"}), or add [env.${target.env}] as ${DOCS} shows`,
      },
    ];
  }
  const problems: Problem[] = [];
  const table = varsTable(target);
  const validation = validateShops(config.vars?.SHOPS ?? "[]", undefined, stringVar(config, "PUBLIC_URL"));
  for (const issue of validation.issues) {
    problems.push({
      kind: "config",
      what: `SHOPS: ${issue.shop === "*" ? "" : `shop ${issue.shop}, `}${issue.field} ${issue.message}`,
      fix: `correct SHOPS in ${table} (docs/checkout.md#the-shops-var)`,
    });
  }
  if (target.env === undefined) return problems;

  const shops = [...validation.shops.values()];
  const demoShops = shops.map((s) => s.id).filter((id) => DEMO_SHOP_IDS.includes(id));
  if (demoShops.length) {
    problems.push({
      kind: "config",
      what: `SHOPS holds the demo shop${demoShops.length > 1 ? "s" : ""} ${demoShops.join(", ")}, made for the local sandbox`,
      fix: `replace ${demoShops.length > 1 ? "them" : "it"} in ${table} SHOPS with your shops (or [] when every shop is in the registry)`,
    });
  }

  for (const name of URL_VARS) {
    const value = stringVar(config, name);
    if (!value) continue;
    if (isLoopbackUrl(value)) {
      problems.push({
        kind: "config",
        what: `${name} is ${value}, an address on this machine that a deployed Worker cannot reach`,
        fix: `set ${name} in ${table} to ${urlVarPurpose(name)}`,
      });
    } else if (!value.startsWith("https://")) {
      problems.push({
        kind: "config",
        what: `${name} is ${value}, not an https URL`,
        fix: `set ${name} in ${table} to ${urlVarPurpose(name)}`,
      });
    }
  }
  if (!stringVar(config, "PUBLIC_URL")) {
    problems.push({
      kind: "placeholder",
      what: "PUBLIC_URL is empty",
      fix: `set PUBLIC_URL in ${table} to ${urlVarPurpose("PUBLIC_URL")}`,
    });
  }
  for (const environment of ["sandbox", "production"] as const) {
    const name = environment === "sandbox" ? "SANDBOX_BASE_URL" : "PRODUCTION_BASE_URL";
    const users = shops.filter((s) => s.environment === environment).map((s) => s.id);
    if (users.length && !stringVar(config, name)) {
      problems.push({
        kind: "config",
        what: `${name} is empty, and the ${environment} shop${users.length > 1 ? "s" : ""} ${users.join(", ")} need${users.length > 1 ? "" : "s"} it`,
        fix: `set ${name} in ${table} to ${urlVarPurpose(name)}`,
      });
    }
  }
  for (const shop of shops) {
    if (DEMO_SHOP_IDS.includes(shop.id)) continue;
    const urls = [
      ...shop.allowedOrigins,
      ...Object.values(shop.redirectUrls).filter((u): u is string => typeof u === "string"),
      ...shop.webhooks.map((w) => w.url),
    ];
    for (const url of urls) {
      if (isLoopbackUrl(url.replaceAll("{orderId}", "x"))) {
        problems.push({
          kind: "config",
          what: `shop ${shop.id} names ${url}, an address on this machine`,
          fix: `use the shop's public URLs in ${table} SHOPS`,
        });
      }
    }
  }
  if (stringVar(config, "DEMO_MODE") === "true") {
    problems.push({
      kind: "config",
      what: 'DEMO_MODE is "true", which serves the demo helper routes',
      fix: `set DEMO_MODE = "false" in ${table}`,
    });
  }

  const demo = demoValues.filter((d) => d.value.length >= MIN_DEMO_VALUE_LENGTH);
  for (const [name, value] of Object.entries(config.vars ?? {})) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    const found = demo.find((d) => text.includes(d.value));
    if (found) {
      problems.push({
        kind: "config",
        what: `the var ${name} holds a demo secret value (${found.source})`,
        fix: `remove it from ${table}: a secret is set with \`npx wrangler secret put NAME${envFlag(target)}\` and never written in wrangler.toml`,
      });
    }
  }
  for (const [name, value] of Object.entries(secretsFile)) {
    const found = demo.find((d) => d.value === value);
    if (found) {
      problems.push({
        kind: "config",
        what: `the secret ${name} of the secrets file is a demo value (${found.source})`,
        fix: `give ${name} a value of its own (${secretAdvice(name)})`,
      });
    }
  }

  const topBindings = new Set(bindingNames(target.file));
  const envBindings = new Set(bindingNames(config));
  for (const binding of topBindings) {
    if (!envBindings.has(binding)) {
      problems.push({
        kind: "config",
        what: `[env.${target.env}] lacks the binding ${binding} that the top level has (wrangler does not inherit bindings)`,
        fix: `add it to [env.${target.env}] in wrangler.toml, with this environment's own resource`,
      });
    }
  }

  for (const db of config.d1_databases ?? []) {
    if (!db.database_id) {
      problems.push({
        kind: "placeholder",
        what: `the D1 database ${db.binding} (${db.database_name ?? "no name"}) has no database_id`,
        fix: `npx wrangler d1 create ${db.database_name ?? "<name>"}, then put the database_id it prints in [[env.${target.env}.d1_databases]] of ${db.binding}`,
      });
    }
  }
  return problems;
}

function urlVarPurpose(name: (typeof URL_VARS)[number] | "SANDBOX_BASE_URL" | "PRODUCTION_BASE_URL"): string {
  switch (name) {
    case "PUBLIC_URL":
      return "this Worker's own https origin (https://checkout.example.com)";
    case "SANDBOX_BASE_URL":
      return 'the payment service\'s sandbox base URL (https), or "" when no shop is a sandbox shop';
    case "PRODUCTION_BASE_URL":
      return "the payment service's production base URL (https)";
    case "ACCESS_TEAM_DOMAIN":
      return 'https://<team>.cloudflareaccess.com, or "" without Cloudflare Access';
  }
}

/** How to make a value for one of the Worker's own secrets, or a shop's. */
function secretAdvice(name: string): string {
  switch (name) {
    case "ADMIN_TOKEN":
      return "openssl rand -hex 32";
    case "SHOP_MASTER_KEYS":
      return "k1: followed by openssl rand -base64 32; keep a copy offline";
    case "DASHBOARD_SESSION_KEY":
      return "openssl rand -base64 32";
    default:
      return "the value of the shop's own account or endpoint: docs/checkout.md#secrets";
  }
}

/** How many entries SHOPS lists, valid or not (0 when it is not a JSON array). */
function shopEntryCount(config: WorkerConfig): number {
  const value = config.vars?.SHOPS ?? "[]";
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/** A secret the Worker needs: its name, and why (a shop's field, or the feature that reads it). */
export interface RequiredSecret {
  name: string;
  why: string;
}

/**
 * The secrets the target needs: every secret a SHOPS shop names; ADMIN_TOKEN and SHOP_MASTER_KEYS
 * when the registry is in use (SHOPS has no shop, so every shop comes from the registry; or either
 * of the two is already set: one without the other is half a registry); DASHBOARD_SESSION_KEY when
 * the dashboard is set up (ACCESS_TEAM_DOMAIN, ACCESS_AUD or DASHBOARD_OPERATORS set, or a shop
 * lists dashboardUsers).
 */
export function requiredSecrets(config: WorkerConfig, setSecrets: readonly string[]): RequiredSecret[] {
  const shops = configuredShops(config);
  const required: RequiredSecret[] = [];
  for (const shop of shops) {
    for (const slot of secretSlots(shop)) required.push({ name: slot.given, why: `shop ${shop.id}, ${slot.field}` });
  }
  // Entries refused by the schema count as listed: they are reported as such, not as a registry.
  const listed = Math.max(shops.length, shopEntryCount(config));
  const registry = listed === 0 || setSecrets.includes("ADMIN_TOKEN") || setSecrets.includes("SHOP_MASTER_KEYS");
  if (registry) {
    const why = listed === 0 ? "the shop registry (SHOPS lists no shop)" : "the shop registry";
    required.push({ name: "ADMIN_TOKEN", why }, { name: "SHOP_MASTER_KEYS", why });
  }
  const dashboard =
    ["ACCESS_TEAM_DOMAIN", "ACCESS_AUD", "DASHBOARD_OPERATORS"].some((name) => stringVar(config, name) !== "") ||
    shops.some((shop) => shop.dashboardUsers.length > 0);
  if (dashboard) required.push({ name: "DASHBOARD_SESSION_KEY", why: "the dashboard" });
  return required;
}

/**
 * The problems that only the account shows (kind `account`): a required secret that is not set (the
 * secrets file's count as set), a queue that does not exist, a D1 migration not applied.
 */
export function accountProblems(
  target: Target,
  account: AccountState,
  secretsFile: Readonly<Record<string, string>> = {},
): Problem[] {
  const config = targetConfig(target);
  if (!config) return [];
  const problems: Problem[] = [];
  const set = new Set([...account.secrets, ...Object.keys(secretsFile)]);
  const seen = new Set<string>();
  for (const { name, why } of requiredSecrets(config, [...set])) {
    if (set.has(name) || seen.has(name)) continue;
    seen.add(name);
    problems.push({
      kind: "account",
      what: `the secret ${name} is not set (${why})`,
      fix: `npx wrangler secret put ${name}${envFlag(target)}  (${secretAdvice(name)})`,
    });
  }
  const queues = new Set(account.queues);
  for (const queue of queueNames(config)) {
    if (!queues.has(queue)) {
      problems.push({
        kind: "account",
        what: `the queue ${queue} does not exist`,
        fix: `npx wrangler queues create ${queue}`,
      });
    }
  }
  for (const db of databasesToCheck(config)) {
    const pending = account.unappliedMigrations[db.binding] ?? [];
    if (pending.length) {
      problems.push({
        kind: "account",
        what: `the D1 database ${db.binding} lacks ${pending.length} migration${pending.length > 1 ? "s" : ""} (${pending.join(", ")})`,
        fix: `npx wrangler d1 migrations apply ${db.binding} --remote${envFlag(target)}`,
      });
    }
  }
  return problems;
}

/** The names of a `wrangler secret list --format json` answer. */
export function parseSecretList(stdout: string): string[] {
  const start = stdout.indexOf("[");
  if (start < 0) throw new Error("wrangler secret list printed no JSON list");
  const list: unknown = JSON.parse(stdout.slice(start));
  if (!Array.isArray(list)) throw new Error("wrangler secret list printed no JSON list");
  return list.map((entry: { name?: unknown }) => String(entry.name));
}

/** The cells of each row of a table as wrangler prints it (cli-table3: │ or | between cells). */
function tableRows(stdout: string): string[][] {
  return stdout
    .split("\n")
    .filter((line) => /^[│|]/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .replace(/^[│|]|[│|]$/g, "")
        .split(/[│|]/)
        .map((cell) => cell.trim()),
    );
}

/** The queue names of a `wrangler queues list` table (column `name`). */
export function parseQueueList(stdout: string): string[] {
  const rows = tableRows(stdout);
  const header = rows.findIndex((row) => row.includes("name"));
  if (header < 0) return [];
  const column = (rows[header] ?? []).indexOf("name");
  return rows
    .slice(header + 1)
    .map((row) => row[column] ?? "")
    .filter(Boolean);
}

/** The migrations a `wrangler d1 migrations list` answer lists as not applied (none after "No migrations to apply"). */
export function parseUnappliedMigrations(stdout: string): string[] {
  if (stdout.includes("No migrations to apply")) return [];
  const rows = tableRows(stdout.slice(Math.max(0, stdout.indexOf("Migrations to be applied"))));
  const header = rows.findIndex((row) => row.some((cell) => /^name$/i.test(cell)));
  if (header < 0) throw new Error("wrangler d1 migrations list printed neither a list nor 'No migrations to apply'");
  return rows
    .slice(header + 1)
    .map((row) => row[0] ?? "")
    .filter(Boolean);
}

/** Byte counts of the built Worker, and the platform's limits. */
export interface BundleSize {
  raw: number;
  gzip: number;
}

/**
 * Workers' limits on a Worker's size: 3 MB after compression on the free plan, 10 MB on the paid
 * plan, 64 MB before compression (decimal megabytes, the stricter reading).
 */
export const SIZE_LIMITS = { gzipFree: 3_000_000, gzipPaid: 10_000_000, raw: 64_000_000 } as const;

function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The size line of a dry run, and a problem when the bundle is over a limit. */
export function bundleReport(size: BundleSize): { line: string; problems: Problem[] } {
  const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
  const line =
    `Bundle: ${kB(size.raw)} raw (${pct(size.raw, SIZE_LIMITS.raw)} of 64 MB), ` +
    `${kB(size.gzip)} gzip (${pct(size.gzip, SIZE_LIMITS.gzipFree)} of the free plan's 3 MB, ${pct(size.gzip, SIZE_LIMITS.gzipPaid)} of the paid plan's 10 MB)`;
  const problems: Problem[] = [];
  if (size.raw > SIZE_LIMITS.raw)
    problems.push({
      kind: "config",
      what: `the bundle is ${kB(size.raw)}, over 64 MB`,
      fix: "make the Worker smaller",
    });
  if (size.gzip > SIZE_LIMITS.gzipPaid)
    problems.push({
      kind: "config",
      what: `the bundle is ${kB(size.gzip)} gzip, over the paid plan's 10 MB`,
      fix: "make the Worker smaller",
    });
  return { line, problems };
}

/** The problems as the one list the script prints: each with its fix. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `  - ${p.what}\n      fix: ${p.fix}`).join("\n");
}
