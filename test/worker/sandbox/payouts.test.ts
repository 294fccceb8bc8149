import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { bech32, bech32m } from "bech32";
import Decimal from "decimal.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Ledger } from "../../../worker/sandbox/ledger.js";
import type { Payout, PayoutPage } from "../../../worker/v3/types.js";
import { parseNotification, verifyNotification } from "../../../worker/v3/notification.js";
import { installReceiver, RECEIVER } from "./support/receiver.js";
import { call, createPayment, DEMO, expectJson, ledgerStub, OTHER, pay } from "./support/sandbox.js";
import type { ErrorBody, Key } from "./support/sandbox.js";

const address = (hrp = "tb", bytes = 20): string =>
  bech32.encode(hrp, [0, ...bech32.toWords(new Uint8Array(bytes).fill(7))]);
const TAPROOT = bech32m.encode("tb", [1, ...bech32m.toWords(new Uint8Array(32).fill(9))]);
const limits = async (key: Key = DEMO, currency = "BTC") => {
  const res = await call("GET", `/v3/payouts/payout-limits?transferCurrency=${currency}&priceCurrency=EUR`, { key });
  expect(res.status).toBe(200);
  return { text: await res.text() };
};
const available = async (key: Key = DEMO, currency = "BTC"): Promise<Decimal> => {
  const { text } = await limits(key, currency);
  const match = /"available":(\d+(?:\.\d+)?)/.exec(text);
  if (!match?.[1]) throw new Error(`no available in ${text}`);
  return new Decimal(match[1]);
};
const createPayout = (json: Record<string, unknown>, key: Key = DEMO) =>
  expectJson<Payout>(200, "POST", "/v3/payouts", {
    key,
    json: { priceCurrency: "EUR", transferCurrency: "BTC", address: address(), ...json },
  });
const expectError = async (res: Response, status: number, code: string, field?: string) => {
  expect(res.status).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(body.error.code).toBe(code);
  if (field !== undefined) expect(body.error.field).toBe(field);
};

let receiver: ReturnType<typeof installReceiver>;
beforeEach(() => {
  receiver = installReceiver();
});
afterEach(() => receiver.restore());

describe("POST /v3/payouts", () => {
  it("creates a CREATED payout from a transferAmount, pricing it at the table's rate", async () => {
    const p = await createPayout({ transferAmount: "0.001", comment: "rent", externalPayoutId: "ext-1" });
    expect(p).toMatchObject({
      status: "CREATED",
      transferAmount: "0.00100000",
      priceAmount: "60.00",
      transferCurrency: "BTC",
      priceCurrency: "EUR",
      comment: "rent",
      externalPayoutId: "ext-1",
    });
    expect(Date.parse(p.expirationTime ?? "") - Date.parse(p.createdTime ?? "")).toBe(3600 * 1000);
    expect(p.transactionId).toBeUndefined();
  });

  it("creates a payout from a priceAmount, estimating the transfer amount (rounded down)", async () => {
    const p = await createPayout({ priceAmount: "100.00" });
    expect(p).toMatchObject({ priceAmount: "100.00", transferAmount: "0.00166666" });
  });

  it("refuses both amounts or neither with 400 naming transferAmount", async () => {
    await expectError(
      await call("POST", "/v3/payouts", {
        json: { priceCurrency: "EUR", transferCurrency: "BTC", transferAmount: "0.001", priceAmount: "1.00" },
      }),
      400,
      "invalid_request",
      "transferAmount",
    );
    await expectError(
      await call("POST", "/v3/payouts", { json: { priceCurrency: "EUR", transferCurrency: "BTC" } }),
      400,
      "invalid_request",
      "transferAmount",
    );
  });

  it("validates the address: testnet bech32 of the transfer currency, checksum included", async () => {
    expect((await createPayout({ transferAmount: "0.001", address: TAPROOT })).address).toBe(TAPROOT);
    expect((await createPayout({ transferAmount: "0.001", address: address("tb", 32) })).status).toBe("CREATED");
    const good = address();
    const broken = `${good.slice(0, -1)}${good.endsWith("q") ? "p" : "q"}`;
    for (const bad of [
      broken,
      address("bc"),
      address("tltc"),
      address("tb", 25),
      "2N1LGaGg836mqSQqiuUBLfcyGBhyZbremDX",
      good.toUpperCase().slice(0, 10) + good.slice(10),
    ]) {
      await expectError(
        await call("POST", "/v3/payouts", {
          json: { priceCurrency: "EUR", transferCurrency: "BTC", transferAmount: "0.001", address: bad },
        }),
        400,
        "invalid_request",
        "address",
      );
    }
    const ltc = await createPayout({ transferCurrency: "LTC", transferAmount: "1", address: address("tltc") });
    expect(ltc.address?.startsWith("tltc1")).toBe(true);
  });

  it("refuses amounts below the minimum (422) and above the balance (409)", async () => {
    await expectError(
      await call("POST", "/v3/payouts", {
        json: { priceCurrency: "EUR", transferCurrency: "BTC", transferAmount: "0.00001", address: address() },
      }),
      422,
      "below_minimum",
      "transferAmount",
    );
    await expectError(
      await call("POST", "/v3/payouts", {
        json: { priceCurrency: "EUR", transferCurrency: "BTC", transferAmount: "1000", address: address() },
      }),
      409,
      "insufficient_balance",
    );
    await expectError(
      await call("POST", "/v3/payouts", {
        json: { priceCurrency: "EUR", transferCurrency: "EUR", transferAmount: "1", address: address() },
      }),
      400,
      "unsupported_currency",
      "transferCurrency",
    );
  });
});

