/**
 * The shop's refund settings, through the registry's admin API: `autoApproveRefundsUpTo` lets a
 * small refund through as soon as its address is known (the system approves it, with the same
 * limits check and one payout), `refundLinkTtlMinutes` sets a link's lifetime; both are checked
 * and can be changed by a patch.
 */
import { describe, expect, it } from "vitest";
import type { RefundLinkCreated, RefundView } from "../../../../worker/checkout/backend-wire.js";
import { addShop, admin, registryId } from "../support/registry.js";
import { REGISTRY_SECRETS } from "../support/test-env.js";
import { useStubs } from "../support/stubs.js";
import { ADDRESS, paidPayment, post, refundsPath } from "./refund-api-support.js";

const stubs = useStubs();
const TOKEN = REGISTRY_SECRETS.backendToken;

describe("refund settings of a shop", () => {
  it("approves a refund up to autoApproveRefundsUpTo by itself, and leaves a larger one for the merchant", async () => {
    const shop = registryId("refunds");
    await addShop(shop, { autoApproveRefundsUpTo: { BTC: "0.0002" }, refundLinkTtlMinutes: 60 });
    const payment = await paidPayment(shop);
    const small = await post(
      refundsPath(payment.paymentId, shop),
      { amount: "0.0002", reason: "overpaid", address: ADDRESS },
      {},
      TOKEN,
    );
    expect(small.status).toBe(201);
    const auto = (await small.json()) as RefundView;
    expect(auto.state).toBe("approved");
    expect(auto.history.find((h) => h.event === "approve")?.actor).toEqual({ kind: "system" });
    expect(stubs.upstream.payoutsOf(auto.id)).toHaveLength(1);

    const large = await post(
      refundsPath(payment.paymentId, shop),
      { amount: "0.0003", reason: "overpaid", address: ADDRESS },
      {},
      TOKEN,
    );
    expect(((await large.json()) as RefundView).state).toBe("ready_for_approval");

    const pending = await post(refundsPath(payment.paymentId, shop), { amount: "0.0001", reason: "other" }, {}, TOKEN);
    const refund = (await pending.json()) as RefundView;
    const link = await post(`${refundsPath(payment.paymentId, shop)}/${refund.id}/link`, {}, {}, TOKEN);
    const made = (await link.json()) as RefundLinkCreated;
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(made.expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it("takes the settings in a patch, and refuses bad ones naming the field", async () => {
    const shop = registryId("refunds");
    await addShop(shop);
    const ok = await admin(`/admin/shops/${shop}`, {
      method: "PATCH",
      body: { autoApproveRefundsUpTo: { BTC: "0.001", EUR: "20.00" }, refundLinkTtlMinutes: 1440 },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      shop: { autoApproveRefundsUpTo: { BTC: "0.001", EUR: "20.00" }, refundLinkTtlMinutes: 1440 },
    });
    const bad = await admin(`/admin/shops/${shop}`, {
      method: "PATCH",
      body: { autoApproveRefundsUpTo: { btc: "x" }, refundLinkTtlMinutes: 1 },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    const text = await bad.text();
    expect(text).toContain("autoApproveRefundsUpTo");
    expect(text).toContain("refundLinkTtlMinutes");
  });
});
