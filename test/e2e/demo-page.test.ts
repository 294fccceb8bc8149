/**
 * The demo page as a shop owner uses it: the configurator (shop, amount, currencies, language,
 * theme, new order), the embed snippet that follows it, and the sandbox pane's remaining actions.
 */
import Decimal from "decimal.js";
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useChromium } from "./support/browser.js";
import {
  demoUrl,
  shownPayment,
  statusHeading,
  uniqueOrder,
  waitForPayment,
  waitForResultPage,
  waitForStatus,
  isCreatePayment,
} from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";

const newCustomer = useChromium();

const query = (page: Page, name: string): string | null => new URL(page.url()).searchParams.get(name);

describe("demo page", () => {
  it("configures a new order: amount, currencies, language and theme reach the element and the snippet", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const creates: Request[] = [];
    page.on("request", (request) => {
      if (isCreatePayment(request)) creates.push(request);
    });
    const firstOrder = uniqueOrder("config");
    await page.goto(demoUrl({ order: firstOrder }));
    await waitForPayment(page, "NEW");

    await page.locator("#cfg-amount").fill("12.34");
    await page.locator("#cfg-currency").selectOption("USD");
    await page.locator("#cfg-transfer").selectOption("");
    await page.locator("#cfg-locale").selectOption("de");
    await page.locator("#cfg-theme").selectOption("dark");
    await page.getByRole("button", { name: "Apply" }).click();

    // Another price is another order; the customer now picks the currency, in German.
    await page.waitForURL((url) => url.searchParams.get("amount") === "12.34");
    const secondOrder = query(page, "order");
    expect(secondOrder).not.toBe(firstOrder);
    expect(query(page, "currency")).toBe("USD");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await page.locator("crypto-checkout").getByRole("button", { name: "Mit Litecoin (LTC) zahlen" }).click();
    const payment = await waitForPayment(page, "NEW");
    expect(payment).toMatchObject({
      priceAmount: "12.34",
      priceCurrency: "USD",
      transferCurrency: "LTC",
      externalPaymentId: `demo-open:${secondOrder}`,
    });
    await statusHeading(page).filter({ hasText: "Wir warten auf Ihre Zahlung" }).waitFor();
    await expect(page.locator("#order-id").textContent()).resolves.toBe(secondOrder);
    await expect(page.locator("#summary dd.total").textContent()).resolves.toContain("12.34");

    const snippet = (await page.locator("#snippet").textContent()) ?? "";
    for (const attribute of [
      `order-id="${secondOrder}"`,
      'price-amount="12.34"',
      'price-currency="USD"',
      'locale="de"',
      'theme="dark"',
    ]) {
      expect(snippet).toContain(attribute);
    }
    expect(snippet).not.toContain("transfer-currency=");

    // Language and theme apply to the payment on screen: no new order, no new payment.
    const createsBefore = creates.length;
    await page.locator("#cfg-locale").selectOption("en");
    await page.locator("#cfg-theme").selectOption("light");
    await page.getByRole("button", { name: "Apply" }).click();
    await statusHeading(page).filter({ hasText: "Waiting for your payment" }).waitFor();
    expect(query(page, "order")).toBe(secondOrder);
    expect((await shownPayment(page))?.paymentId).toBe(payment.paymentId);
    expect(creates.length).toBe(createsBefore);

    // "New order" starts over with the same settings and a fresh order id.
    await page.getByRole("button", { name: "New order", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("order") !== secondOrder);
    await page.locator("crypto-checkout").getByRole("button", { name: "Pay with Bitcoin (BTC)" }).click();
    const third = await waitForPayment(page, "NEW");
    expect(third.paymentId).not.toBe(payment.paymentId);
    expect(third.externalPaymentId).toBe(`demo-open:${query(page, "order")}`);
    await context.close();
  });

  it("refuses a malformed amount in the configurator", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const order = uniqueOrder("bad-amount");
    await page.goto(demoUrl({ order }));
    await waitForPayment(page, "NEW");
    await page.locator("#cfg-amount").fill("12,5 EUR");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.locator("#config-error").filter({ hasText: "at most two decimals" }).waitFor();
    expect(query(page, "order")).toBe(order);
    await context.close();
  });

  it("overpays from the sandbox pane: the payment is fully paid and waits for confirmation", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    await page.goto(demoUrl({ order: uniqueOrder("overpay"), amount: "15.00" }));
    const created = await waitForPayment(page, "NEW");
    await page.getByRole("button", { name: "Overpay" }).click();
    const overpaid = await waitForPayment(page, "UNCONFIRMED");
    expect(new Decimal(overpaid.paidTransferAmount).gt(created.transferAmount)).toBe(true);
    await page.locator("#sandbox-message").filter({ hasText: "Sent" }).waitFor();
    await expect(page.getByTestId("sandbox-status").textContent()).resolves.toBe("UNCONFIRMED");
    await context.close();
  });
  it("at 1440 px the snippet and the sandbox log fit their cards, and every file the page asks for, its favicon included, is served", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(demoUrl({ order: uniqueOrder("wide") }));
    await waitForPayment(page, "NEW");
    await page.getByRole("button", { name: "Pay part" }).click();
    await page.locator("#sandbox-log td.ok").first().waitFor();
    await page.locator("#snippet").filter({ hasText: "integrity=" }).waitFor();
    // Nothing hidden behind a scrollbar: each box is as wide as what it holds.
    const overflow = await page.evaluate(() =>
      [".snippet", ".log-scroll"].map((selector) => {
        const box = document.querySelector(selector) as HTMLElement;
        return { selector, hidden: box.scrollWidth - box.clientWidth };
      }),
    );
    expect(overflow).toEqual([
      { selector: ".snippet", hidden: 0 },
      { selector: ".log-scroll", hidden: 0 },
    ]);
    const icon = await page.evaluate(
      () => (document.querySelector('link[rel="icon"]') as HTMLLinkElement | null)?.href ?? "",
    );
    const served = await page.request.get(icon);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toContain("image/svg+xml");
    expect(failed).toEqual([]);
    await context.close();
  });

  it("the unconfirmed result page shows no countdown to itself, and moves on to the confirmed page", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const order = uniqueOrder("result");
    await page.goto(demoUrl({ order }));
    const created = await waitForPayment(page, "NEW");
    const transaction = await sandbox.pay(created.paymentId, created.transferAmount);
    await waitForResultPage(page, "unconfirmed");
    await waitForPayment(page, "UNCONFIRMED");
    await waitForStatus(page, "Payment received, waiting for confirmation");
    // The element plans a redirect when the status arrives, before it renders it: by now a
    // countdown (or a link back here) would be on screen.
    const redirect = await page.evaluate(
      () =>
        document.querySelector("crypto-checkout")?.shadowRoot?.querySelector('[part="redirect"], .actions a')
          ?.textContent ?? null,
    );
    expect(redirect).toBe(null);
    await sandbox.accept(created.paymentId, transaction.transactionId);
    const confirmed = await waitForResultPage(page, "confirmed");
    expect(confirmed.searchParams.get("order")).toBe(order);
    await context.close();
  });
});
