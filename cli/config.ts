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

/** The fields of a SHOPS entry the CLI uses (docs/checkout.md has them all). */
export interface ShopEntry {
  id: string;
  environment: Environment;
  apiKeyId: string;
  secrets: { apiKeySecret: string; notificationHmacKey?: string; orderSigningKey?: string; backendToken?: string };
  notificationSignature?: { header?: string; encoding?: "hex" | "base64" };
  /** The shop's webhook endpoints; `secret` names the Worker secret holding the endpoint's whsec_ value. */
  webhooks?: { url: string; secret: string; events?: string[] }[];
}

export interface WorkerConfig {
  path: string;
  vars: Record<string, string>;
  shops: ShopEntry[];
  /** KEY=VALUE of the .dev.vars beside wrangler.toml ({} when there is none). */
  devVars: Record<string, string>;
}

/** Values of a TOML table's `KEY = "..."`, `KEY = '...'` and `KEY = '''...'''` lines. */
export function readTomlVars(text: string, table = "vars"): Record<string, string> {
  const start = new RegExp(`^\\[${table}\\]\\s*$`, "m").exec(text);
  if (!start) return {};
  const rest = text.slice(start.index + start[0].length);
  const next = /^\[/m.exec(rest);
  const body = next ? rest.slice(0, next.index) : rest;
  const vars: Record<string, string> = {};
  const entry = /^([A-Za-z0-9_]+)\s*=\s*(?:'''([\s\S]*?)'''|"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)')/gm;
  for (const match of body.matchAll(entry)) {
    const [, name, multi, basic, literal] = match;
    if (!name) continue;
    vars[name] = multi ?? (basic === undefined ? (literal ?? "") : (JSON.parse(`"${basic}"`) as string));
  }
  return vars;
}

/** KEY=VALUE lines of a .dev.vars file (comments and blank lines skipped), as scripts/servers.mjs reads them. */
export function readDevVars(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) vars[match[1]] = match[2].replace(/^"(.*)"$/, "$1");
  }
  return vars;
}

function asShop(value: unknown, index: number, path: string): ShopEntry {
  const bad = (what: string) => new UsageError(`${path}: SHOPS[${index}] ${what}`);
  if (typeof value !== "object" || value === null) throw bad("is not an object");
  const shop = value as Record<string, unknown>;
  if (typeof shop.id !== "string") throw bad("has no id");
  if (shop.environment !== "sandbox" && shop.environment !== "production") throw bad(`(${shop.id}) has no valid environment`);
  if (typeof shop.apiKeyId !== "string") throw bad(`(${shop.id}) has no apiKeyId`);
  const secrets = shop.secrets as Record<string, unknown> | undefined;
  if (typeof secrets?.apiKeySecret !== "string") throw bad(`(${shop.id}) names no secrets.apiKeySecret`);
  return value as ShopEntry;
}

/** The wrangler.toml to read: `--config`, else ./wrangler.toml, else the repository's. */
export function configPath(option: string | undefined, root: string): string {
  if (option !== undefined) return resolve(option);
  const local = resolve("wrangler.toml");
  return existsSync(local) ? local : join(root, "wrangler.toml");
}

export function loadWorkerConfig(path: string): WorkerConfig {
  if (!existsSync(path)) throw new UsageError(`no Worker configuration at ${path} (pass --config <wrangler.toml>)`);
  const vars = readTomlVars(readFileSync(path, "utf8"));
  let shops: ShopEntry[] = [];
  if (vars.SHOPS !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(vars.SHOPS);
    } catch {
      throw new UsageError(`${path}: SHOPS is not valid JSON`);
    }
    if (!Array.isArray(parsed)) throw new UsageError(`${path}: SHOPS is not a JSON array`);
    shops = parsed.map((s, i) => asShop(s, i, path));
  }
  return { path, vars, shops, devVars: readDevVars(join(dirname(path), ".dev.vars")) };
}

export function findShop(config: WorkerConfig, id: string): ShopEntry {
  const shop = config.shops.find((s) => s.id === id);
  if (!shop) {
    const known = config.shops.map((s) => s.id).join(", ") || "none";
    throw new UsageError(`no shop "${id}" in ${config.path} (shops: ${known})`);
  }
  return shop;
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
  if (!value) throw new UsageError(`no base URL for ${environment}: ${name} is empty in ${config?.path ?? "wrangler.toml"}; pass --base-url <url> or set ${BASE_URL_ENV}`);
  return value;
}

/** The environment, base URL and API key the command speaks with. Usage errors for anything missing. */
export async function resolveTarget(opts: GlobalOptions, ctx: ResolveContext): Promise<Target> {
  if (opts.shop !== undefined && opts.keyId !== undefined) throw new UsageError("pass either --shop or --key-id, not both");
  if (opts.shop === undefined && opts.keyId === undefined) throw new UsageError("no credentials: pass --shop <id> (a shop of wrangler.toml) or --key-id <id> with the secret in " + KEY_SECRET_ENV);
  if (opts.shop !== undefined) {
    if (opts.keySecret !== undefined || opts.keySecretStdin) throw new UsageError("--key-secret and --key-secret-stdin go with --key-id; a shop's secret comes from its configuration");
    const config = loadWorkerConfig(configPath(opts.config, ctx.root));
    const shop = findShop(config, opts.shop);
    if (opts.env !== undefined && opts.env !== shop.environment) throw new UsageError(`shop ${shop.id} is a ${shop.environment} shop, not ${opts.env}`);
    const keySecret = secretByName(config, shop.secrets.apiKeySecret);
    if (!keySecret) throw new UsageError(`the secret ${shop.secrets.apiKeySecret} of shop ${shop.id} is set neither in the environment nor in ${join(dirname(config.path), ".dev.vars")}`);
    return { environment: shop.environment, baseUrl: baseUrlFor(shop.environment, opts, config), keyId: shop.apiKeyId, keySecret, label: `shop ${shop.id}` };
  }
  const environment = opts.env ?? "sandbox";
  let keySecret: string | undefined;
  if (opts.keySecret !== undefined && opts.keySecretStdin) throw new UsageError("pass either --key-secret or --key-secret-stdin");
  if (opts.keySecret !== undefined) {
    ctx.warn(`warning: a secret passed as --key-secret lands in your shell history and the process list; prefer ${KEY_SECRET_ENV} or --key-secret-stdin`);
    keySecret = opts.keySecret;
  } else if (opts.keySecretStdin) {
    keySecret = (await ctx.readStdinSecret()).trim();
  } else {
    keySecret = process.env[KEY_SECRET_ENV];
  }
  if (!keySecret) throw new UsageError(`no secret for key ${opts.keyId}: set ${KEY_SECRET_ENV} or pass --key-secret-stdin`);
  const needsConfig = !(opts.baseUrl ?? process.env[BASE_URL_ENV]);
  const config = needsConfig ? loadWorkerConfig(configPath(opts.config, ctx.root)) : undefined;
  return { environment, baseUrl: baseUrlFor(environment, opts, config), keyId: opts.keyId ?? "", keySecret, label: `key ${opts.keyId}` };
}
