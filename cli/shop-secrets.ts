/**
 * The console never takes a secret's value in a file or on the command line: a shop given to
 * `shops add` or `shops update` is written as in the SHOPS var, its secrets named (environment
 * variables, or entries of the .dev.vars beside wrangler.toml), and the console puts the values in
 * before it sends the shop to the admin API, where they are sealed. Pure: the lookup comes in.
 */
import { SECRET_NAME, type ShopConfig } from "../worker/checkout/shops/shop-schema.js";
import { UsageError } from "./errors.js";

/** A secret's value by its name, or undefined when it is set nowhere. */
export type SecretLookup = (name: string) => string | undefined;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Resolves every name, collecting the fields whose name is set nowhere or is not a name at all. */
class Resolver {
  readonly problems: string[] = [];
  constructor(private readonly lookup: SecretLookup) {}

  /** The secret `name` names ("" after a problem, which `done` then reports). */
  value(field: string, name: unknown): string {
    if (typeof name !== "string" || !SECRET_NAME.test(name)) {
      this.problems.push(
        `${field} must name an environment variable (or .dev.vars entry) that holds the secret, not be the secret itself`,
      );
      return "";
    }
    const value = this.lookup(name);
    if (value === undefined)
      this.problems.push(`${field} names ${name}, which is set neither in the environment nor in .dev.vars`);
    return value ?? "";
  }

  done<T>(result: T): T {
    if (this.problems.length)
      throw new UsageError(`the shop's secrets cannot be read (nothing was sent):\n  ${this.problems.join("\n  ")}`);
    return result;
  }
}

/** A shop of the SHOPS var's format as the admin API takes it: every secret name replaced by its value. */
export function withSecretValues(shop: ShopConfig, lookup: SecretLookup): ShopConfig {
  const resolve = new Resolver(lookup);
  const secrets = Object.fromEntries(
    Object.entries(shop.secrets).map(([field, name]) => [field, resolve.value(`secrets.${field}`, name)]),
  );
  const webhooks = shop.webhooks.map((endpoint, index) => ({
    ...endpoint,
    secret: resolve.value(`webhooks.${index}.secret`, endpoint.secret),
  }));
  // The same shop with each secret's name replaced by its value: the fields are ShopConfig's.
  return resolve.done({ ...shop, secrets: secrets as ShopConfig["secrets"], webhooks });
}

/**
 * A change for PATCH /admin/shops/{id}, its secrets named the same way: `secrets.<field>` names
 * (null removes one), `webhooks[].secret` names where given (an endpoint without one keeps its
 * secret). Everything else is passed on for the Worker to check.
 */
export function patchWithSecretValues(patch: unknown, lookup: SecretLookup): unknown {
  if (!isObject(patch)) return patch;
  const resolve = new Resolver(lookup);
  const out: Json = { ...patch };
  if (isObject(patch.secrets)) {
    out.secrets = Object.fromEntries(
      Object.entries(patch.secrets).map(([field, name]) => [
        field,
        name === null ? null : resolve.value(`secrets.${field}`, name),
      ]),
    );
  }
  if (Array.isArray(patch.webhooks)) {
    out.webhooks = patch.webhooks.map((endpoint: unknown, index) =>
      isObject(endpoint) && "secret" in endpoint
        ? { ...endpoint, secret: resolve.value(`webhooks.${index}.secret`, endpoint.secret) }
        : endpoint,
    );
  }
  return resolve.done(out);
}
