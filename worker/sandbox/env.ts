import type { Ledger } from "./ledger.js";

/** Bindings of the sandbox Worker (see wrangler.toml). Every var is a string; config.ts parses them. */
export interface SandboxEnv {
  LEDGER: DurableObjectNamespace<Ledger>;
  ACCOUNTS: string;
  RATES: string;
  STARTING_BALANCES: string;
  PAYMENT_EXPIRY_SECONDS: string;
  PAYOUT_EXPIRY_SECONDS: string;
  PAYOUT_SEND_DELAY_SECONDS: string;
  NOTIFY_RETRY_BASE_MS: string;
  NOTIFY_RETRY_MAX_MS: string;
  NOTIFY_MAX_ATTEMPTS: string;
}
