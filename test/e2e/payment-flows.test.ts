/**
 * The main payment flows on the demo shop page, end to end, in each engine a shopper uses
 * (Chromium, Firefox, WebKit): the checkout Worker, its Durable Objects and stream, and the sandbox
 * upstream with its signed notifications. The demo's sandbox pane plays the customer's wallet and
 * the blockchain where it can; the control API is called directly where a click would race the
 * element's redirect.
 */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { ENGINES, useEngine } from "./support/engines.js";
import type { EnginePage } from "./support/engines.js";
import {
  announcedStatuses,
  clickWhenEnabled,
  demoUrl,
  elementText,
  uniqueOrder,
  waitFor,
  waitForPayment,
  waitForResultPage,
  waitForStatus,
} from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";

/** The demo's result card: which result it shows and its text. */
function resultCard(page: EnginePage): Promise<{ result: string | null; text: string }> {
  return page.evaluate(() => {
    const card = document.querySelector('[data-testid="result"]');
    return { result: card?.getAttribute("data-result") ?? null, text: card?.textContent ?? "" };
  }, undefined);
}

/** How many transactions the payment on screen has. */
const transactionsShown = () =>
  ((document.querySelector("crypto-checkout") as unknown as { payment?: { transactions: unknown[] } }).payment
    ?.transactions.length ?? 0) > 0;

