/**
 * Refund links (refund-wire.ts's contract): the backend makes a link, the customer's page reads
 * the refund's amount and nothing else, gives the address once; a new link replaces the old one;
 * expired, used, replaced, forged and other-shop tokens are refused with their codes; CORS as
 * the element's other routes plus this Worker's own origin.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { RefundLinkView } from "../../../../worker/checkout/refund-wire.js";
import type { RefundView } from "../../../../worker/checkout/backend-wire.js";
import { refundsObject } from "../../../../worker/checkout/refunds/refund-object.js";
import { call, errorOf } from "../support/http.js";
import { testEnv } from "../support/merchant.js";
import { useStubs } from "../support/stubs.js";
import {
  ADDRESS,
  getRefund,
  linkedRefund,
  linkPath,
  paidPayment,
  post,
  refundsPath,
  SHOP,
  submitAddress,
} from "./refund-api-support.js";

useStubs();

async function read(token: string, shop = SHOP, headers: Record<string, string> = {}): Promise<Response> {
  return call(linkPath(token, shop), { headers });
}

describe("refund links", () => {
  it("shows the refund's own amount, currency and state only, then takes the address once", async () => {
    const payment = await paidPayment();
    const { refund, link } = await linkedRefund(payment.paymentId);
    expect(link.url).toBe(`https://checkout.test/refund/${SHOP}/#${link.token}`);
    expect(link.refund.state).toBe("awaiting_address");
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000);

    const response = await read(link.token);
    expect(response.status).toBe(200);
    const view = (await response.json()) as RefundLinkView;
    expect(view).toEqual({
      refundId: refund.id,
      shopName: "Demo Shop (open pricing)",
      amount: "0.0003",
      currency: "BTC",
      network: "testnet",
      rule: "bitcoin-like",
      state: "awaiting_address",
      expiresAt: link.expiresAt,
    });

    const given = await submitAddress(link.token, { address: ADDRESS.toUpperCase() });
    expect(given.status).toBe(200);
    expect(await given.json()).toMatchObject({ state: "address_received", address: ADDRESS });
    const stored = await getRefund(payment.paymentId, refund.id);
    expect(stored).toMatchObject({ state: "ready_for_approval", address: ADDRESS, addressBy: "customer" });
    expect(stored.history.at(-1)?.actor).toEqual({ kind: "customer" });

    const again = await submitAddress(link.token, { address: ADDRESS });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("refund_link_used");
    expect(await (await read(link.token)).json()).toMatchObject({ state: "address_received", address: ADDRESS });
  });

  it("refuses an invalid address with 422 invalid_address and its problem, and takes a good one after", async () => {
    const payment = await paidPayment();
    const { link } = await linkedRefund(payment.paymentId);
    const wrong = await submitAddress(link.token, { address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({
      error: { code: "invalid_address", kind: "order", retryable: false, problem: "network" },
    });
    expect((await submitAddress(link.token, { address: ADDRESS })).status).toBe(200);
  });

  it("a new link replaces the old one and drops the address given, while no payout exists", async () => {
    const payment = await paidPayment();
    const { refund, link } = await linkedRefund(payment.paymentId);
    expect((await submitAddress(link.token, { address: ADDRESS })).status).toBe(200);
    const renewed = await post(`${refundsPath(payment.paymentId)}/${refund.id}/link`, {});
    expect(renewed.status).toBe(201);
    const fresh = (await renewed.json()) as { token: string; refund: RefundView };
    expect(fresh.refund.state).toBe("awaiting_address");
    expect(fresh.refund.address).toBeUndefined();
    const old = await read(link.token);
    expect(old.status).toBe(404);
    expect((await errorOf(old)).code).toBe("refund_link_invalid");
    expect((await read(fresh.token)).status).toBe(200);
  });

  it("refuses forged, malformed and other-shop tokens with the same 404", async () => {
    const payment = await paidPayment();
    const { link } = await linkedRefund(payment.paymentId);
    const [paymentId, refundId] = link.token.split(".");
    const forged = `${paymentId}.${refundId}.${"A".repeat(43)}`;
    for (const [token, shop] of [
      [forged, SHOP],
      ["not-a-token", SHOP],
      [link.token, "demo-signed"],
    ] as const) {
      const response = await read(token, shop);
      expect(response.status, `${token} on ${shop}`).toBe(404);
      expect((await errorOf(response)).code).toBe("refund_link_invalid");
    }
    expect((await submitAddress(forged, { address: ADDRESS })).status).toBe(404);
    expect((await submitAddress(link.token, { address: ADDRESS }, "demo-signed")).status).toBe(404);
  });

  it("an expired link is 410 refund_link_expired", async () => {
    const payment = await paidPayment();
    const { refund, link } = await linkedRefund(payment.paymentId);
    await runInDurableObject(refundsObject(testEnv, SHOP, payment.paymentId).stub, (_i, state) => {
      state.storage.sql.exec("UPDATE refunds SET link_expires_at = ? WHERE id = ?", Date.now() - 1, refund.id);
    });
    const response = await read(link.token);
    expect(response.status).toBe(410);
    expect((await errorOf(response)).code).toBe("refund_link_expired");
    expect((await submitAddress(link.token, { address: ADDRESS })).status).toBe(410);
  });

  it("answers the shop's allowed origins and this Worker's own with CORS, and refuses others with 403", async () => {
    const payment = await paidPayment();
    const { link } = await linkedRefund(payment.paymentId);
    const allowed = await read(link.token, SHOP, { Origin: "http://127.0.0.1:8787" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:8787");
    const own = await read(link.token, SHOP, { Origin: "https://checkout.test" });
    expect(own.headers.get("Access-Control-Allow-Origin")).toBe("https://checkout.test");
    const stranger = await read(link.token, SHOP, { Origin: "https://evil.example" });
    expect(stranger.status).toBe(403);
    expect((await errorOf(stranger)).code).toBe("origin_not_allowed");
  });

  it("rate-limits address submissions per client", async () => {
    const payment = await paidPayment();
    const { link } = await linkedRefund(payment.paymentId);
    const headers = { "CF-Connecting-IP": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await submitAddress(link.token, { address: "nonsense" }, SHOP, headers)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
