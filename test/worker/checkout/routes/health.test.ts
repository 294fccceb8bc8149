import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { healthReport, type HealthParts } from "../../../../worker/checkout/routes/health-report.js";
import { call, callWith } from "../support/http.js";
import { REGISTRY_SECRETS, TEST_SECRETS } from "../support/test-env.js";

const bindings = env as unknown as Env;

const healthy: HealthParts = {
  config: { shops: 2, invalidEntries: 0 },
  registry: { state: "ok", activeShops: 3, disabledShops: 1 },
  ledger: "ok",
  queueBound: true,
};

describe("healthReport (pure)", () => {
  it("is ok when every part is", () => {
    const report = healthReport(healthy);
    expect(report.status).toBe("ok");
    expect(report.problems).toEqual([]);
    expect(report.shops).toEqual({ config: 2, registry: 3 });
    expect(report.config).toEqual({ valid: true, shops: 2, invalidEntries: 0 });
    expect(report.queue).toBe("bound");
    expect(report.version).toBeNull();
  });

  it.each([
    [{ config: { shops: 1, invalidEntries: 1 } }, ["config_invalid"]],
    [{ registry: { state: "unreachable" as const } }, ["registry_unreachable"]],
    [{ ledger: "unreachable" as const }, ["ledger_unreachable"]],
    [{ ledger: "no_tables" as const }, ["ledger_not_migrated"]],
    [{ queueBound: false }, ["queue_unbound"]],
    [{ queueBound: false, ledger: "unreachable" as const }, ["ledger_unreachable", "queue_unbound"]],
  ])("is degraded by %j: %j", (change, problems) => {
    const report = healthReport({ ...healthy, ...change });
    expect(report.status).toBe("degraded");
    expect(report.problems).toEqual(problems);
  });

  it.each([
    [{ registry: { state: "no_tables" as const } }],
    [{ registry: { state: "unbound" as const } }],
    [{ ledger: "unbound" as const }],
  ])("takes %j as a setup the Worker supports, not a fault", (change) => {
    const report = healthReport({ ...healthy, ...change });
    expect(report.status).toBe("ok");
    expect(report.problems).toEqual([]);
    expect(report.shops.registry).toBe("registry" in change ? null : 3);
  });
});

describe("GET /healthz", () => {
  it("answers 200 with the shops counted by source, both databases, the queue and the version, not cached", async () => {
    const response = await call("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as ReturnType<typeof healthReport>;
    expect(body.status).toBe("ok");
    expect(body.config).toEqual({ valid: true, shops: 2, invalidEntries: 0 });
    expect(body.registry.state).toBe("ok");
    expect(body.shops.config).toBe(2);
    expect(body.shops.registry).toBe(body.registry.activeShops);
    expect(typeof body.registry.activeShops).toBe("number");
    expect(body.ledger).toBe("ok");
    expect(body.queue).toBe("bound");
    if (bindings.CF_VERSION_METADATA) expect(body.version?.id).toBe(bindings.CF_VERSION_METADATA.id);
    else expect(body.version).toBeNull();
  });

  it("names no shop and no secret", async () => {
    const text = await (await call("/healthz")).text();
    for (const value of [...Object.values(TEST_SECRETS), ...Object.values(REGISTRY_SECRETS)])
      expect(text).not.toContain(value);
    expect(text).not.toContain("demo-open");
    expect(text).not.toContain("demo-signed");
  });

  it("is 503 config_invalid when a SHOPS entry is refused", async () => {
    const shops = JSON.parse(bindings.SHOPS ?? "[]") as Record<string, unknown>[];
    const broken = [...shops, { id: "broken-shop", name: "Broken" }];
    const response = await callWith({ SHOPS: JSON.stringify(broken) }, "/healthz");
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReturnType<typeof healthReport>;
    expect(body.problems).toEqual(["config_invalid"]);
    expect(body.config).toEqual({ valid: false, shops: 2, invalidEntries: 1 });
  });

  it("is 503 queue_unbound without the webhook queue", async () => {
    const response = await callWith({ WEBHOOK_EVENTS: undefined } as unknown as Partial<Env>, "/healthz");
    expect(response.status).toBe(503);
    expect(((await response.json()) as { problems: string[] }).problems).toEqual(["queue_unbound"]);
  });

  it("is 503 ledger_not_migrated when the ledger database has no tables (the registry's database bound as LEDGER)", async () => {
    const response = await callWith({ LEDGER: bindings.DB }, "/healthz");
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReturnType<typeof healthReport>;
    expect(body.ledger).toBe("no_tables");
    expect(body.problems).toEqual(["ledger_not_migrated"]);
  });

  it("takes a database without the registry's tables, or none at all, as a SHOPS-only setup (200)", async () => {
    const noTables = await callWith({ DB: bindings.LEDGER }, "/healthz");
    expect(noTables.status).toBe(200);
    const body = (await noTables.json()) as ReturnType<typeof healthReport>;
    expect(body.registry).toEqual({ state: "no_tables" });
    expect(body.shops).toEqual({ config: 2, registry: null });
    const unbound = await callWith({ DB: undefined, LEDGER: undefined }, "/healthz");
    expect(unbound.status).toBe(200);
    const parts = (await unbound.json()) as ReturnType<typeof healthReport>;
    expect(parts.registry).toEqual({ state: "unbound" });
    expect(parts.ledger).toBe("unbound");
  });

  it("is 503 when a database does not answer, and logs the part without failing the request", async () => {
    const failing = {
      prepare: () => {
        throw new Error("D1_ERROR: network connection lost");
      },
    } as unknown as D1Database;
    const response = await callWith({ DB: failing, LEDGER: failing }, "/healthz");
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReturnType<typeof healthReport>;
    expect(body.registry).toEqual({ state: "unreachable" });
    expect(body.problems).toEqual(["registry_unreachable", "ledger_unreachable"]);
    expect(JSON.stringify(body)).not.toContain("network connection lost");
  });
});
