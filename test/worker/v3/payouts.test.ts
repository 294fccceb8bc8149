import { describe, expect, it } from "vitest";
import { failure } from "./support/failure.js";
import { BASE, EXPECTED_AUTH, clientOn, jsonResponse, stubUpstream } from "./support/stub-upstream.js";

const PAYOUT =
  '{"payoutId":"po_1","address":"tb1qdest","transferAmount":0.000000012345678901234,"priceAmount":"10.00","priceCurrency":"EUR","transferCurrency":"BTC","status":"CREATED","expirationTime":"2026-11-22T09:00:00.000Z","createdTime":"2026-11-22T08:00:00.000Z","unexpected":[1,2]}';

describe("payouts: list", () => {
  it("GETs /v3/payouts with the defaults limit=20 offset=0", async () => {
    const stub = stubUpstream(() => jsonResponse(`{"limit":20,"offset":0,"itemCount":1,"items":[${PAYOUT}]}`));
    const page = await clientOn(stub).listPayouts();
    const [call] = stub.calls;
    expect(call?.method).toBe("GET");
    expect(call?.url.pathname).toBe("/base/v3/payouts");
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ limit: "20", offset: "0" });
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(call?.body).toBe("");
    expect(page.limit).toBe(20);
    expect(page.itemCount).toBe(1);
    expect(page.items[0]?.transferAmount).toBe("0.000000012345678901234");
  });

  it("sends every filter as a query parameter, encoded", async () => {
    const stub = stubUpstream(() => jsonResponse('{"limit":100,"offset":40,"itemCount":0,"items":[]}'));
    const query = {
      limit: 100,
      offset: 40,
      timeFrom: "2026-01-01T00:00:00.000+01:00",
      timeTo: "2026-01-31T23:59:59.999Z",
      merchantId: "m 1&x=y",
      address: "tb1qdest",
      transferAmount: "0.5",
      priceAmount: "10.00",
      transferCurrency: "BTC",
      priceCurrency: "EUR",
    };
    await clientOn(stub).listPayouts(query);
    const url = stub.calls[0]?.url;
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({ ...query, limit: "100", offset: "40" });
    expect(url?.search).toContain("timeFrom=2026-01-01T00%3A00%3A00.000%2B01%3A00");
    expect(url?.search).toContain("merchantId=m+1%26x%3Dy");
  });

  it("accepts limit 0 and offset 0 (the bounds)", async () => {
    const stub = stubUpstream(() => jsonResponse('{"limit":0,"offset":0,"itemCount":0,"items":[]}'));
    const page = await clientOn(stub).listPayouts({ limit: 0, offset: 0 });
    expect(stub.calls[0]?.url.searchParams.get("limit")).toBe("0");
    expect(page).toEqual({ limit: 0, offset: 0, itemCount: 0, items: [] });
  });

  it.each([
    [{ limit: 101 }, "invalid_limit", "limit"],
    [{ limit: -1 }, "invalid_limit", "limit"],
    [{ limit: 2.5 }, "invalid_limit", "limit"],
    [{ limit: "20" }, "invalid_limit", "limit"],
    [{ offset: -1 }, "invalid_offset", "offset"],
    [{ offset: 0.5 }, "invalid_offset", "offset"],
    [{ timeFrom: "2026-01-01T00:00:00Z" }, "invalid_time", "timeFrom"],
    [{ timeFrom: "2026-01-01T00:00:00.000" }, "invalid_time", "timeFrom"],
    [{ timeTo: "2026-02-30T00:00:00.000Z" }, "invalid_time", "timeTo"],
    [{ timeTo: "2026-01-01T00:00:00.000+0100" }, "invalid_time", "timeTo"],
    [{ timeTo: "2026-01-01 00:00:00.000Z" }, "invalid_time", "timeTo"],
    [{ timeFrom: "2026-02-01T00:00:00.000Z", timeTo: "2026-01-01T00:00:00.000Z" }, "invalid_time_range", "timeFrom"],
    [{ merchantId: 42 }, "invalid_filter", "merchantId"],
    [{ address: "" }, "invalid_filter", "address"],
    [{ currency: "BTC" }, "unknown_field", "currency"],
  ])("refuses %j before sending", async (query, code, field) => {
    const stub = stubUpstream(() => jsonResponse('{"items":[]}'));
    const error = await failure(clientOn(stub).listPayouts(query as never));
    expect([error.kind, error.code, error.field]).toEqual(["invalid_request", code, field]);
    expect(stub.calls).toHaveLength(0);
  });

  it("fills page counts the upstream left out and names a missing items list", async () => {
    const stub = stubUpstream(() => jsonResponse(`{"items":[${PAYOUT}]}`));
    expect(await clientOn(stub).listPayouts({ limit: 5, offset: 10 })).toMatchObject({
      limit: 5,
      offset: 10,
      itemCount: 1,
    });
    const bad = stubUpstream(() => jsonResponse('{"limit":20}'));
    const error = await failure(clientOn(bad).listPayouts());
    expect([error.code, error.field]).toEqual(["missing_field", "items"]);
  });

  it("names a missing payoutId inside items", async () => {
    const stub = stubUpstream(() => jsonResponse('{"items":[{"payoutId":"a"},{"status":"SENT"}]}'));
    const error = await failure(clientOn(stub).listPayouts());
    expect([error.code, error.field]).toEqual(["missing_field", "items[1].payoutId"]);
  });
});

