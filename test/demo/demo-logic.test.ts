/** The demo page's pure logic: configuration in the query string, amounts, the embed snippet, tokens, result pages, the shop backend's log. */
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { cartTotal, enabledActions, summarizeCart, transactionAmount } from "../../demo/src/amounts.js";
import {
  advanceCursor,
  formatEntry,
  isReceivedPage,
  MAX_SHOWN,
  mergeEntries,
  outcomeTone,
  type ReceivedEntry,
} from "../../demo/src/backend-log.js";
import {
  configFromQuery,
  configToQuery,
  DEFAULT_AMOUNT,
  LOCALES,
  needsNewOrder,
  newOrderId,
  type DemoConfig,
} from "../../demo/src/config.js";
import { isFinalResult, resultFromQuery } from "../../demo/src/result.js";
import { embedSnippet, isWidgetManifest } from "../../demo/src/snippet.js";
import { tamperToken } from "../../demo/src/token.js";
import { LANGUAGES } from "../../widget/locales/languages.js";
import { ORDER_ID, SHOP_ID, type PaymentView } from "../../worker/checkout/wire.js";
import { newView } from "../support/payment-views.js";

const config: DemoConfig = {
  shop: "demo-open",
  orderId: "NW-ABC",
  amount: "47.40",
  priceCurrency: "EUR",
  transferCurrency: "BTC",
  locale: "de",
  theme: "dark",
};

function view(overrides: Partial<PaymentView>): PaymentView {
  return newView({ paymentId: "p1", transferAmount: "0.00041667", ...overrides });
}

describe("demo configuration", () => {
  it("round-trips through the query string", () => {
    expect(configFromQuery(configToQuery(config))).toEqual(config);
  });

  it("fills defaults and replaces malformed values", () => {
    const parsed = configFromQuery(
      "?shop=Bad%20Shop&amount=1e3&currency=eur&transfer=<x>&locale=xx&theme=neon",
      () => "NW-NEW",
    );
    expect(parsed).toEqual({
      shop: "demo-open",
      orderId: "NW-NEW",
      amount: DEFAULT_AMOUNT,
      priceCurrency: "EUR",
      transferCurrency: "",
      locale: "",
      theme: "auto",
    });
  });

  it("offers every language of the element, each named in itself", () => {
    expect(LOCALES.map((l) => l.code)).toEqual(["", ...LANGUAGES]);
    expect(LOCALES.filter((l) => ["de", "ja", "zh-TW"].includes(l.code)).map((l) => l.label)).toEqual([
      "Deutsch (de)",
      "日本語 (ja)",
      "中文（台灣） (zh-TW)",
    ]);
    expect(configFromQuery("?locale=zh-TW").locale).toBe("zh-TW");
  });

  it.each(["0025.00", "00", "1.234", "-1", "1e3", "12345678901"])(
    "replaces the amount %s, which the checkout would refuse, by the default",
    (amount) => {
      expect(configFromQuery(`?amount=${amount}`, () => "NW-NEW").amount).toBe(DEFAULT_AMOUNT);
    },
  );

  it.each(["0.50", "0", "25", "47.40", "999999999.99"])("keeps the amount %s", (amount) => {
    expect(configFromQuery(`?amount=${amount}`, () => "NW-NEW").amount).toBe(amount);
  });

  it.each(["A.1:2", "order:42", "x".repeat(64)])("keeps the order id %s, which the checkout takes", (orderId) => {
    expect(configFromQuery(`?order=${encodeURIComponent(orderId)}`, () => "NW-NEW").orderId).toBe(orderId);
  });

  it.each(["-1", "_x", ".x", "x".repeat(65), "a b"])(
    "replaces the order id %j, which the checkout would refuse, by a new one",
    (orderId) => {
      expect(configFromQuery(`?order=${encodeURIComponent(orderId)}`, () => "NW-NEW").orderId).toBe("NW-NEW");
    },
  );

  it.each([
    ["demo-signed", "demo-signed"],
    ["acme_", "demo-open"],
    ["-acme", "demo-open"],
  ])("takes the shop %s only when it is a shop id the checkout takes", (shop, expected) => {
    expect(configFromQuery(`?shop=${shop}`).shop).toBe(expected);
  });

  it("makes order ids the checkout takes", () => {
    expect(ORDER_ID.test(newOrderId())).toBe(true);
    for (const shop of ["demo-open", "demo-signed"]) expect(SHOP_ID.test(shop)).toBe(true);
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
    expect(summarizeCart("47.40")).toMatchObject({
      subtotal: "42.50",
      shipping: "4.90",
      adjustment: "0.00",
      total: "47.40",
    });
    expect(summarizeCart("10.10").adjustment).toBe("-37.30");
    expect(
      summarizeCart("0.30", [{ name: "Filter papers", detail: "100 pcs", unitPrice: "0.10", quantity: 3 }], "0")
        .adjustment,
    ).toBe("0.00");
  });

  it("computes what each wallet action sends, in the transfer currency", () => {
    const fresh = view({});
    expect(transactionAmount("pay-exact", fresh)).toBe("0.00041667");
    expect(transactionAmount("pay-rest", fresh)).toBeUndefined();
    expect(transactionAmount("pay-part", fresh)).toBe("0.00020833");
    expect(transactionAmount("overpay", fresh)).toBe(new Decimal("0.00041667").plus("0.00004166").toFixed(8));

    const part = view({
      status: "UNDERPAID",
      paidTransferAmount: "0.00020833",
      acceptedPaidTransferAmount: "0.00020833",
    });
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
      transactions: [
        {
          transactionId: "t1",
          state: "PENDING",
          paidTransferAmount: "0.0001",
          priceAmount: "6.00",
          exchangeRate: "60000",
        },
      ],
    });
    expect([...enabledActions(pending)].sort()).toEqual([
      "confirm",
      "expire",
      "overpay",
      "pay-part",
      "pay-rest",
      "reject",
    ]);
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
    const snippet = embedSnippet(
      { ...config, transferCurrency: "", locale: "", theme: "auto" },
      "signed",
      "https://c.example",
      manifest,
    );
    expect(snippet).toContain('order-token="ORDER_TOKEN_FROM_YOUR_BACKEND"');
    expect(snippet).not.toContain("price-amount");
    expect(snippet).not.toContain("theme=");
  });

  it("escapes attribute values and checks the manifest", () => {
    expect(embedSnippet({ ...config, orderId: 'a"<b>' }, "open", "https://c.example", manifest)).toContain(
      'order-id="a&quot;&lt;b&gt;"',
    );
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
    expect(resultFromQuery("?result=expired&order=A.1%3A2")).toEqual({ result: "expired", orderId: "A.1:2" });
    expect(resultFromQuery("?result=expired&order=_x")).toBeUndefined();
    expect(isFinalResult("unconfirmed")).toBe(false);
    expect(isFinalResult("invalid")).toBe(true);
  });
});

