/**
 * What `GET /healthz` says of the deployment (pure): each part as it was found, and whether the
 * Worker as a whole can take payments and tell shops about them. The route (health.ts) finds the
 * parts; this module decides. Public by design, so it holds counts and states only: no shop id,
 * no URL, no secret, no error text.
 */

/** A D1 database as found: bound or not, its tables there or not, answering or not. */
export type DatabaseState = "ok" | "unbound" | "no_tables" | "unreachable";

export interface HealthParts {
  /** The SHOPS var: shops served from it, and entries refused by its validation. */
  config: { shops: number; invalidEntries: number };
  /** The shop registry (D1 `DB`) and its shops, when it could be read. */
  registry: { state: DatabaseState; activeShops?: number; disabledShops?: number };
  /** The payments ledger (D1 `LEDGER`). */
  ledger: DatabaseState;
  /** Whether the webhook queue's producer is bound. */
  queueBound: boolean;
  /** The deployed version (the version metadata binding), when bound. */
  version?: { id: string; tag?: string; timestamp?: string };
}

export interface HealthReport {
  status: "ok" | "degraded";
  /** Why it is degraded: one short code per failing part (empty when ok). */
  problems: string[];
  config: { valid: boolean; shops: number; invalidEntries: number };
  shops: { config: number; registry: number | null };
  registry: HealthParts["registry"];
  ledger: DatabaseState;
  queue: "bound" | "unbound";
  version: HealthParts["version"] | null;
}

/**
 * The report. Degraded when a SHOPS entry is refused, a bound database cannot be read, the
 * ledger has no tables (its writes would fail and webhooks wait on them) or the webhook queue is
 * not bound. A registry without tables, or no registry or ledger binding at all, is a setup the
 * Worker supports (SHOPS-only, no ledger): reported, not degraded.
 */
export function healthReport(parts: HealthParts): HealthReport {
  const problems: string[] = [];
  if (parts.config.invalidEntries > 0) problems.push("config_invalid");
  if (parts.registry.state === "unreachable") problems.push("registry_unreachable");
  if (parts.ledger === "unreachable") problems.push("ledger_unreachable");
  if (parts.ledger === "no_tables") problems.push("ledger_not_migrated");
  if (!parts.queueBound) problems.push("queue_unbound");
  return {
    status: problems.length ? "degraded" : "ok",
    problems,
    config: { valid: parts.config.invalidEntries === 0, ...parts.config },
    shops: { config: parts.config.shops, registry: parts.registry.activeShops ?? null },
    registry: parts.registry,
    ledger: parts.ledger,
    queue: parts.queueBound ? "bound" : "unbound",
    version: parts.version ?? null,
  };
}
