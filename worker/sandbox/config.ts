import Decimal from "decimal.js";
import { z } from "zod";

/** One sandbox account: its API key, its notification HMAC key and how signatures are sent. */
export interface Account {
  keyId: string;
  keySecret: string;
  hmacKey: string;
  signatureHeader: string;
  signatureEncoding: "hex" | "base64";
  merchantId: string;
}

export interface SandboxConfig {
  accounts: Account[];
  /** Value of one unit of each currency in the reference currency. */
  rates: Record<string, Decimal>;
  startingBalances: Record<string, Decimal>;
  paymentExpiryMs: number;
  payoutExpiryMs: number;
  payoutSendDelayMs: number;
  notify: { retryBaseMs: number; retryMaxMs: number; maxAttempts: number };
}

/** Shortest notification HMAC key the sandbox accepts (the checkout Worker refuses shorter keys). */
export const MIN_HMAC_KEY_BYTES = 32;

const decimalText = z.string().regex(/^\d+(\.\d+)?$/, "a decimal string");
const accountSchema = z.object({
  keyId: z.string().regex(/^\w+$/),
  keySecret: z.string().min(1),
  hmacKey: z
    .string()
    .refine(
      (k) => new TextEncoder().encode(k).length >= MIN_HMAC_KEY_BYTES,
      `must be at least ${MIN_HMAC_KEY_BYTES} bytes`,
    ),
  signatureHeader: z.string().min(1).default("X-Signature"),
  signatureEncoding: z.enum(["hex", "base64"]).default("hex"),
  merchantId: z.string().min(1),
});
const count = (min: number) => z.coerce.number().int().min(min);
const json = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "not valid JSON" });
    return z.NEVER;
  }
});
const varsSchema = z.object({
  ACCOUNTS: json.pipe(z.array(accountSchema).min(1)),
  RATES: json.pipe(
    z.record(
      z.string(),
      decimalText.refine((v) => new Decimal(v).gt(0), "positive"),
    ),
  ),
  STARTING_BALANCES: json.pipe(z.record(z.string(), decimalText)),
  PAYMENT_EXPIRY_SECONDS: count(1),
  PAYOUT_EXPIRY_SECONDS: count(1),
  PAYOUT_SEND_DELAY_SECONDS: count(0),
  NOTIFY_RETRY_BASE_MS: count(1),
  NOTIFY_RETRY_MAX_MS: count(1),
  NOTIFY_MAX_ATTEMPTS: count(1),
});

const cache = new WeakMap<object, SandboxConfig>();

/** Parses the Worker's vars once per env object; a bad var fails loudly with its name. */
export function configOf(env: SandboxEnv): SandboxConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = varsSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`sandbox configuration: ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`);
  }
  const v = parsed.data;
  const toDecimals = (r: Record<string, string>) =>
    Object.fromEntries(Object.entries(r).map(([k, x]) => [k, new Decimal(x)]));
  const config: SandboxConfig = {
    accounts: v.ACCOUNTS,
    rates: toDecimals(v.RATES),
    startingBalances: toDecimals(v.STARTING_BALANCES),
    paymentExpiryMs: v.PAYMENT_EXPIRY_SECONDS * 1000,
    payoutExpiryMs: v.PAYOUT_EXPIRY_SECONDS * 1000,
    payoutSendDelayMs: v.PAYOUT_SEND_DELAY_SECONDS * 1000,
    notify: {
      retryBaseMs: v.NOTIFY_RETRY_BASE_MS,
      retryMaxMs: v.NOTIFY_RETRY_MAX_MS,
      maxAttempts: v.NOTIFY_MAX_ATTEMPTS,
    },
  };
  cache.set(env, config);
  return config;
}

export function accountById(config: SandboxConfig, keyId: string): Account | undefined {
  return config.accounts.find((a) => a.keyId === keyId);
}
