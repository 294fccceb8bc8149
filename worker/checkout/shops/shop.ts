/**
 * A shop as the Worker serves it, whichever source it comes from (shop-source.ts): its settings,
 * and its secrets behind two accessors. The values are never fields of the object, so that no
 * JSON of a shop (a response, a log line) can carry one; each value read is registered with the
 * log scrubber (log.ts) as it is handed out.
 */
import type { Env } from "../env.js";
import { registerSecret } from "../http/log.js";
import { splitShop, type SecretBundle } from "./registry-record.js";
import type { SecretField, ShopConfig, ShopData } from "./shop-schema.js";

export interface Shop extends ShopData {
  /** Where the shop is configured: the SHOPS var, or the registry (D1). */
  readonly source: "config" | "registry";
  /** The value of one of its secrets; undefined when the shop has none of that kind. */
  secret(field: SecretField): string | undefined;
  /** The secret that signs the webhooks to one of its endpoints (by URL). */
  webhookSecret(url: string): string | undefined;
}

const registered = (value: string | undefined) => {
  if (value !== undefined) registerSecret(value);
  return value;
};

/** A Worker secret by binding name; registered for log scrubbing when read. */
export function secretOf(env: Env, name: string): string | undefined {
  const value = env[name];
  if (typeof value !== "string" || value === "") return undefined;
  return registered(value);
}

/** A shop of the SHOPS var: its secrets are read from the Worker secrets its entry names. */
export function configShop(env: Env, config: ShopConfig): Shop {
  const { secrets, webhooks } = config;
  return {
    ...splitShop(config).settings,
    source: "config",
    secret: (field) => {
      const name = secrets[field];
      return name === undefined ? undefined : secretOf(env, name);
    },
    webhookSecret: (url) => {
      const name = webhooks.find((endpoint) => endpoint.url === url)?.secret;
      return name === undefined ? undefined : secretOf(env, name);
    },
  };
}

/** A shop of the registry: its secrets are the opened bundle of its row. */
export function registryShop(settings: ShopData, secrets: SecretBundle): Shop {
  return {
    ...settings,
    source: "registry",
    secret: (field) => registered(secrets[field]),
    webhookSecret: (url) => registered(secrets.webhooks[url]),
  };
}
