import { describe, expect, it } from "vitest";
import { decimalFromText } from "../../../worker/v3/decimal.js";
import { parseHttpResponse } from "../../../worker/v3/http1.js";
import { isRfc3339, parseRfc3339 } from "../../../worker/v3/datetime.js";
import { parsePayment, parsePayout, parsePayoutLimits } from "../../../worker/v3/parse.js";
import { thrown } from "./support/failure.js";
import { PAYMENT_WITH_STRINGS } from "./support/stub-upstream.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const withField = (extra: string) => PAYMENT_WITH_STRINGS.replace(/}$/, `,${extra}}`);

describe("exact decimals", () => {
  it.each([
    ["12345678.123456789012", "12345678.123456789012"],
    ["25.00", "25.00"],
    ["0", "0"],
    ["-0.5", "-0.5"],
    ["1e-8", "0.00000001"],
    ["1E-8", "0.00000001"],
    ["1.5e+3", "1500"],
    ["123456789012345678901234567890", "123456789012345678901234567890"],
    ["9.99999999999999999999e20", "999999999999999999999"],
  ])("%s -> %s", (text, expected) => {
    expect(decimalFromText(text)).toBe(expected);
  });

  it.each(["", "abc", "1,5", "0x10", "NaN", "Infinity", "1e999", "1e-65", "01.5e2", ".5", "5."])(
    "refuses %j",
    (text) => {
      expect(decimalFromText(text)).toBeUndefined();
    },
  );

  it("a response amount as a JSON number keeps its digits, a JSON string too", () => {
    const p = parsePayment(
      '{"paymentId":"p","priceAmount":0.1000000000000000055511151231257827,"priceCurrency":"EUR","transferAmount":"0.30000000000000004","transferCurrency":"BTC","address":"a","status":"NEW"}',
    );
    expect(p.priceAmount).toBe("0.1000000000000000055511151231257827");
    expect(p.transferAmount).toBe("0.30000000000000004");
  });

  it("payout limits: doubles in the spec, exact strings here", () => {
    expect(parsePayoutLimits('{"available":0.1,"minPayoutAmount":2.5e-7}')).toEqual({
      available: "0.1",
      minPayoutAmount: "0.00000025",
    });
  });
});

describe("tolerant payment fields", () => {
  it.each([
    [
      "an object",
      '"redirectUrls":{"expired":"https://s.example/e","confirmed":"https://s.example/c"}',
      { expired: "https://s.example/e", confirmed: "https://s.example/c" },
    ],
    [
      "a JSON-encoded string",
      '"redirectUrls":"{\\"invalid\\":\\"https://s.example/i\\"}"',
      { invalid: "https://s.example/i" },
    ],
    ["null", '"redirectUrls":null', undefined],
    ["a string that is not JSON (ignored)", '"redirectUrls":"https://s.example/one"', undefined],
    ["a JSON string holding an array (ignored)", '"redirectUrls":"[1]"', undefined],
    [
      "an object with unknown keys and non-strings (dropped)",
      '"redirectUrls":{"confirmed":"https://s.example/c","cancel":"https://s.example/x","expired":7}',
      { confirmed: "https://s.example/c" },
    ],
  ])("redirectUrls as %s", (_name, field, expected) => {
    expect(parsePayment(withField(field)).redirectUrls).toEqual(expected);
  });

  it("redirectUrls absent", () => {
    expect(parsePayment(PAYMENT_WITH_STRINGS).redirectUrls).toBeUndefined();
  });

  it("null optional fields count as absent; transactions null or absent become []", () => {
    const p = parsePayment(
      PAYMENT_WITH_STRINGS.replace('"transactions":[]', '"walletLabel":null,"exchangeRate":null,"transactions":null'),
    );
    expect(p.walletLabel).toBeUndefined();
    expect(p.exchangeRate).toBeUndefined();
    expect(p.transactions).toEqual([]);
  });

  it("transactions keep unknown states and exact amounts", () => {
    const tx =
      '{"transactionId":"t1","paidTransferAmount":0.00012345678901234567,"priceAmount":"5.00","exchangeRate":40500.5,"observedTime":"2026-11-22T07:00:00Z","state":"DOUBLE_SPENT"}';
    const p = parsePayment(PAYMENT_WITH_STRINGS.replace('"transactions":[]', `"transactions":[${tx}]`));
    expect(p.transactions).toEqual([
      {
        transactionId: "t1",
        paidTransferAmount: "0.00012345678901234567",
        priceAmount: "5.00",
        exchangeRate: "40500.5",
        observedTime: "2026-11-22T07:00:00Z",
        state: "DOUBLE_SPENT",
      },
    ]);
  });

  it("a duplicate key: the last one wins, as with JSON.parse", () => {
    expect(parsePayment(withField('"status":"CONFIRMED"')).status).toBe("CONFIRMED");
  });

  it("a required field that is null is reported as missing", () => {
    const error = thrown(() => parsePayment(PAYMENT_WITH_STRINGS.replace('"status":"NEW"', '"status":null')));
    expect([error.kind, error.code, error.field]).toEqual(["invalid_response", "missing_field", "status"]);
  });

  it("a response that is not an object is invalid_field without a field", () => {
    const error = thrown(() => parsePayment("[]"));
    expect([error.code, error.field]).toEqual(["invalid_field", undefined]);
  });
});

