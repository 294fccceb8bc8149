/**
 * The merchant side of the shop configuration (config.ts, secret-rules.ts): `webhooks` entries
 * and `secrets.backendToken`, reported by shop and field, never with a secret's value.
 */
import { describe, expect, it } from "vitest";
import { MAX_WEBHOOK_ENDPOINTS, validateShops, type ConfigIssue } from "../../../../worker/checkout/shops/config.js";
import { TEST_SECRETS } from "../support/test-env.js";

const SECRETS: Record<string, string> = {
  ...TEST_SECRETS,
  SHORT_TOKEN: "tooShortToken_123",
  SPACED_TOKEN: "a token with spaces that is long enough to pass",
  PLAIN_WEBHOOK_SECRET: "just-a-password-not-whsec-at-all",
  SHORT_WEBHOOK_SECRET: `whsec_${btoa("sixteen byte key")}`,
  OTHER_WEBHOOK_SECRET: `whsec_${btoa("another 32-byte webhook secret!!")}`,
};
const secrets = (name: string) => SECRETS[name];
/** The https origin a production shop needs (PUBLIC_URL). */
const PUBLIC_URL = "https://checkout.example.com";

const hook = (url: string, over: Record<string, unknown> = {}) => ({ url, secret: "DEMO_WEBHOOK_SECRET", ...over });

/** A valid production shop with a webhook endpoint and a backend token; tests break one field at a time. */
function entry(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "acme",
    name: "Acme",
    environment: "production",
    apiKeyId: "acme_key",
    secrets: {
      apiKeySecret: "DEMO_API_KEY_SECRET",
      notificationHmacKey: "DEMO_HMAC_KEY",
      backendToken: "DEMO_BACKEND_TOKEN",
    },
    pricing: "open",
    limits: { min: "1.00", max: "100.00" },
    priceCurrencies: ["EUR"],
    transferCurrencies: ["BTC"],
    webhooks: [hook("https://shop.acme.example/webhooks")],
    ...over,
  };
}

const issuesOf = (value: unknown): ConfigIssue[] => validateShops(value, secrets, PUBLIC_URL).issues;
const withSecrets = (change: Record<string, string>) => ({
  secrets: {
    apiKeySecret: "DEMO_API_KEY_SECRET",
    notificationHmacKey: "DEMO_HMAC_KEY",
    backendToken: "DEMO_BACKEND_TOKEN",
    ...change,
  },
});

