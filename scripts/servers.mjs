// The one way to run the product locally: the sandbox upstream and the checkout Worker, each in its
// own `wrangler dev` process on 127.0.0.1. Used by the demo script, the end-to-end tests, the
// screenshots and the benchmark.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const OUTPUT_TAIL_LINES = 40;

/** A TCP port that is free on 127.0.0.1 right now (the OS picks it). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Whether something already listens on 127.0.0.1:port. */
export function portInUse(port) {
  return new Promise((resolveUse) => {
    const server = createServer();
    server.once("error", () => resolveUse(true));
    server.listen(port, "127.0.0.1", () => server.close(() => resolveUse(false)));
  });
}

/** Newest modification time (ms) of the files under the given paths (missing paths count as 0). */
function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (stat.mtimeMs > newest) {
      newest = stat.mtimeMs;
    }
  };
  for (const path of paths) visit(path);
  return newest;
}

const BUILD_OUTPUTS = [
  "dist/public/widget.js",
  "dist/public/widget-manifest.json",
  "dist/public/demo/index.html",
  "dist/public/dashboard/index.html",
  "dist/public/pos/index.html",
  "dist/public/refund/index.html",
  "dist/public/receipt/index.html",
  "dist/public/pay/pay.js",
];
const BUILD_INPUTS = [
  "widget",
  "demo",
  "dashboard",
  "pos",
  "refund-page",
  "receipt-page",
  "pay-page",
  "public-headers",
  "worker/checkout/wire.ts",
  "worker/checkout/backend-wire.ts",
  "worker/checkout/dashboard-wire.ts",
  "worker/checkout/refund-wire.ts",
  "worker/checkout/receipt-wire.ts",
  "worker/checkout/refund-address.ts",
  "worker/checkout/link-wire.ts",
  "worker/v3/types.ts",
  "scripts/build-widget.mjs",
  "scripts/build-demo.mjs",
  "scripts/build-dashboard.mjs",
  "scripts/build-pos.mjs",
  "scripts/lit-app-build.mjs",
  "scripts/build-refund-page.mjs",
  "scripts/build-receipt-page.mjs",
  "scripts/build-pay-page.mjs",
  "scripts/page-build.mjs",
];

/** Whether dist/public is missing or older than its sources. */
export function buildIsStale() {
  const outputs = BUILD_OUTPUTS.map((p) => join(ROOT, p));
  if (outputs.some((p) => !existsSync(p))) return true;
  const oldestOutput = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return newestMtime(BUILD_INPUTS.map((p) => join(ROOT, p))) > oldestOutput;
}