describe("guaranteedExchangeRate, informative only", () => {
  it.each(['"none"', '""', "true", '{"rate":1}', "[1]"])(
    "drops %s (not a number) and keeps the payment readable",
    (value) => {
      const p = parsePayment(withField(`"guaranteedExchangeRate":${value}`));
      expect(p.guaranteedExchangeRate).toBeUndefined();
      expect(p.paymentId).toBeDefined();
    },
  );

  it("keeps a number or numeric text as an exact decimal", () => {
    expect(parsePayment(withField('"guaranteedExchangeRate":0.000012345678901234567')).guaranteedExchangeRate).toBe(
      "0.000012345678901234567",
    );
    expect(parsePayment(withField('"guaranteedExchangeRate":"12.5"')).guaranteedExchangeRate).toBe("12.5");
  });
});

describe("transactions: every field optional (docs/upstream.md, Payments)", () => {
  const FULL = {
    transactionId: "t1",
    paidTransferAmount: "0.00012345678901234567",
    priceAmount: "5.00",
    exchangeRate: "40500.50",
    observedTime: "2026-11-22T07:00:00Z",
    acceptedTime: "2026-11-22T07:05:00.5+01:00",
    rejectedTime: "2026-11-22T07:06:00z",
    state: "ACCEPTED",
  };
  const withTransactions = (txs: unknown[]) =>
    PAYMENT_WITH_STRINGS.replace('"transactions":[]', `"transactions":${JSON.stringify(txs)}`);

  it.each(Object.keys(FULL))(
    "reads a payment whose transaction lacks %s, keeping every other field exactly",
    (field) => {
      const { [field]: _gone, ...rest } = FULL as Record<string, string>;
      const p = parsePayment(withTransactions([rest]));
      expect(p.transactions).toHaveLength(1);
      expect(p.transactions[0]).toEqual(rest);
      expect(p.transactions[0]).not.toHaveProperty(field);
    },
  );

  it("reads a transaction with no field at all, and one whose fields are null", () => {
    const nulls = Object.fromEntries(Object.keys(FULL).map((k) => [k, null]));
    const p = parsePayment(withTransactions([{}, nulls, FULL]));
    expect(p.transactions[0]).toEqual({});
    expect(Object.values(p.transactions[1] ?? { x: 1 }).filter((v) => v !== undefined)).toEqual([]);
    expect(p.transactions[2]).toEqual(FULL);
  });

  it("keeps amounts sent as JSON numbers exact when the others are missing", () => {
    const p = parsePayment(
      PAYMENT_WITH_STRINGS.replace(
        '"transactions":[]',
        '"transactions":[{"paidTransferAmount":0.00012345678901234567}]',
      ),
    );
    expect(p.transactions).toEqual([{ paidTransferAmount: "0.00012345678901234567" }]);
  });

  it("still refuses a field that is present with the wrong shape", () => {
    const error = thrown(() => parsePayment(withTransactions([{ ...FULL, exchangeRate: "lots" }])));
    expect([error.code, error.field]).toEqual(["invalid_field", "transactions[0].exchangeRate"]);
  });
});

