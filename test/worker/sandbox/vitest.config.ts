import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const WRANGLER = fileURLToPath(new URL("../../../worker/sandbox/wrangler.toml", import.meta.url));
/** The committed accounts (ACCOUNTS = '''[...]''' in wrangler.toml), so the tests use the documented keys. */
const accounts = JSON.parse(
  /^ACCOUNTS\s*=\s*'''([\s\S]*?)'''/m.exec(readFileSync(WRANGLER, "utf8"))?.[1] ?? "[]",
) as unknown[];

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: WRANGLER },
      // Short retry delays and an immediate payout send, so tests wait on conditions, not on clocks;
      // a third account that signs with its own header in base64. TEST_DEV_VARS_EXAMPLE: the
      // committed .dev.vars.example, whose demo secrets must match the sandbox's demo_shop account.
      miniflare: {
        bindings: {
          NOTIFY_RETRY_BASE_MS: "20",
          NOTIFY_RETRY_MAX_MS: "100",
          NOTIFY_MAX_ATTEMPTS: "4",
          PAYOUT_SEND_DELAY_SECONDS: "0",
          ACCOUNTS: JSON.stringify([
            ...accounts,
            {
              keyId: "b64_shop",
              keySecret: "sbx_b64_secret_test",
              hmacKey: "sbx_b64_hmac_test_p5bf4dacxohn6jx9hm67",
              merchantId: "merchant_b64",
              signatureHeader: "X-Hub-Signature",
              signatureEncoding: "base64",
            },
          ]),
          TEST_DEV_VARS_EXAMPLE: readFileSync(
            fileURLToPath(new URL("../../../.dev.vars.example", import.meta.url)),
            "utf8",
          ),
        },
      },
    }),
  ],
  test: { name: "sandbox", include: ["**/*.test.ts"] },
});
