// Types of scripts/servers.mjs for the TypeScript tests that start the servers.
export declare const ROOT: string;
export declare function freePort(): Promise<number>;
export declare function portInUse(port: number): Promise<boolean>;
export declare function buildIsStale(): boolean;
export declare function ensureBuilt(options?: { log?: (message: string) => void }): boolean;
export declare function ensureDevVars(): void;

export interface ServerOptions {
  checkoutPort?: number;
  sandboxPort?: number;
  /** Where both Workers persist their state (default .wrangler/state); each gets a subfolder. */
  persistDir?: string;
  /** Extra checkout Worker vars (--var KEY:VALUE); SANDBOX_BASE_URL is set for you. */
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
