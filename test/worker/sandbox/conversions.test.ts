import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import type { Currency } from "../../../worker/v3/types.js";
import { V3Error } from "../../../worker/v3/errors.js";
import { conversionIdSegment } from "../../../worker/v3/validate.js";
import type { SandboxConversion } from "../../../worker/sandbox/conversions.js";
import { call, createPayment, expectJson, OTHER, pay } from "./support/sandbox.js";
import type { ErrorBody, Key } from "./support/sandbox.js";

const state = (id: string) => expectJson<SandboxConversion>(200, "GET", `/sandbox/conversions/${id}`);
/** Creates a conversion, which answers the spec's ConversionResponseV3 (`{id}` only), and reads its state. */
const create = async (json: Record<string, unknown>, key?: Key) => {
  const answer = await expectJson<Record<string, unknown>>(200, "POST", "/v3/conversions/v3/conversions", {
    json,
    key,
  });
  expect(Object.keys(answer)).toEqual(["id"]);
  return state(String(answer.id));
};
const btcAvailable = async (): Promise<Decimal> => {
  const text = await (await call("GET", "/v3/payouts/payout-limits?transferCurrency=BTC&priceCurrency=EUR")).text();
  return new Decimal(/"available":([\d.]+)/.exec(text)?.[1] ?? "NaN");
};
const expectError = async (res: Response, status: number, code: string, field?: string) => {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(body.error.code).toBe(code);
  if (field !== undefined) expect(body.error.field).toBe(field);
};