describe("approval and sending", () => {
  it("approve queues the payout and debits the balance; the alarm sends it with transactionId and sentTime, notifying v3/payouts", async () => {
    const before = await available();
    const p = await createPayout({ transferAmount: "0.01", notificationUrl: `${RECEIVER}/payouts` });
    expect((await available()).eq(before)).toBe(true);
    const queued = await expectJson<Payout>(200, "POST", `/v3/payouts/${p.payoutId}/approve`);
    expect(queued.status).toBe("QUEUED");
    expect((await available()).eq(before.minus("0.01"))).toBe(true);
    await runDurableObjectAlarm(ledgerStub());
    await vi.waitFor(async () =>
      expect((await expectJson<Payout>(200, "GET", `/v3/payouts/${p.payoutId}`)).status).toBe("SENT"),
    );
    const sent = await expectJson<Payout>(200, "GET", `/v3/payouts/${p.payoutId}`);
    expect(sent.transactionId).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(sent.sentTime ?? "")).toBeGreaterThanOrEqual(Date.parse(sent.createdTime ?? ""));
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const r = receiver.received[0];
    if (!r) throw new Error("no delivery");
    const { raw } = await verifyNotification(new Request(r.url, { method: "POST", headers: r.headers, body: r.body }), {
      key: DEMO.hmacKey,
    });
    const n = parseNotification(raw);
    expect(n.notificationType).toBe("v3/payouts");
    expect(n.body).toMatchObject({ payoutId: p.payoutId, status: "SENT", transactionId: sent.transactionId });
  });

  it("autoApprove queues at once", async () => {
    const p = await createPayout({ transferAmount: "0.001", autoApprove: true });
    expect(p.status).toBe("QUEUED");
    await expectError(await call("POST", `/v3/payouts/${p.payoutId}/approve`), 409, "invalid_transition");
  });

  it("refuses approval after expirationTime with 409 payout_expired, and the payout reads EXPIRED", async () => {
    const p = await createPayout({ transferAmount: "0.001" });
    const expired = await expectJson<Payout>(200, "POST", `/sandbox/payouts/${p.payoutId}/expire`);
    expect(expired.status).toBe("EXPIRED");
    const res = await call("POST", `/v3/payouts/${p.payoutId}/approve`);
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("payout_expired");
    expect(body.error.message).toContain(expired.expirationTime ?? "");
    expect((await expectJson<Payout>(200, "GET", `/v3/payouts/${p.payoutId}`)).status).toBe("EXPIRED");
  });

  it("expires a CREATED payout from the Durable Object alarm at its expirationTime", async () => {
    const p = await createPayout({ transferAmount: "0.001" });
    // Move the stored deadline into the past instead of waiting an hour.
    await runInDurableObject(ledgerStub() as DurableObjectStub<Ledger>, (_ledger, state) => {
      const past = Date.now() - 1000;
      const row = state.storage.sql.exec<{ doc: string }>("SELECT doc FROM payouts WHERE id = ?", p.payoutId).one();
      const doc = { ...(JSON.parse(row.doc) as Payout), expirationTime: new Date(past).toISOString() };
      state.storage.sql.exec(
        "UPDATE payouts SET doc = ?, due_ms = ? WHERE id = ?",
        JSON.stringify(doc),
        past,
        p.payoutId,
      );
      return state.storage.setAlarm(past);
    });
    await runDurableObjectAlarm(ledgerStub());
    await vi.waitFor(async () =>
      expect((await expectJson<Payout>(200, "GET", `/v3/payouts/${p.payoutId}`)).status).toBe("EXPIRED"),
    );
    await expectError(await call("POST", `/v3/payouts/${p.payoutId}/approve`), 409, "payout_expired");
  });

  it("credits accepted payment transactions to the balance", async () => {
    const before = await available();
    const payment = await createPayment();
    await pay(payment.paymentId, "0.00041667", "ACCEPTED");
    expect((await available()).eq(before.plus("0.00041667"))).toBe(true);
  });
});