describe("payouts: create", () => {
  it("POSTs NewPayoutRequestV3 with transferAmount", async () => {
    const stub = stubUpstream(() => jsonResponse(PAYOUT));
    const request = {
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      transferAmount: "0.0001",
      address: "tb1qdest",
      comment: "refund 1001",
      notificationUrl: "https://checkout.example/hooks/acme",
      autoApprove: true,
      externalPayoutId: "r-1001",
    };
    const payout = await clientOn(stub).createPayout(request);
    const [call] = stub.calls;
    expect([call?.method, call?.url.toString()]).toEqual(["POST", `${BASE}/v3/payouts`]);
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(call?.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(call?.body ?? "")).toEqual(request);
    expect(payout).toEqual({
      payoutId: "po_1",
      address: "tb1qdest",
      transferAmount: "0.000000012345678901234",
      priceAmount: "10.00",
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      status: "CREATED",
      expirationTime: "2026-11-22T09:00:00.000Z",
      createdTime: "2026-11-22T08:00:00.000Z",
    });
  });

  it("POSTs with priceAmount only", async () => {
    const stub = stubUpstream(() => jsonResponse(PAYOUT));
    await clientOn(stub).createPayout({ priceCurrency: "EUR", transferCurrency: "BTC", priceAmount: "10.00" });
    expect(JSON.parse(stub.calls[0]?.body ?? "")).toEqual({
      priceCurrency: "EUR",
      transferCurrency: "BTC",
      priceAmount: "10.00",
    });
  });

  it.each([
    [{ transferAmount: "1", priceAmount: "2" }, "amount_conflict"],
    [{}, "missing_amount"],
    [{ transferAmount: "0" }, "invalid_amount"],
    [{ priceAmount: "ten" }, "invalid_amount"],
    [{ transferAmount: "1", autoApprove: "yes" }, "invalid_field"],
  ])("refuses %j before sending", async (amounts, code) => {
    const stub = stubUpstream(() => jsonResponse(PAYOUT));
    const error = await failure(
      clientOn(stub).createPayout({ priceCurrency: "EUR", transferCurrency: "BTC", ...amounts } as never),
    );
    expect([error.kind, error.code]).toEqual(["invalid_request", code]);
    expect(stub.calls).toHaveLength(0);
  });
});

