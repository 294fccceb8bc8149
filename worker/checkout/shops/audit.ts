/**
 * What an admin change did to a shop, for the audit log: each setting that changed with its old
 * and new value, and each secret only as "set", "replaced" or "removed". Pure; the one place
 * that decides what an audit entry may say, so that no secret value ever reaches the log table.
 */
import { splitShop } from "./registry-record.js";
import { SECRET_FIELDS, type RegistryShop, type ShopData } from "./shop-schema.js";

export type AuditChange =
  { field: string; from?: unknown; to?: unknown } | { field: string; secret: "set" | "replaced" | "removed" };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The settings that differ (every one given, for a new shop), then the secrets that differ. */
export function shopChanges(before: RegistryShop | undefined, after: RegistryShop): AuditChange[] {
  const old = before && splitShop(before);
  const next = splitShop(after);
  const changes: AuditChange[] = [];
  const fields = new Set([...Object.keys(old?.settings ?? {}), ...Object.keys(next.settings)]) as Set<keyof ShopData>;
  for (const field of fields) {
    const from = old?.settings[field];
    const to = next.settings[field];
    if (old && same(from, to)) continue;
    changes.push(old ? { field, from, to } : { field, to });
  }
  for (const field of SECRET_FIELDS) {
    const from = old?.secrets[field];
    const to = next.secrets[field];
    if (from === to) continue;
    changes.push({
      field: `secrets.${field}`,
      secret: to === undefined ? "removed" : from === undefined ? "set" : "replaced",
    });
  }
  next.settings.webhooks.forEach((endpoint, index) => {
    const from = old?.secrets.webhooks[endpoint.url];
    const to = next.secrets.webhooks[endpoint.url];
    if (from !== to)
      changes.push({ field: `webhooks.${index}.secret`, secret: from === undefined ? "set" : "replaced" });
  });
  return changes;
}