/** Runs `npm run -s build` when dist/public is missing or stale; throws when the build fails. */
export function ensureBuilt({ log = console.log } = {}) {
  if (!buildIsStale()) return false;
  log(
    "Building the widget, the demo, the dashboard, the point of sale, the refund, receipt and payment link pages (npm run build)...",
  );
  const run = spawnSync("npm", ["run", "-s", "build"], {
    cwd: ROOT,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (run.status !== 0) throw new Error(`npm run build failed (exit ${run.status ?? run.signal})`);
  return true;
}

/** Sandbox values of earlier .dev.vars.example files, replaced in an existing .dev.vars. */
const RETIRED_DEV_VALUES = {
  // Shorter than the 32 bytes the checkout Worker now requires of an HMAC key.
  DEMO_HMAC_KEY: ["sbx_demo_hmac_9a41e2"],
};

/**
 * Local secrets that are never committed, not even as sandbox values: .dev.vars.example lists
 * them empty, and a .dev.vars without a value gets a random one of its own (the admin API's token,
 * and one master key for the shop registry's secrets).
 */
const GENERATED_DEV_VALUES = {
  // Hex: a token that begins with "-" is read as options on a command line (`--admin-token -V...`
  // is the console's version flag), so none is generated, and an earlier one is replaced.
  ADMIN_TOKEN: () => randomBytes(32).toString("hex"),
  SHOP_MASTER_KEYS: () => `local1:${randomBytes(32).toString("base64")}`,
  // Signs the dashboard's session cookies.
  DASHBOARD_SESSION_KEY: () => randomBytes(32).toString("hex"),
};

/** Writes a random value for every GENERATED_DEV_VALUES name that `path` lists empty, with a leading "-", or not at all. */
export function generateDevValues(path) {
  const have = readDevVars(path);
  const missing = Object.keys(GENERATED_DEV_VALUES).filter((name) => !have[name] || have[name].startsWith("-"));
  if (!missing.length) return;
  const values = new Map(missing.map((name) => [name, GENERATED_DEV_VALUES[name]()]));
  const filled = new Set();
  const lines = readFileSync(path, "utf8")
    .split("\n")
    .map((line) => {
      const name = /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1];
      if (!name || !values.has(name) || filled.has(name)) return line;
      filled.add(name);
      return `${name}=${values.get(name)}`;
    });
  const rest = [...values].filter(([name]) => !filled.has(name)).map(([name, value]) => `${name}=${value}`);
  writeFileSync(path, `${[...lines, ...rest].join("\n").replace(/\n*$/, "")}\n`);
  chmodSync(path, SECRET_FILE_MODE);
}

/** .dev.vars holds secrets (the admin token, the master key): readable and writable by its owner only. */
export const SECRET_FILE_MODE = 0o600;

/**
 * Creates a gitignored .dev.vars from its committed .dev.vars.example, or brings an older one up
 * to date, for the checkout Worker and the sandbox under `root` (the repository); each is left
 * readable and writable by its owner only.
 */
export function ensureDevVars(root = ROOT) {
  for (const dir of [root, join(root, "worker", "sandbox")]) {
    const vars = join(dir, ".dev.vars");
    const example = join(dir, ".dev.vars.example");
    if (!existsSync(example)) continue;
    if (!existsSync(vars)) {
      copyFileSync(example, vars);
      chmodSync(vars, SECRET_FILE_MODE);
      continue;
    }
    // Older ones were made readable by every user of the machine.
    chmodSync(vars, SECRET_FILE_MODE);
    // A .dev.vars made from an older example: add the secrets the example has gained since, and
    // replace sandbox values the project has retired (a value someone chose stays).
    const have = readDevVars(vars);
    const wanted = readDevVars(example);
    const retired = Object.entries(have).filter(
      ([name, value]) => RETIRED_DEV_VALUES[name]?.includes(value) && wanted[name] !== undefined,
    );
    if (retired.length) {
      const text = readFileSync(vars, "utf8")
        .split("\n")
        .map((line) => {
          const name = /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1];
          return name && retired.some(([r]) => r === name) ? `${name}=${wanted[name]}` : line;
        });
      writeFileSync(vars, text.join("\n"));
    }
    const missing = Object.entries(wanted).filter(([name]) => !(name in have));
    if (missing.length) appendFileSync(vars, `\n${missing.map(([name, value]) => `${name}=${value}`).join("\n")}\n`);
  }
  generateDevValues(join(root, ".dev.vars"));
}

/** The origin that the committed demo configuration (wrangler.toml) points redirects and CORS at. */
export const DEMO_ORIGIN = "http://127.0.0.1:8787";
/** The origin of the shop backend that the demo shops' webhooks go to in wrangler.toml. */
export const DEMO_BACKEND_ORIGIN = "http://127.0.0.1:8789";
/** Retry schedule of failed webhooks in the demo and the tests (seconds; production: docs/webhooks.md). */
export const DEMO_RETRY_SCHEDULE = "1,1,2,3,5,10,30";

/** The KEY=VALUE pairs of a .dev.vars file (dotenv syntax, read by Node's own parser as wrangler reads it). */
export function readDevVars(path) {
  return parseEnv(readFileSync(path, "utf8"));
}

/** The checkout Worker's .dev.vars (created from the example first). */
export function devVars() {
  ensureDevVars();
  return readDevVars(join(ROOT, ".dev.vars"));
}

/**
 * The SHOPS var of wrangler.toml with every DEMO_ORIGIN replaced by `origin` (and
 * DEMO_BACKEND_ORIGIN by `backendOrigin`), so that a checkout Worker on another port redirects to
 * itself, accepts its own pages and sends its webhooks to its own backend. Compact JSON.
 */
export function shopsForOrigin(origin, backendOrigin = DEMO_BACKEND_ORIGIN) {
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const match = /^SHOPS\s*=\s*'''([\s\S]*?)'''/m.exec(toml);
  if (!match) throw new Error("wrangler.toml has no SHOPS = '''...''' entry under [vars]");
  // The demo shops allow the Worker's origin under both loopback names (127.0.0.1 and localhost).
  const local = (url) => url.replace("//127.0.0.1:", "//localhost:");
  const text = match[1]
    .replaceAll(DEMO_ORIGIN, origin)
    .replaceAll(local(DEMO_ORIGIN), local(origin))
    .replaceAll(DEMO_BACKEND_ORIGIN, backendOrigin);
  return JSON.stringify(JSON.parse(text));
}

const WRANGLER_ENV = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/**
 * One `wrangler dev` process, detached in its own process group, its output kept for errors. Each
 * has a dev registry of its own (WRANGLER_REGISTRY_PATH under its state): the Workers speak over
 * HTTP, not through the registry, and a shared registry made wrangler print the bindings table
 * again whenever any other `wrangler dev` on the machine started or stopped.
 */
