/** The sandbox's control API, called from the test process: plays the customer and the blockchain. */
import { inject } from "vitest";
import type { PaymentView } from "../../../worker/checkout/wire.js";
import type { DeliveryLog } from "../../../worker/sandbox/control-types.js";

export interface SandboxTransaction {
  transactionId: string;
  state: string;
  paidTransferAmount: string;
}

export interface Chaos {
  duplicate: boolean;
  reorder: boolean;
  delayMs: number;
  failFirst: boolean;
  /** Share of new notifications dropped, never sent (0 to 1). */
  dropRate?: number;
}

export const NO_CHAOS: Chaos = { duplicate: false, reorder: false, delayMs: 0, failFirst: false, dropRate: 0 };

/** The sandbox's response quirks (docs/sandbox.md): amounts as long JSON numbers, redirectUrls as a JSON string. */
export interface Quirks {
  numbersAsJson: boolean;
  redirectUrlsAsString: boolean;
}

export const NO_QUIRKS: Quirks = { numbersAsJson: false, redirectUrlsAsString: false };

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject("sandboxUrl")}/sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sandbox ${method} ${path}: HTTP ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export const sandbox = {
  /** Sends a transaction of `amount` (transfer currency) to the payment's address. */
  async pay(paymentId: string, amount: string, options: { accepted?: boolean } = {}): Promise<SandboxTransaction> {
    const body = options.accepted ? { amount, state: "ACCEPTED" } : { amount };
    const { transaction } = await call<{ transaction: SandboxTransaction }>(
      "POST",
      `/payments/${paymentId}/transactions`,
      body,
    );
    return transaction;
  },
  accept: (paymentId: string, transactionId: string) =>
    call("POST", `/payments/${paymentId}/transactions/${transactionId}/accept`),
  reject: (paymentId: string, transactionId: string) =>
    call("POST", `/payments/${paymentId}/transactions/${transactionId}/reject`),
  expire: (paymentId: string) => call("POST", `/payments/${paymentId}/expire`),
  setChaos: (chaos: Chaos) => call("PUT", "/chaos", chaos),
  /** Fields left out keep their value; answers the quirks now in force. */
  setQuirks: (quirks: Partial<Quirks>) => call<Quirks>("PUT", "/quirks", quirks),
  /** The payment as the sandbox holds it, always in plain JSON (decimal strings), whatever the quirks. */
  payment: (paymentId: string) => call<Record<string, unknown>>("GET", `/payments/${encodeURIComponent(paymentId)}`),
  notifications: (paymentId: string) =>
    call<DeliveryLog>("GET", `/notifications?paymentId=${encodeURIComponent(paymentId)}`),
};

/** The checkout Worker's current view of a payment (what a freshly connected widget would get, with the payment's client secret). */
export async function workerView(shop: string, paymentId: string, clientSecret: string): Promise<PaymentView> {
  const response = await fetch(
    `${inject("checkoutUrl")}/api/shops/${shop}/payments/${paymentId}?clientSecret=${encodeURIComponent(clientSecret)}`,
  );
  if (!response.ok) throw new Error(`GET payment: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as PaymentView;
}

/** Polls `read` until `done` holds (bounded); the condition, not a fixed sleep, ends the wait. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
}
