/**
 * Signed pricing: the price comes from a token the shop's backend signed, never from the page. A
 * token changed in the browser is refused, and the customer is told so on screen.
 */
import { describe, expect, it } from "vitest";
import { useChromium } from "./support/browser.js";
import {
  demoUrl,
  shownPayment,
  statusHeading,
  uniqueOrder,
  waitForPayment,
  isCreatePayment,
} from "./support/checkout-page.js";

const newCustomer = useChromium();

describe("signed pricing", () => {
  it("(i) creates the payment at the signed price, and refuses a tampered token with a clear message", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const order = uniqueOrder("signed");
    await page.goto(demoUrl({ shop: "demo-signed", order, amount: "19.90", currency: "EUR" }));

    const signed = await waitForPayment(page, "NEW");
    expect(signed.priceAmount).toBe("19.90");
    expect(signed.priceCurrency).toBe("EUR");
    expect(signed.externalPaymentId).toBe(`demo-signed:${order}`);
    await expect(page.locator('crypto-checkout [part="amount"]').textContent()).resolves.toContain("19.90");

    // The demo signs a new order, then changes one character of the token before the element sends it.
    const refused = page.waitForResponse((response) => isCreatePayment(response.request(), "demo-signed"));
    await page.getByRole("button", { name: "New order with a tampered token" }).click();
    const response = await refused;
    expect(response.status()).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_order_token");

    // The customer reads what it means for them, without the code, and no Try again (the same token cannot pass).
    await statusHeading(page)
      .filter({ hasText: "This order cannot be paid here. Please return to the shop." })
      .waitFor();
    expect(await page.locator("crypto-checkout").getByText("invalid_order_token").count()).toBe(0);
    expect(await page.locator("crypto-checkout .actions button").count()).toBe(0);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      "The order token is not valid for this shop.",
    );
    expect(await shownPayment(page)).toBeUndefined();
    await expect(page.locator("#event-line").textContent()).resolves.toContain("checkout-error: invalid_order_token");
    await context.close();
  });
});
