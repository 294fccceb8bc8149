/**
 * `GET /healthz`: whether this deployment can take payments, for an uptime check, a load balancer
 * or an operator after a deploy. It looks at each part once per request (the SHOPS var as the
 * Worker validated it, one count from each D1 database, the queue binding, the version metadata)
 * and answers 200 when all is well and 503 when it is degraded, with the report of
 * health-report.ts: counts and states only, nothing about a shop or a secret, so it needs no
 * token. Not cached.
 *
 * `GET /healthz/upstream` (the admin token, as the admin API): how this isolate's last calls to
 * the payment service went (upstream-calls.ts), per environment and operation.
 */
import { Hono } from "hono";
import type { Env } from "../env.js";
import type { AppEnv } from "../http/plumbing.js";
import { log } from "../http/log.js";
import { loadShops } from "../shops/config.js";
import { isMissingRegistry, readShopCounts } from "../shops/registry-store.js";
import { recentCalls, RING_SIZE, summarizeCalls } from "../upstream/upstream-calls.js";
import { adminAuth } from "./admin-auth.js";
import { healthReport, type DatabaseState, type HealthParts } from "./health-report.js";

/** Whether a D1 error says a table is missing (migrations never applied). */
const isMissingTable = (err: unknown) => err instanceof Error && /\bno such table\b/.test(err.message);

async function registryPart(env: Env): Promise<HealthParts["registry"]> {
  if (!env.DB) return { state: "unbound" };
  try {
    const counts = await readShopCounts(env.DB);
    return { state: "ok", activeShops: counts.active, disabledShops: counts.disabled };
  } catch (err) {
    if (isMissingRegistry(err)) return { state: "no_tables" };
    log("error", "health_check_failed", { part: "registry", error: err });
    return { state: "unreachable" };
  }
}

async function ledgerPart(env: Env): Promise<DatabaseState> {
  if (!env.LEDGER) return "unbound";
  try {
    await env.LEDGER.prepare("SELECT 1 FROM ledger_payments LIMIT 1").all();
    return "ok";
  } catch (err) {
    if (isMissingTable(err)) return "no_tables";
    log("error", "health_check_failed", { part: "ledger", error: err });
    return "unreachable";
  }
}

function versionPart(env: Env): HealthParts["version"] {
  const metadata = env.CF_VERSION_METADATA;
  if (!metadata?.id) return undefined;
  return {
    id: metadata.id,
    ...(metadata.tag ? { tag: metadata.tag } : {}),
    ...(metadata.timestamp ? { timestamp: metadata.timestamp } : {}),
  };
}

export const healthRoutes = new Hono<AppEnv>();

healthRoutes.get("/healthz", async (c) => {
  const { shops, invalid, issues } = loadShops(c.env);
  const unreadableVar = issues.some((issue) => issue.shop === "*");
  const [registry, ledger] = await Promise.all([registryPart(c.env), ledgerPart(c.env)]);
  const report = healthReport({
    config: { shops: shops.size, invalidEntries: invalid.size + (unreadableVar ? 1 : 0) },
    registry,
    ledger,
    queueBound: Boolean(c.env.WEBHOOK_EVENTS),
    version: versionPart(c.env),
  });
  return c.json(report, report.status === "ok" ? 200 : 503, { "Cache-Control": "no-store" });
});

healthRoutes.get("/healthz/upstream", adminAuth, (c) => {
  const calls = recentCalls();
  const first = calls[0];
  return c.json(
    {
      scope: "isolate",
      kept: RING_SIZE,
      since: first ? new Date(first.at).toISOString() : null,
      environments: summarizeCalls(calls),
    },
    200,
    { "Cache-Control": "no-store" },
  );
});
