import { describe, expect, it } from "vitest";
import {
  MAX_NOTIFICATION_BYTES,
  parseAnyNotification,
  parseNotification,
  signBody,
  verifyNotification,
} from "../../../worker/v3/notification.js";
import { failure, thrown } from "./support/failure.js";
import { PAYMENT_WITH_NUMBERS, PAYMENT_WITH_STRINGS } from "./support/stub-upstream.js";

const HMAC_KEY = "sbx_demo_hmac_9a41e2";

// RFC 4231, test case 2: HMAC-SHA256(key "Jefe", "what do ya want for nothing?").
const RFC_KEY = "Jefe";
const RFC_DATA = "what do ya want for nothing?";
const RFC_HEX = "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843";
const RFC_BASE64 = btoa(String.fromCharCode(...(RFC_HEX.match(/../g) ?? []).map((h) => parseInt(h, 16))));

const ENVELOPE = `{"timestamp":"2026-11-22T07:30:00.123Z","notificationType":"v3/payment","body":${PAYMENT_WITH_NUMBERS}}`;

function post(body: string | Uint8Array, headers: Record<string, string>): Request {
  return new Request("https://checkout.example/hooks/demo-open", { method: "POST", body, headers });
}

describe("signBody", () => {
  it("matches the RFC 4231 HMAC-SHA256 vector in hex (default) and base64", async () => {
    expect(await signBody(RFC_DATA, { key: RFC_KEY })).toBe(RFC_HEX);
    expect(await signBody(new TextEncoder().encode(RFC_DATA), { key: RFC_KEY, encoding: "base64" })).toBe(RFC_BASE64);
    expect(await signBody(new TextEncoder().encode(RFC_DATA).buffer as ArrayBuffer, { key: RFC_KEY })).toBe(RFC_HEX);
  });
});

describe("verifyNotification", () => {
  it("accepts a valid hex signature in X-Signature and returns the raw body", async () => {
    const { raw } = await verifyNotification(post(RFC_DATA, { "X-Signature": RFC_HEX }), { key: RFC_KEY });
    expect(raw).toBe(RFC_DATA);
  });

  it("accepts uppercase hex", async () => {
    await expect(
      verifyNotification(post(RFC_DATA, { "X-Signature": RFC_HEX.toUpperCase() }), { key: RFC_KEY }),
    ).resolves.toEqual({ raw: RFC_DATA });
  });

  it("accepts a valid base64 signature in a configured header", async () => {
    const { raw } = await verifyNotification(post(RFC_DATA, { "X-Callback-Signature": RFC_BASE64 }), {
      key: RFC_KEY,
      header: "X-Callback-Signature",
      encoding: "base64",
    });
    expect(raw).toBe(RFC_DATA);
  });

  it("round-trips a real envelope signed with signBody", async () => {
    const signature = await signBody(ENVELOPE, { key: HMAC_KEY });
    const { raw } = await verifyNotification(post(ENVELOPE, { "X-Signature": signature }), { key: HMAC_KEY });
    expect(raw).toBe(ENVELOPE);
  });

  it("refuses a tampered body (one byte, or only the JSON whitespace)", async () => {
    const signature = await signBody(ENVELOPE, { key: HMAC_KEY });
    const tampered = ENVELOPE.replace('"status": "NEW"', '"status": "CONFIRMED"');
    expect(tampered).not.toBe(ENVELOPE);
    const e1 = await failure(verifyNotification(post(tampered, { "X-Signature": signature }), { key: HMAC_KEY }));
    expect([e1.kind, e1.code]).toEqual(["invalid_signature", "bad_signature"]);
    const reserialised = JSON.stringify(JSON.parse(ENVELOPE));
    const e2 = await failure(verifyNotification(post(reserialised, { "X-Signature": signature }), { key: HMAC_KEY }));
    expect(e2.code).toBe("bad_signature");
  });

  it("refuses a signature made with another key", async () => {
    const signature = await signBody(ENVELOPE, { key: "sbx_other_hmac_77c1b0" });
    const error = await failure(verifyNotification(post(ENVELOPE, { "X-Signature": signature }), { key: HMAC_KEY }));
    expect([error.kind, error.code]).toEqual(["invalid_signature", "bad_signature"]);
  });

  it("refuses a signature in the wrong encoding as malformed", async () => {
    const hexUnderBase64 = await failure(
      verifyNotification(post(RFC_DATA, { "X-Signature": RFC_HEX }), { key: RFC_KEY, encoding: "base64" }),
    );
    expect([hexUnderBase64.kind, hexUnderBase64.code]).toEqual(["invalid_signature", "malformed_signature"]);
    const base64UnderHex = await failure(
      verifyNotification(post(RFC_DATA, { "X-Signature": RFC_BASE64 }), { key: RFC_KEY }),
    );
    expect(base64UnderHex.code).toBe("malformed_signature");
    const truncated = await failure(
      verifyNotification(post(RFC_DATA, { "X-Signature": RFC_HEX.slice(0, 62) }), { key: RFC_KEY }),
    );
    expect(truncated.code).toBe("malformed_signature");
  });

  it("refuses a missing signature header, and one sent under another name", async () => {
    const missing = await failure(verifyNotification(post(RFC_DATA, {}), { key: RFC_KEY }));
    expect([missing.kind, missing.code]).toEqual(["invalid_signature", "missing_signature"]);
    const elsewhere = await failure(
      verifyNotification(post(RFC_DATA, { "X-Signature": RFC_HEX }), { key: RFC_KEY, header: "X-Other" }),
    );
    expect(elsewhere.code).toBe("missing_signature");
  });

  it("checks the signature before parsing: garbage with a bad signature is a signature error", async () => {
    const error = await failure(verifyNotification(post("{not json", { "X-Signature": RFC_HEX }), { key: RFC_KEY }));
    expect(error.code).toBe("bad_signature");
  });

  it("refuses an oversized body", async () => {
    const big = "x".repeat(MAX_NOTIFICATION_BYTES + 1);
    const error = await failure(verifyNotification(post(big, { "X-Signature": RFC_HEX }), { key: RFC_KEY }));
    expect([error.kind, error.code]).toEqual(["invalid_notification", "body_too_large"]);
  });

  it("refuses a correctly signed body that is not UTF-8", async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const signature = await signBody(bytes, { key: HMAC_KEY });
    const error = await failure(verifyNotification(post(bytes, { "X-Signature": signature }), { key: HMAC_KEY }));
    expect([error.kind, error.code]).toEqual(["invalid_notification", "invalid_encoding"]);
  });
});

