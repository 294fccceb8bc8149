// Types of scripts/servers.mjs for the TypeScript tests that start the servers.
import type { Browser } from "playwright-core";

export declare const ROOT: string;
export declare function freePort(): Promise<number>;
export declare function portInUse(port: number): Promise<boolean>;
export declare function buildIsStale(): boolean;
export declare function ensureBuilt(options?: { log?: (message: string) => void }): boolean;
export declare function ensureDevVars(): void;
/** The origin the committed demo configuration points at (http://127.0.0.1:8787). */
export declare const DEMO_ORIGIN: string;
/** wrangler.toml's SHOPS with DEMO_ORIGIN replaced by `origin` (compact JSON). */
export declare function shopsForOrigin(origin: string): string;

export declare const CHROMIUM_ARGS: string[];
/** Headless Chromium through playwright-core (Debian's /usr/bin/chromium, or CHROME_PATH). */
export declare function launchChromium(): Promise<Browser>;

export interface ServerOptions {
  checkoutPort?: number;
  sandboxPort?: number;
  /** Where both Workers persist their state (default .wrangler/state); each gets a subfolder. */
  persistDir?: string;
  /**
   * Extra checkout Worker vars (--var KEY:VALUE). SANDBOX_BASE_URL is set for you, and SHOPS too
   * (pointed at the checkout's own origin) when the checkout does not run on DEMO_ORIGIN.
   */
  vars?: Record<string, string>;
  timeoutMs?: number;
  /** Print both Workers' output, prefixed with their name. */
  echo?: boolean;
}

export interface Servers {
  checkoutUrl: string;
  sandboxUrl: string;
  stop(): Promise<void>;
}

export declare function startServers(options?: ServerOptions): Promise<Servers>;
