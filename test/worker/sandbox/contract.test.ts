/**
 * Contract: the v3 client (worker/v3) against the sandbox, for every operation of the spec. Both
 * sides must agree on paths, methods, bodies, shapes and errors. Plain calls go through the
 * client's fetch into the sandbox's handler; estimate-conversion goes through the client's own
 * HTTP/1.1 writer over a socket bridge into the same handler.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bech32 } from "bech32";
import { createV3Client } from "../../../worker/v3/client.js";
import type { V3Client } from "../../../worker/v3/client.js";
import { V3Error } from "../../../worker/v3/errors.js";
import { installReceiver, RECEIVER } from "./support/receiver.js";
import { bridgeConnect } from "./support/socket-bridge.js";
import { buildRequest, DEMO, dispatch, expectJson, ORIGIN, pay } from "./support/sandbox.js";

const seenOnSocket: Parameters<typeof bridgeConnect>[1] = [];
const clientFor = (keySecret: string = DEMO.keySecret): V3Client =>
  createV3Client({
    environment: "sandbox",
    baseUrl: "http://127.0.0.1:8788",
    credentials: { environment: "sandbox", keyId: DEMO.keyId, keySecret },
    retries: 0,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      return dispatch(
        buildRequest(request.method, request.url.replace("http://127.0.0.1:8788", ORIGIN), {
          headers: Object.fromEntries(request.headers),
          ...(init?.body === undefined || init.body === null ? {} : { body: String(init.body) }),
        }),
      );
    }) as typeof fetch,
    connect: bridgeConnect(dispatch, seenOnSocket),
  });

const payoutAddress = bech32.encode("tb", [0, ...bech32.toWords(new Uint8Array(20).fill(3))]);
let client: V3Client;
let receiver: ReturnType<typeof installReceiver>;
beforeAll(() => {
  client = clientFor();
  receiver = installReceiver();
});
afterAll(() => receiver.restore());

const rejectsWith = async (promise: Promise<unknown>, status: number) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(V3Error);
  expect(err).toMatchObject({ kind: "http", status });
};

describe("contract: payments", () => {
  it("createPayment and getPayment agree with the sandbox", async () => {
    const created = await client.createPayment({
      priceAmount: "25.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      walletLabel: "Shop",
      notificationUrl: `${RECEIVER}/contract`,
      redirectUrls: { confirmed: "https://shop.example/ok" },
    });
    expect(created).toMatchObject({
      status: "NEW",
      transferAmount: "0.00041667",
      paidTransferAmount: "0.00000000",
      transactions: [],
      redirectUrls: { confirmed: "https://shop.example/ok" },
    });
    await pay(created.paymentId, "0.0001", "ACCEPTED");
    const read = await client.getPayment(created.paymentId);
    expect(read.status).toBe("UNDERPAID");
    expect(read.transactions).toHaveLength(1);
    expect(read.transactions[0]).toMatchObject({
      state: "ACCEPTED",
      paidTransferAmount: "0.00010000",
      priceAmount: "6.00",
    });
    expect(read).toEqual({ ...(await expectJson<object>(200, "GET", `/v3/payments/${created.paymentId}`)) });
    await rejectsWith(client.getPayment("unknown-payment"), 404);
    await rejectsWith(clientFor("wrong-secret").getPayment(created.paymentId), 401);
  });
});

describe("contract: payouts", () => {
  it("create, get, approve, list, limits, resend-notification", async () => {
    const created = await client.createPayout({
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      transferAmount: "0.0002",
      address: payoutAddress,
      externalPayoutId: "contract-1",
    });
    expect(created).toMatchObject({
      status: "CREATED",
      transferAmount: "0.00020000",
      priceAmount: "12.00",
      address: payoutAddress,
    });
    const byPrice = await client.createPayout({
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      priceAmount: "12.00",
      address: payoutAddress,
    });
    expect(byPrice.transferAmount).toBe("0.00020000");
    expect(await client.getPayout(created.payoutId)).toEqual(created);
    expect((await client.approvePayout(created.payoutId)).status).toBe("QUEUED");
    const page = await client.listPayouts({
      limit: 5,
      offset: 0,
      address: payoutAddress,
      transferCurrency: "BTC",
      timeFrom: "2000-01-01T00:00:00.000+00:00",
    });
    expect(page.limit).toBe(5);
    expect(page.items.map((p) => p.payoutId)).toEqual(expect.arrayContaining([created.payoutId, byPrice.payoutId]));
    const limits = await client.getPayoutLimits({ transferCurrency: "BTC", priceCurrency: "EUR" });
    expect(limits).toMatchObject({ currency: "BTC", minPayoutAmount: "0.0001" });
    expect(limits.available).toMatch(/^\d+\.\d{8}$/);
    await expect(client.resendPayoutNotification(created.payoutId)).resolves.toBeUndefined();
    await expectJson(200, "POST", `/sandbox/payouts/${byPrice.payoutId}/expire`);
    const refused = await client.approvePayout(byPrice.payoutId).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ kind: "http", status: 409 });
    expect((refused as V3Error).upstreamBody).toContain("payout_expired");
  });
});

describe("contract: conversions and currencies", () => {
  it("estimate (a GET with a body, over the socket), create, retry-trade, declare-result, cancel", async () => {
    const estimate = await client.estimateConversion({ sellAmount: "0.5", sellCurrency: "BTC", buyCurrency: "LTC" });
    expect(estimate).toEqual({ currency: "LTC", amount: "375.00000000" });
    const onWire = seenOnSocket.at(-1);
    expect(onWire).toMatchObject({ method: "GET", target: "/v3/conversions/v3/estimate-conversion" });
    expect(JSON.parse(onWire?.body ?? "{}")).toEqual({ sellAmount: "0.5", sellCurrency: "BTC", buyCurrency: "LTC" });
    expect(onWire?.headers.authorization).toBe(`Basic ${btoa(`${DEMO.keyId}:${DEMO.keySecret}`)}`);

    const done = await client.createConversion({ sellAmount: "0.001", sellCurrency: "BTC", buyCurrency: "EUR" });
    expect(done.id).toMatch(/^[0-9a-f-]{36}$/);
    await rejectsWith(client.retryConversionTrade(done.id), 409);

    const failed = await client.createConversion({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    await rejectsWith(client.retryConversionTrade(failed.id), 409);
    await expect(client.declareConversionResult(failed.id, { boughtAmount: "100.00" })).resolves.toBeUndefined();
    const toCancel = await client.createConversion({ sellAmount: "99999", sellCurrency: "LTC", buyCurrency: "EUR" });
    await expect(client.cancelConversion(toCancel.id)).resolves.toBeUndefined();
    await rejectsWith(client.cancelConversion(crypto.randomUUID()), 404);
  });

  it("listCurrencies", async () => {
    const list = await client.listCurrencies();
    expect(list.map((c) => c.code)).toEqual(["BTC", "LTC", "EUR", "USD"]);
    expect(list[0]).toEqual({
      code: "BTC",
      name: "Bitcoin",
      paymentPriceEnabled: false,
      paymentTransferEnabled: true,
      payoutTransferEnabled: true,
      payoutPriceEnabled: true,
    });
  });
});
