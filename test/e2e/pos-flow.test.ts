/**
 * The point of sale against the running Worker and sandbox, in Chromium, Firefox and WebKit: the
 * demo's link signs the browser in to the demo shop's point of sale; the cashier types 12.50 on
 * the keypad and charges; the element shows the new payment's QR code; the customer pays the
 * exact amount in the sandbox; the whole screen says Paid; Next sale brings the empty keypad back.
 * The payment is an ordinary one of the shop: the shop's backend reads its order (`pos-…`) as paid.
 * axe and the page's CSP find nothing on any screen.
 */
import { describe, expect, inject, it } from "vitest";
import { devVars } from "../../scripts/servers.mjs";
import type { OrderStatus } from "../../worker/checkout/backend-wire.js";
import { violations, waitFor, waitForPayment } from "./support/checkout-page.js";
import { dashboardAxe, serveAxe } from "./support/dashboard.js";
import { ENGINES, useEngine, type EnginePage } from "./support/engines.js";
import { sandbox } from "./support/sandbox.js";

const token = devVars().DEMO_BACKEND_TOKEN ?? "";

async function expectClean(page: EnginePage, what: string): Promise<void> {
  expect(await dashboardAxe(page), what).toEqual([]);
  expect(await violations(page), what).toEqual([]);
}

const shown = (page: EnginePage, selector: string, what: string) =>
  waitFor(page, (s) => document.querySelector(s) !== null, selector, what);

const textOf = (page: EnginePage, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent?.replace(/\s+/g, " ").trim() ?? "", selector);

describe.each(ENGINES)("the point of sale [%s]", (name) => {
  const { newCustomer, engine } = useEngine(name);

  it("signs in with the demo's link, charges 12.50, is paid in the sandbox, shows Paid, and starts the next sale", async () => {
    const origin = inject("checkoutUrl");
    serveAxe(engine(), origin);
    const page = await newCustomer();

    await page.goto(`${origin}/demo/api/pos-sign-in?shop=demo-open`);
    await shown(page, "pos-app form button", "the sign-in button");
    expect(await page.evaluate(() => location.pathname + location.hash, undefined)).toBe("/pos/demo-open/");
    await expectClean(page, "sign-in");
    await page.click("pos-app form button");
    await shown(page, "pos-app .display", "the keypad");
    await expectClean(page, "keypad");

    for (const key of ["1", "2", ".", "5", "0"]) await page.click(`button[data-key="${key}"]`);
    expect(await textOf(page, ".display")).toBe("€12.50");
    await page.click("button.charge");
    const view = await waitForPayment(page, "NEW");
    expect(view).toMatchObject({ priceAmount: "12.50", priceCurrency: "EUR", transferCurrency: "BTC" });
    const orderId = (await textOf(page, ".sale .order")).replace(/^Order /, "");
    expect(orderId).toMatch(/^pos-\d{8}-[0-9a-f]{16}$/);
    await expectClean(page, "sale");

    await sandbox.pay(view.paymentId, view.transferAmount, { accepted: true });
    await shown(page, ".overlay-paid", "Paid");
    expect(await textOf(page, ".overlay-paid h2")).toBe("Paid");
    expect(await textOf(page, ".overlay-paid .outcome-amount")).toBe("€12.50 received");
    await expectClean(page, "paid");

    const order = await fetch(`${origin}/api/shops/demo-open/orders/${orderId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(order.status).toBe(200);
    const status = (await order.json()) as OrderStatus;
    expect(status).toMatchObject({ orderId, paid: true, payment: { paymentId: view.paymentId, status: "CONFIRMED" } });

    await page.click(".overlay-paid button.primary");
    await shown(page, "pos-app .display", "the next sale's keypad");
    expect(await textOf(page, ".display")).toBe("€0");
    expect(await page.evaluate(() => document.querySelector("crypto-checkout"), undefined)).toBeNull();
    await page.close();
  });
});
