/**
 * A payment whose snapshots the PaymentObject forgot: created through the Worker, made CONFIRMED
 * by a signed notification, then its retention time passed (moved in storage rather than waited
 * for) and its alarm ran. Such a payment is the only kind the Worker loads from the upstream again.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { Env } from "../../../../worker/checkout/env.js";
import type { CreatedPayment } from "../../../../worker/checkout/wire.js";
import { postJson } from "./http.js";
import { freshOrderId, settle } from "./orders.js";
import type { UpstreamStub } from "./upstream-stub.js";

const testEnv = env as unknown as Env;

export async function forgottenPayment(upstream: UpstreamStub, shop = "demo-open"): Promise<CreatedPayment> {
  const response = await postJson(`/api/shops/${shop}/payments`, {
    orderId: freshOrderId("forgotten"),
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferCurrency: "BTC",
  });
  if (response.status !== 201) throw new Error(`create answered ${response.status}`);
  const view = (await response.json()) as CreatedPayment;
  await settle(upstream, shop, view.paymentId, "CONFIRMED");
  const stub = testEnv.PAYMENTS.get(testEnv.PAYMENTS.idFromName(`${shop}:${view.paymentId}`));
  await runInDurableObject(stub, (_i, state) =>
    state.storage.sql.exec("UPDATE snapshots SET applied_at = ?", Date.now() - 400 * 24 * 60 * 60_000),
  );
  if (!(await runDurableObjectAlarm(stub))) throw new Error("no alarm to forget the payment");
  const tables = await runInDurableObject(stub, (_i, state) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'snapshots'")
      .toArray(),
  );
  if (tables.length) throw new Error("the payment was not forgotten");
  return view;
}
