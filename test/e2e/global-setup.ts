/**
 * Starts the sandbox and the checkout Worker once for every end-to-end file (on free loopback
 * ports, state in a temporary folder), builds the assets first when they are stale, and stops
 * both at the end. The demo shops also allow EMBED_ORIGIN, a shop site that the tests serve from
 * inside the browser, so that the embed snippet is tried cross-origin.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuilt, freePort, shopsForOrigin, startServers } from "../../scripts/servers.mjs";

/**
 * The origin of the pretend shop site that embeds the element. Playwright answers every request to
 * it from inside the browser; nothing listens on that port. A loopback name, because Chromium
 * lets only a secure context (localhost counts) reach the loopback address of the Worker.
 */
const EMBED_ORIGIN = "http://localhost:3000";

declare module "vitest" {
  export interface ProvidedContext {
    checkoutUrl: string;
    sandboxUrl: string;
    backendUrl: string;
    embedOrigin: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt();
  const persistDir = mkdtempSync(join(tmpdir(), "crypto-checkout-e2e-"));
  const checkoutPort = await freePort();
  const backendPort = await freePort();
  const shops = (
    JSON.parse(shopsForOrigin(`http://127.0.0.1:${checkoutPort}`, `http://127.0.0.1:${backendPort}`)) as {
      allowedOrigins?: string[];
    }[]
  ).map((shop) => ({
    ...shop,
    allowedOrigins: [...(shop.allowedOrigins ?? []), EMBED_ORIGIN],
  }));
  const servers = await startServers({
    checkoutPort,
    backendPort,
    persistDir,
    vars: { DEMO_MODE: "true", SHOPS: JSON.stringify(shops) },
  });
  project.provide("checkoutUrl", servers.checkoutUrl);
  project.provide("sandboxUrl", servers.sandboxUrl);
  project.provide("backendUrl", servers.backendUrl);
  project.provide("embedOrigin", EMBED_ORIGIN);
  return async () => {
    await servers.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
