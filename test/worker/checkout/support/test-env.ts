/**
 * Values the checkout tests run with (used by vitest.config.ts in Node and by tests in workerd).
 * Secrets are test-only values, distinct from the sandbox demo values, so that the secrets test
 * can look for them in every response and log line.
 */

/** Base URL of the stubbed upstream (both environments point at it). */
export const UPSTREAM_BASE_URL = "https://upstream.test";

export const TEST_SECRETS = {
  DEMO_API_KEY_SECRET: "test_api_secret_7Qf2Zr8Lk3",
  DEMO_HMAC_KEY: "test_hmac_key_Vb91Xc4Pq0_Lr7Ts2Wd9Ke4",
  DEMO_ORDER_SIGNING_KEY: "test_order_signing_key_Hn5Tw2Ye6Ua8",
  DEMO_WEBHOOK_SECRET: "whsec_ORicbLTkJsNDOPGq3izlruDglbdIzSrJ6p/b4FrcnpU=",
  DEMO_BACKEND_TOKEN: "6cesMQMwsBOW_1NtCB5WmpHE96gjkZHaQTR602M2",
  DEMO_SIGNED_BACKEND_TOKEN: "iroXRQsle91pLtRqfy-vmcfLloPmxvBsWXssUx8Q",
  // The admin API's token and the registry's master key (one key, so it is the current one).
  ADMIN_TOKEN: "adm_test_Xq4sT9vB2mK7pL1nR8wZ5cH3jF6dG0yE",
  SHOP_MASTER_KEYS: "test1:9i0L2a5Ltd6rQ3kz8yQk5m0Pq7Vx2Nw4Bc1De3Fg6Hs=",
  // Signs the dashboard's session cookie.
  DASHBOARD_SESSION_KEY: "dsk_test_Lr6Qw1Zt8Yp3Nm5Kc7Vb2Xs4Hd9Gf0Ja",
} as const;

/**
 * The secrets of the registry shops the tests add through the admin API (support/registry.ts):
 * values, never bindings, distinct from every other test value so that the secrets test can
 * look for them too.
 */
export const REGISTRY_SECRETS = {
  apiKeySecret: "reg_api_secret_Tz8Kq2Lm5Nv",
  notificationHmacKey: "reg_hmac_key_Pw3Rx7Sb1Yc9Jd4Hf6Gk2Lm8Qn",
  orderSigningKey: "reg_order_signing_key_Ue5Wa9Zi3Ko7Ty",
  backendToken: "reg_backend_token_Bv2Cx6Dz0Fw4Gy8Hu1Ja5Kb",
  webhookSecret: "whsec_3mTk9sXbQ2VnZp7YcR1uLf8Hd4Wj6Ga0Ne5Kq3Sv9Bo=",
} as const;

/** Where the demo shops' webhooks go (wrangler.toml); tests answer it with support/webhook-receiver.ts. */
export const WEBHOOK_URL = "http://127.0.0.1:8789/webhooks";

export const TEST_VARS = {
  SANDBOX_BASE_URL: UPSTREAM_BASE_URL,
  PRODUCTION_BASE_URL: UPSTREAM_BASE_URL,
  DEMO_MODE: "true",
  UPSTREAM_TIMEOUT_MS: "1500",
  // Long, so that no poll alarm fires by itself during a test: every poll is one the test runs.
  POLL_INTERVAL_MS: "600000",
  // Retries of a failed webhook come at once (the production schedule is tested as a pure function).
  WEBHOOK_RETRY_SCHEDULE: "0,0,0",
  WEBHOOK_TIMEOUT_MS: "1000",
} as const;
