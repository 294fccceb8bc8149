import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { configOf, MIN_HMAC_KEY_BYTES } from "../../../worker/sandbox/config.js";
import { verifyNotification } from "../../../worker/v3/notification.js";
import { installReceiver, RECEIVER } from "./support/receiver.js";
import { createPayment, DEMO, OTHER, pay } from "./support/sandbox.js";

const base = env as unknown as SandboxEnv;
const devVarsExample = Object.fromEntries(
  [
    ...(env as unknown as { TEST_DEV_VARS_EXAMPLE: string }).TEST_DEV_VARS_EXAMPLE.matchAll(/^([A-Z0-9_]+)=(.*)$/gm),
  ].map((m) => [m[1], m[2]?.trim()]),
);
const bytes = (text: string): number => new TextEncoder().encode(text).length;

describe("configuration", () => {
  it("parses the wrangler vars: accounts with signature defaults, rates, expiry", () => {
    const config = configOf(base);
    expect(config.accounts.find((a) => a.keyId === "demo_shop")).toMatchObject({
      signatureHeader: "X-Signature",
      signatureEncoding: "hex",
      merchantId: "merchant_demo",
    });
    expect(config.rates.BTC?.toFixed()).toBe("60000");
    expect(config.paymentExpiryMs).toBe(900_000);
  });

  it("gives every committed account a notification HMAC key of at least 32 bytes, documented in the tests' keys", () => {
    const accounts = configOf(base).accounts;
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    for (const account of accounts)
      expect(bytes(account.hmacKey), account.keyId).toBeGreaterThanOrEqual(MIN_HMAC_KEY_BYTES);
    expect(MIN_HMAC_KEY_BYTES).toBe(32);
    for (const key of [DEMO, OTHER]) expect(accounts.find((a) => a.keyId === key.keyId)).toMatchObject(key);
  });

  it(".dev.vars.example holds the demo_shop account's secret and HMAC key, and an order-signing key of at least 32 bytes", () => {
    const demo = configOf(base).accounts.find((a) => a.keyId === "demo_shop");
    expect(devVarsExample.DEMO_API_KEY_SECRET).toBe(demo?.keySecret);
    expect(devVarsExample.DEMO_HMAC_KEY).toBe(demo?.hmacKey);
    expect(bytes(devVarsExample.DEMO_ORDER_SIGNING_KEY ?? "")).toBeGreaterThanOrEqual(32);
  });

  it.each([
    [
      { ACCOUNTS: '[{"keyId":"k","keySecret":"s","hmacKey":"sbx_demo_hmac_9a41e2","merchantId":"m"}]' },
      /ACCOUNTS\.0\.hmacKey: must be at least 32 bytes/,
    ],
    [{ RATES: "{" }, /RATES: not valid JSON/],
    [{ RATES: '{"BTC":"-1"}' }, /RATES\.BTC/],
    [{ ACCOUNTS: "[]" }, /ACCOUNTS/],
    [{ ACCOUNTS: '[{"keyId":"bad key","keySecret":"s","hmacKey":"h","merchantId":"m"}]' }, /ACCOUNTS\.0\.keyId/],
    [{ PAYMENT_EXPIRY_SECONDS: "soon" }, /PAYMENT_EXPIRY_SECONDS/],
  ])("names the var at fault: %j", (change, message) => {
    expect(() => configOf({ ...base, ...change })).toThrow(message);
  });
});

describe("per-account signature settings", () => {
  it("signs with the account's own header and base64 when configured", async () => {
    const receiver = installReceiver();
    try {
      const key = { keyId: "b64_shop", keySecret: "sbx_b64_secret_test" };
      const p = await createPayment({ notificationUrl: `${RECEIVER}/b64` }, key);
      await pay(p.paymentId, p.transferAmount, "ACCEPTED");
      await vi.waitFor(() => expect(receiver.received).toHaveLength(1));
      const r = receiver.received[0];
      if (!r) throw new Error("nothing delivered");
      expect(r.headers.get("x-signature")).toBeNull();
      expect(r.headers.get("x-hub-signature")).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      const request = () => new Request(r.url, { method: "POST", headers: r.headers, body: r.body });
      await expect(
        verifyNotification(request(), {
          key: "sbx_b64_hmac_test_p5bf4dacxohn6jx9hm67",
          header: "X-Hub-Signature",
          encoding: "base64",
        }),
      ).resolves.toEqual({ raw: r.body });
      await expect(
        verifyNotification(request(), {
          key: "sbx_b64_hmac_test_p5bf4dacxohn6jx9hm67",
          header: "X-Hub-Signature",
          encoding: "hex",
        }),
      ).rejects.toMatchObject({ kind: "invalid_signature" });
    } finally {
      receiver.restore();
    }
  });
});