describe("shop backend log", () => {
  const entry = (seq: number, overrides: Partial<ReceivedEntry> = {}): ReceivedEntry => ({
    seq,
    at: "2026-05-01T10:00:00.000Z",
    webhookId: `msg_${seq}`,
    type: "payment.updated",
    shop: "demo-open",
    orderId: "NW-1234",
    verified: true,
    outcome: "recorded",
    message: `payment.updated for order NW-1234: UNCONFIRMED, signature verified`,
    ...overrides,
  });
  const iso = (date: Date) => date.toISOString();

  it("formats an entry: time, message and a badge by outcome", () => {
    const paid = formatEntry(
      entry(7, { outcome: "paid", message: "order NW-1234 paid (49.90 EUR), signature verified" }),
      iso,
    );
    expect(paid).toEqual({
      seq: 7,
      outcome: "paid",
      label: "paid",
      tone: "success",
      time: "2026-05-01T10:00:00.000Z",
      datetime: "2026-05-01T10:00:00.000Z",
      text: "order NW-1234 paid (49.90 EUR), signature verified",
    });
    const outage = formatEntry(
      entry(8, {
        outcome: "failed-on-purpose",
        verified: false,
        message: "answered 503 on purpose (simulated outage, 1 more to fail)",
      }),
      iso,
    );
    expect(outage).toMatchObject({
      label: "failed on purpose",
      tone: "warning",
      text: "answered 503 on purpose (simulated outage, 1 more to fail) (signature not verified)",
    });
    const refused = formatEntry(
      entry(9, { outcome: "refused", verified: false, message: "signature refused: No matching signature found" }),
      iso,
    );
    expect(refused).toMatchObject({ tone: "warning", text: "signature refused: No matching signature found" });
    expect(formatEntry(entry(10, { at: "yesterday", message: "  " }), iso)).toMatchObject({
      time: "",
      datetime: "",
      text: "payment.updated for order NW-1234",
    });
    expect(["recorded", "duplicate", "stale"].map((o) => outcomeTone(o as ReceivedEntry["outcome"]))).toEqual([
      "neutral",
      "neutral",
      "neutral",
    ]);
  });

  it("merges new entries newest first, without repeats, up to the cap", () => {
    expect(mergeEntries([], [entry(1), entry(2), entry(3)]).map((e) => e.seq)).toEqual([3, 2, 1]);
    expect(mergeEntries([entry(3), entry(2)], [entry(3), entry(4), entry(5)]).map((e) => e.seq)).toEqual([5, 4, 3, 2]);
    const many = Array.from({ length: 45 }, (_, i) => entry(i + 1));
    const merged = mergeEntries(mergeEntries([], many.slice(0, 30)), many.slice(30));
    expect(merged).toHaveLength(MAX_SHOWN);
    expect(merged[0]?.seq).toBe(45);
    expect(merged.at(-1)?.seq).toBe(26);
    expect(mergeEntries([entry(1)], [entry(2)], 1).map((e) => e.seq)).toEqual([2]);
  });

  it("keeps the cursor, and starts over when the backend restarted", () => {
    expect(advanceCursor(0, { entries: [entry(1), entry(2)], next: 2 })).toEqual({ after: 2, restarted: false });
    expect(advanceCursor(2, { entries: [], next: 2 })).toEqual({ after: 2, restarted: false });
    expect(advanceCursor(40, { entries: [], next: 3 })).toEqual({ after: 0, restarted: true });
  });

  it("checks the shape of the backend's answer", () => {
    expect(
      isReceivedPage({
        entries: [entry(1), entry(2, { orderId: undefined, webhookId: null, type: null, shop: null })],
        next: 2,
      }),
    ).toBe(true);
    expect(isReceivedPage({ entries: [], next: 0 })).toBe(true);
    expect(isReceivedPage({ entries: [], next: -1 })).toBe(false);
    expect(isReceivedPage({ entries: [{ ...entry(1), outcome: "won" }], next: 1 })).toBe(false);
    expect(isReceivedPage({ entries: [{ ...entry(1), verified: "yes" }], next: 1 })).toBe(false);
    expect(isReceivedPage({ error: { code: "upstream_unavailable" } })).toBe(false);
    expect(isReceivedPage(null)).toBe(false);
  });
});
