// @ts-check
/**
 * The reference shop backend: receives the checkout's webhooks and signs order tokens.
 *
 *   WEBHOOK_SECRET=whsec_... ORDER_SIGNING_KEY=... node examples/shop-backend/server.mjs
 *
 * or, in-process (tests, scripts): `const backend = await startShopBackend({ port: 0, webhookSecret })`,
 * then `backend.url`, `backend.store`, `await backend.close()`. Settings: config.mjs; routes:
 * routes.mjs.
 */
import { createServer } from "node:http";
import process from "node:process";
import { clearTimeout, setTimeout } from "node:timers";
import { pathToFileURL } from "node:url";
import { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_SHOP, optionsFromEnv } from "./config.mjs";
import { sendJson } from "./http-io.mjs";
import { ReceivedLog } from "./received-log.mjs";
import { route } from "./routes.mjs";
import { OrderStore } from "./store.mjs";
import { webhookVerifier } from "./webhook.mjs";

/** @import { Server } from "node:http" */

/** How long close() lets requests in progress finish (ms). */
const CLOSE_GRACE_MS = 2000;

/**
 * @typedef {object} ShopBackendOptions
 * @property {string} webhookSecret whsec_<base64>, the endpoint's signing secret at the checkout
 * @property {number} [port] default 8789; 0 lets the system pick a free port
 * @property {string} [host] default 127.0.0.1
 * @property {string} [orderSigningKey] the shop's order-signing key; without it POST /orders answers 503
 * @property {string} [shop] the shop id of new orders, default demo-signed
 * @property {string} [storeFile] a JSON file that keeps the store across restarts
 * @property {boolean} [control] serve /control/* (tests and the demo only)
 * @property {number} [failFirst] answer the first N webhook deliveries 503
 * @property {string} [corsOrigin] one browser origin allowed to call the routes other than /webhooks
 */

/**
 * @typedef {object} ShopBackend
 * @property {string} url such as http://127.0.0.1:8789
 * @property {OrderStore} store
 * @property {ReceivedLog} received
 * @property {() => Promise<void>} close stops listening, ends open connections and waits for the last store write
 */

/**
 * Starts the backend; resolves once it listens.
 *
 * @param {ShopBackendOptions} options
 * @returns {Promise<ShopBackend>}
 */
export async function startShopBackend(options) {
  const verifier = webhookVerifier(options.webhookSecret);
  const store = await OrderStore.open(options.storeFile);
  const received = new ReceivedLog();
  const backend = {
    verifier,
    store,
    received,
    orderSigningKey: options.orderSigningKey,
    shop: options.shop ?? DEFAULT_SHOP,
    control: options.control ?? false,
    outage: { failNext: options.failFirst ?? 0 },
    corsOrigin: options.corsOrigin,
  };

  const server = createServer((req, res) => {
    route(backend, req, res).catch((/** @type {unknown} */ err) => {
      // Only the error's name reaches the log: its message could quote a request.
      process.stderr.write(
        `shop backend: ${req.method} ${req.url?.split("?")[0]} failed: ${err instanceof Error ? `${err.name}: ${err.message}` : "error"}\n`,
      );
      if (!res.headersSent) sendJson(res, 500, { error: "internal_error" });
      else res.destroy();
    });
  });
  const host = options.host ?? DEFAULT_HOST;
  await listen(server, options.port ?? DEFAULT_PORT, host);
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the server has no TCP address");
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  return { url, store, received, close: () => close(server, store) };
}

/**
 * @param {Server} server
 * @param {number} port
 * @param {string} host
 * @returns {Promise<void>}
 */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * @param {Server} server
 * @param {OrderStore} store
 * @returns {Promise<void>}
 */
async function close(server, store) {
  // Connections still busy after a grace period are cut (a slow upload, say).
  const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeIdleConnections();
    });
  } finally {
    clearTimeout(cut);
  }
  await store.flush();
}

/** Runs the backend as a process, configured by the environment (see config.mjs). */
async function main() {
  const read = optionsFromEnv(process.env);
  if (!read.ok) {
    process.stderr.write(`shop backend: ${read.message}\n`);
    process.exit(1);
  }
  let backend;
  try {
    backend = await startShopBackend(read.options);
  } catch (err) {
    process.stderr.write(`shop backend: ${err instanceof Error ? err.message : "could not start"}\n`);
    process.exit(1);
  }
  process.stdout.write(`shop backend listening on ${backend.url}\n`);
  const stop = () => {
    backend.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
