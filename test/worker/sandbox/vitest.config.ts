import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL("../../../worker/sandbox/wrangler.toml", import.meta.url)) },
      // Short retry delays and an immediate payout send, so tests wait on conditions, not on clocks;
      // a third account that signs with its own header in base64.
      miniflare: {
        bindings: {
          NOTIFY_RETRY_BASE_MS: "20",
          NOTIFY_RETRY_MAX_MS: "100",
          NOTIFY_MAX_ATTEMPTS: "4",
          PAYOUT_SEND_DELAY_SECONDS: "0",
          ACCOUNTS: JSON.stringify([
            { keyId: "demo_shop", keySecret: "sbx_demo_secret_1b7f3c", hmacKey: "sbx_demo_hmac_9a41e2", merchantId: "merchant_demo" },
            { keyId: "other_shop", keySecret: "sbx_other_secret_5d20aa", hmacKey: "sbx_other_hmac_77c1b0", merchantId: "merchant_other" },
            { keyId: "b64_shop", keySecret: "sbx_b64_secret_test", hmacKey: "sbx_b64_hmac_test", merchantId: "merchant_b64", signatureHeader: "X-Hub-Signature", signatureEncoding: "base64" },
          ]),
        },
      },
    }),
  ],
  test: { name: "sandbox", include: ["**/*.test.ts"] },
});
