/** The checkout Worker of the CLI suite's global setup, as the tests drive it: payments created through it, its event log read. */
import { expect } from "vitest";

export interface View {
  paymentId: string;
  status: string;
  transferAmount: string;
  /** What the stream of the payment needs (the create's answer carries it). */
  clientSecret: string;
}

let orders = 0;
/** A payment of 30.00 EUR (0.00050000 BTC at the sandbox's 60000) of demo-open, created through the checkout Worker. */
export async function createCheckoutPayment(checkoutUrl: string, prefix: string): Promise<View> {
  const orderId = `${prefix}-${Date.now()}-${++orders}`;
  const response = await fetch(`${checkoutUrl}/api/shops/demo-open/payments`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ orderId, transferCurrency: "BTC", priceAmount: "30.00", priceCurrency: "EUR" }),
  });
  expect(response.status).toBe(201);
  const view = (await response.json()) as View;
  expect(view).toMatchObject({ status: "NEW", transferAmount: "0.00050000" });
  return view;
}

interface LoggedEvent {
  event: { id: string; type: string; data: { payment?: { paymentId: string } } };
}

/** Every event in demo-open's event log (the API `listen` reads), in the log's order. */
export async function eventLog(checkoutUrl: string, token: string): Promise<LoggedEvent[]> {
  const all: LoggedEvent[] = [];
  let after = "0";
  for (;;) {
    const response = await fetch(`${checkoutUrl}/api/shops/demo-open/events?after=${after}&limit=200`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { events: LoggedEvent[]; next: string; hasMore: boolean };
    all.push(...page.events);
    if (!page.hasMore) return all;
    after = page.next;
  }
}

/** Whether demo-open's event log has an event of `type` for the payment. */
export async function inEventLog(
  checkoutUrl: string,
  token: string,
  paymentId: string,
  type: string,
): Promise<boolean> {
  return (await eventLog(checkoutUrl, token)).some(
    (e) => e.event.type === type && e.event.data.payment?.paymentId === paymentId,
  );
}
