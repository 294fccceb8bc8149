/**
 * Helpers of the payment-object, hooks, snapshot and view tests: payment snapshots as the
 * upstream sends them, signed notification requests, and a WebSocket client that waits on
 * messages (never on time).
 */
import { signBody } from "../../../../worker/v3/notification.js";
import type { Payment, PaymentTransaction } from "../../../../worker/v3/types.js";
import type { PaymentView, StreamMessage } from "../../../../worker/checkout/wire.js";
import { call } from "./http.js";
import { TEST_VARS } from "./test-env.js";

let counter = 0;

/** A NEW payment as the creation response carries it; `over` replaces fields. */
export function newPayment(over: Partial<Payment> = {}): Payment {
  counter += 1;
  const paymentId = over.paymentId ?? `pay_${counter}_${crypto.randomUUID().slice(0, 8)}`;
  return {
    paymentId,
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferAmount: "0.00041667",
    transferCurrency: "BTC",
    address: "tb1qexampleaddress0000000000000000000000",
    status: "NEW",
    paymentUri: "bitcoin:tb1qexampleaddress0000000000000000000000?amount=0.00041667",
    expirationTime: new Date(Date.now() + 15 * 60_000).toISOString(),
    paymentPageUrl: `https://upstream.test/pay/${paymentId}`,
    notificationUrl: "https://checkout.test/hooks/demo-open",
    paidPriceAmount: "0",
    pendingPaidPriceAmount: "0",
    acceptedPaidPriceAmount: "0",
    paidTransferAmount: "0",
    pendingPaidTransferAmount: "0",
    acceptedPaidTransferAmount: "0",
    exchangeRate: "60000",
    externalPaymentId: "order-1",
    transactions: [],
    redirectUrls: { confirmed: "https://shop.example/thanks" },
    ...over,
  };
}

export function transaction(over: Partial<PaymentTransaction> = {}): PaymentTransaction {
  return {
    transactionId: `tx_${crypto.randomUUID().slice(0, 12)}`,
    paidTransferAmount: "0.00041667",
    priceAmount: "25.00",
    exchangeRate: "60000",
    observedTime: "2026-11-22T07:00:00.000Z",
    state: "PENDING",
    ...over,
  };
}

/** The same payment in another status, with amounts that fit it. */
export function withStatus(payment: Payment, status: string): Payment {
  const paid = status === "NEW" ? "0" : payment.transferAmount;
  const accepted = status === "CONFIRMED" ? paid : "0";
  const tx =
    status === "NEW" || status === "EXPIRED"
      ? []
      : [
          transaction({
            paidTransferAmount: paid,
            state: status === "CONFIRMED" ? "ACCEPTED" : status === "INVALID" ? "REJECTED" : "PENDING",
            transactionId: `tx_${payment.paymentId}`,
          }),
        ];
  return {
    ...payment,
    status,
    paidTransferAmount: paid,
    acceptedPaidTransferAmount: accepted,
    pendingPaidTransferAmount: status === "CONFIRMED" ? "0" : paid,
    transactions: tx,
  };
}

/** The envelope the upstream posts. */
export function envelope(payment: Payment, timestamp: string): string {
  return JSON.stringify({ timestamp, notificationType: "v3/payment", body: payment });
}

/** The init of a POST /hooks/{shop}: signed with `key` (hex in X-Signature) unless `signature` is given (null: none). */
export async function hookInit(
  body: string,
  opts: { key?: string; signature?: string | null; header?: string; encoding?: "hex" | "base64"; prefix?: string } = {},
): Promise<RequestInit> {
  const headers = new Headers({ "Content-Type": "application/json" });
  const signature =
    opts.signature === undefined
      ? opts.key
        ? await signBody(body, {
            key: opts.key,
            encoding: opts.encoding ?? "hex",
            ...(opts.prefix === undefined ? {} : { prefix: opts.prefix }),
          })
        : null
      : opts.signature;
  if (signature !== null) headers.set(opts.header ?? "X-Signature", signature);
  return { method: "POST", headers, body };
}

/**
 * The client end of a stream: every message is queued; `next()` resolves with the next payment
 * view (waiting for it if needed), `nextText()` with the next raw text frame.
 */
export class StreamClient {
  private readonly queue: string[] = [];
  private readonly waiters: ((text: string) => void)[] = [];
  closed: Promise<CloseEvent>;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (event) => {
      const text = typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
      const waiter = this.waiters.shift();
      if (waiter) waiter(text);
      else this.queue.push(text);
    });
    this.closed = new Promise((resolve) => ws.addEventListener("close", resolve, { once: true }));
  }

  nextText(): Promise<string> {
    const queued = this.queue.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async next(): Promise<PaymentView> {
    const message = JSON.parse(await this.nextText()) as StreamMessage;
    if (message.type !== "payment") throw new Error(`unexpected stream message ${JSON.stringify(message)}`);
    return message.payment;
  }

  /** Messages received and not yet read. */
  get pending(): number {
    return this.queue.length;
  }

  close(): void {
    this.ws.close(1000, "done");
  }
}

/** Poll interval of the objects the payment tests create (set in the test bindings). */
export const TEST_POLL_INTERVAL_MS = Number(TEST_VARS.POLL_INTERVAL_MS);

/** The client secret the tests give the payments they store through `init` (a create makes its own). */
export const CLIENT_SECRET = "test-client-secret-Vx3k9QmZ2pLr";

/** The path of a payment's GET route with its client secret. */
export function paymentPath(shop: string, paymentId: string, clientSecret: string): string {
  return `/api/shops/${shop}/payments/${paymentId}?clientSecret=${encodeURIComponent(clientSecret)}`;
}

/** Opens the payment stream through the Worker's route with the payment's client secret, as a widget does. */
export async function connectStream(shop: string, paymentId: string, clientSecret: string): Promise<StreamClient> {
  const response = await call(
    `/api/shops/${shop}/payments/${paymentId}/stream?clientSecret=${encodeURIComponent(clientSecret)}`,
    { headers: { Upgrade: "websocket" } },
  );
  if (response.status !== 101 || !response.webSocket)
    throw new Error(`stream refused: ${response.status} ${await response.text()}`);
  return new StreamClient(response.webSocket);
}
