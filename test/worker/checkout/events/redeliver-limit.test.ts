/**
 * Redeliveries are limited per shop (REDELIVER_LIMITER in wrangler.toml: 60 a minute, backend API
 * and dashboard together), so that a loop in a shop's script or a held-down button cannot flood
 * its endpoints or the queue. Every request counts, an unknown event's too.
 */
import { describe, expect, it } from "vitest";
import { redeliver } from "../../../../worker/checkout/events/redeliver.js";
import { toCheckoutError } from "../../../../worker/checkout/http/errors.js";
import { getShop } from "../../../../worker/checkout/shops/shop-source.js";
import { freshShopId, testEnv } from "../support/merchant.js";

const EVENT_ID = "evt_0123456789abcdef0123456789abcdef";

describe("redeliver's limit", () => {
  it("answers 429 rate_limited with Retry-After past 60 redeliveries a minute for one shop, and no other shop is affected", async () => {
    const demo = await getShop(testEnv, "demo-open");
    const outcome = async (shopId: string) => {
      try {
        await redeliver(testEnv, { ...demo, id: shopId }, EVENT_ID);
        return { status: 200, retryAfter: null };
      } catch (err) {
        const e = toCheckoutError(err);
        return { status: e.status, code: e.code, retryAfter: e.toResponse().headers.get("Retry-After") };
      }
    };
    // The local limiter counts in fixed one-minute windows of the wall clock: a measure that
    // crosses a window's end is repeated with another shop.
    let measured: { statuses: number[]; last: Awaited<ReturnType<typeof outcome>> } | undefined;
    for (let attempt = 0; attempt < 3 && !measured; attempt += 1) {
      const shopId = freshShopId("redeliver");
      const minute = Math.floor(Date.now() / 60_000);
      const statuses: number[] = [];
      for (let i = 0; i < 60; i += 1) statuses.push((await outcome(shopId)).status);
      const last = await outcome(shopId);
      if (Math.floor(Date.now() / 60_000) === minute) measured = { statuses, last };
    }
    // Within the limit: the event is looked up (this one does not exist).
    expect(new Set(measured?.statuses)).toEqual(new Set([404]));
    expect(measured?.last).toEqual({ status: 429, code: "rate_limited", retryAfter: "60" });
    expect((await outcome(freshShopId("redeliver-other"))).status).toBe(404);
  });
});
