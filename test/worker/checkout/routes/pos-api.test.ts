/**
 * The point of sale's charge (POST /dashboard/api/shops/{shop}/pos/charges, desk/desk-pos.ts)
 * through the whole Worker with a real session: refused without a session, without the CSRF token
 * or from another origin, for a shop that is not the session's (as a shop that does not exist),
 * for every malformed or out-of-range amount; else an ordinary payment of the shop, created at the
 * payment service with the typed amount, the currency, the memo and a `pos-` order id, readable
 * with the answer's client secret. Every answer is checked against the OpenAPI document (callWith).
 */
import { describe, expect, it } from "vitest";
import type { DeskPosSale } from "../../../../worker/checkout/dashboard-wire.js";
import { priceDecimals } from "../../../../worker/checkout/desk/desk-pos.js";
import type { PaymentView } from "../../../../worker/checkout/wire.js";
import { signedIn, type Signed } from "../support/desk-sign-in.js";
import { callWith, errorOf, ORIGIN } from "../support/http.js";
import { useStubs } from "../support/stubs.js";

const stubs = useStubs();

const POS_ORDER_ID = /^pos-\d{8}-[0-9a-f]{16}$/;

/** A charge as the point of sale's page sends it: the cookie, the session's CSRF token, the own Origin. */
function charge(
  as: Signed | null,
  body: unknown,
  init: { shop?: string; csrf?: string | null; origin?: string | null; ip?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (as) headers.Cookie = as.cookie;
  const csrf = init.csrf === undefined ? as?.session.csrfToken : init.csrf;
  if (csrf) headers["X-CSRF-Token"] = csrf;
  if (init.origin !== null) headers.Origin = init.origin ?? ORIGIN;
  if (init.ip) headers["CF-Connecting-IP"] = init.ip;
  return callWith({}, `/dashboard/api/shops/${init.shop ?? "demo-open"}/pos/charges`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const SALE = { priceAmount: "12.50", priceCurrency: "EUR", transferCurrency: "BTC" };
const creates = () => stubs.upstream.count("POST", "/v3/payments");

describe("POST /dashboard/api/shops/{shop}/pos/charges: who may charge", () => {
  it("is 401 unauthenticated without a session, and creates nothing", async () => {
    const response = await charge(null, SALE);
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe("unauthenticated");
    expect(creates()).toBe(0);
  });

  it("is 403 without the session's CSRF token, with another one, or from another origin", async () => {
    const me = await signedIn("demo-open");
    const other = await signedIn("demo-open");
    const missing = await charge(me, SALE, { csrf: null });
    expect(missing.status).toBe(403);
    expect((await errorOf(missing)).code).toBe("csrf_refused");
    const foreign = await charge(me, SALE, { csrf: other.session.csrfToken });
    expect(foreign.status).toBe(403);
    expect((await errorOf(foreign)).code).toBe("csrf_refused");
    const elsewhere = await charge(me, SALE, { origin: "https://evil.example" });
    expect(elsewhere.status).toBe(403);
    expect((await errorOf(elsewhere)).code).toBe("origin_not_allowed");
    const noOrigin = await charge(me, SALE, { origin: null });
    expect(noOrigin.status).toBe(403);
    expect(creates()).toBe(0);
  });

  it("refuses a shop that is not the session's exactly as a shop that does not exist", async () => {
    const me = await signedIn("demo-open");
    const other = await charge(me, SALE, { shop: "demo-signed" });
    const missing = await charge(me, SALE, { shop: "no-such-shop" });
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    const [a, b] = [await errorOf(other), await errorOf(missing)];
    expect(a.code).toBe("unknown_shop");
    expect(a).toEqual(b);
    expect(creates()).toBe(0);
  });
});

describe("POST …/pos/charges: the amount", () => {
  it.each([
    ["12.345", "EUR has 2 decimals; this amount has 3"],
    ["-5", "plain decimal"],
    ["+5", "plain decimal"],
    ["1e3", "plain decimal"],
    ["12.", "plain decimal"],
    [".5", "plain decimal"],
    ["007", "plain decimal"],
    ["1,50", "plain decimal"],
    ["1234567890", "at most 9 digits"],
    ["", "plain decimal"],
  ])("refuses %j with 400 invalid_request naming the rule", async (priceAmount, why) => {
    const me = await signedIn("demo-open");
    const response = await charge(me, { ...SALE, priceAmount });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe("invalid_request");
    expect(error.message).toContain("priceAmount");
    expect(error.message).toContain(why);
    expect(creates()).toBe(0);
  });

  it("refuses a number, unknown fields, a currency the shop does not price in, and a memo with a line break", async () => {
    const me = await signedIn("demo-open");
    const cases: [unknown, number, string][] = [
      [{ ...SALE, priceAmount: 12.5 }, 400, "invalid_request"],
      [{ ...SALE, orderId: "mine" }, 400, "invalid_request"],
      [{ ...SALE, memo: "one\ntwo" }, 400, "invalid_request"],
      [{ ...SALE, memo: "x".repeat(141) }, 400, "invalid_request"],
      [{ ...SALE, priceCurrency: "GBP" }, 400, "currency_not_enabled"],
      ["{", 400, "invalid_request"],
    ];
    for (const [body, status, code] of cases) {
      const response = await charge(me, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await errorOf(response)).code).toBe(code);
    }
    expect(creates()).toBe(0);
  });

  it.each(["0", "0.00", "0.99", "5000.01"])(
    "refuses %s outside the shop's limits (1.00 to 5000.00) with 400 amount_out_of_range",
    async (priceAmount) => {
      const me = await signedIn("demo-open");
      const response = await charge(me, { ...SALE, priceAmount });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("amount_out_of_range");
      expect(error.message).toContain("between 1.00 and 5000.00 EUR");
      expect(creates()).toBe(0);
    },
  );

  it("knows each currency's decimals from ISO 4217", () => {
    expect([priceDecimals("EUR"), priceDecimals("USD"), priceDecimals("JPY"), priceDecimals("BHD")]).toEqual([
      2, 2, 0, 3,
    ]);
  });
});

describe("POST …/pos/charges: the sale", () => {
  it("creates an ordinary payment of the shop with the typed amount, a pos- order id and the memo, readable with its client secret", async () => {
    const me = await signedIn("demo-open");
    const response = await charge(me, { ...SALE, priceCurrency: "USD", memo: "  Table 4  " });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const sale = (await response.json()) as DeskPosSale;
    expect(sale.orderId).toMatch(POS_ORDER_ID);
    expect(sale.orderId.slice(4, 12)).toBe(new Date().toISOString().slice(0, 10).replaceAll("-", ""));
    expect(sale).toMatchObject({ priceAmount: "12.50", priceCurrency: "USD", transferCurrency: "BTC" });
    expect(creates()).toBe(1);
    const sent = JSON.parse(stubs.upstream.calls.find((c) => c.path === "/v3/payments")?.body ?? "{}") as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      priceAmount: "12.50",
      priceCurrency: "USD",
      transferCurrency: "BTC",
      walletMessage: "Table 4",
      externalPaymentId: `demo-open:${sale.orderId}`,
    });

    const read = await callWith(
      {},
      `/api/shops/demo-open/payments/${sale.paymentId}?clientSecret=${sale.clientSecret}`,
    );
    expect(read.status).toBe(200);
    const view = (await read.json()) as PaymentView;
    expect(view).toMatchObject({
      paymentId: sale.paymentId,
      priceAmount: "12.50",
      priceCurrency: "USD",
      status: "NEW",
    });
    const wrong = await callWith({}, `/api/shops/demo-open/payments/${sale.paymentId}?clientSecret=cs_wrong`);
    expect(wrong.status).toBe(404);
  });

  it("gives every sale its own order, so two equal charges are two payments", async () => {
    const me = await signedIn("demo-open");
    const a = (await (await charge(me, SALE)).json()) as DeskPosSale;
    const b = (await (await charge(me, SALE)).json()) as DeskPosSale;
    expect(a.orderId).not.toBe(b.orderId);
    expect(a.paymentId).not.toBe(b.paymentId);
    expect(creates()).toBe(2);
  });

  it("charges a signed-pricing shop without an order token: the session is the authority on the price", async () => {
    const me = await signedIn("demo-signed");
    const response = await charge(
      me,
      { priceAmount: "3", priceCurrency: "EUR", transferCurrency: "LTC" },
      {
        shop: "demo-signed",
      },
    );
    expect(response.status).toBe(201);
    const sale = (await response.json()) as DeskPosSale;
    expect(sale).toMatchObject({ priceAmount: "3", priceCurrency: "EUR", transferCurrency: "LTC" });
  });

  it("is rate-limited per client and shop as the element's creates are (429 with Retry-After)", async () => {
    const me = await signedIn("demo-open");
    const ip = "203.0.113.91";
    let limited: Response | undefined;
    const statuses: number[] = [];
    for (let i = 0; i < 30 && !limited; i += 1) {
      const response = await charge(me, { ...SALE, priceAmount: "-1" }, { ip });
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    if (!limited) throw new Error(`never limited: ${statuses.join(",")}`);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect((await errorOf(limited)).code).toBe("rate_limited");
    expect((await charge(me, SALE)).status).toBe(201);
  });
});
