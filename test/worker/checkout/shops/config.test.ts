import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { validateShops, type ConfigIssue } from "../../../../worker/checkout/shops/config.js";
import type { Env } from "../../../../worker/checkout/env.js";
import { CheckoutError } from "../../../../worker/checkout/http/errors.js";
import { DECIMAL_AMOUNT_MESSAGE } from "../../../../worker/checkout/rules.js";
import { getShop } from "../../../../worker/checkout/shops/shop-source.js";
import { TEST_SECRETS } from "../support/test-env.js";

const workerEnv = env as unknown as Env;
const secrets = (name: string) => (TEST_SECRETS as Record<string, string>)[name];
/** The https origin a production shop needs (PUBLIC_URL). */
const PUBLIC_URL = "https://checkout.example.com";

/** A valid open-pricing entry; tests break one field at a time. */
function entry(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "acme",
    name: "Acme",
    environment: "production",
    apiKeyId: "acme_key",
    secrets: { apiKeySecret: "DEMO_API_KEY_SECRET", notificationHmacKey: "DEMO_HMAC_KEY" },
    pricing: "open",
    limits: { min: "1.00", max: "100.00" },
    priceCurrencies: ["EUR"],
    transferCurrencies: ["BTC"],
    allowedOrigins: ["https://shop.acme.example"],
    redirectUrls: { confirmed: "https://shop.acme.example/thanks/{orderId}" },
    ...over,
  };
}

function issuesOf(value: unknown): ConfigIssue[] {
  return validateShops(value, secrets, PUBLIC_URL).issues;
}

afterEach(() => vi.restoreAllMocks());

