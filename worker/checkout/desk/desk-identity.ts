/**
 * Who may see which shops in the dashboard, read again on every request so that a change of the
 * configuration takes effect at once (not at the next sign-in):
 * - an operator (an admin's sign-in link, or an email of the DASHBOARD_OPERATORS var) sees every
 *   shop: the SHOPS var's and the registry's active ones;
 * - a person signed in through Cloudflare Access sees the shops whose `dashboardUsers` list their
 *   email (in either source);
 * - a shop's sign-in link opens that one shop.
 */
import type { DeskIdentity } from "../dashboard-wire.js";
import type { Env } from "../env.js";
import { serviceUnavailable } from "../http/errors.js";
import { log } from "../http/log.js";
import { loadShops } from "../shops/config.js";
import { isMissingRegistry, readActiveShopIds, readDashboardUserShopIds } from "../shops/registry-store.js";
import type { StoredIdentity } from "./session-rules.js";

/** The emails of DASHBOARD_OPERATORS (comma-separated), lower-case. */
export function operatorEmails(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

/** The registry's part of an answer: nothing without a registry (no DB, or no tables), 503 when D1 cannot be read. */
async function fromRegistry(env: Env, read: (db: D1Database) => Promise<string[]>): Promise<string[]> {
  if (!env.DB) return [];
  try {
    return await read(env.DB);
  } catch (err) {
    if (isMissingRegistry(err)) return [];
    log("error", "registry_unavailable", { error: err });
    throw serviceUnavailable("The shop registry cannot be read right now; try again shortly.");
  }
}

const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

/** Every shop's id: the SHOPS var's valid entries and the registry's active shops. */
export async function allShopIds(env: Env): Promise<string[]> {
  return sorted([...loadShops(env).shops.keys(), ...(await fromRegistry(env, readActiveShopIds))]);
}

/** The ids of the shops whose dashboardUsers list `email`. */
export async function shopIdsOfUser(env: Env, email: string): Promise<string[]> {
  const lower = email.toLowerCase();
  const fromVar = [...loadShops(env).shops.values()].filter((shop) => shop.dashboardUsers.includes(lower));
  return sorted([
    ...fromVar.map((shop) => shop.id),
    ...(await fromRegistry(env, (db) => readDashboardUserShopIds(db, lower))),
  ]);
}

/** What an email vouched for by Cloudflare Access may see; undefined when it is no operator and no shop lists it. */
export async function accessIdentity(env: Env, email: string): Promise<DeskIdentity | undefined> {
  const lower = email.toLowerCase();
  if (operatorEmails(env.DASHBOARD_OPERATORS).includes(lower))
    return { email: lower, via: "access", operator: true, shops: await allShopIds(env) };
  const shops = await shopIdsOfUser(env, lower);
  return shops.length ? { email: lower, via: "access", operator: false, shops } : undefined;
}

/** A stored identity as it stands now; undefined when it may see no shop any more. */
export async function currentIdentity(env: Env, stored: StoredIdentity): Promise<DeskIdentity | undefined> {
  if (stored.via === "access" && stored.email !== null) return accessIdentity(env, stored.email);
  if (stored.operator) return { ...stored, shops: await allShopIds(env) };
  return stored.shops.length ? stored : undefined;
}
