/**
 * Where the CLI's credentials come from (docs/cli.md, "Credentials"):
 * - `--shop <id>`: a shop of the checkout Worker's configuration, the SHOPS var of wrangler.toml,
 *   its environment and key id from there, its secrets by name from the environment or, failing
 *   that, from the .dev.vars file beside wrangler.toml (as `wrangler dev` reads them);
 * - `--key-id <id>`: an explicit key, its secret from CRYPTO_CHECKOUT_KEY_SECRET, from stdin
 *   (`--key-secret-stdin`) or, with a warning, from `--key-secret`.
 * The base URL: `--base-url`, else CRYPTO_CHECKOUT_BASE_URL, else the environment's
 * SANDBOX_BASE_URL / PRODUCTION_BASE_URL of wrangler.toml's [vars].
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseEnv } from "node:util";
import { parse as parseToml } from "smol-toml";
import { validateShops, type ConfigIssue, type ShopConfig } from "../worker/checkout/shops/shop-schema.js";
import type { Environment } from "../worker/v3/types.js";
import { UsageError } from "./errors.js";

export const KEY_SECRET_ENV = "CRYPTO_CHECKOUT_KEY_SECRET";
export const BASE_URL_ENV = "CRYPTO_CHECKOUT_BASE_URL";
export const HMAC_KEY_ENV = "CRYPTO_CHECKOUT_HMAC_KEY";
export const ORDER_SIGNING_KEY_ENV = "CRYPTO_CHECKOUT_ORDER_SIGNING_KEY";
export const BACKEND_TOKEN_ENV = "CRYPTO_CHECKOUT_BACKEND_TOKEN";
export const WEBHOOK_SECRET_ENV = "CRYPTO_CHECKOUT_WEBHOOK_SECRET";

/** The global options every command sees (commander's optsWithGlobals()). */
export interface GlobalOptions {
  shop?: string;
  keyId?: string;
  keySecret?: string;
  keySecretStdin?: boolean;
  env?: Environment;
  baseUrl?: string;
  config?: string;
  json?: boolean;
  yes?: boolean;
  timeout?: number;
}

/** A shop of the Worker's configuration, validated by the Worker's own rules (worker/checkout/shops/shop-schema.ts). */
export type ShopEntry = ShopConfig;

export interface WorkerConfig {
  path: string;
  /** wrangler.toml's [vars], those with string values. */
  vars: Record<string, string>;
  /** The SHOPS entries that pass the Worker's validation, by id. */
  shops: Map<string, ShopEntry>;
  /** What the Worker would refuse, by shop and field. */
  issues: ConfigIssue[];
  /** KEY=VALUE of the .dev.vars beside wrangler.toml ({} when there is none). */
  devVars: Record<string, string>;
}

/** The wrangler.toml to read: `--config`, else ./wrangler.toml, else the repository's. */
export function configPath(option: string | undefined, root: string): string {
  if (option !== undefined) return resolve(option);
  const local = resolve("wrangler.toml");
  return existsSync(local) ? local : join(root, "wrangler.toml");
}

