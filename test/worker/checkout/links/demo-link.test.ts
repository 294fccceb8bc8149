/**
 * The demo's payment link route (POST /demo/api/payment-link, demo mode only): it plays the shop's
 * backend and makes a reusable link at the order's amount, whose page then takes a payment.
 */
import { describe, expect, it } from "vitest";
import type { PaymentLinkView } from "../../../../worker/checkout/link-wire.js";
import { call, errorOf, postJson } from "../support/http.js";
import { useStubs } from "../support/stubs.js";
import { payLink } from "./link-support.js";

useStubs();

describe("POST /demo/api/payment-link", () => {
  it("makes a reusable link for a sandbox shop whose page takes the payment", async () => {
    const response = await postJson("/demo/api/payment-link", {
      shop: "demo-open",
      priceAmount: "42.00",
      priceCurrency: "EUR",
    });
    expect(response.status).toBe(201);
    const link = (await response.json()) as PaymentLinkView;
    expect(link).toMatchObject({ priceAmount: "42.00", priceCurrency: "EUR", singleUse: false, state: "live" });
    expect(link.url).toBe(`https://checkout.test/pay/demo-open/${link.id}`);
    expect((await call(`/pay/demo-open/${link.id}`)).status).toBe(200);
    const paid = await payLink(link, {});
    expect(paid.status).toBe(201);
    expect(((await paid.json()) as { orderId: string }).orderId).toMatch(/^demo-link-[0-9a-f]{20}$/);
  });

  it("refuses another origin, a bad amount and an unknown shop", async () => {
    const foreign = await postJson(
      "/demo/api/payment-link",
      { shop: "demo-open", priceAmount: "1.00", priceCurrency: "EUR" },
      { Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    const bad = await postJson("/demo/api/payment-link", {
      shop: "demo-open",
      priceAmount: "1e3",
      priceCurrency: "EUR",
    });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe("invalid_request");
    const unknown = await postJson("/demo/api/payment-link", {
      shop: "nope",
      priceAmount: "1.00",
      priceCurrency: "EUR",
    });
    expect(unknown.status).toBe(404);
  });
});