describe.each(ENGINES)("payment flows on the demo page [%s]", (name) => {
  const { newCustomer, engine } = useEngine(name);

  async function openDemo(order: string): Promise<EnginePage> {
    const page = await newCustomer();
    await page.goto(demoUrl({ order, amount: "25.00", currency: "EUR", transfer: "BTC" }));
    return page;
  }

  it("(a) pay exactly -> unconfirmed -> confirmed -> redirect to the confirmed URL", async () => {
    const order = uniqueOrder("exact");
    const { proxy } = engine();
    const mark = proxy.requests.length;
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");
    expect(created.priceAmount).toBe("25.00");
    expect(created.priceCurrency).toBe("EUR");
    await waitForStatus(page, "Waiting for your payment");
    expect(
      await page.evaluate(
        () => document.querySelector("crypto-checkout")?.shadowRoot?.querySelectorAll("[part=qr] svg").length,
        undefined,
      ),
    ).toBe(1);

    await clickWhenEnabled(page, '[data-action="pay-exact"]');
    const unconfirmed = await waitForPayment(page, "UNCONFIRMED");
    expect(new Decimal(unconfirmed.pendingPaidTransferAmount).eq(created.transferAmount)).toBe(true);
    const [transaction] = unconfirmed.transactions;
    expect(transaction?.state).toBe("PENDING");

    await waitForStatus(page, "Payment received, waiting for confirmation");
    // The change came over the payment's WebSocket (through the proxy, as a tunnel): one stream, no polling.
    const payment = `/api/shops/demo-open/payments/${created.paymentId}`;
    const traffic = proxy
      .since(mark)
      .map((request) => `${request.method} ${new URL(request.url).protocol}${new URL(request.url).pathname}`);
    expect(traffic.filter((request) => request === `GET ws:${payment}/stream`)).toHaveLength(1);
    expect(traffic.filter((request) => request === `GET http:${payment}`)).toHaveLength(0);

    // The blockchain confirms it. (The element may already be on the shop's "unconfirmed" page,
    // which keeps the element attached to the payment; either way the confirmation reaches it.)
    await sandbox.accept(created.paymentId, transaction?.transactionId ?? "");
    await waitForStatus(page, "Payment confirmed");
    const confirmed = await waitForResultPage(page, "confirmed");
    expect(confirmed.searchParams.get("order")).toBe(order);
    const card = await resultCard(page);
    expect(card.result).toBe("confirmed");
    expect(card.text).toContain("Payment confirmed");
  });

  it("(b) underpay -> the remainder is shown -> pay the rest -> confirmed", async () => {
    const order = uniqueOrder("underpay");
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");

    // A pending part leaves the payment NEW with pending funds; confirming it makes it UNDERPAID.
    await clickWhenEnabled(page, '[data-action="pay-part"]');
    await waitFor(page, transactionsShown, undefined, "the pending part");
    const pendingPart = await waitForPayment(page, "NEW");
    await clickWhenEnabled(page, '[data-action="confirm"]');
    const underpaid = await waitForPayment(page, "UNDERPAID");
    expect(pendingPart.paymentId).toBe(created.paymentId);

    const expectedRemainder = new Decimal(created.transferAmount).minus(underpaid.paidTransferAmount);
    expect(expectedRemainder.gt(0)).toBe(true);
    await waitForStatus(page, "Part of the amount has arrived");
    const shownRemainder = await elementText(page, "#amount-value");
    expect(new Decimal(shownRemainder ?? "").eq(expectedRemainder)).toBe(true);
    const walletLink = await page.evaluate(
      () =>
        document
          .querySelector("crypto-checkout")
          ?.shadowRoot?.querySelector('[part="wallet-link"]')
          ?.getAttribute("href"),
      undefined,
    );
    expect(walletLink).toContain(`amount=${new Decimal(shownRemainder ?? "0").toString()}`);

    await page.click("#sandbox-accept-at-once");
    expect(
      await page.evaluate(
        () => (document.querySelector("#sandbox-accept-at-once") as HTMLInputElement).checked,
        undefined,
      ),
    ).toBe(true);
    await clickWhenEnabled(page, '[data-action="pay-rest"]');
    const confirmed = await waitForPayment(page, "CONFIRMED");
    expect(new Decimal(confirmed.acceptedPaidTransferAmount).eq(created.transferAmount)).toBe(true);
    await waitForStatus(page, "Payment confirmed");
    expect(await announcedStatuses(page)).toEqual(["NEW", "UNDERPAID", "CONFIRMED"]);

    // The sandbox pane shows the notifications the checkout Worker acknowledged.
    await waitFor(
      page,
      () => document.querySelector("#sandbox-log td.ok") !== null,
      undefined,
      "an acknowledged notification in the sandbox log",
    );

    const result = await waitForResultPage(page, "confirmed");
    expect(result.searchParams.get("order")).toBe(order);
  });

  it("(c) expire -> redirect to the expired URL", async () => {
    const order = uniqueOrder("expire");
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");

    await clickWhenEnabled(page, '[data-action="expire"]');
    await waitForPayment(page, "EXPIRED");
    await waitForStatus(page, "This payment has expired");
    await waitFor(
      page,
      () =>
        [...(document.querySelector("crypto-checkout")?.shadowRoot?.querySelectorAll("button") ?? [])].some(
          (b) => b.textContent?.trim() === "Start again",
        ),
      undefined,
      "the Start again button",
    );

    const result = await waitForResultPage(page, "expired");
    expect(result.searchParams.get("order")).toBe(order);
    const card = await resultCard(page);
    expect(card.text).toContain("The payment has expired");
    expect(card.text).toContain(created.paymentId);
  });

  it("(d) reject -> invalid, with the reference, and the redirect to the invalid URL", async () => {
    const order = uniqueOrder("reject");
    const page = await openDemo(order);
    const created = await waitForPayment(page, "NEW");

    await clickWhenEnabled(page, '[data-action="pay-part"]');
    await waitFor(page, transactionsShown, undefined, "the pending part");
    await clickWhenEnabled(page, '[data-action="reject"]');
    const invalid = await waitForPayment(page, "INVALID");
    expect(invalid.transactions.map((t) => t.state)).toEqual(["REJECTED"]);
    await waitForStatus(page, "There is a problem with this payment");
    expect(await elementText(page, '[part="reference"] code')).toBe(created.paymentId);

    const result = await waitForResultPage(page, "invalid");
    expect(result.searchParams.get("order")).toBe(order);
    const card = await resultCard(page);
    expect(card.result).toBe("invalid");
    expect(card.text).toContain(created.paymentId);
  });
});
