/**
 * A receipt end to end, in Chromium against the running Workers: a customer pays a demo order in
 * the sandbox; once the payment is confirmed, the element's Receipt link (the payment's client
 * secret in its fragment) opens the hosted receipt page in a new tab, which shows the payment's
 * transaction id and amounts under its strict CSP, with no Referer and never stored; the same page
 * without the secret shows "not found".
 */
import { describe, expect, inject, it } from "vitest";
import { useChromium } from "./support/browser.js";
import {
  demoUrl,
  rememberedSecret,
  uniqueOrder,
  violations,
  waitFor,
  waitForPayment,
} from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";

const newCustomer = useChromium();
const RECEIPT_LINK = 'a[href*="/receipt/"]';

describe("a receipt from the confirmed element", () => {
  it("opens from the element's Receipt link and shows the payment's transaction", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    await page.goto(demoUrl({ order: uniqueOrder("receipt"), amount: "25.00", currency: "EUR", transfer: "BTC" }));
    const created = await waitForPayment(page, "NEW");
    const secret = await rememberedSecret(page, created.paymentId);
    const transaction = await sandbox.pay(created.paymentId, created.transferAmount, { accepted: true });

    // Confirmed: the element shows the link (on the demo page, or on its result page after the redirect).
    await waitFor(
      page,
      (selector) => !!document.querySelector("crypto-checkout")?.shadowRoot?.querySelector(selector),
      RECEIPT_LINK,
      "the Receipt link",
    );
    const link = page.locator(`crypto-checkout ${RECEIPT_LINK}`);
    expect(await link.getAttribute("href")).toBe(
      `${inject("checkoutUrl")}/receipt/demo-open/${created.paymentId}#${secret}`,
    );
    const [receipt] = await Promise.all([context.waitForEvent("page"), link.click()]);
    const answer = await receipt.waitForResponse((response) => response.url().includes("/receipt?clientSecret="));
    expect(answer.status()).toBe(200);
    await receipt.waitForSelector('main[data-state="receipt"]');

    const text = (await receipt.locator("main").innerText()).replace(/\s+/g, " ");
    expect(text).toContain(transaction.transactionId);
    expect(text).toContain(`${created.transferAmount} BTC`);
    expect(text).toContain("€25.00");
    expect(text).toContain(created.paymentId);
    expect(await receipt.locator("h1").innerText()).toMatch(/^Receipt from /);
    expect(await violations(receipt)).toEqual([]);

    // The page itself: the Worker's, never stored, no Referer, nothing inline or from elsewhere.
    const served = await fetch(`${inject("checkoutUrl")}/receipt/demo-open/${created.paymentId}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("no-store");
    expect(served.headers.get("referrer-policy")).toBe("no-referrer");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");

    // Without the fragment (and without a dashboard session) the same page finds no receipt.
    await receipt.goto(`${inject("checkoutUrl")}/receipt/demo-open/${created.paymentId}`);
    await receipt.waitForSelector('main[data-state="not-found"]');
    expect(await receipt.locator("h1").innerText()).toBe("Receipt not found");
    await context.close();
  });
});
