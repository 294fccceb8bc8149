/**
 * The creation rate limits: per client (CREATE_LIMITER), an IPv6 client counted by its /64; and
 * per shop over all its clients (SHOP_CREATE_LIMITER), counting only creates that passed validation.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { callWith, errorOf, postJson } from "../support/http.js";
import { freshOrderId } from "../support/orders.js";
import { useUpstream } from "../support/stubs.js";

const workerEnv = env as unknown as Env;

const stubs = useUpstream();

const PATH = "/api/shops/demo-open/payments";
const order = () => ({ orderId: freshOrderId(), priceAmount: "10.00", priceCurrency: "EUR", transferCurrency: "BTC" });
const hex = () => Math.floor(Math.random() * 0xffff + 1).toString(16);

/** A rate-limit binding for one test: records the keys it is asked about and answers `success`. */
function fakeLimiter(success: boolean): { keys: string[]; binding: RateLimit } {
  const keys: string[] = [];
  return { keys, binding: { limit: ({ key }: RateLimitOptions) => (keys.push(key), Promise.resolve({ success })) } };
}

function createWith(
  bindings: Partial<Env>,
  body: unknown,
  ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
): Promise<Response> {
  return callWith(bindings, PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });
}

describe("per-client creation limit", () => {
  it("counts every address of one IPv6 /64 as one client, however written; another /64 is not limited", async () => {
    // A /64 no other test uses; each request comes from another address in it.
    const prefix = `2001:db8:${hex()}:${hex()}`;
    const used = new Set<string>();
    let limited: Response | undefined;
    // 20 per minute; a window that starts during the loop allows at most 20 more.
    for (let i = 1; i <= 45 && !limited; i += 1) {
      const address =
        i % 3 === 0
          ? `${prefix.toUpperCase()}:0:0:0:${i.toString(16)}`
          : i % 3 === 1
            ? `${prefix}::${i.toString(16)}:1`
            : `${prefix}:${i.toString(16)}::`;
      used.add(address);
      const response = await postJson(PATH, { orderId: "o" }, { "CF-Connecting-IP": address });
      if (response.status === 429) limited = response;
      else expect(response.status).toBe(400);
    }
    if (!limited) throw new Error("45 addresses of one /64 were never limited");
    expect(used.size).toBeGreaterThan(20);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await errorOf(limited)).code).toBe("rate_limited");
    const otherPrefix = await postJson(PATH, { orderId: "o" }, { "CF-Connecting-IP": `2001:db8:${hex()}:${hex()}::1` });
    expect(otherPrefix.status).toBe(400);
  });
});

describe("per-shop creation ceiling", () => {
  it("answers 429 rate_limited with Retry-After, before anything goes upstream, once the shop's ceiling is reached", async () => {
    const shopLimiter = fakeLimiter(false);
    const response = await createWith({ SHOP_CREATE_LIMITER: shopLimiter.binding }, order());
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect((await errorOf(response)).code).toBe("rate_limited");
    expect(shopLimiter.keys).toEqual(["demo-open"]);
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(0);
  });

  it("is keyed by the shop alone, whichever client asks", async () => {
    const shopLimiter = fakeLimiter(true);
    for (const ip of ["198.51.100.1", "2001:db8:1:2::3", "198.51.100.2"]) {
      expect((await createWith({ SHOP_CREATE_LIMITER: shopLimiter.binding }, order(), ip)).status).toBe(201);
    }
    expect(shopLimiter.keys).toEqual(["demo-open", "demo-open", "demo-open"]);
  });

  it("counts only creates that passed validation, and none the per-client limit refused", async () => {
    const shopLimiter = fakeLimiter(true);
    expect((await createWith({ SHOP_CREATE_LIMITER: shopLimiter.binding }, { orderId: "o" })).status).toBe(400);
    expect(
      (await createWith({ SHOP_CREATE_LIMITER: shopLimiter.binding }, { ...order(), priceAmount: "99999.00" })).status,
    ).toBe(400);
    const refused = await createWith(
      { SHOP_CREATE_LIMITER: shopLimiter.binding, CREATE_LIMITER: fakeLimiter(false).binding },
      order(),
    );
    expect(refused.status).toBe(429);
    expect(shopLimiter.keys).toEqual([]);
    expect(stubs.upstream.count("POST", "/v3/payments")).toBe(0);
  });

  it("the SHOP_CREATE_LIMITER binding of wrangler.toml allows 600 per key and minute", async () => {
    // The local limiter counts in fixed one-minute windows: a measure that crosses a window is repeated.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const key = `ceiling-${crypto.randomUUID()}`;
      const minute = Math.floor(Date.now() / 60_000);
      let allowed = 0;
      while ((await workerEnv.SHOP_CREATE_LIMITER.limit({ key })).success && allowed <= 700) allowed += 1;
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      expect(allowed).toBe(600);
      return;
    }
    throw new Error("every measure crossed a minute");
  });
});
