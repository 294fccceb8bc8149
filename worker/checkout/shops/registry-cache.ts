/**
 * Registry reads, cached per isolate so that a request does not wait on D1 each time. Every
 * change of the registry bumps one number, the registry version (registry-store.ts), and every
 * cached value remembers the version it was read at. An isolate asks D1 for that number at most
 * once per TTL, whichever shop is asked for; a value read at another version than the last one
 * seen is read again. So a change reaches every isolate within one TTL of being written (plus
 * the replica's lag, when reads go to a replica), and between two checks nothing waits on D1.
 *
 * The decision (`cacheStep`) is pure and takes the time as an argument; the cache takes a clock,
 * so that tests move time instead of waiting.
 */

/** The registry version as last read, and when that read started (ms). */
export interface VersionCheck {
  version: number;
  at: number;
}

/** A cached value and the registry version it was read at. */
export interface Cached<T> {
  value: T;
  asOf: number;
}

export type CacheStep = "serve" | "check" | "load";

/**
 * What a lookup does: read the registry version first ("check": none read yet, or the last read
 * is a TTL old, or the clock went back), read the value ("load": not cached, or cached at another
 * version than the last one read), or answer from the cache ("serve").
 */
export function cacheStep(
  entry: { asOf: number } | undefined,
  check: VersionCheck | undefined,
  now: number,
  ttlMs: number,
): CacheStep {
  if (!check || now - check.at >= ttlMs || now < check.at) return "check";
  return entry?.asOf === check.version ? "serve" : "load";
}

/** What a loader returns: the value and the registry version read with it (in the same batch). */
export interface Loaded<T> {
  value: T;
  version: number;
}

export interface CacheOptions {
  ttlMs: number;
  /** Reads the registry version. */
  version: () => Promise<number>;
}

export class RegistryCache {
  /** Values found (a shop, a disabled shop). */
  private readonly entries = new Map<string, Cached<unknown>>();
  /**
   * Keys the registry does not have (a null value), apart from the found ones and smaller: a
   * stream of made-up shop ids evicts other made-up ids, never a real shop.
   */
  private readonly misses = new Map<string, Cached<unknown>>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private check: VersionCheck | undefined;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly clock: () => number = Date.now,
    /** Most values kept; the oldest read goes first. */
    private readonly maxEntries = 10_000,
    /** Most absent keys kept (apart from the values); the oldest read goes first. */
    private readonly maxMisses = 1_000,
  ) {}

  private cached(key: string): Cached<unknown> | undefined {
    return this.entries.get(key) ?? this.misses.get(key);
  }

  /** The value of `key`: from the cache while it is current, else from `load` (concurrent callers share one read). */
  async get<T>(key: string, load: () => Promise<Loaded<T>>, options: CacheOptions): Promise<T> {
    if (cacheStep(this.cached(key), this.check, this.clock(), options.ttlMs) === "check")
      await this.checkVersion(options.version);
    const entry = this.cached(key);
    if (entry && entry.asOf === this.check?.version) return entry.value as T;
    let pending = this.loading.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = this.load(key, load).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Forgets one value (a change made by this isolate is seen at once). */
  forget(key: string): void {
    this.entries.delete(key);
    this.misses.delete(key);
  }

  /** Forgets everything, the last version read included. */
  clear(): void {
    this.entries.clear();
    this.misses.clear();
    this.check = undefined;
  }

  private checkVersion(read: () => Promise<number>): Promise<void> {
    this.checking ??= (async () => {
      const at = this.clock();
      const version = await read();
      this.seen(version, at);
    })().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async load<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
    const at = this.clock();
    const { value, version } = await load();
    this.seen(version, at);
    this.forget(key);
    const [map, max] = value === null ? [this.misses, this.maxMisses] : [this.entries, this.maxEntries];
    map.set(key, { value, asOf: version });
    if (map.size > max) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    return value;
  }

  /**
   * A version read that started at `at`: the latest read becomes the one values are compared
   * with (reads go through one session bookmark, registry-store.ts, so a later read never sees an
   * older registry; after a restore of the database the version may go down, and is taken as it is).
   */
  private seen(version: number, at: number): void {
    if (!this.check || at >= this.check.at) this.check = { version, at };
  }
}
