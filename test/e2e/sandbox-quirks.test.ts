/**
 * One payment end to end with the sandbox's response quirks on: every amount of its payment
 * responses and notifications is a JSON number with more significant digits than a double holds,
 * and `redirectUrls` is a JSON-encoded string. The checkout Worker must keep the exact digits
 * (no float on the way) and read the redirect URLs. Other e2e files share the sandbox, so the
 * quirks are switched off again at the end.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { CreatedPayment } from "../../worker/checkout/wire.js";
import { NO_QUIRKS, sandbox, until, workerView } from "./support/sandbox.js";

const SHOP = "demo-open";
/** 21 significant digits: the sandbox's decimal text padded with zeros (a double holds at most 17). */
const LONG = {
  price: "49.9000000000000000000",
  transfer: "0.000831670000000000000000", // 49.90 EUR / 60000 EUR per BTC, rounded up to 8 places
  rate: "60000.0000000000000000",
  zeroTransfer: "0.00000000000000000000",
} as const;

beforeAll(async () => {
  expect(await sandbox.setQuirks({ numbersAsJson: true, redirectUrlsAsString: true })).toEqual({
    numbersAsJson: true,
    redirectUrlsAsString: true,
  });
});

afterAll(async () => {
  expect(await sandbox.setQuirks(NO_QUIRKS)).toEqual(NO_QUIRKS);
});

describe("the sandbox's quirky JSON through the checkout Worker", () => {
  it("keeps the exact digits of long JSON-number amounts and reads redirectUrls sent as a JSON string", async () => {
    const checkoutUrl = inject("checkoutUrl");
    const orderId = `QUIRKS-${Date.now().toString(36)}`;
    const response = await fetch(`${checkoutUrl}/api/shops/${SHOP}/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", "CF-Connecting-IP": `203.0.113.${(Date.now() % 250) + 1}` },
      body: JSON.stringify({ orderId, transferCurrency: "BTC", priceAmount: "49.90", priceCurrency: "EUR" }),
    });
    const createdText = await response.text();
    expect(response.status, createdText).toBeLessThan(300);
    const created = JSON.parse(createdText) as CreatedPayment;
    expect(created).toMatchObject({
      status: "NEW",
      priceAmount: LONG.price,
      transferAmount: LONG.transfer,
      exchangeRate: LONG.rate,
      paidTransferAmount: LONG.zeroTransfer,
    });
    const redirects = Object.fromEntries(
      (["expired", "confirmed", "invalid", "unconfirmed"] as const).map((outcome) => [
        outcome,
        `${checkoutUrl}/demo/?result=${outcome}&order=${orderId}`,
      ]),
    );
    expect(created.redirectUrls).toEqual(redirects);

    // The sandbox's own record (plain decimal strings) holds the same values.
    const held = await sandbox.payment(created.paymentId);
    expect(held.transferAmount).toBe("0.00083167");
    expect(new Decimal(LONG.transfer).eq(String(held.transferAmount))).toBe(true);

    // The customer pays in full; the blockchain accepts at once.
    const transaction = await sandbox.pay(created.paymentId, String(held.transferAmount), { accepted: true });
    const confirmed = await until(
      () => workerView(SHOP, created.paymentId, created.clientSecret),
      (v) => v.status === "CONFIRMED",
      "the Worker's view to be CONFIRMED",
    );
    expect(confirmed).toMatchObject({
      priceAmount: LONG.price,
      transferAmount: LONG.transfer,
      exchangeRate: LONG.rate,
      paidTransferAmount: LONG.transfer,
      acceptedPaidTransferAmount: LONG.transfer,
      pendingPaidTransferAmount: LONG.zeroTransfer,
      paidPriceAmount: LONG.price,
      acceptedPaidPriceAmount: LONG.price,
    });
    expect(confirmed.transactions).toEqual([
      expect.objectContaining({
        transactionId: transaction.transactionId,
        state: "ACCEPTED",
        paidTransferAmount: LONG.transfer,
        priceAmount: LONG.price,
        exchangeRate: LONG.rate,
      }),
    ]);
    expect(confirmed.redirectUrls).toEqual(redirects);

    // The quirky notification of the confirmation was verified, read and acknowledged by the Worker.
    const acknowledged = (l: { items: { status: string; statusCode: number | null }[] }) =>
      l.items.filter(
        (a) => a.status === "CONFIRMED" && a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300,
      );
    const log = await until(
      () => sandbox.notifications(created.paymentId),
      (l) => acknowledged(l).length > 0,
      "the CONFIRMED notification to be acknowledged",
    );
    expect(acknowledged(log).length).toBeGreaterThan(0);
  });
});