export function loadWorkerConfig(path: string): WorkerConfig {
  if (!existsSync(path)) throw new UsageError(`no Worker configuration at ${path} (pass --config <wrangler.toml>)`);
  let toml: Record<string, unknown>;
  try {
    toml = parseToml(readFileSync(path, "utf8"));
  } catch (error) {
    throw new UsageError(`${path} is not valid TOML: ${(error as Error).message}`);
  }
  const table = toml.vars && typeof toml.vars === "object" ? (toml.vars as Record<string, unknown>) : {};
  const vars = Object.fromEntries(
    Object.entries(table).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  // No SHOPS var: no shops (validateShops would report the missing list as an issue).
  const { shops, issues } =
    vars.SHOPS === undefined
      ? { shops: new Map<string, ShopEntry>(), issues: [] }
      : validateShops(vars.SHOPS, undefined, vars.PUBLIC_URL ?? process.env.PUBLIC_URL);
  const devVarsPath = join(dirname(path), ".dev.vars");
  return {
    path,
    vars,
    shops,
    issues,
    devVars: existsSync(devVarsPath) ? (parseEnv(readFileSync(devVarsPath, "utf8")) as Record<string, string>) : {},
  };
}

export function findShop(config: WorkerConfig, id: string): ShopEntry {
  const shop = config.shops.get(id);
  if (shop) return shop;
  const problems = config.issues.filter((issue) => issue.shop === id || issue.shop === "*");
  if (problems.length)
    throw new UsageError(
      `shop "${id}" in ${config.path} is not valid: ${problems.map((p) => `${p.field} ${p.message}`).join("; ")}`,
    );
  const known = [...config.shops.keys()].join(", ") || "none";
  throw new UsageError(`no shop "${id}" in ${config.path} (shops: ${known})`);
}

/** A secret by its binding name: the environment first, then .dev.vars. */
export function secretByName(config: WorkerConfig, name: string): string | undefined {
  const value = process.env[name] ?? config.devVars[name];
  return value === undefined || value === "" ? undefined : value;
}

export interface Target {
  environment: Environment;
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** Where the key came from, for messages: `shop demo-open` or `key demo_shop`. */
  label: string;
}

export interface ResolveContext {
  root: string;
  /** Reads the secret from stdin (first line). */
  readStdinSecret: () => Promise<string>;
  warn: (message: string) => void;
}

function baseUrlFor(environment: Environment, opts: GlobalOptions, config: WorkerConfig | undefined): string {
  const explicit = opts.baseUrl ?? process.env[BASE_URL_ENV];
  if (explicit) return explicit;
  const name = environment === "sandbox" ? "SANDBOX_BASE_URL" : "PRODUCTION_BASE_URL";
  const value = config?.vars[name];
  if (!value)
    throw new UsageError(
      `no base URL for ${environment}: ${name} is empty in ${config?.path ?? "wrangler.toml"}; pass --base-url <url> or set ${BASE_URL_ENV}`,
    );
  return value;
}

/** The environment, base URL and API key the command speaks with. Usage errors for anything missing. */
export async function resolveTarget(opts: GlobalOptions, ctx: ResolveContext): Promise<Target> {
  if (opts.shop !== undefined && opts.keyId !== undefined)
    throw new UsageError("pass either --shop or --key-id, not both");
  if (opts.shop === undefined && opts.keyId === undefined)
    throw new UsageError(
      "no credentials: pass --shop <id> (a shop of wrangler.toml) or --key-id <id> with the secret in " +
        KEY_SECRET_ENV,
    );
  if (opts.shop !== undefined) {
    if (opts.keySecret !== undefined || opts.keySecretStdin)
      throw new UsageError(
        "--key-secret and --key-secret-stdin go with --key-id; a shop's secret comes from its configuration",
      );
    const config = loadWorkerConfig(configPath(opts.config, ctx.root));
    const shop = findShop(config, opts.shop);
    if (opts.env !== undefined && opts.env !== shop.environment)
      throw new UsageError(`shop ${shop.id} is a ${shop.environment} shop, not ${opts.env}`);
    const keySecret = secretByName(config, shop.secrets.apiKeySecret);
    if (!keySecret)
      throw new UsageError(
        `the secret ${shop.secrets.apiKeySecret} of shop ${shop.id} is set neither in the environment nor in ${join(dirname(config.path), ".dev.vars")}`,
      );
    return {
      environment: shop.environment,
      baseUrl: baseUrlFor(shop.environment, opts, config),
      keyId: shop.apiKeyId,
      keySecret,
      label: `shop ${shop.id}`,
    };
  }
  const environment = opts.env ?? "sandbox";
  let keySecret: string | undefined;
  if (opts.keySecret !== undefined && opts.keySecretStdin)
    throw new UsageError("pass either --key-secret or --key-secret-stdin");
  if (opts.keySecret !== undefined) {
    ctx.warn(
      `warning: a secret passed as --key-secret lands in your shell history and the process list; prefer ${KEY_SECRET_ENV} or --key-secret-stdin`,
    );
    keySecret = opts.keySecret;
  } else if (opts.keySecretStdin) {
    keySecret = (await ctx.readStdinSecret()).trim();
  } else {
    keySecret = process.env[KEY_SECRET_ENV];
  }
  if (!keySecret)
    throw new UsageError(`no secret for key ${opts.keyId}: set ${KEY_SECRET_ENV} or pass --key-secret-stdin`);
  const needsConfig = !(opts.baseUrl ?? process.env[BASE_URL_ENV]);
  const config = needsConfig ? loadWorkerConfig(configPath(opts.config, ctx.root)) : undefined;
  return {
    environment,
    baseUrl: baseUrlFor(environment, opts, config),
    keyId: opts.keyId ?? "",
    keySecret,
    label: `key ${opts.keyId}`,
  };
}
