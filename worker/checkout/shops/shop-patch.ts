/**
 * A change of a registry shop as the admin API takes it, applied to the shop as it is: the result
 * is a whole shop again, which the caller checks with the shop schema. Pure.
 *
 * - A field given replaces the shop's; `null` removes an optional one (`limits`, `redirectUrls`...).
 * - `secrets` is merged field by field: a value sets one, `null` removes one.
 * - `webhooks` replaces the list; an endpoint without `secret` keeps the secret of the endpoint
 *   with the same URL, and a new URL needs one.
 * - The id cannot change.
 * - A secret by its field (`apiKeySecret`, ..., `webhooks.<n>.secret`) is set with `withSecret`.
 */
import type { RegistryShop, SecretField } from "./shop-schema.js";
import { SECRET_FIELDS } from "./shop-schema.js";
import type { FieldError } from "../wire.js";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Entries whose value is null left out. */
const withoutNulls = (entries: Json): Json =>
  Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== null));

/** The shop with `patch` applied (not yet checked by the schema), and the problems the merge itself found. */
export function applyPatch(current: RegistryShop, patch: unknown): { candidate: Json; issues: FieldError[] } {
  if (!isObject(patch))
    return {
      candidate: { ...current },
      issues: [{ field: "(body)", message: "must be a JSON object of the fields to change" }],
    };
  const merged: Json = { ...current };
  const issues: FieldError[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (field === "id") {
      if (value !== current.id)
        issues.push({ field: "id", message: "cannot be changed (add a shop with the new id instead)" });
    } else if (field === "secrets") {
      merged.secrets = isObject(value) ? withoutNulls({ ...current.secrets, ...value }) : value;
    } else if (field === "webhooks" && Array.isArray(value)) {
      merged.webhooks = value.map((endpoint: unknown, index) => {
        if (!isObject(endpoint) || "secret" in endpoint) return endpoint;
        const kept = current.webhooks.find((old) => old.url === endpoint.url)?.secret;
        if (kept === undefined)
          issues.push({ field: `webhooks.${index}.secret`, message: "is required for a new endpoint" });
        return kept === undefined ? endpoint : { ...endpoint, secret: kept };
      });
    } else {
      merged[field] = value;
    }
  }
  return { candidate: withoutNulls(merged), issues };
}

/** A secret's field as the rotation route names it: one of `secrets`, or a webhook endpoint's. */
export type SecretSlotName = { kind: "secret"; field: SecretField } | { kind: "webhook"; index: number };

const WEBHOOK_SECRET = /^webhooks\.(\d{1,2})\.secret$/;

/** `apiKeySecret` ... `backendToken`, or `webhooks.<n>.secret`; undefined for anything else. */
export function secretSlotName(name: string): SecretSlotName | undefined {
  if ((SECRET_FIELDS as readonly string[]).includes(name)) return { kind: "secret", field: name as SecretField };
  const match = WEBHOOK_SECRET.exec(name);
  return match ? { kind: "webhook", index: Number(match[1]) } : undefined;
}

/** The shop with one secret set (undefined when it names an endpoint the shop does not have). */
export function withSecret(current: RegistryShop, slot: SecretSlotName, value: string): RegistryShop | undefined {
  if (slot.kind === "secret") return { ...current, secrets: { ...current.secrets, [slot.field]: value } };
  if (slot.index >= current.webhooks.length) return undefined;
  return {
    ...current,
    webhooks: current.webhooks.map((endpoint, index) =>
      index === slot.index ? { ...endpoint, secret: value } : endpoint,
    ),
  };
}
