/**
 * The demo's refund, from the merchant's dashboard, in Chromium against the Worker's real API: a
 * customer overpays in the sandbox; the merchant signs in, opens the payment, refunds the excess
 * with the proposal's one click and sends the customer a link; the customer gives an address on the
 * hosted refund page; the merchant approves it in the dialog that names the amount, the address and
 * the shop's available balance;
 * the sandbox sends the payout and the dashboard shows the refund sent with its transaction id.
 */
import Decimal from "decimal.js";
import { describe, expect, inject, it } from "vitest";
import { devVars } from "../../scripts/servers.mjs";
import type { DeskSignInLink } from "../../worker/checkout/dashboard-wire.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { uniqueOrder, violations, waitFor } from "./support/checkout-page.js";
import { dashboardAxe, serveAxe, waitForDashboardPage } from "./support/dashboard.js";
import { useEngine, type EnginePage } from "./support/engines.js";
import { giveRefundAddress, openRefundLink, TESTNET_ADDRESS } from "./support/refund-page.js";
import { sandbox } from "./support/sandbox.js";

const SHOP = "demo-open";
const token = devVars().DEMO_BACKEND_TOKEN ?? "";

/** Clicks the first button of the page whose text is `label` (within `scope`), as a person does. */
function clickButton(page: EnginePage, label: string, scope = "desk-refunds"): Promise<void> {
  return page.evaluate(
    ([within, text]) => {
      const button = [...document.querySelectorAll<HTMLButtonElement>(`${within} button`)].find(
        (b) => b.textContent?.trim().startsWith(text) && !b.disabled,
      );
      if (!button) throw new Error(`no enabled button "${text}"`);
      button.click();
    },
    [scope, label] as const,
  );
}

/** Reloads the payment's page until `ready` holds in it (the ledger and the refunds are read as the page opens). */
async function reloadUntil(page: EnginePage, heading: string, ready: () => boolean, what: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    await waitForDashboardPage(page, heading);
    try {
      await waitFor(page, ready, undefined, what, 3_000);
      return;
    } catch (error) {
      if (tries === 15) throw error;
    }
    await page.reload();
  }
}

describe("a refund from the dashboard [chromium]", () => {
  const { newCustomer, engine } = useEngine("chromium");

  it("refunds an overpayment's excess: proposal, link, the customer's address, approval as shown, sent", async () => {
    const origin = inject("checkoutUrl");
    serveAxe(engine(), origin);
    const orderId = uniqueOrder("desk-refund");
    const created = await fetch(`${origin}/api/shops/${SHOP}/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": "198.51.100.78" },
      body: JSON.stringify({ orderId, transferCurrency: "BTC", priceAmount: "30.00", priceCurrency: "EUR" }),
    });
    expect(created.status).toBe(201);
    const payment = (await created.json()) as PaymentView;
    const paid = new Decimal(payment.transferAmount).times(2).toFixed();
    await sandbox.pay(payment.paymentId, paid, { accepted: true });

    const made = await fetch(`${origin}/api/shops/${SHOP}/dashboard/sign-in-links`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    const signIn = (await made.json()) as DeskSignInLink;
    const desk = await newCustomer();
    await desk.goto(signIn.url);
    await waitForDashboardPage(desk, "Sign in");
    await desk.click("desk-sign-in button[type=submit]");
    await waitForDashboardPage(desk, "Overview");

    const heading = `Payment ${payment.paymentId}`;
    await desk.goto(`${origin}/dashboard/payments/${payment.paymentId}?shop=${SHOP}`);
    await reloadUntil(
      desk,
      heading,
      () => document.querySelector("desk-refunds button.proposal") !== null,
      "the refund proposals",
    );
    const proposal = await desk.evaluate(
      () => document.querySelector("desk-refunds button.proposal")?.textContent?.replace(/\s+/g, " ").trim() ?? "",
      undefined,
    );
    expect(proposal).toContain(new Decimal(paid).minus(payment.transferAmount).toFixed());
    await desk.evaluate(
      () => document.querySelector<HTMLButtonElement>("desk-refunds button.proposal")?.click(),
      undefined,
    );
    await waitFor(desk, () => document.querySelector("desk-refunds .refund") !== null, undefined, "the refund");

    await clickButton(desk, "Send link to customer");
    await waitFor(
      desk,
      () => /\/refund\/.+#/.test(document.querySelector("desk-refunds .refund-link .address")?.textContent ?? ""),
      undefined,
      "the refund link",
    );
    const link = await desk.evaluate(
      () => document.querySelector("desk-refunds .refund-link .address")?.textContent?.trim() ?? "",
      undefined,
    );
    expect(await dashboardAxe(desk)).toEqual([]);

    const customer = await newCustomer();
    await openRefundLink(customer, link);
    await giveRefundAddress(customer, TESTNET_ADDRESS);

    await desk.reload();
    await reloadUntil(
      desk,
      heading,
      () =>
        [...document.querySelectorAll("desk-refunds button")].some((b) => b.textContent?.trim().startsWith("Approve")),
      "the Approve button",
    );
    await clickButton(desk, "Approve");
    await waitFor(
      desk,
      () => document.querySelector("dialog.confirm-approval[open]") !== null,
      undefined,
      "the dialog",
    );
    const named = await desk.evaluate(
      () => ({
        amount: document.querySelector("dialog.confirm-approval .confirm-amount")?.textContent?.trim() ?? "",
        address: document.querySelector("dialog.confirm-approval .confirm-address")?.textContent?.trim() ?? "",
      }),
      undefined,
    );
    expect(named.address).toBe(TESTNET_ADDRESS);
    expect(named.amount).toContain("BTC");
    // The shop's balance at the payment service, read as the dialog opens, before anything is sent.
    await waitFor(
      desk,
      () => /BTC/.test(document.querySelector("dialog.confirm-approval .confirm-available")?.textContent ?? ""),
      undefined,
      "the available balance",
    );
    expect(await desk.evaluate(() => document.querySelector(".confirm-problem"), undefined)).toBe(null);
    expect(await dashboardAxe(desk)).toEqual([]);
    await clickButton(desk, "Approve and send", "dialog.confirm-approval");

    // The sandbox sends the payout; its notification makes the refund sent.
    await reloadUntil(
      desk,
      heading,
      () => document.querySelector("desk-refunds .badge.refund-sent") !== null,
      "the refund sent",
    );
    const transaction = await desk.evaluate(
      () => document.querySelector("desk-refunds .refund dd.mono")?.textContent?.trim() ?? "",
      undefined,
    );
    expect(transaction).toMatch(/^[0-9a-f]{64}$/);
    expect(await violations(desk)).toEqual([]);
  });
});