describe("shop configuration", () => {
  it("accepts the committed wrangler.toml shops (both demo shops) with the test secrets", () => {
    const result = validateShops(workerEnv.SHOPS, secrets, PUBLIC_URL);
    expect(result.issues).toEqual([]);
    expect([...result.shops.keys()]).toEqual(["demo-open", "demo-signed"]);
  });

  it("fills defaults: the signature header and encoding, no redirect URLs", () => {
    const result = validateShops([entry({ redirectUrls: undefined, allowedOrigins: undefined })], secrets, PUBLIC_URL);
    expect(result.shops.get("acme")).toMatchObject({
      notificationSignature: { header: "X-Signature", encoding: "hex" },
      redirectUrls: {},
      allowedOrigins: [],
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["a missing name", { name: undefined }, "name"],
    ["an unknown environment", { environment: "staging" }, "environment"],
    ["an API key id with a dash", { apiKeyId: "acme-key" }, "apiKeyId"],
    [
      "a secret given as a value, not a binding name",
      { secrets: { apiKeySecret: "sk_live_abc" } },
      "secrets.apiKeySecret",
    ],
    ["signed pricing without an order-signing key", { pricing: "signed" }, "secrets.orderSigningKey"],
    ["open pricing without limits", { limits: undefined }, "limits"],
    ["min above max", { limits: { min: "10", max: "5" } }, "limits.min"],
    ["a float limit", { limits: { min: 1, max: "5" } }, "limits.min"],
    ["a lower-case currency", { priceCurrencies: ["eur"] }, "priceCurrencies.0"],
    ["no transfer currency", { transferCurrencies: [] }, "transferCurrencies"],
    ["an origin with a path", { allowedOrigins: ["https://shop.acme.example/"] }, "allowedOrigins.0"],
    ["a javascript: redirect", { redirectUrls: { confirmed: "javascript:alert(1)" } }, "redirectUrls.confirmed"],
    ["a relative redirect", { redirectUrls: { expired: "/expired" } }, "redirectUrls.expired"],
    [
      "a {paymentId} placeholder",
      { redirectUrls: { invalid: "https://a.example/{paymentId}" } },
      "redirectUrls.invalid",
    ],
    ["an unknown redirect key", { redirectUrls: { paid: "https://a.example/" } }, "redirectUrls"],
    ["an unknown field", { colour: "red" }, "(entry)"],
    [
      "a bad signature encoding",
      { notificationSignature: { header: "X-Signature", encoding: "base32" } },
      "notificationSignature.encoding",
    ],
    ["a secret binding that is not set", { secrets: { apiKeySecret: "MISSING_SECRET" } }, "secrets.apiKeySecret"],
  ])("reports %s by shop and field", (_name, change, field) => {
    const issues = issuesOf([entry(change)]);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((i) => i.field)).toContain(field);
    expect(issues.every((i) => i.shop === "acme")).toBe(true);
  });

  it.each([
    ["min", { min: "0025.00", max: "500.00" }],
    ["max", { min: "1.00", max: "0500" }],
  ])("refuses a limit with leading zeros (%s), which the upstream would refuse as a price", (field, limits) => {
    expect(issuesOf([entry({ limits })])).toEqual([
      { shop: "acme", field: `limits.${field}`, message: DECIMAL_AMOUNT_MESSAGE },
    ]);
  });

  it("reports a duplicate id on the second entry", () => {
    expect(issuesOf([entry(), entry()])).toEqual([{ shop: "acme", field: "id", message: "is used by another entry" }]);
  });

  it("names an entry without a usable id by its index", () => {
    expect(issuesOf([entry(), entry({ id: "Bad Id" })]).map((i) => `${i.shop}/${i.field}`)).toContain("#1/id");
  });

  it("reports SHOPS that is not JSON, or not an array", () => {
    expect(issuesOf("{oops")[0]).toMatchObject({ shop: "*", field: "SHOPS" });
    expect(issuesOf({ id: "acme" })[0]).toMatchObject({
      shop: "*",
      field: "SHOPS",
      message: "must be a JSON array of shop entries",
    });
  });

  it("keeps valid shops working beside a broken one, logs each issue once, and answers 500 without details for the broken one", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    const broken = {
      ...workerEnv,
      PUBLIC_URL,
      SHOPS: JSON.stringify([entry(), entry({ id: "broken", pricing: "signed" })]),
    } as Env;
    expect((await getShop(broken, "acme")).id).toBe("acme");
    let caught: unknown;
    try {
      await getShop(broken, "broken");
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(CheckoutError);
    expect(caught).toMatchObject({ status: 500, code: "internal_error" });
    expect((caught as Error).message).not.toContain("orderSigningKey");
    const logged = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === "config_invalid");
    expect(logged).toEqual([
      expect.objectContaining({
        level: "error",
        shop: "broken",
        field: "secrets.orderSigningKey",
        message: "is required for signed pricing",
      }),
    ]);
    await expect(getShop(broken, "nope")).rejects.toThrow(
      expect.objectContaining({ status: 404, code: "unknown_shop" }),
    );
  });

  it.each([
    ["without PUBLIC_URL", undefined],
    ["with an http PUBLIC_URL", "http://checkout.example.com"],
    ["with a PUBLIC_URL that is not a URL", "checkout.example.com"],
  ])("refuses a production shop %s (notification URLs would depend on the request's host)", (_name, publicUrl) => {
    expect(validateShops([entry()], secrets, publicUrl).issues).toEqual([
      {
        shop: "acme",
        field: "environment",
        message:
          "is production, which needs the PUBLIC_URL var set to this Worker's https origin (notification URLs must not depend on a request's host)",
      },
    ]);
    expect(validateShops([entry({ environment: "sandbox" })], secrets, publicUrl).issues).toEqual([]);
  });

  it.each([
    ["notificationHmacKey", "a notification HMAC key"],
    ["orderSigningKey", "an order-signing key"],
  ])("refuses %s (%s) shorter than 32 bytes, naming the shop and field but not the value", (field, _what) => {
    const short = "short-hmac-key-of-31-bytes-xxxx";
    expect(short).toHaveLength(31);
    const withShort = (name: string) => (name === "SHORT_KEY" ? short : secrets(name));
    const over =
      field === "orderSigningKey"
        ? { pricing: "signed", secrets: { apiKeySecret: "DEMO_API_KEY_SECRET", orderSigningKey: "SHORT_KEY" } }
        : { secrets: { apiKeySecret: "DEMO_API_KEY_SECRET", notificationHmacKey: "SHORT_KEY" } };
    const issues = validateShops([entry(over)], withShort, PUBLIC_URL).issues;
    expect(issues).toEqual([
      {
        shop: "acme",
        field: `secrets.${field}`,
        message: "names the secret SHORT_KEY, which is shorter than 32 bytes (31)",
      },
    ]);
    expect(JSON.stringify(issues)).not.toContain(short);
    expect(
      validateShops([entry(over)], (name) => (name === "SHORT_KEY" ? `${short}y` : secrets(name)), PUBLIC_URL).issues,
    ).toEqual([]);
  });
});
