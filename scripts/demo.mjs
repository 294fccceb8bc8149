#!/usr/bin/env node
// `npm run demo`: builds the widget and the demo when needed, starts the sandbox upstream, the
// checkout Worker and the reference shop backend on 127.0.0.1 (ports 8787, 8788 and 8789, or
// PORT / SANDBOX_PORT / BACKEND_PORT), keeps their state in .wrangler/state, prints the demo URL
// and runs until Ctrl-C.
import { ensureBuilt, portInUse, startServers } from "./servers.mjs";

function portFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number between 1 and 65535, got "${raw}".`);
    process.exit(2);
  }
  return port;
}

const checkoutPort = portFromEnv("PORT", 8787);
const sandboxPort = portFromEnv("SANDBOX_PORT", 8788);
const backendPort = portFromEnv("BACKEND_PORT", 8789);
for (const [name, port] of [
  ["PORT", checkoutPort],
  ["SANDBOX_PORT", sandboxPort],
  ["BACKEND_PORT", backendPort],
]) {
  if (await portInUse(port)) {
    console.error(
      `Port ${port} on 127.0.0.1 is already in use (is the demo already running?). Stop that process or choose another port, e.g. ${name}=${port + 10} npm run demo`,
    );
    process.exit(1);
  }
}

try {
  ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

console.log("Starting the sandbox upstream, the checkout Worker and the shop backend...");
let servers;
try {
  servers = await startServers({
    checkoutPort,
    sandboxPort,
    backendPort,
    persistDir: ".wrangler/state",
    vars: { DEMO_MODE: "true" },
    echo: true,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

console.log(`
  Demo:            ${servers.checkoutUrl}/demo/
  Dashboard:       ${servers.checkoutUrl}/dashboard/
                   sign in to the demo shops: ${servers.checkoutUrl}/demo/api/dashboard-sign-in
                   (a fresh single-use link each time it is opened; or: npx crypto-checkout dashboard login --shop demo-open)
  Point of sale:   ${servers.checkoutUrl}/demo/api/pos-sign-in?shop=demo-open
                   (signs in to the demo shop's counter with a fresh link each time; docs/point-of-sale.md)
  Checkout Worker: ${servers.checkoutUrl}
  Sandbox:         ${servers.sandboxUrl}  (control API under /sandbox/)
  Shop backend:    ${servers.backendUrl}  (receives the demo shops' webhooks: /received, /orders)

Press Ctrl-C to stop.`);
