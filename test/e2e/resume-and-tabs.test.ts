/**
 * One payment per order, whatever the customer does with the browser: a reload resumes the same
 * payment (in every engine, each in its private automation mode: its session storage is what
 * remembers the payment, with its client secret), two tabs on one signed order show the same payment
 * and both update live, and a second tab on an open-pricing order is refused without ever seeing it.
 */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { useChromium } from "./support/browser.js";
import { ENGINES, useEngine } from "./support/engines.js";
import {
  demoUrl,
  isCreatePayment,
  statusHeading,
  uniqueOrder,
  waitForPayment,
  waitForStatus,
} from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";

describe.each(ENGINES)("resuming a payment [%s]", (name) => {
  const { newCustomer, engine } = useEngine(name);

  it("(e) a reload mid-payment resumes the same payment without creating another", async () => {
    const { proxy } = engine();
    const page = await newCustomer();
    const mark = proxy.requests.length;
    const creates = () => proxy.since(mark).filter((request) => isCreatePayment(request));
    const url = demoUrl({ order: uniqueOrder("reload"), amount: "40.00" });
    await page.goto(url);
    const created = await waitForPayment(page, "NEW");
    expect(creates()).toHaveLength(1);

    const part = new Decimal(created.transferAmount).div(4).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8);
    await sandbox.pay(created.paymentId, part, { accepted: true });
    await waitForPayment(page, "UNDERPAID");

    await page.reload();
    const resumed = await waitForPayment(page, "UNDERPAID");
    expect(resumed.paymentId).toBe(created.paymentId);
    expect(new Decimal(resumed.acceptedPaidTransferAmount).eq(part)).toBe(true);
    await waitForStatus(page, "Part of the amount has arrived");
    expect(creates()).toHaveLength(1);

    // Still live after the reload: the rest arrives and the page shows it.
    await sandbox.pay(created.paymentId, new Decimal(created.transferAmount).minus(part).toFixed(8), {
      accepted: true,
    });
    await waitForPayment(page, "CONFIRMED");
    await waitForStatus(page, "Payment confirmed");
  });
});

describe("sharing a payment between two tabs", () => {
  const newCustomer = useChromium();

  it("(f) two tabs on one signed order show one payment and both update", async () => {
    const context = await newCustomer();
    const url = demoUrl({ shop: "demo-signed", order: uniqueOrder("tabs"), amount: "12.50" });
    const first = await context.newPage();
    await first.goto(url);
    const inFirst = await waitForPayment(first, "NEW");
    // A second tab has its own session storage: the order token's holder gets the same payment
    // back from the Worker, with its client secret.
    const second = await context.newPage();
    await second.goto(url);
    const inSecond = await waitForPayment(second, "NEW");
    expect(inSecond.paymentId).toBe(inFirst.paymentId);

    const transaction = await sandbox.pay(inFirst.paymentId, inFirst.transferAmount);
    await Promise.all([waitForPayment(first, "UNCONFIRMED"), waitForPayment(second, "UNCONFIRMED")]);
    await Promise.all(
      [first, second].map((page) =>
        statusHeading(page).filter({ hasText: "Payment received, waiting for confirmation" }).waitFor(),
      ),
    );

    await sandbox.accept(inFirst.paymentId, transaction.transactionId);
    await Promise.all(
      [first, second].map((page) => statusHeading(page).filter({ hasText: "Payment confirmed" }).waitFor()),
    );
    await context.close();
  });

  it("(f2) a second tab on an open-pricing order is refused and never sees the payment", async () => {
    const context = await newCustomer();
    const url = demoUrl({ order: uniqueOrder("squat"), amount: "12.50" });
    const first = await context.newPage();
    await first.goto(url);
    const inFirst = await waitForPayment(first, "NEW");
    const second = await context.newPage();
    const refused = second.waitForResponse((response) => isCreatePayment(response.request()));
    await second.goto(url);
    expect((await refused).status()).toBe(409);
    await statusHeading(second).filter({ hasText: "This order cannot be paid here" }).waitFor();
    expect(
      await second.evaluate(() => (document.querySelector("crypto-checkout") as { payment?: unknown }).payment),
    ).toBe(undefined);
    // The first tab still has it, live.
    await sandbox.pay(inFirst.paymentId, inFirst.transferAmount);
    await waitForPayment(first, "UNCONFIRMED");
    await context.close();
  });
});
