import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { redirectUrlsFor } from "../../../../worker/checkout/payments/redirects.js";
import { getShop } from "../../../../worker/checkout/shops/shop-source.js";
import type { Env } from "../../../../worker/checkout/env.js";

const workerEnv = env as unknown as Env;

describe("payment creation helpers", () => {
  it("fills {orderId} URL-encoded into every template the shop has, and only those", async () => {
    const shop = await getShop(workerEnv, "demo-signed");
    expect(redirectUrlsFor(shop, "A:1 &x")).toEqual({
      confirmed: "http://127.0.0.1:8787/demo/?result=confirmed&order=A%3A1%20%26x",
      expired: "http://127.0.0.1:8787/demo/?result=expired&order=A%3A1%20%26x",
      invalid: "http://127.0.0.1:8787/demo/?result=invalid&order=A%3A1%20%26x",
    });
  });
});