describe("parseNotification", () => {
  it("parses a v3/payment envelope with the response tolerance (numbers exact, redirectUrls string)", () => {
    const n = parseNotification(ENVELOPE);
    expect(n.notificationType).toBe("v3/payment");
    expect(n.timestamp).toBe("2026-11-22T07:30:00.123Z");
    if (n.notificationType !== "v3/payment") throw new Error("narrowing");
    expect(n.body.priceAmount).toBe("12345678.123456789012");
    expect(n.body.transferAmount).toBe("0.00000001");
    expect(n.body.redirectUrls?.confirmed).toBe("https://shop.example/ok");
    expect(n.body.transactions).toEqual([]);
  });

  it("parses a v3/payouts envelope and ignores extra envelope fields", () => {
    const n = parseNotification(
      '{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/payouts","body":{"payoutId":"po_1","status":"SENT","transferAmount":0.1},"version":2}',
    );
    expect(n).toEqual({
      timestamp: "2026-11-22T07:30:00Z",
      notificationType: "v3/payouts",
      body: { payoutId: "po_1", status: "SENT", transferAmount: "0.1" },
    });
  });

  it.each([
    ["garbage", "{oops", "invalid_json", undefined],
    ["an array", "[]", "invalid_envelope", undefined],
    ["a string", '"v3/payment"', "invalid_envelope", undefined],
    ["a bare payment (pre-envelope format)", PAYMENT_WITH_STRINGS, "unwrapped_notification", undefined],
    ["no timestamp", `{"notificationType":"v3/payment","body":${PAYMENT_WITH_STRINGS}}`, "missing_field", "timestamp"],
    [
      "a timestamp that is no date",
      `{"timestamp":"yesterday","notificationType":"v3/payment","body":${PAYMENT_WITH_STRINGS}}`,
      "invalid_field",
      "timestamp",
    ],
    [
      "a numeric timestamp",
      `{"timestamp":1763800000,"notificationType":"v3/payment","body":${PAYMENT_WITH_STRINGS}}`,
      "invalid_field",
      "timestamp",
    ],
    [
      "no notificationType",
      `{"timestamp":"2026-11-22T07:30:00Z","body":${PAYMENT_WITH_STRINGS}}`,
      "missing_field",
      "notificationType",
    ],
    [
      "an unknown notificationType",
      `{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/refund","body":{}}`,
      "unknown_notification_type",
      "notificationType",
    ],
    ["no body", '{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/payment"}', "missing_field", "body"],
    [
      "a body that is not an object",
      '{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/payment","body":"{}"}',
      "invalid_field",
      "body",
    ],
    [
      "a payment body without paymentId",
      '{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/payment","body":{"status":"NEW"}}',
      "missing_field",
      "body.paymentId",
    ],
    [
      "a transaction state that is not a string",
      `{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/payment","body":${JSON.stringify({ ...JSON.parse(PAYMENT_WITH_STRINGS), transactions: [{ transactionId: "t", state: 3 }] })}}`,
      "invalid_field",
      "body.transactions[0].state",
    ],
    [
      "a timestamp Date.parse reads but ISO 8601 refuses",
      `{"timestamp":"Nov 22 2026","notificationType":"v3/payment","body":${PAYMENT_WITH_STRINGS}}`,
      "invalid_field",
      "timestamp",
    ],
    [
      "a timestamp with an offset of one digit",
      `{"timestamp":"2026-11-22T07:30:00+1","notificationType":"v3/payment","body":${PAYMENT_WITH_STRINGS}}`,
      "invalid_field",
      "timestamp",
    ],
    [
      "a timestamp that is only a date",
      `{"timestamp":"2026-11-22","notificationType":"v3/payouts","body":{"payoutId":"po_1"}}`,
      "invalid_field",
      "timestamp",
    ],
    [
      "a payout body without payoutId",
      '{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/payouts","body":{"status":"SENT"}}',
      "missing_field",
      "body.payoutId",
    ],
  ])("refuses %s with a precise error", (_name, text, code, field) => {
    const error = thrown(() => parseNotification(text));
    expect(error.kind).toBe("invalid_notification");
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
  });
});

