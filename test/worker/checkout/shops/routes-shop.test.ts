import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { getShop } from "../../../../worker/checkout/shops/shop-source.js";
import {
  CURRENCY_CACHE_MS,
  CURRENCY_FAILURE_MS,
  upstreamCurrencies,
} from "../../../../worker/checkout/upstream/currencies.js";
import type { ShopSettings } from "../../../../worker/checkout/wire.js";
import { call, errorOf } from "../support/http.js";
import { useUpstream } from "../support/stubs.js";

const stubs = useUpstream();

describe("GET /api/shops/{shop}", () => {
  it("answers the public settings of an open-pricing shop", async () => {
    const response = await call("/api/shops/demo-open");
    expect(response.status).toBe(200);
    const settings = (await response.json()) as ShopSettings;
    expect(settings).toEqual({
      shop: "demo-open",
      name: "Demo Shop (open pricing)",
      environment: "sandbox",
      pricing: "open",
      limits: { min: "1.00", max: "5000.00" },
      priceCurrencies: ["EUR", "USD"],
      transferCurrencies: [
        { code: "BTC", name: "Bitcoin" },
        { code: "LTC", name: "Litecoin" },
      ],
    });
    expect(response.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers a signed-pricing shop without limits", async () => {
    const settings = (await (await call("/api/shops/demo-signed")).json()) as ShopSettings;
    expect(settings.pricing).toBe("signed");
    expect(settings.limits).toBeUndefined();
  });

  it("leaves out a transfer currency the upstream has disabled", async () => {
    stubs.upstream.currencies = stubs.upstream.currencies.map((c) =>
      c.code === "LTC" ? { ...c, paymentTransferEnabled: false } : c,
    );
    const settings = (await (await call("/api/shops/demo-open")).json()) as ShopSettings;
    expect(settings.transferCurrencies).toEqual([{ code: "BTC", name: "Bitcoin" }]);
  });

  it("caches the upstream currency list", async () => {
    await call("/api/shops/demo-open");
    await call("/api/shops/demo-signed");
    await call("/api/shops/demo-open");
    expect(stubs.upstream.count("GET", "/v3/currencies")).toBe(1);
  });

  it("lists the configured currencies by code when the upstream is down", async () => {
    stubs.upstream.fail("GET", "/v3/currencies", "http503");
    const response = await call("/api/shops/demo-open");
    expect(response.status).toBe(200);
    const settings = (await response.json()) as ShopSettings;
    expect(settings.transferCurrencies).toEqual([
      { code: "BTC", name: "BTC" },
      { code: "LTC", name: "LTC" },
    ]);
  });

  it("asks a failing upstream for its currencies once per few seconds, not on every request", async () => {
    stubs.upstream.fail("GET", "/v3/currencies", "http503");
    expect((await call("/api/shops/demo-open")).status).toBe(200);
    // One failed read (the client's own retries included) answers the next requests.
    const attempts = stubs.upstream.count("GET", "/v3/currencies");
    for (let i = 0; i < 5; i++) expect((await call("/api/shops/demo-open")).status).toBe(200);
    expect(stubs.upstream.count("GET", "/v3/currencies")).toBe(attempts);
  });

  it("asks again once the failure's few seconds are over, and keeps a success for minutes", async () => {
    stubs.upstream.fail("GET", "/v3/currencies", "http503");
    const shop = await getShop(env as unknown as Env, "demo-open");
    const t0 = Date.now();
    await expect(upstreamCurrencies(env as unknown as Env, shop, t0)).rejects.toThrow();
    const attempts = stubs.upstream.count("GET", "/v3/currencies");
    stubs.upstream.clearFailures();
    await expect(upstreamCurrencies(env as unknown as Env, shop, t0 + CURRENCY_FAILURE_MS - 1)).rejects.toThrow();
    expect(stubs.upstream.count("GET", "/v3/currencies")).toBe(attempts);
    const later = t0 + CURRENCY_FAILURE_MS;
    expect(await upstreamCurrencies(env as unknown as Env, shop, later)).toHaveLength(stubs.upstream.currencies.length);
    await upstreamCurrencies(env as unknown as Env, shop, later + CURRENCY_CACHE_MS - 1);
    expect(stubs.upstream.count("GET", "/v3/currencies")).toBe(attempts + 1);
  });

  it("answers 404 unknown_shop for a shop that is not configured", async () => {
    const response = await call("/api/shops/nope");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: "unknown_shop" });
    expect(stubs.upstream.count()).toBe(0);
  });

  it("echoes a well-formed X-Request-Id and replaces a malformed one", async () => {
    const echoed = await call("/api/shops/demo-open", { headers: { "X-Request-Id": "req-123.abc" } });
    expect(echoed.headers.get("X-Request-Id")).toBe("req-123.abc");
    const replaced = await call("/api/shops/demo-open", { headers: { "X-Request-Id": "bad id <script>" } });
    expect(replaced.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
