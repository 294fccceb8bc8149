/**
 * The registry cache (registry-cache.ts): the pure decision, and the cache against a registry
 * kept in memory here (its D1 reads are tested in registry-lookup.test.ts), with a clock the test
 * moves instead of waiting.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cacheStep, RegistryCache, type Loaded } from "../../../../worker/checkout/shops/registry-cache.js";

describe("cacheStep", () => {
  it.each<[string, { asOf: number } | undefined, { version: number; at: number } | undefined, number, string]>([
    ["nothing read yet", undefined, undefined, 0, "check"],
    ["a value and no version read", { asOf: 3 }, undefined, 0, "check"],
    ["a value of the version just read", { asOf: 3 }, { version: 3, at: 1000 }, 1000, "serve"],
    ["a value of the version read one TTL minus 1 ms ago", { asOf: 3 }, { version: 3, at: 1000 }, 1999, "serve"],
    ["the version read one TTL ago", { asOf: 3 }, { version: 3, at: 1000 }, 2000, "check"],
    ["a clock that went back", { asOf: 3 }, { version: 3, at: 1000 }, 999, "check"],
    ["a value of an older version", { asOf: 2 }, { version: 3, at: 1000 }, 1500, "load"],
    ["no value, a fresh version", undefined, { version: 3, at: 1000 }, 1500, "load"],
  ])("%s: %s", (_label, entry, check, now, step) => {
    expect(cacheStep(entry, check, now, 1000)).toBe(step);
  });

  it("serves exactly within one TTL of the last version read and for a value of that version, never past it nor for another version", () => {
    fc.assert(
      fc.property(
        fc.nat(100),
        fc.nat(1_000_000),
        fc.integer({ min: 1, max: 60_000 }),
        fc.nat(59_999),
        fc.boolean(),
        fc.oneof(fc.integer({ min: -1000, max: 200_000 }), fc.constantFrom(-1, 0, "ttl-1", "ttl", "ttl+1")),
        (asOf, at, ttl, within, sameVersion, drawn) => {
          // Every run: the version just read and a value of it, asked again inside the TTL, is served.
          expect(cacheStep({ asOf }, { version: asOf, at }, at + (within % ttl), ttl)).toBe("serve");
          // And at a moment drawn anywhere (the TTL's edges included), served exactly when inside it and of that version.
          const elapsed =
            typeof drawn === "number" ? drawn : drawn === "ttl-1" ? ttl - 1 : drawn === "ttl" ? ttl : ttl + 1;
          const version = sameVersion ? asOf : asOf + 1;
          const inside = elapsed >= 0 && elapsed < ttl;
          expect(cacheStep({ asOf }, { version, at }, at + elapsed, ttl) === "serve").toBe(inside && sameVersion);
        },
      ),
    );
  });
});

/** A registry in memory: values by key, a version bumped by every change, and the reads made. */
class MemoryRegistry {
  version = 0;
  readonly values = new Map<string, string>();
  /** When each value was last changed (ms), by key. */
  readonly changedAt = new Map<string, number>();
  reads = 0;

  change(key: string, value: string, at: number): void {
    this.version += 1;
    this.values.set(key, value);
    this.changedAt.set(key, at);
  }

  readonly readVersion = async (): Promise<number> => {
    this.reads += 1;
    return this.version;
  };

  loader(key: string): () => Promise<Loaded<string | undefined>> {
    return async () => {
      this.reads += 1;
      return { value: this.values.get(key), version: this.version };
    };
  }
}

