/**
 * Values the checkout tests run with (used by vitest.config.ts in Node and by tests in workerd).
 * Secrets are test-only values, distinct from the sandbox demo values, so that the secrets test
 * can look for them in every response and log line.
 */

/** Base URL of the stubbed upstream (both environments point at it). */
export const UPSTREAM_BASE_URL = "https://upstream.test";

export const TEST_SECRETS = {
  DEMO_API_KEY_SECRET: "test_api_secret_7Qf2Zr8Lk3",
  DEMO_HMAC_KEY: "test_hmac_key_Vb91Xc4Pq0",
  DEMO_ORDER_SIGNING_KEY: "test_order_signing_key_Hn5Tw2Ye6Ua8",
} as const;

export const TEST_VARS = {
  SANDBOX_BASE_URL: UPSTREAM_BASE_URL,
  PRODUCTION_BASE_URL: UPSTREAM_BASE_URL,
  DEMO_MODE: "true",
  UPSTREAM_TIMEOUT_MS: "1500",
  // Long, so that no poll alarm fires by itself during a test: every poll is one the test runs.
  POLL_INTERVAL_MS: "600000",
} as const;
