/**
 * The demo/production rule (demo-mode.ts): DEMO_MODE "true" serves the demo routes only while no
 * production shop is configured, and the start-up check logs one error line naming why not.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoModeState } from "../../../../worker/checkout/demo/demo-mode.js";
import { reportDemoMode } from "../../../../worker/checkout/demo/demo-routes.js";
import type { Env } from "../../../../worker/checkout/env.js";

const workerEnv = env as unknown as Env;
const sandboxShop = { id: "demo-open", environment: "sandbox" };
const productionShop = { id: "acme", environment: "production" };

afterEach(() => vi.restoreAllMocks());

describe("demoModeState", () => {
  it('serves the demo routes when DEMO_MODE is "true" and every shop is a sandbox shop', () => {
    expect(demoModeState("true", [sandboxShop, { ...sandboxShop, id: "demo-signed" }])).toEqual({ enabled: true });
    expect(demoModeState("true", JSON.stringify([sandboxShop]))).toEqual({ enabled: true });
    expect(demoModeState("true", workerEnv.SHOPS)).toEqual({ enabled: true });
  });

  it('does not serve them, without a reason to log, unless DEMO_MODE is exactly "true"', () => {
    for (const mode of [undefined, "", "false", "TRUE", "1", "yes", " true"]) {
      expect(demoModeState(mode, [sandboxShop]), String(mode)).toEqual({ enabled: false });
      expect(demoModeState(mode, [productionShop]), String(mode)).toEqual({ enabled: false });
    }
  });

  it("refuses them when any shop is a production shop, naming the shops", () => {
    const state = demoModeState(
      "true",
      JSON.stringify([sandboxShop, productionShop, { id: "acme-eu", environment: "production" }]),
    );
    expect(state.enabled).toBe(false);
    expect(!state.enabled && state.reason).toMatch(/DEMO_MODE.*production shops.*\(acme, acme-eu\).*not served/);
  });

  it("counts a production entry that is otherwise invalid, and refuses when SHOPS cannot be read", () => {
    expect(demoModeState("true", [sandboxShop, { environment: "production", pricing: 7 }])).toMatchObject({
      enabled: false,
      reason: expect.stringContaining("(#1)"),
    });
    for (const shops of ["not json", "{}", undefined, 42]) {
      expect(demoModeState("true", shops)).toMatchObject({
        enabled: false,
        reason: expect.stringContaining("SHOPS cannot be read"),
      });
    }
  });
});

describe("reportDemoMode (at start)", () => {
  function logLines(bindings: Partial<Env>): Record<string, unknown>[] {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    reportDemoMode({ ...workerEnv, ...bindings });
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('logs one error line naming why when DEMO_MODE is "true" beside a production shop', () => {
    const shops = JSON.stringify([...(JSON.parse(workerEnv.SHOPS ?? "[]") as unknown[]), productionShop]);
    const lines = logLines({ DEMO_MODE: "true", SHOPS: shops });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", event: "demo_mode_refused" });
    expect(String(lines[0]?.reason)).toContain("production shops are configured (acme)");
  });

  it("logs nothing when the demo routes are served or were not asked for", () => {
    expect(logLines({ DEMO_MODE: "true" })).toEqual([]);
    expect(logLines({ DEMO_MODE: "false", SHOPS: JSON.stringify([productionShop]) })).toEqual([]);
  });
});
