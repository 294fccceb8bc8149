/**
 * How a registry shop is kept: its settings (everything but the secrets) as plain JSON, and its
 * secrets as one bundle that is sealed as a whole (secret-envelope.ts), webhook secrets by their
 * endpoint's URL (unique within a shop), so that a reordered list keeps each endpoint's secret.
 * The bundle is sealed bound to the rest of the row (`rowBinding`). Pure (the digest is WebCrypto's).
 */
import { SECRET_FIELDS, type RegistryShop, type SecretField, type ShopData } from "./shop-schema.js";

/** A shop's secret values, as sealed in its row. */
export interface SecretBundle {
  apiKeySecret: string;
  notificationHmacKey?: string;
  orderSigningKey?: string;
  backendToken?: string;
  /** Webhook secrets by endpoint URL. */
  webhooks: Record<string, string>;
}

/** The settings and the secrets of a shop, apart. */
export function splitShop(shop: RegistryShop): { settings: ShopData; secrets: SecretBundle } {
  const { secrets, webhooks, ...rest } = shop;
  const bundle: SecretBundle = { apiKeySecret: secrets.apiKeySecret, webhooks: {} };
  for (const field of SECRET_FIELDS) {
    const value = secrets[field];
    if (field !== "apiKeySecret" && value !== undefined) bundle[field] = value;
  }
  for (const endpoint of webhooks) bundle.webhooks[endpoint.url] = endpoint.secret;
  return {
    settings: { ...rest, webhooks: webhooks.map(({ secret: _secret, ...endpoint }) => endpoint) },
    secrets: bundle,
  };
}

/** The whole shop again, in the shape the registry schema checks (an endpoint without a secret gets ""). */
export function joinShop(settings: ShopData, secrets: SecretBundle): RegistryShop {
  const joined: RegistryShop["secrets"] = { apiKeySecret: secrets.apiKeySecret };
  for (const field of SECRET_FIELDS) {
    const value = secrets[field];
    if (value !== undefined) joined[field] = value;
  }
  return {
    ...settings,
    secrets: joined,
    webhooks: settings.webhooks.map((endpoint) => ({ ...endpoint, secret: secrets.webhooks[endpoint.url] ?? "" })),
  };
}

/** Which secrets a shop has: `secrets.<field>` and `webhooks.<index>.secret`, in the order the shop lists them. */
export function secretsSet(settings: Pick<ShopData, "webhooks">, secrets: SecretBundle): string[] {
  const set: string[] = SECRET_FIELDS.filter((field: SecretField) => secrets[field] !== undefined).map(
    (field) => `secrets.${field}`,
  );
  settings.webhooks.forEach((endpoint, index) => {
    if (secrets.webhooks[endpoint.url] !== undefined) set.push(`webhooks.${index}.secret`);
  });
  return set;
}

/** What of a registry row its sealed secrets are bound to. */
export interface RowBinding {
  id: string;
  environment: string;
  /** The settings JSON exactly as stored. */
  settings: string;
  /** Drawn by each write that seals (registry-admin.ts), stored in the row and in that write's audit entry. */
  sealId: string;
}

/** The additional authenticated data of a row's secrets: its id, environment, settings digest and seal id. */
export async function rowBinding(row: RowBinding): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(row.settings)));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return [row.id, row.environment, hex, row.sealId].join("\n");
}
