import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { bech32 } from "bech32";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import type { Ledger } from "../../../worker/sandbox/ledger.js";
import type { SandboxPayment } from "../../../worker/sandbox/payments.js";
import { call, createPayment, decide, DEMO, expectJson, ledgerStub, OTHER, pay } from "./support/sandbox.js";
import type { ErrorBody } from "./support/sandbox.js";

/** paid = pending + accepted in both currencies, and the price amounts are the transactions' sums. */
function expectConsistent(p: SandboxPayment): void {
  expect(
    new Decimal(p.paidTransferAmount).eq(new Decimal(p.pendingPaidTransferAmount).plus(p.acceptedPaidTransferAmount)),
  ).toBe(true);
  expect(new Decimal(p.paidPriceAmount).eq(new Decimal(p.pendingPaidPriceAmount).plus(p.acceptedPaidPriceAmount))).toBe(
    true,
  );
  const live = p.transactions.filter((t) => t.state !== "REJECTED");
  expect(live.reduce((a, t) => a.plus(t.paidTransferAmount), new Decimal(0)).eq(p.paidTransferAmount)).toBe(true);
  expect(live.reduce((a, t) => a.plus(t.priceAmount), new Decimal(0)).eq(p.paidPriceAmount)).toBe(true);
  for (const t of p.transactions)
    expect(t.priceAmount).toBe(
      new Decimal(t.paidTransferAmount).times(t.exchangeRate).toFixed(2, Decimal.ROUND_HALF_UP),
    );
}

describe("POST /v3/payments", () => {
  it("creates a NEW payment with a rate-table amount, a testnet address, a BIP21 URI and zeroed amounts", async () => {
    const before = Date.now();
    const p = await createPayment({
      walletLabel: "Acme shop",
      walletMessage: "Order 1001 & more",
      externalPaymentId: "1001",
      notificationUrl: "https://shop.example/hooks",
      redirectUrls: { confirmed: "https://shop.example/ok" },
    });
    expect(p.status).toBe("NEW");
    expect(p.exchangeRate).toBe("60000");
    expect(p.transferAmount).toBe("0.00041667"); // 25 / 60000 rounded up to 8 places
    expect(p.priceAmount).toBe("25.00");
    const decoded = bech32.decode(p.address);
    expect(decoded.prefix).toBe("tb");
    expect(decoded.words[0]).toBe(0);
    expect(bech32.fromWords(decoded.words.slice(1))).toHaveLength(20);
    expect(p.paymentUri).toBe(
      `bitcoin:${p.address}?amount=0.00041667&label=Acme%20shop&message=Order%201001%20%26%20more`,
    );
    expect(Date.parse(p.expirationTime) - before).toBeGreaterThanOrEqual(15 * 60 * 1000);
    expect(Date.parse(p.expirationTime) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(p.paymentPageUrl).toBe(`http://sandbox.test/pay/${p.paymentId}`);
    for (const field of ["paidPriceAmount", "pendingPaidPriceAmount", "acceptedPaidPriceAmount"] as const)
      expect(p[field]).toBe("0.00");
    for (const field of ["paidTransferAmount", "pendingPaidTransferAmount", "acceptedPaidTransferAmount"] as const)
      expect(p[field]).toBe("0.00000000");
    expect(p.transactions).toEqual([]);
    expect(p).toMatchObject({
      walletLabel: "Acme shop",
      externalPaymentId: "1001",
      notificationUrl: "https://shop.example/hooks",
      redirectUrls: { confirmed: "https://shop.example/ok" },
    });
  });

  it("gives LTC payments tltc1 addresses and litecoin: URIs, and USD prices their own rate", async () => {
    const p = await createPayment({ priceAmount: "10.00", priceCurrency: "USD", transferCurrency: "LTC" });
    expect(bech32.decode(p.address).prefix).toBe("tltc");
    expect(p.exchangeRate).toBe("86.95652174"); // 80 EUR / 0.92 EUR per USD, 8 places
    expect(p.transferAmount).toBe(new Decimal("10").div("86.95652174").toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(8));
    expect(p.paymentUri).toMatch(/^litecoin:tltc1[02-9ac-hj-np-z]+\?amount=0\.11500000$/);
  });

  it("refuses requests without valid Basic credentials with 401", async () => {
    for (const key of [
      null,
      { keyId: "demo_shop", keySecret: "wrong" },
      { keyId: "nobody", keySecret: "sbx_demo_secret_1b7f3c" },
    ]) {
      const res = await call("POST", "/v3/payments", {
        key,
        json: { priceAmount: "1.00", priceCurrency: "EUR", transferCurrency: "BTC" },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
      expect(((await res.json()) as ErrorBody).error.code).toBe("unauthorized");
    }
  });

  it.each([
    [{ priceAmount: 25, priceCurrency: "EUR", transferCurrency: "BTC" }, "priceAmount"],
    [{ priceAmount: "1e3", priceCurrency: "EUR", transferCurrency: "BTC" }, "priceAmount"],
    [{ priceAmount: "0", priceCurrency: "EUR", transferCurrency: "BTC" }, "priceAmount"],
    [{ priceAmount: "0025.00", priceCurrency: "EUR", transferCurrency: "BTC" }, "priceAmount"],
    [{ priceAmount: "1000000000000000", priceCurrency: "EUR", transferCurrency: "BTC" }, "priceAmount"],
    [{ priceCurrency: "EUR", transferCurrency: "BTC" }, "priceAmount"],
    [{ priceAmount: "1.00", priceCurrency: "eur", transferCurrency: "BTC" }, "priceCurrency"],
    [{ priceAmount: "1.00", priceCurrency: "EUR", transferCurrency: "DOGE" }, "transferCurrency"],
    [{ priceAmount: "1.00", priceCurrency: "BTC", transferCurrency: "BTC" }, "priceCurrency"],
    [
      { priceAmount: "1.00", priceCurrency: "EUR", transferCurrency: "BTC", notificationUrl: "javascript:alert(1)" },
      "notificationUrl",
    ],
    [
      { priceAmount: "1.00", priceCurrency: "EUR", transferCurrency: "BTC", redirectUrls: { expired: "ftp://x" } },
      "redirectUrls.expired",
    ],
  ])("answers 400 with the field for %j", async (json, field) => {
    const res = await call("POST", "/v3/payments", { json });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.field).toBe(field);
    expect(["invalid_request", "unsupported_currency"]).toContain(body.error.code);
    expect(body.error.message).not.toBe("");
  });

  it("refuses a priceAmount with more decimals than the price currency has (400), never rounding it", async () => {
    for (const [priceAmount, priceCurrency] of [
      ["49.999", "EUR"],
      ["0.001", "USD"],
      ["25.0000001", "EUR"],
    ] as const) {
      const res = await call("POST", "/v3/payments", { json: { priceAmount, priceCurrency, transferCurrency: "BTC" } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: "invalid_request",
          message: `priceAmount: at most 2 decimal places for ${priceCurrency}`,
          field: "priceAmount",
        },
      });
    }
    // Zeros past the currency's places change nothing, so they are taken; the price is what was asked.
    const p = await createPayment({ priceAmount: "49.990" });
    expect(p.priceAmount).toBe("49.99");
    expect(new Decimal(p.transferAmount).times(p.exchangeRate).gte(p.priceAmount)).toBe(true);
  });

  it("answers 400 to a body that is not a JSON object", async () => {
    for (const raw of ["not json", "[1]", "null"]) {
      const res = await call("POST", "/v3/payments", { raw });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error).toEqual({
        code: "invalid_request",
        message: "the body must be a JSON object",
      });
    }
  });
});

