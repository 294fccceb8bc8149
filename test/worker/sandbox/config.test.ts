import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { configOf } from "../../../worker/sandbox/config.js";
import type { SandboxEnv } from "../../../worker/sandbox/env.js";
import { verifyNotification } from "../../../worker/v3/notification.js";
import { installReceiver, RECEIVER } from "./support/receiver.js";
import { createPayment, pay } from "./support/sandbox.js";

const base = env as unknown as SandboxEnv;

describe("configuration", () => {
  it("parses the wrangler vars: accounts with signature defaults, rates, expiry", () => {
    const config = configOf(base);
    expect(config.accounts.find((a) => a.keyId === "demo_shop")).toMatchObject({ signatureHeader: "X-Signature", signatureEncoding: "hex", merchantId: "merchant_demo" });
    expect(config.rates.BTC?.toFixed()).toBe("60000");
    expect(config.paymentExpiryMs).toBe(900_000);
  });

  it.each([
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
      await expect(verifyNotification(request(), { key: "sbx_b64_hmac_test", header: "X-Hub-Signature", encoding: "base64" })).resolves.toEqual({ raw: r.body });
      await expect(verifyNotification(request(), { key: "sbx_b64_hmac_test", header: "X-Hub-Signature", encoding: "hex" })).rejects.toMatchObject({ kind: "invalid_signature" });
    } finally {
      receiver.restore();
    }
  });
});
