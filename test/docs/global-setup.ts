/**
 * Starts the demo once for the doc-test, as `npm run demo` starts it (the sandbox upstream, the
 * checkout Worker with DEMO_MODE and the reference shop backend; scripts/servers.mjs), but on free
 * loopback ports and with its state in a temporary folder, and stops it at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuilt, startServers } from "../../scripts/servers.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    demo: { checkoutUrl: string; sandboxUrl: string; backendUrl: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt();
  const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-docs-"));
  const servers = await startServers({ persistDir, vars: { DEMO_MODE: "true" } });
  project.provide("demo", {
    checkoutUrl: servers.checkoutUrl,
    sandboxUrl: servers.sandboxUrl,
    backendUrl: servers.backendUrl,
  });
  return async () => {
    await servers.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