describe("GET /v3/payments/{id}", () => {
  it("returns the stored payment to its account and 404 to anyone else or for unknown ids", async () => {
    const p = await createPayment();
    expect(await expectJson(200, "GET", `/v3/payments/${p.paymentId}`)).toEqual(p);
    const other = await call("GET", `/v3/payments/${p.paymentId}`, { key: OTHER });
    expect(other.status).toBe(404);
    const unknown = await call("GET", "/v3/payments/does-not-exist", { key: DEMO });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe("not_found");
  });
});

describe("payment status model", () => {
  it("goes NEW -> UNDERPAID -> UNCONFIRMED -> CONFIRMED when paid in two parts, amounts consistent at each step", async () => {
    const p = await createPayment();
    expectConsistent(p);
    const first = await pay(p.paymentId, "0.0002");
    expect(first.payment.status).toBe("NEW"); // pending funds only
    expect(first.payment.pendingPaidTransferAmount).toBe("0.00020000");
    expect(first.payment.pendingPaidPriceAmount).toBe("12.00");
    expectConsistent(first.payment);

    const underpaid = await decide(p.paymentId, first.transaction.transactionId, "accept");
    expect(underpaid.status).toBe("UNDERPAID");
    expect(underpaid.acceptedPaidTransferAmount).toBe("0.00020000");
    expect(underpaid.transactions[0]).toMatchObject({ state: "ACCEPTED", acceptedTime: expect.any(String) });
    expectConsistent(underpaid);

    const second = await pay(p.paymentId, "0.00021667");
    expect(second.payment.status).toBe("UNCONFIRMED");
    expect(second.payment.paidTransferAmount).toBe("0.00041667");
    expect(second.payment.paidPriceAmount).toBe("25.00");
    expect(second.payment.pendingPaidPriceAmount).toBe("13.00");
    expectConsistent(second.payment);

    const confirmed = await decide(p.paymentId, second.transaction.transactionId, "accept");
    expect(confirmed.status).toBe("CONFIRMED");
    expect(confirmed.acceptedPaidTransferAmount).toBe("0.00041667");
    expect(confirmed.acceptedPaidPriceAmount).toBe("25.00");
    expect(confirmed.pendingPaidTransferAmount).toBe("0.00000000");
    expectConsistent(confirmed);
    expect(await expectJson(200, "GET", `/v3/payments/${p.paymentId}`)).toEqual(confirmed);
  });

  it("confirms at once a transaction sent as ACCEPTED, and keeps CONFIRMED final on overpayment", async () => {
    const p = await createPayment();
    const { payment } = await pay(p.paymentId, "0.00041667", "ACCEPTED");
    expect(payment.status).toBe("CONFIRMED");
    const over = await pay(p.paymentId, "0.001");
    expect(over.payment.status).toBe("CONFIRMED");
    expect(over.payment.paidTransferAmount).toBe("0.00141667");
    expectConsistent(over.payment);
  });

  it("becomes INVALID when a transaction is rejected; the rejected amount leaves the paid amounts", async () => {
    const p = await createPayment();
    const { transaction } = await pay(p.paymentId, "0.0005");
    const invalid = await decide(p.paymentId, transaction.transactionId, "reject");
    expect(invalid.status).toBe("INVALID");
    expect(invalid.transactions[0]).toMatchObject({ state: "REJECTED", rejectedTime: expect.any(String) });
    expect(invalid.paidTransferAmount).toBe("0.00000000");
    expectConsistent(invalid);
    const again = await call(
      "POST",
      `/sandbox/payments/${p.paymentId}/transactions/${transaction.transactionId}/accept`,
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.code).toBe("invalid_transition");
  });

  it("expires a NEW or UNDERPAID payment; an expired payment stays EXPIRED when paid late", async () => {
    const fresh = await createPayment();
    const expired = await expectJson<SandboxPayment>(200, "POST", `/sandbox/payments/${fresh.paymentId}/expire`);
    expect(expired.status).toBe("EXPIRED");
    expect(Date.parse(expired.expirationTime)).toBeLessThanOrEqual(Date.now());
    const late = await pay(fresh.paymentId, "0.00041667", "ACCEPTED");
    expect(late.payment.status).toBe("EXPIRED");
    expectConsistent(late.payment);

    const partial = await createPayment();
    await pay(partial.paymentId, "0.0001", "ACCEPTED");
    expect(
      (await expectJson<SandboxPayment>(200, "POST", `/sandbox/payments/${partial.paymentId}/expire`)).status,
    ).toBe("EXPIRED");
    expect((await call("POST", `/sandbox/payments/${partial.paymentId}/expire`)).status).toBe(409);
  });

  it("lets an UNCONFIRMED payment wait for its confirmations past expirationTime", async () => {
    const p = await createPayment();
    const { transaction } = await pay(p.paymentId, "0.00041667");
    expect((await expectJson<SandboxPayment>(200, "POST", `/sandbox/payments/${p.paymentId}/expire`)).status).toBe(
      "UNCONFIRMED",
    );
    expect((await decide(p.paymentId, transaction.transactionId, "accept")).status).toBe("CONFIRMED");
  });

  it("expires payments from the Durable Object alarm at expirationTime", async () => {
    const p = await createPayment();
    // Move the stored expirationTime into the past instead of waiting 15 minutes.
    await runInDurableObject(ledgerStub() as DurableObjectStub<Ledger>, (_ledger, state) => {
      const row = state.storage.sql.exec<{ doc: string }>("SELECT doc FROM payments WHERE id = ?", p.paymentId).one();
      const doc = {
        ...(JSON.parse(row.doc) as SandboxPayment),
        expirationTime: new Date(Date.now() - 1000).toISOString(),
      };
      state.storage.sql.exec(
        "UPDATE payments SET doc = ?, expires_ms = ? WHERE id = ?",
        JSON.stringify(doc),
        Date.now() - 1000,
        p.paymentId,
      );
      return state.storage.setAlarm(Date.now() - 1000);
    });
    await runDurableObjectAlarm(ledgerStub());
    expect((await expectJson<SandboxPayment>(200, "GET", `/v3/payments/${p.paymentId}`)).status).toBe("EXPIRED");
  });

  it("answers 404 to control calls for unknown payments and transactions, 400 to bad amounts", async () => {
    expect((await call("POST", "/sandbox/payments/nope/transactions", { json: { amount: "1" } })).status).toBe(404);
    const p = await createPayment();
    expect((await call("POST", `/sandbox/payments/${p.paymentId}/transactions/nope/accept`)).status).toBe(404);
    const tooPrecise = await call("POST", `/sandbox/payments/${p.paymentId}/transactions`, {
      json: { amount: "0.000000001" },
    });
    expect(tooPrecise.status).toBe(400);
    expect(((await tooPrecise.json()) as ErrorBody).error.field).toBe("amount");
    expect(
      (await call("POST", `/sandbox/payments/${p.paymentId}/transactions`, { json: { amount: 0.1 } })).status,
    ).toBe(400);
  });
});

describe("payment page", () => {
  it("serves the paymentPageUrl as an escaped HTML page under a strict CSP", async () => {
    const p = await createPayment({ walletLabel: "<script>x</script>" });
    const res = await call("GET", new URL(p.paymentPageUrl ?? "").pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain(p.address);
    expect(html).toContain("0.00041667 BTC");
    expect(html).toContain(`href="${(p.paymentUri ?? "").replaceAll("&", "&amp;")}"`);
    expect(html).not.toContain("<script>");
    expect((await call("GET", "/pay/unknown")).status).toBe(404);
  });
});