describe("payouts: get, approve, resend-notification, limits", () => {
  it("GETs /v3/payouts/{id}", async () => {
    const stub = stubUpstream(() => jsonResponse('{"payoutId":"po/1","status":"SOMETHING_NEW"}'));
    const payout = await clientOn(stub).getPayout("po/1");
    expect([
      stub.calls[0]?.method,
      stub.calls[0]?.url.pathname,
      stub.calls[0]?.url.search,
      stub.calls[0]?.body,
    ]).toEqual(["GET", "/base/v3/payouts/po%2F1", "", ""]);
    expect(stub.calls[0]?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(payout).toEqual({ payoutId: "po/1", status: "SOMETHING_NEW" });
  });

  it("POSTs /v3/payouts/{id}/approve with no body and returns the payout", async () => {
    const stub = stubUpstream(() => jsonResponse('{"payoutId":"po_1","status":"APPROVED"}'));
    const payout = await clientOn(stub).approvePayout("po_1");
    const [call] = stub.calls;
    expect([call?.method, call?.url.pathname, call?.body]).toEqual(["POST", "/base/v3/payouts/po_1/approve", ""]);
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(payout.status).toBe("APPROVED");
  });

  it("reports an approval after expirationTime (an upstream 4xx) without retrying", async () => {
    const stub = stubUpstream(() => jsonResponse('{"message":"payout approval expired"}', 409));
    const error = await failure(clientOn(stub).approvePayout("po_1"));
    expect([error.kind, error.code, error.status]).toEqual(["http", "upstream_http_409", 409]);
    expect(error.upstreamBody).toContain("approval expired");
    expect(stub.calls).toHaveLength(1);
  });

  it("POSTs /v3/payouts/{id}/resend-notification and accepts an empty 200", async () => {
    const stub = stubUpstream(() => new Response(null, { status: 200 }));
    await expect(clientOn(stub).resendPayoutNotification("po_1")).resolves.toBeUndefined();
    const [call] = stub.calls;
    expect([call?.method, call?.url.pathname, call?.body]).toEqual([
      "POST",
      "/base/v3/payouts/po_1/resend-notification",
      "",
    ]);
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
  });

  it("GETs /v3/payouts/payout-limits with both currencies and reads the doubles exactly", async () => {
    const stub = stubUpstream(() =>
      jsonResponse('{"available":1234.56789012345678901,"minPayoutAmount":1e-5,"currency":"BTC"}'),
    );
    const limits = await clientOn(stub).getPayoutLimits({ transferCurrency: "BTC", priceCurrency: "EUR" });
    const [call] = stub.calls;
    expect([call?.method, call?.url.pathname, call?.body]).toEqual(["GET", "/base/v3/payouts/payout-limits", ""]);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({ transferCurrency: "BTC", priceCurrency: "EUR" });
    expect(call?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(limits).toEqual({ available: "1234.56789012345678901", minPayoutAmount: "0.00001", currency: "BTC" });
  });

  it("refuses payout limits without both currencies", async () => {
    const stub = stubUpstream(() => jsonResponse("{}"));
    const error = await failure(clientOn(stub).getPayoutLimits({ transferCurrency: "BTC" } as never));
    expect([error.kind, error.code, error.field]).toEqual(["invalid_request", "missing_field", "priceCurrency"]);
    expect(stub.calls).toHaveLength(0);
  });
});

describe("currencies (deprecated upstream)", () => {
  it("GETs /v3/currencies and checks every required field", async () => {
    const body =
      '[{"code":"BTC","name":"Bitcoin","paymentPriceEnabled":false,"paymentTransferEnabled":true,"payoutTransferEnabled":true,"payoutPriceEnabled":false,"decimals":8}]';
    const stub = stubUpstream(() => jsonResponse(body));
    const client = clientOn(stub);
    const list = await client.listCurrencies();
    expect([
      stub.calls[0]?.method,
      stub.calls[0]?.url.pathname,
      stub.calls[0]?.url.search,
      stub.calls[0]?.body,
    ]).toEqual(["GET", "/base/v3/currencies", "", ""]);
    expect(stub.calls[0]?.headers.get("authorization")).toBe(EXPECTED_AUTH);
    expect(list).toEqual([
      {
        code: "BTC",
        name: "Bitcoin",
        paymentPriceEnabled: false,
        paymentTransferEnabled: true,
        payoutTransferEnabled: true,
        payoutPriceEnabled: false,
      },
    ]);

    const bad = stubUpstream(() => jsonResponse('[{"code":"BTC","name":"Bitcoin"}]'));
    const error = await failure(clientOn(bad).listCurrencies());
    expect([error.code, error.field]).toEqual(["missing_field", "[0].paymentPriceEnabled"]);
  });
});
