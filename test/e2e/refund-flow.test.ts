/**
 * A refund end to end, in each engine: a customer overpays in the sandbox; the shop's backend
 * refunds the excess through the checkout Worker's backend API and sends the customer a refund
 * link; the customer opens it (the hosted page `/refund/{shop}/` with the element in its refund
 * mode), gives an address and confirms it; the shop approves exactly what it was shown; the
 * sandbox sends the payout; the refund ends `sent` with the payout's transaction id, and the
 * reference shop backend receives a verified `refund.sent`.
 */
import Decimal from "decimal.js";
import { describe, expect, inject, it } from "vitest";
import type { RefundLinkCreated, RefundList, RefundView } from "../../worker/checkout/backend-wire.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { devVars } from "../../scripts/servers.mjs";
import { ENGINES, useEngine } from "./support/engines.js";
import { uniqueOrder } from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";
import { giveRefundAddress, openRefundLink, refundPageText, TESTNET_ADDRESS } from "./support/refund-page.js";

const SHOP = "demo-open";
const ADDRESS = TESTNET_ADDRESS;
const token = devVars().DEMO_BACKEND_TOKEN ?? "";

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The shop's backend calling the Worker's backend API. */
function backendApi<T>(path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  return fetch(`${inject("checkoutUrl")}/api/shops/${SHOP}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((response) => json<T>(response));
}

/** Polls `read` until `done` holds (bounded): the condition ends the wait, not a fixed sleep. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 45_000;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
}

interface ReceivedEntry {
  type: string | null;
  verified: boolean;
  outcome: string;
  message: string;
}

describe.each(ENGINES)("a refund from overpayment to sent [%s]", (name) => {
  const { newCustomer } = useEngine(name);

  it("refunds the excess through a customer's link, exactly as approved, and the shop's backend hears refund.sent", async () => {
    // The customer overpays by half.
    const orderId = uniqueOrder(`refund-${name}`);
    const payment = await json<PaymentView & { clientSecret?: string }>(
      await fetch(`${inject("checkoutUrl")}/api/shops/${SHOP}/payments`, {
        method: "POST",
        headers: { "content-type": "application/json", "CF-Connecting-IP": "198.51.100.77" },
        body: JSON.stringify({ orderId, transferCurrency: "BTC", priceAmount: "20.00", priceCurrency: "EUR" }),
      }),
    );
    const paid = new Decimal(payment.transferAmount).times(1.5).toFixed();
    await sandbox.pay(payment.paymentId, paid, { accepted: true });
    const excess = new Decimal(paid).minus(payment.transferAmount);

    // The shop's backend sees the excess proposed and refunds it with one call (twice: same key, one refund).
    const listed = await until(
      () => backendApi<RefundList>(`/payments/${payment.paymentId}/refunds`),
      (list) => list.proposals.some((p) => p.kind === "overpaid_excess"),
      "the overpaid_excess proposal",
    );
    expect(new Decimal(listed.proposals.find((p) => p.kind === "overpaid_excess")?.amount ?? "0").eq(excess)).toBe(
      true,
    );
    const key = `refund-${orderId}`;
    const created = await backendApi<RefundView>(
      `/payments/${payment.paymentId}/refunds`,
      { proposal: "overpaid_excess" },
      key,
    );
    const again = await backendApi<RefundView>(
      `/payments/${payment.paymentId}/refunds`,
      { proposal: "overpaid_excess" },
      key,
    );
    expect(again.id).toBe(created.id);
    expect(created.state).toBe("requested");
    expect(new Decimal(created.amount).eq(excess)).toBe(true);

    const link = await backendApi<RefundLinkCreated>(`/payments/${payment.paymentId}/refunds/${created.id}/link`, {});
    expect(link.url).toMatch(new RegExp(`/refund/${SHOP}/#`));

    // The customer opens the link: it shows the refund's amount and coin, nothing of the payment.
    const page = await newCustomer();
    await openRefundLink(page, link.url);
    const asked = await refundPageText(page);
    expect(asked).toContain(created.amount);
    expect(asked).toContain("BTC");
    expect(asked).not.toContain(payment.paymentId);
    // The customer gives an address and confirms it.
    await giveRefundAddress(page, ADDRESS);

    const ready = await until(
      () => backendApi<RefundView>(`/payments/${payment.paymentId}/refunds/${created.id}`),
      (refund) => refund.state === "ready_for_approval",
      "the customer's address",
    );
    expect(ready.address).toBe(ADDRESS);
    expect(ready.addressBy).toBe("customer");

    // An approval that names another amount is refused; the one that names what was shown is taken.
    const stale = await fetch(
      `${inject("checkoutUrl")}/api/shops/${SHOP}/payments/${payment.paymentId}/refunds/${created.id}/approve`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          amount: new Decimal(ready.amount).plus("0.00000001").toFixed(),
          currency: "BTC",
          address: ADDRESS,
        }),
      },
    );
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.status).toBeLessThan(500);
    const approved = await backendApi<RefundView>(`/payments/${payment.paymentId}/refunds/${created.id}/approve`, {
      amount: ready.amount,
      currency: ready.currency,
      address: ready.address,
    });
    expect(["approved", "sent"]).toContain(approved.state);

    // The sandbox sends the payout; its notification moves the refund to sent.
    const sent = await until(
      () => backendApi<RefundView>(`/payments/${payment.paymentId}/refunds/${created.id}`),
      (refund) => refund.state === "sent",
      "the refund sent",
    );
    expect(sent.payout?.transactionId).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.payout?.address).toBe(ADDRESS);
    expect(new Decimal(sent.payout?.transferAmount ?? "0").eq(excess)).toBe(true);

    // The reference shop backend received refund.sent for this refund and verified its signature.
    const received = await until(
      () =>
        fetch(`${inject("backendUrl")}/received`)
          .then((response) => json<{ entries: ReceivedEntry[] }>(response))
          .then((log) => log.entries),
      (entries) => entries.some((e) => e.type === "refund.sent" && e.message.includes(created.id)),
      "refund.sent at the shop's backend",
    );
    const delivered = received.filter((e) => e.type === "refund.sent" && e.message.includes(created.id));
    expect(delivered.every((e) => e.verified)).toBe(true);
  });
});
