/**
 * The response quirks switch (PUT /sandbox/quirks): amounts as JSON numbers with more significant
 * digits than a double holds, redirectUrls as a JSON string, in payment responses and in payment
 * notifications. The v3 client must read both shapes to the same exact decimal strings.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Quirks } from "../../../worker/sandbox/quirks.js";
import { longNumber, NO_QUIRKS, QUIRK_SIGNIFICANT_DIGITS } from "../../../worker/sandbox/quirks.js";
import { parseNotification, verifyNotification } from "../../../worker/v3/notification.js";
import { parseJsonText, parsePayment } from "../../../worker/v3/parse.js";
import { installReceiver, RECEIVER } from "./support/receiver.js";
import { call, createPayment, DEMO, expectJson, pay } from "./support/sandbox.js";
import type { ErrorBody } from "./support/sandbox.js";

const setQuirks = (quirks: Partial<Quirks>) => expectJson<Quirks>(200, "PUT", "/sandbox/quirks", { json: quirks });
// In the order of the spec's PaymentRedirectUrls, which is the order the sandbox keeps.
const REDIRECTS = { expired: "https://shop.example/expired", confirmed: "https://shop.example/ok?order=7" };
const NEW_PAYMENT = { priceAmount: "25.00", priceCurrency: "EUR", transferCurrency: "BTC", redirectUrls: REDIRECTS };
const significantDigits = (token: string): number => token.replace(/^[-0.]+/, "").replace(".", "").length;

/** Raw JSON text of a /v3 call. */
async function rawText(method: string, path: string, json?: unknown): Promise<string> {
  const res = await call(method, path, json === undefined ? {} : { json });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return res.text();
}

let receiver: ReturnType<typeof installReceiver>;
beforeEach(() => {
  receiver = installReceiver();
});
afterEach(async () => {
  receiver.restore();
  await setQuirks(NO_QUIRKS);
});

