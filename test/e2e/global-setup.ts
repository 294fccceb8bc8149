/**
 * Starts the sandbox and the checkout Worker once for every end-to-end file (on free loopback
 * ports, state in a temporary folder), builds the assets first when they are stale, and stops
 * both at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuilt, startServers } from "../../scripts/servers.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    checkoutUrl: string;
    sandboxUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt();
  const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-e2e-"));
  const servers = await startServers({ persistDir, vars: { DEMO_MODE: "true" } });
  project.provide("checkoutUrl", servers.checkoutUrl);
  project.provide("sandboxUrl", servers.sandboxUrl);
  return async () => {
    await servers.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