describe("conversions", () => {
  it("estimate-conversion: a GET with a JSON body answers the buy amount at the table's rate", async () => {
    const estimate = await expectJson(200, "GET", "/v3/conversions/v3/estimate-conversion", {
      json: { sellAmount: "0.5", sellCurrency: "BTC", buyCurrency: "LTC" },
    });
    expect(estimate).toEqual({ currency: "LTC", amount: "375.00000000" }); // 60000 / 80 = 750 LTC per BTC
    expect(
      await expectJson(200, "GET", "/v3/conversions/v3/estimate-conversion", {
        json: { sellAmount: "100", sellCurrency: "EUR", buyCurrency: "BTC" },
      }),
    ).toEqual({ currency: "BTC", amount: "0.00166666" });
    await expectError(await call("GET", "/v3/conversions/v3/estimate-conversion"), 400, "invalid_request");
    await expectError(
      await call("GET", "/v3/conversions/v3/estimate-conversion", {
        json: { sellAmount: "1", sellCurrency: "BTC", buyCurrency: "BTC" },
      }),
      400,
      "invalid_request",
      "buyCurrency",
    );
    await expectError(
      await call("GET", "/v3/conversions/v3/estimate-conversion", {
        json: { sellAmount: "1", sellCurrency: "XYZ", buyCurrency: "BTC" },
      }),
      400,
      "unsupported_currency",
      "sellCurrency",
    );
  });

  it("create trades at once when the balance allows: UUID id, COMPLETED, balances moved", async () => {
    const before = await btcAvailable();
    const c = await create({ sellAmount: "0.01", sellCurrency: "BTC", buyCurrency: "EUR" });
    expect(c.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(c).toMatchObject({
      status: "COMPLETED",
      sellAmount: "0.01000000",
      boughtAmount: "600.00",
      exchangeRate: "60000",
    });
    expect((await btcAvailable()).eq(before.minus("0.01"))).toBe(true);
    for (const op of ["retry-trade", "cancel"])
      await expectError(await call("PUT", `/v3/conversions/${c.id}/${op}`), 409, "invalid_transition");
    await expectError(
      await call("PUT", `/v3/conversions/${c.id}/declare-result`, { json: { boughtAmount: "1" } }),
      409,
      "invalid_transition",
    );
  });

  it("TRADE_FAILED on insufficient balance; retry-trade fails (409) until funds arrive, then COMPLETES", async () => {
    const available = await btcAvailable();
    const sell = available.plus("0.0005").toFixed(8);
    const c = await create({ sellAmount: sell, sellCurrency: "BTC", buyCurrency: "LTC" });
    expect(c.status).toBe("TRADE_FAILED");
    await expectError(await call("PUT", `/v3/conversions/${c.id}/retry-trade`), 409, "insufficient_balance");
    const payment = await createPayment({ priceAmount: "60.00" }); // 0.001 BTC
    await pay(payment.paymentId, payment.transferAmount, "ACCEPTED");
    const retried = await call("PUT", `/v3/conversions/${c.id}/retry-trade`);
    expect(retried.status).toBe(200);
    expect(await retried.text()).toBe("");
    expect(await state(c.id)).toMatchObject({
      status: "COMPLETED",
      boughtAmount: new Decimal(sell).times(750).toFixed(8),
    });
  });

  it("declare-result records the declared amount; cancel cancels; both only from TRADE_FAILED", async () => {
    const declared = await create({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    expect(declared.status).toBe("TRADE_FAILED");
    await expectError(
      await call("PUT", `/v3/conversions/${declared.id}/declare-result`, { json: { boughtAmount: 7 } }),
      400,
      "invalid_request",
      "boughtAmount",
    );
    expect(
      (await call("PUT", `/v3/conversions/${declared.id}/declare-result`, { json: { boughtAmount: "7000000.5" } }))
        .status,
    ).toBe(200);
    expect(await state(declared.id)).toMatchObject({ status: "RESULT_DECLARED", boughtAmount: "7000000.50" });
    await expectError(await call("PUT", `/v3/conversions/${declared.id}/cancel`), 409, "invalid_transition");

    const cancelled = await create({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    expect((await call("PUT", `/v3/conversions/${cancelled.id}/cancel`)).status).toBe(200);
    expect((await state(cancelled.id)).status).toBe("CANCELLED");
    await expectError(await call("PUT", `/v3/conversions/${cancelled.id}/retry-trade`), 409, "invalid_transition");
  });

  it("declare-result takes a body without boughtAmount (the spec does not require it) and a zero amount", async () => {
    const bare = await create({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    const res = await call("PUT", `/v3/conversions/${bare.id}/declare-result`, { json: {} });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    const declared = await state(bare.id);
    expect(declared.status).toBe("RESULT_DECLARED");
    expect(declared).not.toHaveProperty("boughtAmount");

    const zero = await create({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    expect(
      (await call("PUT", `/v3/conversions/${zero.id}/declare-result`, { json: { boughtAmount: "0" } })).status,
    ).toBe(200);
    expect(await state(zero.id)).toMatchObject({ status: "RESULT_DECLARED", boughtAmount: "0.00" });
  });

  it("declare-result still requires a JSON object body and refuses, never rounds, more decimals than the buy currency has", async () => {
    const c = await create({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    await expectError(await call("PUT", `/v3/conversions/${c.id}/declare-result`), 400, "invalid_request");
    await expectError(
      await call("PUT", `/v3/conversions/${c.id}/declare-result`, { json: { boughtAmount: "10.005" } }),
      400,
      "invalid_request",
      "boughtAmount",
    );
    expect((await state(c.id)).status).toBe("TRADE_FAILED");
  });

  it("takes every conversionId the v3 client's rule takes (any 8-4-4-4-12 hex), and refuses what it refuses", async () => {
    const accepted = [
      "00000000-0000-0000-0000-000000000001",
      "0123ABCD-0000-0000-0000-0123456789ab",
      "ffffffff-ffff-0fff-cfff-ffffffffffff",
    ];
    const refused = [
      "not-a-uuid",
      "0000000-0000-0000-0000-000000000001",
      "00000000-0000-0000-0000-00000000000g",
      "00000000000000000000000000000001",
    ];
    for (const id of accepted) {
      expect(conversionIdSegment(id)).toBe(id);
      await expectError(await call("PUT", `/v3/conversions/${id}/cancel`), 404, "not_found");
    }
    for (const id of refused) {
      expect(() => conversionIdSegment(id)).toThrow(V3Error);
      await expectError(await call("PUT", `/v3/conversions/${id}/cancel`), 400, "invalid_request", "conversionId");
    }
  });

  it("400 for a conversionId that is not a UUID, 404 for an unknown one or another account's", async () => {
    await expectError(await call("PUT", "/v3/conversions/not-a-uuid/cancel"), 400, "invalid_request", "conversionId");
    await expectError(await call("PUT", `/v3/conversions/${crypto.randomUUID()}/cancel`), 404, "not_found");
    const mine = await create({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    await expectError(await call("PUT", `/v3/conversions/${mine.id}/cancel`, { key: OTHER }), 404, "not_found");
  });

  it("validates the create body: decimal strings, known and distinct currencies", async () => {
    await expectError(
      await call("POST", "/v3/conversions/v3/conversions", {
        json: { sellAmount: 1, sellCurrency: "BTC", buyCurrency: "EUR" },
      }),
      400,
      "invalid_request",
      "sellAmount",
    );
    await expectError(
      await call("POST", "/v3/conversions/v3/conversions", { json: { sellAmount: "1", sellCurrency: "BTC" } }),
      400,
      "invalid_request",
      "buyCurrency",
    );
    await expectError(
      await call("POST", "/v3/conversions/v3/conversions", {
        json: { sellAmount: "1.123456789", sellCurrency: "BTC", buyCurrency: "EUR" },
      }),
      400,
      "invalid_request",
      "sellAmount",
    );
  });
});

describe("GET /v3/currencies", () => {
  it("lists each currency with exactly the spec's fields and four flags", async () => {
    const list = await expectJson<Currency[]>(200, "GET", "/v3/currencies");
    expect(list.map((c) => c.code)).toEqual(["BTC", "LTC", "EUR", "USD"]);
    for (const c of list)
      expect(Object.keys(c).sort()).toEqual([
        "code",
        "name",
        "paymentPriceEnabled",
        "paymentTransferEnabled",
        "payoutPriceEnabled",
        "payoutTransferEnabled",
      ]);
    expect(list.find((c) => c.code === "BTC")).toEqual({
      code: "BTC",
      name: "Bitcoin",
      paymentPriceEnabled: false,
      paymentTransferEnabled: true,
      payoutTransferEnabled: true,
      payoutPriceEnabled: true,
    });
    expect(list.find((c) => c.code === "EUR")).toEqual({
      code: "EUR",
      name: "Euro",
      paymentPriceEnabled: true,
      paymentTransferEnabled: false,
      payoutTransferEnabled: false,
      payoutPriceEnabled: true,
    });
    expect((await call("GET", "/v3/currencies", { key: null })).status).toBe(401);
  });
});

describe("routing and control API", () => {
  it("answers unknown paths with the JSON error body", async () => {
    const res = await call("GET", "/v3/nothing-here");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "no such endpoint" } });
  });

  it("refuses bodies over 64 KiB with 413, the estimate's GET body included", async () => {
    const big = JSON.stringify({ sellAmount: "1", sellCurrency: "BTC", buyCurrency: "EUR", pad: "x".repeat(70_000) });
    for (const [method, path] of [
      ["POST", "/v3/payments"],
      ["GET", "/v3/conversions/v3/estimate-conversion"],
      ["PUT", "/sandbox/chaos"],
    ] as const) {
      const res = await call(method, path, { raw: big });
      expect(res.status).toBe(413);
      expect(((await res.json()) as ErrorBody).error.code).toBe("payload_too_large");
    }
  });

  it("serves the control API with CORS * and counts /v3 requests per route", async () => {
    const res = await call("GET", "/sandbox/health");
    expect(await res.json()).toEqual({ ok: true });
    const preflight = await call("OPTIONS", "/sandbox/chaos");
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const before = await expectJson<Record<string, number>>(200, "GET", "/sandbox/requests");
    await call("GET", "/v3/currencies");
    const after = await expectJson<Record<string, number>>(200, "GET", "/sandbox/requests");
    expect(after["GET /v3/currencies"]).toBe((before["GET /v3/currencies"] ?? 0) + 1);
  });
});
