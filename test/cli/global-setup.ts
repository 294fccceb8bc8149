/**
 * Starts the sandbox upstream (and the checkout Worker with it: scripts/servers.mjs starts both)
 * once for the CLI suite, on free loopback ports with state in a temporary folder, and stops them
 * at the end. The CLI's tests speak to the sandbox, and `payments watch --checkout-url` and
 * `listen` (test/cli/follow.test.ts) to the checkout Worker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startServers } from "../../scripts/servers.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    sandboxUrl: string;
    checkoutUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-cli-"));
  const servers = await startServers({ persistDir, backend: false });
  project.provide("sandboxUrl", servers.sandboxUrl);
  project.provide("checkoutUrl", servers.checkoutUrl);
  return async () => {
    await servers.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
