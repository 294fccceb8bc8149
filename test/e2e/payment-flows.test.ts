/**
 * The main payment flows on the demo shop page, end to end: Chromium, the checkout Worker, its
 * Durable Objects and stream, and the sandbox upstream with its signed notifications. The demo's
 * sandbox pane plays the customer's wallet and the blockchain where it can; the control API is
 * called directly where a click would race the element's redirect.
 */
import Decimal from "decimal.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useChromium } from "./support/browser.js";
import { announcedStatuses, demoUrl, statusHeading, uniqueOrder, waitForPayment, waitForResultPage } from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";

const newCustomer = useChromium();

async function openDemo(order: string): Promise<Page> {
  const context = await newCustomer();
  const page = await context.newPage();
  await page.goto(demoUrl({ order, amount: "25.00", currency: "EUR", transfer: "BTC" }));
  return page;
}

const resultCard = (page: Page) => page.locator('[data-testid="result"]');

describe("payment flows on the demo page", () => {
  it("(a) pay exactly -> unconfirmed -> confirmed -> redirect to the confirmed URL", async () => {
    const order = uniqueOrder("exact");
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");
    expect(created.priceAmount).toBe("25.00");
    expect(created.priceCurrency).toBe("EUR");
    await statusHeading(page).filter({ hasText: "Waiting for your payment" }).waitFor();
    await expect(page.locator("crypto-checkout [part=qr] svg").count()).resolves.toBe(1);

    await page.getByRole("button", { name: "Pay exactly" }).click();
    const unconfirmed = await waitForPayment(page, "UNCONFIRMED");
    expect(new Decimal(unconfirmed.pendingPaidTransferAmount).eq(created.transferAmount)).toBe(true);
    const [transaction] = unconfirmed.transactions;
    expect(transaction?.state).toBe("PENDING");

    await statusHeading(page).filter({ hasText: "Payment received, waiting for confirmation" }).waitFor();

    // The blockchain confirms it. (The element may already be on the shop's "unconfirmed" page,
    // which keeps the element attached to the payment; either way the confirmation reaches it.)
    await sandbox.accept(created.paymentId, transaction?.transactionId ?? "");
    await statusHeading(page).filter({ hasText: "Payment confirmed" }).waitFor();
    const confirmed = await waitForResultPage(page, "confirmed");
    expect(confirmed.searchParams.get("order")).toBe(order);
    await expect(resultCard(page).getAttribute("data-result")).resolves.toBe("confirmed");
    await expect(resultCard(page).textContent()).resolves.toContain("Payment confirmed");
  });

  it("(b) underpay -> the remainder is shown -> pay the rest -> confirmed", async () => {
    const order = uniqueOrder("underpay");
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");

    // A pending part leaves the payment NEW with pending funds; confirming it makes it UNDERPAID.
    await page.getByRole("button", { name: "Pay part" }).click();
    const pendingPart = await waitForPayment(page, "NEW");
    await page.waitForFunction(() => ((document.querySelector("crypto-checkout") as unknown as { payment?: { transactions: unknown[] } }).payment?.transactions.length ?? 0) > 0);
    await page.getByRole("button", { name: "Confirm pending" }).click();
    const underpaid = await waitForPayment(page, "UNDERPAID");
    expect(pendingPart.paymentId).toBe(created.paymentId);

    const expectedRemainder = new Decimal(created.transferAmount).minus(underpaid.paidTransferAmount);
    expect(expectedRemainder.gt(0)).toBe(true);
    await statusHeading(page).filter({ hasText: "Part of the amount has arrived" }).waitFor();
    const shownRemainder = await page.locator("crypto-checkout #amount-value").textContent();
    expect(new Decimal(shownRemainder ?? "").eq(expectedRemainder)).toBe(true);
    const walletLink = await page.locator('crypto-checkout [part="wallet-link"]').getAttribute("href");
    expect(walletLink).toContain(`amount=${new Decimal(shownRemainder ?? "0").toString()}`);

    await page.getByLabel("Accept new transactions at once").check();
    await page.getByRole("button", { name: "Pay the rest" }).click();
    const confirmed = await waitForPayment(page, "CONFIRMED");
    expect(new Decimal(confirmed.acceptedPaidTransferAmount).eq(created.transferAmount)).toBe(true);
    await statusHeading(page).filter({ hasText: "Payment confirmed" }).waitFor();
    expect(await announcedStatuses(page)).toEqual(["NEW", "UNDERPAID", "CONFIRMED"]);

    // The sandbox pane shows the notifications the checkout Worker acknowledged.
    await page.locator("#sandbox-log td.ok").first().waitFor();

    const result = await waitForResultPage(page, "confirmed");
    expect(result.searchParams.get("order")).toBe(order);
  });

  it("(c) expire -> redirect to the expired URL", async () => {
    const order = uniqueOrder("expire");
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");

    await page.getByRole("button", { name: "Expire now" }).click();
    await waitForPayment(page, "EXPIRED");
    await statusHeading(page).filter({ hasText: "This payment has expired" }).waitFor();
    await page.locator("crypto-checkout").getByRole("button", { name: "Start again" }).waitFor();

    const result = await waitForResultPage(page, "expired");
    expect(result.searchParams.get("order")).toBe(order);
    await expect(resultCard(page).textContent()).resolves.toContain("The payment has expired");
    await expect(resultCard(page).textContent()).resolves.toContain(created.paymentId);
  });

  it("(d) reject -> invalid, with the reference, and the redirect to the invalid URL", async () => {
    const order = uniqueOrder("reject");
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");

    await page.getByRole("button", { name: "Pay part" }).click();
    await page.waitForFunction(() => ((document.querySelector("crypto-checkout") as unknown as { payment?: { transactions: unknown[] } }).payment?.transactions.length ?? 0) > 0);
    await page.getByRole("button", { name: "Reject pending" }).click();
    const invalid = await waitForPayment(page, "INVALID");
    expect(invalid.transactions.map((t) => t.state)).toEqual(["REJECTED"]);
    await statusHeading(page).filter({ hasText: "There is a problem with this payment" }).waitFor();
    await expect(page.locator('crypto-checkout [part="reference"] code').textContent()).resolves.toBe(created.paymentId);

    const result = await waitForResultPage(page, "invalid");
    expect(result.searchParams.get("order")).toBe(order);
    await expect(resultCard(page).getAttribute("data-result")).resolves.toBe("invalid");
    await expect(resultCard(page).textContent()).resolves.toContain(created.paymentId);
  });
});
