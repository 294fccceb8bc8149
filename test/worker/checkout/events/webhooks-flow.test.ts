import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import type { PaymentEvent } from "../../../../worker/checkout/backend-wire.js";
import type { CreatedPayment, PaymentView } from "../../../../worker/checkout/wire.js";
import { call, postJson } from "../support/http.js";
import { notify } from "../support/merchant.js";
import { paymentPath } from "../support/payments.js";
import { freshOrderId, settle } from "../support/orders.js";
import { TEST_SECRETS } from "../support/test-env.js";
import { useStubs } from "../support/stubs.js";

const testEnv = env as unknown as Env;
const stubs = useStubs();

async function createOpen(orderId = freshOrderId()): Promise<CreatedPayment> {
  const response = await postJson("/api/shops/demo-open/payments", {
    orderId,
    transferCurrency: "BTC",
    priceAmount: "25.00",
    priceCurrency: "EUR",
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedPayment;
}

describe("webhooks from payment changes", () => {
  it("sends payment.created, signed so that standardwebhooks verifies it", async () => {
    const orderId = freshOrderId();
    const view = await createOpen(orderId);
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const delivery = stubs.receiver
      .accepted()
      .find(
        (d) =>
          d.event.type === "payment.created" && (d.event as PaymentEvent).data.payment.paymentId === view.paymentId,
      );
    if (!delivery) throw new Error("no payment.created delivery");
    const verified = new Webhook(TEST_SECRETS.DEMO_WEBHOOK_SECRET).verify(
      delivery.body,
      delivery.headers,
    ) as PaymentEvent;
    expect(verified).toMatchObject({
      type: "payment.created",
      shop: "demo-open",
      data: { orderId, previousStatus: null, version: 1, payment: { paymentId: view.paymentId, priceAmount: "25.00" } },
    });
    expect(delivery.headers["webhook-id"]).toBe(verified.id);
  });

  it("sends one event per change, in version order, with the previous status", async () => {
    const view = await createOpen();
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    await settle(stubs.upstream, "demo-open", view.paymentId, "UNCONFIRMED");
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 2);
    await settle(stubs.upstream, "demo-open", view.paymentId, "CONFIRMED");
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 3);
    const events = stubs.receiver.eventsOf(view.paymentId) as PaymentEvent[];
    expect(events.map((e) => [e.type, e.data.previousStatus, e.data.version])).toEqual([
      ["payment.created", null, 1],
      ["payment.unconfirmed", "NEW", 2],
      ["payment.confirmed", "UNCONFIRMED", 3],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
  });

  it("retries a refused delivery until the stubs.receiver takes it", async () => {
    stubs.receiver.fail("http503", 2);
    const view = await createOpen();
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const tries = stubs.receiver.deliveries.filter(
      (d) => d.event.type === "payment.created" && (d.event as PaymentEvent).data.payment.paymentId === view.paymentId,
    );
    expect(tries.map((d) => d.answered)).toEqual([503, 503, 200]);
    expect(new Set(tries.map((d) => d.headers["webhook-id"])).size).toBe(1);
  });

  it("writes the event in the same transaction as the snapshot: when the event cannot be written, neither is stored", async () => {
    const view = await createOpen();
    const stub = testEnv.PAYMENTS.get(testEnv.PAYMENTS.idFromName(`demo-open:${view.paymentId}`));
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 1);
    const stored = () =>
      runInDurableObject(stub, (_i, state) => ({
        snapshots: state.storage.sql
          .exec<{ version: number; status: string }>("SELECT version, status FROM snapshots ORDER BY version")
          .toArray(),
        current: state.storage.sql
          .exec<{ version: number; status: string }>("SELECT version, status FROM payment")
          .one(),
        outbox: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outbox").one().n,
      }));
    // The Queue took payment.created: the outbox holds nothing.
    expect(await stored()).toEqual({
      snapshots: [{ version: 1, status: "NEW" }],
      current: { version: 1, status: "NEW" },
      outbox: 0,
    });

    // The object's database refuses every new outbox row: the second write of the change (its
    // event, after the snapshot) fails inside the transaction.
    await runInDurableObject(stub, (_i, state) =>
      state.storage.sql.exec(
        "CREATE TRIGGER refuse_events BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox refused'); END",
      ),
    );
    const unconfirmed = stubs.upstream.update(view.paymentId, { status: "UNCONFIRMED" });
    const refused = await notify("demo-open", "v3/payment", unconfirmed, new Date(Date.now() + 1000));
    expect(refused.status).toBe(500); // the upstream sends the notification again
    expect(await stored()).toEqual({
      snapshots: [{ version: 1, status: "NEW" }],
      current: { version: 1, status: "NEW" },
      outbox: 0,
    });
    expect(
      ((await (await call(paymentPath("demo-open", view.paymentId, view.clientSecret))).json()) as PaymentView).status,
    ).toBe("NEW");

    // Writable again: the repeated notification stores both, as version 2 with its event.
    await runInDurableObject(stub, (_i, state) => state.storage.sql.exec("DROP TRIGGER refuse_events"));
    expect(await notify("demo-open", "v3/payment", unconfirmed, new Date(Date.now() + 2000))).toEqual({
      status: 200,
      outcome: "apply",
    });
    await stubs.receiver.until((r) => r.eventsOf(view.paymentId).length === 2);
    expect((stubs.receiver.eventsOf(view.paymentId) as PaymentEvent[]).map((e) => [e.type, e.data.version])).toEqual([
      ["payment.created", 1],
      ["payment.unconfirmed", 2],
    ]);
    expect((await stored()).snapshots).toEqual([
      { version: 1, status: "NEW" },
      { version: 2, status: "UNCONFIRMED" },
    ]);
  });
});