describe("webhooks and backendToken in the shop configuration", () => {
  it("accepts endpoints with and without an events filter, and no endpoint at all", () => {
    const result = validateShops(
      [
        entry({
          webhooks: [
            hook("https://a.example/hooks"),
            hook("https://b.example/hooks", {
              events: ["payment.confirmed", "payout.updated"],
              secret: "OTHER_WEBHOOK_SECRET",
            }),
          ],
        }),
        entry({ id: "bare", webhooks: undefined, secrets: { apiKeySecret: "DEMO_API_KEY_SECRET" } }),
      ],
      secrets,
      PUBLIC_URL,
    );
    expect(result.issues).toEqual([]);
    expect(result.shops.get("acme")?.webhooks).toEqual([
      { url: "https://a.example/hooks", secret: "DEMO_WEBHOOK_SECRET" },
      {
        url: "https://b.example/hooks",
        secret: "OTHER_WEBHOOK_SECRET",
        events: ["payment.confirmed", "payout.updated"],
      },
    ]);
    expect(result.shops.get("bare")?.webhooks).toEqual([]);
  });

  it("allows an http endpoint for a sandbox shop (the demo's local backend)", () => {
    expect(issuesOf([entry({ environment: "sandbox", webhooks: [hook("http://127.0.0.1:8789/webhooks")] })])).toEqual(
      [],
    );
  });

  it.each<[string, Record<string, unknown>, ConfigIssue]>([
    [
      "an http endpoint in a production shop",
      { webhooks: [hook("http://shop.acme.example/webhooks")] },
      { shop: "acme", field: "webhooks.0.url", message: "must be https for a production shop" },
    ],
    [
      "an endpoint on a private address in a production shop",
      { webhooks: [hook("https://169.254.169.254/latest/meta-data")] },
      {
        shop: "acme",
        field: "webhooks.0.url",
        message: "must be a public address for a production shop, not a metadata one",
      },
    ],
    [
      "an endpoint named localhost in a production shop",
      { webhooks: [hook("https://localhost:8443/webhooks")] },
      {
        shop: "acme",
        field: "webhooks.0.url",
        message: "must be a public address for a production shop, not a local name one",
      },
    ],
    [
      "the same URL twice",
      { webhooks: [hook("https://a.example/h"), hook("https://a.example/h", { secret: "OTHER_WEBHOOK_SECRET" })] },
      { shop: "acme", field: "webhooks.1.url", message: "is listed twice" },
    ],
    [
      "a short backend token",
      withSecrets({ backendToken: "SHORT_TOKEN" }),
      {
        shop: "acme",
        field: "secrets.backendToken",
        message: "names the secret SHORT_TOKEN, which is shorter than 32 characters",
      },
    ],
    [
      "a backend token with spaces",
      withSecrets({ backendToken: "SPACED_TOKEN" }),
      {
        shop: "acme",
        field: "secrets.backendToken",
        message:
          "names the secret SPACED_TOKEN, which holds characters a Bearer token cannot carry (use A-Z a-z 0-9 - . _ ~ + /)",
      },
    ],
    [
      "a backend token that is not set",
      withSecrets({ backendToken: "MISSING_TOKEN" }),
      { shop: "acme", field: "secrets.backendToken", message: "names the secret MISSING_TOKEN, which is not set" },
    ],
    [
      "a webhook secret that is not set",
      { webhooks: [hook("https://a.example/h", { secret: "MISSING_WEBHOOK_SECRET" })] },
      {
        shop: "acme",
        field: "webhooks.0.secret",
        message: "names the secret MISSING_WEBHOOK_SECRET, which is not set",
      },
    ],
    [
      "a webhook secret without whsec_",
      { webhooks: [hook("https://a.example/h", { secret: "PLAIN_WEBHOOK_SECRET" })] },
      {
        shop: "acme",
        field: "webhooks.0.secret",
        message: "names the secret PLAIN_WEBHOOK_SECRET, which is not of the form whsec_<base64>",
      },
    ],
    [
      "a webhook secret of 16 bytes",
      { webhooks: [hook("https://a.example/h"), hook("https://b.example/h", { secret: "SHORT_WEBHOOK_SECRET" })] },
      {
        shop: "acme",
        field: "webhooks.1.secret",
        message: "names the secret SHORT_WEBHOOK_SECRET, which must decode to 24-64 bytes, not 16",
      },
    ],
  ])("reports %s by shop and field", (_name, change, issue) => {
    expect(issuesOf([entry(change)])).toEqual([issue]);
  });

  it.each<[string, unknown, string]>([
    ["an unknown event type", [hook("https://a.example/h", { events: ["payment.refunded"] })], "webhooks.0.events.0"],
    ["an empty events filter", [hook("https://a.example/h", { events: [] })], "webhooks.0.events"],
    ["a relative URL", [hook("/webhooks")], "webhooks.0.url"],
    ["a URL with credentials", [hook("https://user:pass@a.example/h")], "webhooks.0.url"],
    ["a URL with a fragment", [hook("https://a.example/h#frag")], "webhooks.0.url"],
    ["an ftp URL", [hook("ftp://a.example/h")], "webhooks.0.url"],
    ["a secret given as a value", [hook("https://a.example/h", { secret: "whsec_abc" })], "webhooks.0.secret"],
    ["an unknown field", [hook("https://a.example/h", { retries: 3 })], "webhooks.0"],
    [
      "more endpoints than allowed",
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 1 }, (_v, i) => hook(`https://a.example/h${i}`)),
      "webhooks",
    ],
    ["not a list", hook("https://a.example/h"), "webhooks"],
  ])("reports %s by shop and field", (_name, webhooks, field) => {
    const issues = issuesOf([entry({ webhooks })]);
    expect(issues.map((i) => `${i.shop}/${i.field}`)).toContain(`acme/${field}`);
  });

  it("leaves an invalid shop out and keeps the valid ones", () => {
    const result = validateShops(
      [entry({ webhooks: [hook("http://a.example/h")] }), entry({ id: "fine" })],
      secrets,
      PUBLIC_URL,
    );
    expect([...result.shops.keys()]).toEqual(["fine"]);
    expect([...result.invalid]).toEqual(["acme"]);
  });

  it("never puts a secret's value in a message", () => {
    const issues = issuesOf([
      entry({
        ...withSecrets({ backendToken: "SHORT_TOKEN" }),
        webhooks: [
          hook("https://a.example/h", { secret: "PLAIN_WEBHOOK_SECRET" }),
          hook("https://b.example/h", { secret: "SHORT_WEBHOOK_SECRET" }),
        ],
      }),
    ]);
    expect(issues).toHaveLength(3);
    const text = JSON.stringify(issues);
    for (const name of ["SHORT_TOKEN", "PLAIN_WEBHOOK_SECRET", "SHORT_WEBHOOK_SECRET"])
      expect(text).not.toContain(SECRETS[name]);
  });
});
