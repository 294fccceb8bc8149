// Types of scripts/servers.mjs for the TypeScript tests that start the servers.
export declare const ROOT: string;
export declare function freePort(): Promise<number>;
export declare function portInUse(port: number): Promise<boolean>;
export declare function buildIsStale(): boolean;
export declare function ensureBuilt(options?: { log?: (message: string) => void }): boolean;
/** Creates .dev.vars from .dev.vars.example (or adds what it gained), with random values of its own for ADMIN_TOKEN and SHOP_MASTER_KEYS. */
export declare function ensureDevVars(root?: string): void;
/** Writes a random value for every generated local secret (ADMIN_TOKEN, SHOP_MASTER_KEYS) that the .dev.vars at `path` lists empty, with a leading "-", or not at all. */
export declare function generateDevValues(path: string): void;
/** Applies the shop registry's D1 migrations to the checkout Worker's local database under `persist` (as `wrangler dev --persist-to` reads it). */
export declare function applyMigrations(persist: string, options?: { echo?: boolean }): Promise<void>;
/** The origin the committed demo configuration points at (http://127.0.0.1:8787). */
export declare const DEMO_ORIGIN: string;
/** The origin of the shop backend the demo shops' webhooks go to (http://127.0.0.1:8789). */
export declare const DEMO_BACKEND_ORIGIN: string;
/** WEBHOOK_RETRY_SCHEDULE of the demo and the end-to-end tests. */
export declare const DEMO_RETRY_SCHEDULE: string;
/** KEY=VALUE lines of a .dev.vars file as an object. */
export declare function readDevVars(path: string): Record<string, string>;
/** The checkout Worker's .dev.vars as an object (created from .dev.vars.example when missing). */
export declare function devVars(): Record<string, string>;
/** wrangler.toml's SHOPS with DEMO_ORIGIN replaced by `origin` and DEMO_BACKEND_ORIGIN by `backendOrigin` (compact JSON). */
export declare function shopsForOrigin(origin: string, backendOrigin?: string): string;

export interface ServerOptions {
  checkoutPort?: number;
  sandboxPort?: number;
  /** Port of the reference shop backend (examples/shop-backend); the demo shops' webhooks go there. */
  backendPort?: number;
  /** false: start no shop backend (a caller that listens on backendPort itself, like the benchmark). */
  backend?: boolean;
  /** Where both Workers (and the shop backend's store) persist their state (default .wrangler/state); each gets a subfolder. */
  persistDir?: string;
  /**
   * Extra checkout Worker vars (--var KEY:VALUE). SANDBOX_BASE_URL is set for you, and SHOPS too
   * (pointed at the checkout's own origin) when the checkout does not run on DEMO_ORIGIN.
   */
  vars?: Record<string, string>;
  /** Sandbox vars (--var KEY:VALUE), e.g. PAYMENT_EXPIRY_SECONDS. */
  sandboxVars?: Record<string, string>;
  timeoutMs?: number;
  /** Another entry for the checkout Worker, with wrangler.toml's bindings (the benchmark's counted build); default wrangler.toml's main. */
  main?: string;
  /** Print both Workers' output, prefixed with their name. */
  echo?: boolean;
}

export interface Servers {
  checkoutUrl: string;
  sandboxUrl: string;
  backendUrl: string;
  /** Stops all three. */
  stop(): Promise<void>;
  /** Stops only the checkout Worker (its state folder stays). */
  stopCheckout(): Promise<void>;
  /** Starts the checkout Worker again on the same port and state (stopping it first if it runs). */
  restartCheckout(): Promise<void>;
  /** Kills the checkout Worker at once (SIGKILL to its process group: wrangler and workerd), as a crash; its state folder stays. */
  crashCheckout(): Promise<void>;
  /** The process group of each Worker (wrangler and its workerd), e.g. to read their memory in /proc. */
  processGroups(): { checkout: number | undefined; sandbox: number | undefined };
}

export declare function startServers(options?: ServerOptions): Promise<Servers>;

export interface WorkerOptions {
  /** Its name in errors. */
  name: string;
  /** Its wrangler configuration file, relative to the project. */
  config: string;
  /** Another entry than the configuration's `main` (the benchmark's ledger build of the checkout Worker). */
  main?: string;
  port: number;
  persistDir: string;
  /** --var KEY:VALUE */
  vars?: Record<string, string>;
  /** The path that answers 2xx once the Worker is ready (default /). */
  readyPath?: string;
  timeoutMs?: number;
}

/** One more Worker under `wrangler dev` from its own configuration file (the benchmark's pass-through bound, its ledger Worker). */
export declare function startWorker(options: WorkerOptions): Promise<{
  url: string;
  stop(): Promise<void>;
  /** The wrangler process's group (its workerd runs in it). */
  processGroup: number;
}>;
