/**
 * The sandbox delivers every notification twice, holds and reorders them, and fails each first
 * attempt: the checkout Worker must still show the customer the right, final state, and the
 * element must never step back to an older status.
 */
import Decimal from "decimal.js";
import { afterEach, describe, expect, it } from "vitest";
import { useChromium } from "./support/browser.js";
import {
  announcedStatuses,
  demoUrl,
  rememberedSecret,
  statusHeading,
  uniqueOrder,
  waitForPayment,
} from "./support/checkout-page.js";
import { NO_CHAOS, sandbox, until, workerView } from "./support/sandbox.js";

const newCustomer = useChromium();
afterEach(async () => {
  await sandbox.setChaos(NO_CHAOS);
});

/** Where a status stands in a payment's life; a later rank never goes back to an earlier one here. */
const RANK: Record<string, number> = { NEW: 0, UNDERPAID: 1, UNCONFIRMED: 2, CONFIRMED: 3 };

describe("notifications duplicated and reordered", () => {
  it("(g) the element still ends in the right state", async () => {
    await sandbox.setChaos({ duplicate: true, reorder: true, delayMs: 400, failFirst: true });
    const context = await newCustomer();
    const page = await context.newPage();
    await page.goto(demoUrl({ order: uniqueOrder("chaos"), amount: "30.00", transfer: "LTC" }));
    const created = await waitForPayment(page, "NEW");
    expect(created.transferCurrency).toBe("LTC");

    // Three quick changes: part accepted (UNDERPAID), the rest pending (UNCONFIRMED), then accepted (CONFIRMED).
    const part = new Decimal(created.transferAmount).div(3).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    await sandbox.pay(created.paymentId, part.toFixed(8), { accepted: true });
    const rest = await sandbox.pay(created.paymentId, new Decimal(created.transferAmount).minus(part).toFixed(8));
    await sandbox.accept(created.paymentId, rest.transactionId);

    const confirmed = await waitForPayment(page, "CONFIRMED");
    expect(new Decimal(confirmed.acceptedPaidTransferAmount).eq(created.transferAmount)).toBe(true);
    expect(confirmed.transactions.map((t) => t.state)).toEqual(["ACCEPTED", "ACCEPTED"]);
    await statusHeading(page).filter({ hasText: "Payment confirmed" }).waitFor();

    // The chaos really happened: first attempts failed, then every notification arrived twice.
    const log = await until(
      () => sandbox.notifications(created.paymentId),
      (l) => l.pending === 0 && l.items.some((a) => a.status === "CONFIRMED" && a.statusCode === 200),
      "every notification delivered",
    );
    expect(log.items.some((a) => a.statusCode === null)).toBe(true);
    const acknowledged = log.items.filter((a) => a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300);
    const perDelivery = new Map<number, number>();
    for (const a of acknowledged) perDelivery.set(a.deliveryId, (perDelivery.get(a.deliveryId) ?? 0) + 1);
    expect([...perDelivery.values()].some((copies) => copies >= 2)).toBe(true);

    // What the customer saw only ever moved forward, and the Worker's view agrees.
    const seen = await announcedStatuses(page);
    expect(seen.at(-1)).toBe("CONFIRMED");
    for (let i = 1; i < seen.length; i++)
      expect(RANK[seen[i] ?? ""] ?? -1).toBeGreaterThan(RANK[seen[i - 1] ?? ""] ?? -1);
    const inWorker = await workerView("demo-open", created.paymentId, await rememberedSecret(page, created.paymentId));
    expect(inWorker.status).toBe("CONFIRMED");
    expect(inWorker.acceptedPaidTransferAmount).toBe(confirmed.acceptedPaidTransferAmount);
    await context.close();
  });
});
