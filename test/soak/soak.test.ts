/**
 * The short chaos soak, as `npm run soak -- --short` runs it: 60 payments in a minute against both
 * Workers started for real, while the checkout Worker is killed, the upstream fails and times out,
 * notifications are duplicated, reordered and dropped and the webhook endpoint is down, and a few
 * payments are refunded (approved at once, repeated and after the kill). The soak
 * proves its own claims (exit code); this test also checks that each fault really happened, so
 * that a soak which quietly stopped injecting them cannot pass.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

interface Proof {
  name: string;
  ok: boolean;
  detail: string;
  failures: string[];
}

interface SoakResult {
  ok: boolean;
  proofs: Proof[];
  payments: { started: number; created: number };
  faults: {
    crashes: unknown[];
    upstream: { mode: string }[];
    upstreamStats: { errors: number; hung: number; slowed: number };
    receiver: { outages: number; downSeconds: number };
    chaosPhases: number;
  };
  streams: { cut: number };
  figures: {
    events: number;
    received: number;
    notificationsDropped: number;
    payouts: number;
    refunds: {
      requested: number;
      created: number;
      approvalCalls: number;
      payoutsForRefunds: number;
      duplicatePayouts: number;
      finalStates: Record<string, number>;
      events: number;
      eventsReceived: number;
    };
  };
  memory: { sandboxKb: { start: number; end: number } };
  storage: { after: { checkout: { bytes: number } } };
}

const dir = mkdtempSync(join(tmpdir(), "soak-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runShortSoak(json: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/soak.mjs", "--short", "--json", json], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on("data", (chunk: Buffer) => (output += String(chunk)));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("chaos soak, short", () => {
  it("loses nothing and ends every order in the sandbox's state while faults overlap", async () => {
    const json = join(dir, "soak.json");
    const { code, output } = await runShortSoak(json);
    const result = JSON.parse(readFileSync(json, "utf8")) as SoakResult;
    const failed = result.proofs.filter((proof) => !proof.ok);
    expect(failed, output.slice(-4000)).toEqual([]);
    expect(code).toBe(0);
    expect(result.ok).toBe(true);

    // Payments went through, and events with them.
    expect(result.payments.started).toBe(60);
    expect(result.payments.created).toBeGreaterThanOrEqual(54);
    expect(result.figures.events).toBeGreaterThan(result.payments.created);
    expect(result.figures.received).toBe(result.figures.events);

    // Refunds were asked for, approved five times each, and paid out once each.
    const refunds = result.figures.refunds;
    expect(refunds.requested).toBeGreaterThanOrEqual(1);
    expect(refunds.created).toBe(refunds.requested);
    expect(refunds.approvalCalls).toBe(5 * refunds.created);
    expect(refunds.payoutsForRefunds).toBe(refunds.created);
    expect(result.figures.payouts).toBe(refunds.created);
    expect(refunds.duplicatePayouts).toBe(0);
    expect(refunds.finalStates.sent).toBe(refunds.created);
    expect(refunds.eventsReceived).toBe(refunds.events);
    expect(refunds.events).toBeGreaterThanOrEqual(3 * refunds.created);

    // Each fault happened.
    expect(result.faults.crashes.length).toBeGreaterThanOrEqual(1);
    expect(result.streams.cut).toBeGreaterThan(0);
    expect(result.faults.upstreamStats.errors).toBeGreaterThan(0);
    expect(result.faults.upstreamStats.hung + result.faults.upstreamStats.slowed).toBeGreaterThan(0);
    expect(result.faults.receiver.outages).toBeGreaterThanOrEqual(1);
    expect(result.faults.chaosPhases).toBeGreaterThanOrEqual(3);
    expect(result.figures.notificationsDropped).toBeGreaterThan(0);

    // Storage and memory were measured.
    expect(result.storage.after.checkout.bytes).toBeGreaterThan(0);
    expect(result.memory.sandboxKb.end).toBeGreaterThan(0);
  });
});
