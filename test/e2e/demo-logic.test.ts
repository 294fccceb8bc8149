/** The demo page's pure logic: configuration in the query string, amounts, the embed snippet, tokens, result pages. */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { cartTotal, enabledActions, summarizeCart, transactionAmount } from "../../demo/src/amounts.js";
import { configFromQuery, configToQuery, DEFAULT_AMOUNT, needsNewOrder, newOrderId, type DemoConfig } from "../../demo/src/config.js";
import { isFinalResult, resultFromQuery } from "../../demo/src/result.js";
import { embedSnippet, isWidgetManifest } from "../../demo/src/snippet.js";
import { tamperToken } from "../../demo/src/token.js";
import type { PaymentView } from "../../worker/checkout/wire.js";
import { newView } from "../support/payment-views.js";

const config: DemoConfig = { shop: "demo-open", orderId: "NW-ABC", amount: "47.40", priceCurrency: "EUR", transferCurrency: "BTC", locale: "de", theme: "dark" };

function view(overrides: Partial<PaymentView>): PaymentView {
  return newView({ paymentId: "p1", transferAmount: "0.00041667", ...overrides });
}

describe("demo configuration", () => {
  it("round-trips through the query string", () => {
    expect(configFromQuery(configToQuery(config))).toEqual(config);
  });

  it("fills defaults and replaces malformed values", () => {
    const parsed = configFromQuery("?shop=Bad%20Shop&amount=1e3&currency=eur&transfer=<x>&locale=xx&theme=neon", () => "NW-NEW");
    expect(parsed).toEqual({ shop: "demo-open", orderId: "NW-NEW", amount: DEFAULT_AMOUNT, priceCurrency: "EUR", transferCurrency: "", locale: "", theme: "auto" });
  });

  it("makes order ids from random bytes", () => {
    expect(newOrderId((bytes) => bytes.fill(0))).toBe("NW-AAAAAAAA");
    expect(newOrderId()).toMatch(/^NW-[A-Z2-9]{8}$/);
  });

  it("starts a new order only when the price changes", () => {
    expect(needsNewOrder(config, { ...config, locale: "fr", theme: "light" })).toBe(false);
    expect(needsNewOrder(config, { ...config, amount: "10.00" })).toBe(true);
    expect(needsNewOrder(config, { ...config, transferCurrency: "LTC" })).toBe(true);
    expect(needsNewOrder(config, { ...config, shop: "demo-signed" })).toBe(true);
  });
});

describe("demo amounts", () => {
  it("sums the cart exactly and shows a configured total as an adjustment", () => {
    expect(cartTotal()).toBe("47.40");
    expect(summarizeCart("47.40")).toMatchObject({ subtotal: "42.50", shipping: "4.90", adjustment: "0.00", total: "47.40" });
    expect(summarizeCart("10.10").adjustment).toBe("-37.30");
    expect(summarizeCart("0.30", [{ name: "Filter papers", detail: "100 pcs", unitPrice: "0.10", quantity: 3 }], "0").adjustment).toBe("0.00");
  });

  it("computes what each wallet action sends, in the transfer currency", () => {
    const fresh = view({});
    expect(transactionAmount("pay-exact", fresh)).toBe("0.00041667");
    expect(transactionAmount("pay-rest", fresh)).toBeUndefined();
    expect(transactionAmount("pay-part", fresh)).toBe("0.00020833");
    expect(transactionAmount("overpay", fresh)).toBe(new Decimal("0.00041667").plus("0.00004166").toFixed(8));

    const part = view({ status: "UNDERPAID", paidTransferAmount: "0.00020833", acceptedPaidTransferAmount: "0.00020833" });
    expect(transactionAmount("pay-exact", part)).toBeUndefined();
    expect(transactionAmount("pay-rest", part)).toBe("0.00020834");
    expect(transactionAmount("pay-exact", view({ status: "CONFIRMED" }))).toBeUndefined();
  });

  it("enables only the actions that make sense now", () => {
    expect([...enabledActions(undefined)]).toEqual([]);
    expect([...enabledActions(view({ status: "EXPIRED" }))]).toEqual([]);
    expect([...enabledActions(view({}))].sort()).toEqual(["expire", "overpay", "pay-exact", "pay-part"]);
    const pending = view({
      paidTransferAmount: "0.0001",
      pendingPaidTransferAmount: "0.0001",
      transactions: [{ transactionId: "t1", state: "PENDING", paidTransferAmount: "0.0001", priceAmount: "6.00", exchangeRate: "60000" }],
    });
    expect([...enabledActions(pending)].sort()).toEqual(["confirm", "expire", "overpay", "pay-part", "pay-rest", "reject"]);
  });
});

describe("embed snippet", () => {
  const manifest = { file: "widget.0123abcd.js", integrity: "sha384-AbC+/=" };

  it("uses the hashed script with its integrity and the element's attributes", () => {
    expect(embedSnippet(config, "open", "https://checkout.example", manifest)).toBe(
      [
        '<script type="module" src="https://checkout.example/widget.0123abcd.js"',
        '  integrity="sha384-AbC+/=" crossorigin="anonymous"></script>',
        "<crypto-checkout",
        '  shop="demo-open"',
        '  order-id="NW-ABC"',
        '  price-amount="47.40"',
        '  price-currency="EUR"',
        '  transfer-currency="BTC"',
        '  locale="de"',
        '  theme="dark">',
        "</crypto-checkout>",
      ].join("\n"),
    );
  });

  it("leaves the price to the order token with signed pricing", () => {
    const snippet = embedSnippet({ ...config, transferCurrency: "", locale: "", theme: "auto" }, "signed", "https://c.example", manifest);
    expect(snippet).toContain('order-token="ORDER_TOKEN_FROM_YOUR_BACKEND"');
    expect(snippet).not.toContain("price-amount");
    expect(snippet).not.toContain("theme=");
  });

  it("escapes attribute values and checks the manifest", () => {
    expect(embedSnippet({ ...config, orderId: 'a"<b>' }, "open", "https://c.example", manifest)).toContain('order-id="a&quot;&lt;b&gt;"');
    expect(isWidgetManifest(manifest)).toBe(true);
    expect(isWidgetManifest({ file: "../evil.js", integrity: "sha384-x" })).toBe(false);
    expect(isWidgetManifest({ file: "widget.js", integrity: "md5-x" })).toBe(false);
  });
});

describe("order tokens and result pages", () => {
  it("tampers with the payload only, keeping the token well-formed", () => {
    const token = "eyJhbGciOiJIUzI1NiJ9.eyJvcmRlcklkIjoiTlctQUJDIn0.c2lnbmF0dXJl";
    const tampered = tamperToken(token);
    const [header, payload, signature] = tampered.split(".");
    expect(tampered).not.toBe(token);
    expect(header).toBe("eyJhbGciOiJIUzI1NiJ9");
    expect(signature).toBe("c2lnbmF0dXJl");
    expect(payload).toHaveLength("eyJvcmRlcklkIjoiTlctQUJDIn0".length);
  });

  it("reads the result the element redirected with", () => {
    expect(resultFromQuery("?result=confirmed&order=NW-1")).toEqual({ result: "confirmed", orderId: "NW-1" });
    expect(resultFromQuery("?result=paid&order=NW-1")).toBeUndefined();
    expect(resultFromQuery("?result=expired&order=<script>")).toBeUndefined();
    expect(isFinalResult("unconfirmed")).toBe(false);
    expect(isFinalResult("invalid")).toBe(true);
  });
});
