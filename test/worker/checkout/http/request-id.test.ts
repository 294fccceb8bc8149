/**
 * The request id of a create follows its checkout: the create's log lines, every line of the
 * payment's object (then and on a later change), the event log, the queue consumer's lines and
 * the webhook POST's `X-Request-Id` header carry it, while the signed body stays as documented.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { postJson } from "../support/http.js";
import { captureLogLines, type LogLine } from "../support/log-lines.js";
import { notify, testEnv } from "../support/merchant.js";
import { freshOrderId } from "../support/orders.js";
import { withStatus } from "../support/payments.js";
import { installUpstreamStub, type UpstreamStub } from "../support/upstream-stub.js";
import { installWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

let upstream: UpstreamStub;
let receiver: WebhookReceiver;
let lines: LogLine[];

beforeEach(() => {
  upstream = installUpstreamStub();
  receiver = installWebhookReceiver();
  lines = captureLogLines();
});
afterEach(() => {
  vi.restoreAllMocks();
  receiver.restore();
  upstream.restore();
});

describe("a create's request id", () => {
  it(
    "is in the object's, the consumer's and the webhook's lines, and on later changes",
    { timeout: 20_000 },
    async () => {
      const requestId = `req-${crypto.randomUUID()}`;
      const response = await postJson(
        "/api/shops/demo-open/payments",
        { orderId: freshOrderId("rid"), transferCurrency: "BTC", priceAmount: "12.00", priceCurrency: "EUR" },
        { "X-Request-Id": requestId },
      );
      expect(response.status).toBe(201);
      expect(response.headers.get("X-Request-Id")).toBe(requestId);
      const view = (await response.json()) as PaymentView;

      const byEvent = (name: string) => lines.filter((l) => l.event === name && l.paymentId === view.paymentId);
      expect(byEvent("payment_created").map((l) => l.requestId)).toEqual([requestId]);
      expect(byEvent("payment_snapshot").map((l) => l.requestId)).toEqual([requestId]);

      // The consumer's delivery: its log line and the POST's header; the signed body has no request id.
      await receiver.until((r) => r.eventsOf(view.paymentId).length === 1, 8000);
      const [created] = receiver.deliveries.filter(
        (d) => (d.event as PaymentEvent).data?.payment?.paymentId === view.paymentId,
      );
      expect(created?.headers["x-request-id"]).toBe(requestId);
      expect(created?.body).not.toContain(requestId);
      await vi.waitFor(() => {
        const delivered = lines.filter((l) => l.event === "webhook_delivered" && l.eventId === created?.event.id);
        expect(delivered.map((l) => l.requestId)).toEqual([requestId]);
      });
      // The event log keeps it with the event (a re-queued message carries it again).
      const log = testEnv.SHOP_EVENTS.get(testEnv.SHOP_EVENTS.idFromName("demo-open"));
      const kept = await runInDurableObject(log, (_object, state) =>
        state.storage.sql
          .exec<{ request_id: string }>("SELECT request_id FROM events WHERE id = ?", created?.event.id ?? "")
          .one(),
      );
      expect(kept.request_id).toBe(requestId);

      // A later change of the same payment, from a notification: still the create's id.
      const payment = upstream.payments.get(view.paymentId);
      if (!payment) throw new Error("the stub holds the payment");
      expect((await notify("demo-open", "v3/payment", withStatus(payment, "CONFIRMED"), new Date())).status).toBe(200);
      expect(byEvent("payment_snapshot").map((l) => l.requestId)).toEqual([requestId, requestId]);
      await receiver.until((r) => r.eventsOf(view.paymentId).length === 2, 8000);
      const confirmed = receiver.deliveries.find(
        (d) =>
          d.event.type === "payment.confirmed" && (d.event as PaymentEvent).data.payment.paymentId === view.paymentId,
      );
      expect(confirmed?.headers["x-request-id"]).toBe(requestId);
    },
  );
});
