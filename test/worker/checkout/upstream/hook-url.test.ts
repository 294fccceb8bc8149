import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHOP_ID } from "../../../../worker/checkout/rules.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { hookShopOf, hookUrlFor } from "../../../../worker/checkout/upstream/hook-url.js";
import { getShop } from "../../../../worker/checkout/shops/shop-source.js";

const workerEnv = env as unknown as Env;

describe("the notification URL of a shop (hook-url.ts)", () => {
  it("points notifications at this Worker's /hooks/{shop}, or at PUBLIC_URL when set", async () => {
    const shop = await getShop(workerEnv, "demo-open");
    expect(hookUrlFor(workerEnv, shop, "http://127.0.0.1:8787/api/shops/demo-open/payments")).toBe(
      "http://127.0.0.1:8787/hooks/demo-open",
    );
    expect(hookUrlFor({ PUBLIC_URL: "https://checkout.example.com/ignored/path" }, shop, "http://10.0.0.1/x")).toBe(
      "https://checkout.example.com/hooks/demo-open",
    );
  });

  it("reads back the shop of every URL it builds, for every valid shop id and origin", () => {
    fc.assert(
      fc.property(fc.stringMatching(SHOP_ID), fc.webUrl(), (id, requestUrl) => {
        expect(hookShopOf(hookUrlFor({}, { id }, requestUrl))).toBe(id);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    [undefined, undefined],
    ["", undefined],
    ["not a url", undefined],
    ["https://checkout.example.com/hooks/", undefined],
    ["https://checkout.example.com/hooks/a/b", undefined],
    ["https://checkout.example.com/api/shops/a", undefined],
    ["https://checkout.example.com/hooks/%E0%A4%A", undefined],
    ["https://checkout.example.com/hooks/demo-open?x=1", "demo-open"],
  ])("names no shop for a URL that is not one of its own: %s -> %s", (url, shop) => {
    expect(hookShopOf(url)).toBe(shop);
  });
});