function startWrangler(name, args, echo, persist) {
  return startNode(name, [WRANGLER, "dev", ...args], echo, {
    ...WRANGLER_ENV,
    WRANGLER_REGISTRY_PATH: join(persist, "dev-registry"),
  });
}

/**
 * Applies the D1 migrations of the checkout Worker's two databases, the shop registry's (`DB`,
 * worker/checkout/migrations) and the payments ledger's (`LEDGER`, worker/checkout/migrations/ledger),
 * to its local databases under `persist`, as `wrangler dev --persist-to <persist>` reads them; the
 * ones applied before are skipped. Rejects with wrangler's output when that fails.
 */
export async function applyMigrations(persist, { echo = false } = {}) {
  for (const binding of ["DB", "LEDGER"]) {
    const proc = startNode(
      `D1 migrations (${binding})`,
      [WRANGLER, "d1", "migrations", "apply", binding, "--local", "-c", "wrangler.toml", "--persist-to", persist],
      echo,
      WRANGLER_ENV,
    );
    const { code, signal } = await proc.exit;
    if (code !== 0)
      throw new Error(
        `wrangler d1 migrations apply ${binding} failed (${code ?? signal}).\n--- last output ---\n${proc.output()}`,
      );
  }
}

/** One Node process, detached in its own process group, its output kept for errors. */
function startNode(name, argv, echo, env = {}) {
  const tail = [];
  const child = spawn(process.execPath, argv, {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env, FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) {
      if (line.trim() === "") continue;
      if (echo) console.log(`[${name}] ${line}`);
      tail.push(line);
      if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  const exit = new Promise((resolveExit) =>
    child.once("exit", (code, signal) => {
      exited = true;
      resolveExit({ code, signal });
    }),
  );
  return {
    name,
    child,
    exit,
    get exited() {
      return exited;
    },
    output: () => tail.join("\n"),
    /** SIGTERM to the whole group, SIGKILL after graceMs if anything of it is still alive. */
    async stop(graceMs = 5000) {
      const group = -child.pid;
      const signalGroup = (signal) => {
        try {
          process.kill(group, signal);
          return true;
        } catch {
          return false; // the group is gone
        }
      };
      if (!signalGroup("SIGTERM")) return;
      const timer = new Promise((r) => setTimeout(r, graceMs, "timeout"));
      await Promise.race([exit, timer]);
      // workerd may outlive the wrangler process: make sure the group is gone.
      signalGroup("SIGKILL");
    },
    killNow() {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}

/** Polls url until it answers 2xx, the process exits, or timeoutMs passes. */
async function waitReady(proc, url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    if (proc.exited)
      throw new Error(`${proc.name} exited before it was ready (${url}).\n--- last output ---\n${proc.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${proc.name} was not ready at ${url} within ${timeoutMs / 1000} s (last: ${last}).\n--- last output ---\n${proc.output()}`,
  );
}

const running = new Set();

let hooksInstalled = false;
function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.once("exit", () => {
    for (const proc of running) proc.killNow();
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      void Promise.all([...running].map((proc) => proc.stop(2000))).finally(() =>
        process.exit(signal === "SIGINT" ? 130 : 143),
      );
    });
  }
}

/**
 * One more Worker under `wrangler dev` on 127.0.0.1:`port`, from its own configuration file (and
 * another entry than its `main`, if given), with `vars`; ready once `readyPath` answers 2xx. The
 * benchmark's bare pass-through Worker, and its checkout Worker on a ledger of its own.
 * @param {import("./servers.d.mts").WorkerOptions} options
 */
export async function startWorker({
  name,
  config,
  main,
  port,
  persistDir,
  vars = {},
  readyPath = "/",
  timeoutMs = 90_000,
}) {
  installExitHooks();
  const url = `http://127.0.0.1:${port}`;
  const proc = startWrangler(
    name,
    [
      ...(main ? [main] : []),
      "-c",
      config,
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(await freePort()),
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    false,
    persistDir,
  );
  running.add(proc);
  const stop = async () => {
    await proc.stop();
    running.delete(proc);
  };
  try {
    await waitReady(proc, `${url}${readyPath}`, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, processGroup: proc.child.pid };
}

/**
 * Starts the sandbox upstream, the checkout Worker and the reference shop backend on 127.0.0.1
 * and waits until all three answer. The checkout Worker can be stopped and started again on the
 * same state (`restartCheckout`), as a deployment restarts, or killed without warning
 * (`crashCheckout`, then `restartCheckout`), as a crash.
 * @param {import("./servers.d.mts").ServerOptions} [options]
 * @returns {Promise<import("./servers.d.mts").Servers>}
 */
export async function startServers(options = {}) {
  const checkoutPort = options.checkoutPort ?? (await freePort());
  const sandboxPort = options.sandboxPort ?? (await freePort());
  const backendPort = options.backendPort ?? (await freePort());
  const timeoutMs = options.timeoutMs ?? 90_000;
  const persistDir = resolve(ROOT, options.persistDir ?? ".wrangler/state");
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const checkoutUrl = `http://127.0.0.1:${checkoutPort}`;
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  const secrets = devVars();
  installExitHooks();

  const common = (port, inspectorPort, persist) => [
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    persist,
    "--show-interactive-dev-session=false",
    "--log-level",
    options.echo ? "log" : "warn",
  ];
  const standardShops = checkoutUrl === DEMO_ORIGIN && backendUrl === DEMO_BACKEND_ORIGIN;
  const vars = {
    SANDBOX_BASE_URL: sandboxUrl,
    DEMO_BACKEND_URL: backendUrl,
    WEBHOOK_RETRY_SCHEDULE: DEMO_RETRY_SCHEDULE,
    // A local `wrangler dev` keeps its queues in memory: after a restart, waiting events are
    // queued again by the shop's event log 5 s past their due time (production: 300 s).
    WEBHOOK_LEASE_SECONDS: "5",
    ...(standardShops ? {} : { SHOPS: shopsForOrigin(checkoutUrl, backendUrl) }),
    ...options.vars,
  };
  const varArgs = Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
  const inspectorPort = options.inspectorPort ?? (await freePort());
  const startCheckout = () =>
    startWrangler(
      "checkout Worker",
      [
        ...(options.main ? [options.main] : []),
        "-c",
        "wrangler.toml",
        ...common(checkoutPort, inspectorPort, join(persistDir, "checkout")),
        ...varArgs,
      ],
      options.echo,
      join(persistDir, "checkout"),
    );

  const sandboxVarArgs = Object.entries(options.sandboxVars ?? {}).flatMap(([key, value]) => [
    "--var",
    `${key}:${value}`,
  ]);
  const sandbox = startWrangler(
    "sandbox Worker",
    [
      "-c",
      "worker/sandbox/wrangler.toml",
      ...common(sandboxPort, await freePort(), join(persistDir, "sandbox")),
      ...sandboxVarArgs,
    ],
    options.echo,
    join(persistDir, "sandbox"),
  );
  running.add(sandbox);
  try {
    await applyMigrations(join(persistDir, "checkout"), { echo: options.echo });
  } catch (error) {
    await sandbox.stop();
    running.delete(sandbox);
    throw error;
  }
  const backend =
    options.backend === false
      ? undefined
      : startNode("shop backend", [join(ROOT, "examples", "shop-backend", "server.mjs")], options.echo, {
          HOST: "127.0.0.1",
          PORT: String(backendPort),
          WEBHOOK_SECRET: secrets.DEMO_WEBHOOK_SECRET ?? "",
          ORDER_SIGNING_KEY: secrets.DEMO_ORDER_SIGNING_KEY ?? "",
          SHOP: "demo-signed",
          STORE_FILE: join(persistDir, "shop-backend", "orders.json"),
          CONTROL: "1",
          CORS_ORIGIN: checkoutUrl,
        });
  if (backend) running.add(backend);
  let checkout = startCheckout();
  running.add(checkout);

  const stop = async () => {
    await Promise.all([checkout.stop(), sandbox.stop(), backend?.stop()]);
    running.delete(checkout);
    running.delete(sandbox);
    if (backend) running.delete(backend);
  };
  const checkoutReady = () => waitReady(checkout, `${checkoutUrl}/api/shops/demo-open`, timeoutMs);
  try {
    await Promise.all([
      waitReady(sandbox, `${sandboxUrl}/sandbox/health`, timeoutMs),
      backend && waitReady(backend, `${backendUrl}/health`, timeoutMs),
      checkoutReady(),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  const stopCheckout = async () => {
    await checkout.stop();
    running.delete(checkout);
  };
  const restartCheckout = async () => {
    if (!checkout.exited) await stopCheckout();
    checkout = startCheckout();
    running.add(checkout);
    await checkoutReady();
  };
  const crashCheckout = async () => {
    checkout.killNow();
    await checkout.exit;
    running.delete(checkout);
  };
  const processGroups = () => ({ checkout: checkout.child.pid, sandbox: sandbox.child.pid });
  return { checkoutUrl, sandboxUrl, backendUrl, stop, stopCheckout, restartCheckout, crashCheckout, processGroups };
}