describe("control API", () => {
  it("GET /sandbox/quirks starts with every quirk off; PUT changes the fields given and keeps the others", async () => {
    expect(await expectJson<Quirks>(200, "GET", "/sandbox/quirks")).toEqual({
      numbersAsJson: false,
      redirectUrlsAsString: false,
    });
    expect(await setQuirks({ numbersAsJson: true })).toEqual({ numbersAsJson: true, redirectUrlsAsString: false });
    expect(await setQuirks({ redirectUrlsAsString: true })).toEqual({
      numbersAsJson: true,
      redirectUrlsAsString: true,
    });
    expect(await expectJson<Quirks>(200, "GET", "/sandbox/quirks")).toEqual({
      numbersAsJson: true,
      redirectUrlsAsString: true,
    });
  });

  it("refuses unknown fields and non-boolean values with the validation error body", async () => {
    for (const json of [{ numbersAsStrings: true }, { numbersAsJson: "yes" }]) {
      const res = await call("PUT", "/sandbox/quirks", { json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("invalid_request");
    }
    expect(await expectJson<Quirks>(200, "GET", "/sandbox/quirks")).toEqual(NO_QUIRKS);
  });
});

describe("longNumber", () => {
  it("writes the exact decimal digits, padded with zeros past what a double holds, never in exponent notation", () => {
    expect(longNumber("0.00041667").value).toBe("0.000416670000000000000000");
    expect(longNumber("25.00").value).toBe("25.0000000000000000000");
    expect(longNumber("60000").value).toBe("60000.0000000000000000");
    expect(longNumber("0.00000001").value).toBe("0.0000000100000000000000000000");
    expect(longNumber("0.00").value).toBe("0.00000000000000000000");
    expect(longNumber("123456789012345678901234.5").value).toBe("123456789012345678901234.5");
    for (const text of ["0.00041667", "25.00", "0.00000001", "86.95652174"]) {
      const token = longNumber(text).value;
      expect(significantDigits(token)).toBeGreaterThanOrEqual(QUIRK_SIGNIFICANT_DIGITS);
      expect(QUIRK_SIGNIFICANT_DIGITS).toBeGreaterThan(17);
      // A float keeps the value but not the digits.
      expect(String(Number(token))).not.toBe(token);
    }
  });
});

describe("payments with the quirks on", () => {
  it("POST and GET /v3/payments answer amounts as long JSON numbers and redirectUrls as a JSON string", async () => {
    await setQuirks({ numbersAsJson: true, redirectUrlsAsString: true });
    const created = await rawText("POST", "/v3/payments", NEW_PAYMENT);
    expect(created).toContain('"priceAmount":25.0000000000000000000,');
    expect(created).toContain('"transferAmount":0.000416670000000000000000,');
    expect(created).toContain('"exchangeRate":60000.0000000000000000,');
    expect(created).toContain('"paidTransferAmount":0.00000000000000000000,');
    expect(created).toContain(`"redirectUrls":${JSON.stringify(JSON.stringify(REDIRECTS))}`);
    const plain = JSON.parse(created) as Record<string, unknown>;
    expect(typeof plain.transferAmount).toBe("number");
    expect(typeof plain.redirectUrls).toBe("string");

    // The v3 client reads the digits as sent, not through a float, and the string as the object.
    const paymentId = String(plain.paymentId);
    await pay(paymentId, "0.0002", "ACCEPTED");
    const read = await rawText("GET", `/v3/payments/${paymentId}`);
    expect(read).toContain('"paidTransferAmount":0.000200000000000000000000,');
    expect(read).toContain('"priceAmount":12.0000000000000000000,');
    const parsed = parsePayment(parseJsonText(read));
    expect(parsed).toMatchObject({
      priceAmount: "25.0000000000000000000",
      transferAmount: "0.000416670000000000000000",
      acceptedPaidTransferAmount: "0.000200000000000000000000",
      redirectUrls: REDIRECTS,
      status: "UNDERPAID",
    });
    expect(parsed.transactions[0]).toMatchObject({
      paidTransferAmount: "0.000200000000000000000000",
      priceAmount: "12.0000000000000000000",
      exchangeRate: "60000.0000000000000000",
    });
  });

  it("each quirk works alone, and the control API keeps answering plain JSON", async () => {
    await setQuirks({ redirectUrlsAsString: true });
    const onlyRedirects = JSON.parse(await rawText("POST", "/v3/payments", NEW_PAYMENT)) as Record<string, unknown>;
    expect(onlyRedirects).toMatchObject({ transferAmount: "0.00041667", redirectUrls: JSON.stringify(REDIRECTS) });
    await setQuirks({ numbersAsJson: true, redirectUrlsAsString: false });
    const onlyNumbers = JSON.parse(await rawText("GET", `/v3/payments/${String(onlyRedirects.paymentId)}`)) as Record<
      string,
      unknown
    >;
    expect(onlyNumbers.redirectUrls).toEqual(REDIRECTS);
    expect(typeof onlyNumbers.transferAmount).toBe("number");
    const control = await expectJson<Record<string, unknown>>(
      200,
      "GET",
      `/sandbox/payments/${String(onlyRedirects.paymentId)}`,
    );
    expect(control).toMatchObject({ transferAmount: "0.00041667", redirectUrls: REDIRECTS });
  });

  it("answers plain decimal strings and the redirect object when the quirks are off", async () => {
    const text = await rawText("POST", "/v3/payments", NEW_PAYMENT);
    expect(text).toContain('"transferAmount":"0.00041667"');
    expect(JSON.parse(text)).toMatchObject({ priceAmount: "25.00", redirectUrls: REDIRECTS });
  });

  it("signs and sends v3/payment notifications in the quirky shape, which the v3 client verifies and reads exactly", async () => {
    await setQuirks({ numbersAsJson: true, redirectUrlsAsString: true });
    const p = await createPayment({ ...NEW_PAYMENT, notificationUrl: `${RECEIVER}/quirks` });
    await pay(p.paymentId, "0.00041667", "ACCEPTED");
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
    const r = receiver.received[0];
    if (!r) throw new Error("nothing delivered");
    expect(r.body).toContain('"acceptedPaidTransferAmount":0.000416670000000000000000,');
    expect(r.body).toContain(`"redirectUrls":${JSON.stringify(JSON.stringify(REDIRECTS))}`);
    const { raw } = await verifyNotification(new Request(r.url, { method: "POST", headers: r.headers, body: r.body }), {
      key: DEMO.hmacKey,
    });
    const n = parseNotification(raw);
    expect(n.notificationType).toBe("v3/payment");
    expect(n.body).toMatchObject({
      paymentId: p.paymentId,
      status: "CONFIRMED",
      transferAmount: "0.000416670000000000000000",
      priceAmount: "25.0000000000000000000",
      redirectUrls: REDIRECTS,
    });
  });
});