describe("date-times are RFC 3339; another form of an optional one is dropped", () => {
  it.each([
    ["2026-11-22T07:00:00Z", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22t07:00:00z", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T08:00:00.000+01:00", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T02:30:00-04:30", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T07:00:00-00:00", Date.UTC(2026, 10, 22, 7)],
    ["2026-11-22T07:00:00.123456789Z", Date.UTC(2026, 10, 22, 7, 0, 0, 123)],
    ["2024-02-29T00:00:00Z", Date.UTC(2024, 1, 29)],
    ["0001-01-01T00:00:00Z", -62135596800000],
  ])("reads %s", (text, ms) => {
    expect(parseRfc3339(text)).toBe(ms);
  });

  it.each([
    "Nov 22 2026",
    "2026-11-22",
    "2026/11/22 10:00",
    "1700000000000",
    "2026-11-22T07:00:00",
    "2026-11-22 07:00:00Z",
    "2026-11-22T07:00Z",
    "2026-02-30T00:00:00Z",
    "2025-02-29T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "2026-11-22T24:00:00Z",
    "2026-11-22T07:60:00Z",
    "2026-12-31T23:59:60Z",
    "2026-11-22T07:00:00+24:00",
    "2026-11-22T07:00:00+0100",
    "2026-11-22T07:00:00.Z",
    "+002026-11-22T07:00:00Z",
    " 2026-11-22T07:00:00Z",
    "",
  ])("refuses %j", (text) => {
    expect(parseRfc3339(text)).toBeUndefined();
    expect(isRfc3339(text)).toBe(false);
  });

  it("refuses what is not a string", () => {
    expect([1_700_000_000_000, null, undefined, {}].map(parseRfc3339)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("drops a malformed expirationTime and transaction times (the payment stays readable), keeps RFC 3339 ones as sent", () => {
    const tx =
      '{"transactionId":"t1","observedTime":"Nov 22 2026","acceptedTime":"2026-11-22T07:00:00.5+01:00","rejectedTime":1700000000000,"state":"PENDING"}';
    const p = parsePayment(
      PAYMENT_WITH_STRINGS.replace('"transactions":[]', `"expirationTime":"Nov 22 2026","transactions":[${tx}]`),
    );
    expect(p.expirationTime).toBeUndefined();
    expect(p.transactions[0]?.observedTime).toBeUndefined();
    expect(p.transactions[0]?.rejectedTime).toBeUndefined();
    expect(p.transactions[0]?.acceptedTime).toBe("2026-11-22T07:00:00.5+01:00");
    expect(JSON.parse(JSON.stringify(p))).not.toHaveProperty("expirationTime");
    expect(parsePayment(withField('"expirationTime":"2026-11-22T07:15:00Z"')).expirationTime).toBe(
      "2026-11-22T07:15:00Z",
    );
  });

  it("drops malformed payout times the same way", () => {
    const p = parsePayout(
      '{"payoutId":"po_1","createdTime":"2026-11-22","sentTime":"2026/11/22 10:00","expirationTime":"2026-11-22T08:00:00+01:00"}',
    );
    expect(p.createdTime).toBeUndefined();
    expect(p.sentTime).toBeUndefined();
    expect(p.expirationTime).toBe("2026-11-22T08:00:00+01:00");
  });
});

describe("HTTP/1.1 response parser (estimate-conversion)", () => {
  it("waits for the whole Content-Length body", () => {
    expect(parseHttpResponse(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab"), false)).toBeUndefined();
    expect(parseHttpResponse(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabcde"), false)).toEqual({
      status: 200,
      text: "abcde",
    });
  });

  it("decodes chunks with extensions and trailers, and multi-byte UTF-8 split across chunks", () => {
    const euro = bytes("€"); // 3 bytes
    const head = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;ext=1\r\n");
    const rest = bytes("\r\n2\r\n");
    const tail = bytes("\r\n0\r\nX-Trailer: t\r\n\r\n");
    const all = new Uint8Array([...head, euro[0] ?? 0, ...rest, euro[1] ?? 0, euro[2] ?? 0, ...tail]);
    expect(parseHttpResponse(all, false)).toEqual({ status: 200, text: "€" });
    expect(parseHttpResponse(all.subarray(0, all.length - 2), false)).toBeUndefined();
  });

  it("reads to the end of the connection when there is no framing", () => {
    expect(parseHttpResponse(bytes("HTTP/1.0 200 OK\r\n\r\n{}"), false)).toBeUndefined();
    expect(parseHttpResponse(bytes("HTTP/1.0 200 OK\r\n\r\n{}"), true)).toEqual({ status: 200, text: "{}" });
  });

  it.each([
    ["an empty answer", "", "connection closed without a response"],
    ["a cut head", "HTTP/1.1 200 OK\r\nContent-Le", "incomplete response head"],
    ["a short body", "HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{}", "body shorter than announced"],
    ["a bad status line", "SMTP ready\r\n\r\n", "bad status line"],
    ["a bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "bad chunk size"],
    ["a bad Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "bad Content-Length"],
  ])("refuses %s as malformed", (_name, text, message) => {
    const error = thrown(() => parseHttpResponse(bytes(text), true));
    expect([error.kind, error.code]).toEqual(["invalid_response", "malformed_http_response"]);
    expect(error.message).toContain(message);
  });
});
