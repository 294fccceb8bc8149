/** Order tokens: what signOrderToken makes (the merchant console's signing) is what verifyOrderToken accepts, and only for its shop, order and lifetime. */
import { describe, expect, it } from "vitest";
import { signOrderToken, verifyOrderToken } from "../../../../worker/checkout/payments/order-token.js";

const KEY = "k".repeat(32);
const claims = { orderId: "order-42", priceAmount: "49.90", priceCurrency: "EUR", shop: "demo-signed" };

describe("order tokens (order-token.ts)", () => {
  it("verifies a token it signed, with its claims, and its lifetime from now", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const { token, iat, exp } = await signOrderToken(claims, KEY, 600, now);
    expect(exp - iat).toBe(600);
    expect(await verifyOrderToken(token, KEY, "demo-signed", "order-42", now)).toEqual({
      orderId: "order-42",
      priceAmount: "49.90",
      priceCurrency: "EUR",
    });
  });

  it("refuses it for another shop, another order, another key and after its expiry", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const { token } = await signOrderToken(claims, KEY, 600, now);
    await expect(verifyOrderToken(token, KEY, "demo-open", "order-42", now)).rejects.toMatchObject({
      status: 400,
      code: "invalid_order_token",
    });
    await expect(verifyOrderToken(token, KEY, "demo-signed", "order-43", now)).rejects.toMatchObject({
      code: "invalid_order_token",
    });
    await expect(verifyOrderToken(token, "x".repeat(32), "demo-signed", "order-42", now)).rejects.toMatchObject({
      code: "invalid_order_token",
    });
    await expect(
      verifyOrderToken(token, KEY, "demo-signed", "order-42", new Date(now.getTime() + 601_000 + 30_000)),
    ).rejects.toMatchObject({ message: "The order token has expired." });
  });
});