describe("parseAnyNotification", () => {
  it("returns an unknown notificationType as a hint instead of refusing it: the ids its body names, nothing else", () => {
    const text =
      '{"timestamp":"2026-11-22T07:30:00Z","notificationType":"v3/payment-underpaid","body":{"paymentId":"pay_1","status":"UNDERPAID"}}';
    expect(parseAnyNotification(text)).toEqual({
      recognized: false,
      notificationType: "v3/payment-underpaid",
      timestamp: "2026-11-22T07:30:00Z",
      paymentId: "pay_1",
    });
    expect(thrown(() => parseNotification(text)).code).toBe("unknown_notification_type");
  });

  it("does not check the timestamp or body of an unknown type, and keeps only usable ids", () => {
    expect(
      parseAnyNotification(
        '{"notificationType":"v4/refund","timestamp":"Nov 22 2026","body":{"payoutId":"po_9","paymentId":""}}',
      ),
    ).toEqual({
      recognized: false,
      notificationType: "v4/refund",
      payoutId: "po_9",
    });
    expect(parseAnyNotification(`{"notificationType":"x","body":{"paymentId":"${"p".repeat(257)}"}}`)).toEqual({
      recognized: false,
      notificationType: "x",
    });
    expect(parseAnyNotification('{"notificationType":"x","body":[1]}')).toEqual({
      recognized: false,
      notificationType: "x",
    });
  });

  it("parses the two known types as parseNotification does", () => {
    expect(parseAnyNotification(ENVELOPE)).toEqual(parseNotification(ENVELOPE));
  });

  it.each([
    ["not JSON", "{oops", "invalid_json"],
    ["not an object", "[]", "invalid_envelope"],
    ["no notificationType", `{"timestamp":"2026-11-22T07:30:00Z","body":{}}`, "missing_field"],
    [
      "a notificationType that is not a string",
      `{"timestamp":"2026-11-22T07:30:00Z","notificationType":3,"body":{}}`,
      "invalid_field",
    ],
  ])("still refuses %s", (_name, text, code) => {
    expect(thrown(() => parseAnyNotification(text)).code).toBe(code);
  });
});