describe("RegistryCache", () => {
  it("reads a value once, then serves it without asking until the TTL is over", async () => {
    let now = 0;
    const registry = new MemoryRegistry();
    registry.change("acme", "v1", 0);
    const cache = new RegistryCache(() => now);
    const get = () => cache.get("acme", registry.loader("acme"), { ttlMs: 1000, version: registry.readVersion });
    expect(await get()).toBe("v1");
    const reads = registry.reads;
    now = 999;
    expect(await get()).toBe("v1");
    expect(registry.reads).toBe(reads);
    now = 1000;
    expect(await get()).toBe("v1");
    expect(registry.reads).toBe(reads + 1); // the version only: nothing changed
  });

  it("takes a change within one TTL, and not sooner than its next version check", async () => {
    let now = 0;
    const registry = new MemoryRegistry();
    registry.change("acme", "old", 0);
    const cache = new RegistryCache(() => now);
    const get = () => cache.get("acme", registry.loader("acme"), { ttlMs: 30_000, version: registry.readVersion });
    expect(await get()).toBe("old");
    now = 10_000;
    registry.change("acme", "new", now);
    now = 29_999;
    expect(await get()).toBe("old");
    now = 30_000;
    expect(await get()).toBe("new");
  });

  it("shares one read between concurrent callers", async () => {
    const registry = new MemoryRegistry();
    registry.change("acme", "v1", 0);
    const cache = new RegistryCache(() => 0);
    const values = await Promise.all(
      Array.from({ length: 5 }, () =>
        cache.get("acme", registry.loader("acme"), { ttlMs: 1000, version: registry.readVersion }),
      ),
    );
    expect(values).toEqual(Array(5).fill("v1"));
    expect(registry.reads).toBe(2); // one version read, one value read
  });

  it("keeps at most its size, forgetting the oldest read", async () => {
    const registry = new MemoryRegistry();
    for (const key of ["a", "b", "c"]) registry.change(key, key, 0);
    const cache = new RegistryCache(() => 0, 2);
    for (const key of ["a", "b", "c"])
      await cache.get(key, registry.loader(key), { ttlMs: 1000, version: registry.readVersion });
    const reads = registry.reads;
    await cache.get("c", registry.loader("c"), { ttlMs: 1000, version: registry.readVersion });
    expect(registry.reads).toBe(reads);
    await cache.get("a", registry.loader("a"), { ttlMs: 1000, version: registry.readVersion });
    expect(registry.reads).toBe(reads + 1);
  });

  it("keeps ids the registry does not have apart: any number of made-up ids never evicts a real shop", async () => {
    const registry = new MemoryRegistry();
    registry.change("real", "shop", 0);
    const cache = new RegistryCache(() => 0, 2, 3);
    const options = { ttlMs: 1000, version: registry.readVersion };
    // As shop-registry.ts loads it: null for an id the registry does not have.
    const load = (key: string) => async () => ({
      ...(await registry.loader(key)()),
      value: registry.values.get(key) ?? null,
    });
    expect(await cache.get("real", load("real"), options)).toBe("shop");
    for (let i = 0; i < 50; i++) expect(await cache.get(`nope-${i}`, load(`nope-${i}`), options)).toBeNull();
    const reads = registry.reads;
    expect(await cache.get("real", load("real"), options)).toBe("shop");
    // The last three made-up ids are still known to be absent; an older one is read again.
    expect(await cache.get("nope-49", load("nope-49"), options)).toBeNull();
    expect(registry.reads).toBe(reads);
    await cache.get("nope-0", load("nope-0"), options);
    expect(registry.reads).toBe(reads + 1);
  });

  it("for any run of changes and lookups, serves a value that was current at some time within the last TTL", async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant("wait" as const), ms: fc.integer({ min: 0, max: 5000 }) }),
      fc.record({
        kind: fc.constant("change" as const),
        key: fc.constantFrom("a", "b", "c"),
        value: fc.string({ maxLength: 3 }),
      }),
      fc.record({ kind: fc.constant("get" as const), key: fc.constantFrom("a", "b", "c") }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), fc.integer({ min: 0, max: 8000 }), async (steps, ttlMs) => {
        let now = 0;
        const registry = new MemoryRegistry();
        /** Every value each key has had, with the time it stopped being current (Infinity: still is). */
        const history = new Map<string, { value: string | undefined; until: number }[]>();
        for (const key of ["a", "b", "c"]) history.set(key, [{ value: undefined, until: Number.POSITIVE_INFINITY }]);
        const cache = new RegistryCache(() => now);
        for (const s of steps) {
          if (s.kind === "wait") now += s.ms;
          else if (s.kind === "change") {
            const past = history.get(s.key) ?? [];
            const last = past.at(-1);
            if (last) last.until = now;
            past.push({ value: s.value, until: Number.POSITIVE_INFINITY });
            registry.change(s.key, s.value, now);
          } else {
            const value = await cache.get(s.key, registry.loader(s.key), { ttlMs, version: registry.readVersion });
            // The value served was current at some moment of the last TTL (or is current now).
            const fresh = (history.get(s.key) ?? [])
              .filter((h) => h.until === Number.POSITIVE_INFINITY || h.until > now - ttlMs)
              .map((h) => h.value);
            expect(fresh).toContain(value);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