describe("resend-notification, get, limits", () => {
  it("resend-notification sends the current snapshot to the payout's notificationUrl (200, no body)", async () => {
    const p = await createPayout({ transferAmount: "0.001", notificationUrl: `${RECEIVER}/resend` });
    const res = await call("POST", `/v3/payouts/${p.payoutId}/resend-notification`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    expect(JSON.parse(receiver.received[0]?.body ?? "{}")).toMatchObject({
      notificationType: "v3/payouts",
      body: { payoutId: p.payoutId, status: "CREATED" },
    });
  });

  it("resend-notification without a notificationUrl has no effect", async () => {
    const p = await createPayout({ transferAmount: "0.001" });
    expect((await call("POST", `/v3/payouts/${p.payoutId}/resend-notification`)).status).toBe(200);
    expect(
      (await expectJson<{ pending: number }>(200, "GET", `/sandbox/notifications?payoutId=${p.payoutId}`)).pending,
    ).toBe(0);
  });

  it("keeps payouts to their account: 404 elsewhere and for unknown ids", async () => {
    const p = await createPayout({ transferAmount: "0.001" });
    expect((await call("GET", `/v3/payouts/${p.payoutId}`, { key: OTHER })).status).toBe(404);
    expect((await call("POST", `/v3/payouts/${p.payoutId}/approve`, { key: OTHER })).status).toBe(404);
    expect((await call("GET", "/v3/payouts/unknown")).status).toBe(404);
    expect((await call("POST", "/v3/payouts/unknown/resend-notification")).status).toBe(404);
  });

  it("payout-limits reports available and minPayoutAmount as exact JSON numbers, per account", async () => {
    const { text } = await limits(OTHER, "LTC");
    expect(text).toMatch(/^\{"available":\d+\.\d{8},"minPayoutAmount":0\.01,"currency":"LTC"\}$/);
    await expectError(
      await call("GET", "/v3/payouts/payout-limits?transferCurrency=BTC"),
      400,
      "invalid_request",
      "priceCurrency",
    );
  });
});

describe("GET /v3/payouts", () => {
  const key: Key = OTHER; // a fresh account of its own for counting
  it("pages newest first with limit (default 20, 0..100) and offset, and reports itemCount", async () => {
    const created: Payout[] = [];
    for (let i = 0; i < 23; i++)
      created.push(await createPayout({ transferAmount: "0.0001", externalPayoutId: `page-${i}` }, key));
    const page = await expectJson<PayoutPage>(200, "GET", "/v3/payouts", { key });
    expect(page.limit).toBe(20);
    expect(page.offset).toBe(0);
    expect(page.items).toHaveLength(20);
    expect(page.itemCount).toBeGreaterThanOrEqual(23);
    const times = page.items.map((p) => Date.parse(p.createdTime ?? ""));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const rest = await expectJson<PayoutPage>(200, "GET", `/v3/payouts?limit=100&offset=20`, { key });
    expect(rest.items).toHaveLength(page.itemCount - 20);
    expect(new Set([...page.items, ...rest.items].map((p) => p.payoutId)).size).toBe(page.itemCount);
    expect((await expectJson<PayoutPage>(200, "GET", "/v3/payouts?limit=0", { key })).items).toEqual([]);
    expect((await expectJson<PayoutPage>(200, "GET", `/v3/payouts?offset=${page.itemCount}`, { key })).items).toEqual(
      [],
    );
    for (const q of ["limit=101", "limit=-1", "limit=1.5", "limit=abc", "offset=-1"]) {
      await expectError(await call("GET", `/v3/payouts?${q}`, { key }), 400, "invalid_request", q.split("=")[0]);
    }
  });

  it("filters by every parameter and by the spec's time range format", async () => {
    const target = address("tb", 32);
    const p = await createPayout({ transferAmount: "0.0002", address: target, priceCurrency: "USD" }, key);
    const only = async (query: string) =>
      (await expectJson<PayoutPage>(200, "GET", `/v3/payouts?${query}`, { key })).items.map((x) => x.payoutId);
    expect(await only(`address=${target}`)).toEqual([p.payoutId]);
    expect(await only(`address=${target}&transferAmount=0.00020`)).toEqual([p.payoutId]);
    expect(await only(`address=${target}&transferAmount=0.0003`)).toEqual([]);
    expect(await only(`address=${target}&priceAmount=${p.priceAmount}&priceCurrency=USD&transferCurrency=BTC`)).toEqual(
      [p.payoutId],
    );
    expect(await only(`address=${target}&priceCurrency=EUR`)).toEqual([]);
    expect(await only(`address=${target}&merchantId=merchant_other`)).toEqual([p.payoutId]);
    expect(await only(`address=${target}&merchantId=merchant_demo`)).toEqual([]);
    const created = Date.parse(p.createdTime ?? "");
    const fmt = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
    expect(
      await only(
        `address=${target}&timeFrom=${encodeURIComponent(fmt(created))}&timeTo=${encodeURIComponent(fmt(created))}`,
      ),
    ).toEqual([p.payoutId]);
    expect(await only(`address=${target}&timeFrom=${encodeURIComponent(fmt(created + 1))}`)).toEqual([]);
    expect(await only(`address=${target}&timeTo=${new Date(created - 1).toISOString()}`)).toEqual([]);
    // Every filter is a plain string in the spec: any text is taken; what matches nothing gives an empty page.
    expect(await only(`address=${target}&transferAmount=2e-4`)).toEqual([p.payoutId]);
    for (const query of [
      "transferCurrency=btc",
      "priceCurrency=Euro",
      "transferAmount=0",
      "priceAmount=abc",
      "transferAmount=0.000200000000000000001",
      `merchantId=${"m".repeat(150)}`,
      `address=${"x".repeat(150)}`,
      "address=",
    ]) {
      const page = await expectJson<PayoutPage>(200, "GET", `/v3/payouts?${query}`, { key });
      expect(page.items, query).toEqual([]);
      expect(page.itemCount, query).toBe(0);
    }
    for (const bad of [
      "2026-01-31",
      "2026-01-31T23:59:59Z",
      "2026-02-31T00:00:00.000Z",
      "2026-01-31T23:59:59.000+0100",
    ]) {
      await expectError(
        await call("GET", `/v3/payouts?timeFrom=${encodeURIComponent(bad)}`, { key }),
        400,
        "invalid_request",
        "timeFrom",
      );
    }
  });
});
