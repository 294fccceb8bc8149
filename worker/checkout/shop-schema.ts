/**
 * The shape of a shop entry and the validation of the whole SHOPS list, without the Worker's
 * bindings (config.ts reads them): the Worker, at start, and the merchant console, reading
 * wrangler.toml, check shops with the same rules.
 */
import Decimal from "decimal.js";
import { z } from "zod";
import { REDIRECT_KEYS, type RedirectKey } from "../v3/types.js";
import { EVENT_TYPES } from "./events/types.js";
import { DECIMAL_AMOUNT, currencyCode, decimalAmount } from "./rules.js";
import { secretProblem } from "./secret-rules.js";

/** Most endpoints one shop may have (each event is POSTed to each matching one). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** A shop id: 1-64 characters, a-z, 0-9, - and _ (not at either end). */
export const SHOP_ID = /^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$/;
const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

const secretName = z.string().regex(SECRET_NAME, "must be the name of a Worker secret (A-Z, 0-9, _)");

/** A shop's webhook endpoint: where its events are POSTed, signed with the named secret (whsec_...). */
const webhookEndpoint = z.strictObject({
  url: z.string().max(2000).refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "" && url.hash === "";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL without credentials or fragment"),
  secret: secretName,
  events: z.array(z.enum(EVENT_TYPES)).min(1, "must list at least one event type (or be left out for all)").optional(),
});
const currencyList = z.array(currencyCode).min(1, "must list at least one currency");

/** An origin exactly as a browser sends it: scheme://host[:port], nothing else. */
const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
  } catch {
    return false;
  }
}, "must be an origin such as https://shop.example (scheme, host, optional port; no path or trailing slash)");

/**
 * A redirect template: an absolute http(s) URL once {orderId} is filled. The payment service
 * fixes redirect URLs when the payment is created, before a payment id exists, so {orderId} is
 * the only placeholder.
 */
const redirectTemplate = z
  .string()
  .max(2000)
  .refine((value) => !value.includes("{paymentId}"), "cannot use {paymentId}: redirect URLs are fixed before the payment exists; use {orderId}")
  .refine((value) => {
    try {
      const url = new URL(value.replaceAll("{orderId}", "o"));
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL (placeholder {orderId} allowed)");

const redirectUrls = z.strictObject(
  Object.fromEntries(REDIRECT_KEYS.map((key) => [key, redirectTemplate.optional()])) as Record<RedirectKey, z.ZodOptional<typeof redirectTemplate>>,
);

export const shopSchema = z
  .strictObject({
    id: z.string().regex(SHOP_ID, "must be 1-64 characters: a-z, 0-9, - and _ (not at either end)"),
    name: z.string().trim().min(1).max(100),
    environment: z.enum(["sandbox", "production"]),
    apiKeyId: z.string().regex(/^\w{1,128}$/, "must contain only letters, digits and underscore"),
    secrets: z.strictObject({
      apiKeySecret: secretName,
      notificationHmacKey: secretName.optional(),
      orderSigningKey: secretName.optional(),
      backendToken: secretName.optional(),
    }),
    notificationSignature: z
      .strictObject({
        header: z.string().regex(HEADER_NAME, "must be an HTTP header name").default("X-Signature"),
        encoding: z.enum(["hex", "base64"]).default("hex"),
      })
      .default({ header: "X-Signature", encoding: "hex" }),
    pricing: z.enum(["signed", "open"]),
    limits: z.strictObject({ min: decimalAmount, max: decimalAmount }).optional(),
    priceCurrencies: currencyList,
    transferCurrencies: currencyList,
    allowedOrigins: z.array(origin).default([]),
    redirectUrls: redirectUrls.default({}),
    webhooks: z.array(webhookEndpoint).max(MAX_WEBHOOK_ENDPOINTS, `must list at most ${MAX_WEBHOOK_ENDPOINTS} endpoints`).default([]),
  })
  .superRefine((shop, ctx) => {
    if (shop.pricing === "signed" && !shop.secrets.orderSigningKey) {
      ctx.addIssue({ code: "custom", path: ["secrets", "orderSigningKey"], message: "is required for signed pricing" });
    }
    if (shop.pricing === "open" && !shop.limits) {
      ctx.addIssue({ code: "custom", path: ["limits"], message: "is required for open pricing ({\"min\":\"1.00\",\"max\":\"500.00\"})" });
    }
    const urls = new Set<string>();
    shop.webhooks.forEach((endpoint, index) => {
      if (urls.has(endpoint.url)) ctx.addIssue({ code: "custom", path: ["webhooks", index, "url"], message: "is listed twice" });
      urls.add(endpoint.url);
      if (shop.environment === "production" && !endpoint.url.startsWith("https://")) {
        ctx.addIssue({ code: "custom", path: ["webhooks", index, "url"], message: "must be https for a production shop" });
      }
    });
    if (shop.limits && DECIMAL_AMOUNT.test(shop.limits.min) && DECIMAL_AMOUNT.test(shop.limits.max) && new Decimal(shop.limits.min).gt(shop.limits.max)) {
      ctx.addIssue({ code: "custom", path: ["limits", "min"], message: "must not be greater than limits.max" });
    }
  });

export type ShopConfig = z.output<typeof shopSchema>;

/** One problem of the configuration, named by shop and field. */
export interface ConfigIssue {
  shop: string;
  field: string;
  message: string;
}

export interface ShopsValidation {
  shops: Map<string, ShopConfig>;
  /** Ids (or `#index` for entries without a usable id) of entries that failed validation. */
  invalid: Set<string>;
  issues: ConfigIssue[];
}

function entryName(entry: unknown, index: number): string {
  const id = entry && typeof entry === "object" ? (entry as { id?: unknown }).id : undefined;
  return typeof id === "string" && SHOP_ID.test(id) ? id : `#${index}`;
}

/**
 * Validates the SHOPS value (a JSON string or an already parsed array). `secrets`, when given,
 * is checked for every secret binding an entry names (a missing one is an issue of that field).
 */
export function validateShops(value: unknown, secrets?: (name: string) => string | undefined, publicUrl?: string): ShopsValidation {
  const result: ShopsValidation = { shops: new Map(), invalid: new Set(), issues: [] };
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      result.issues.push({ shop: "*", field: "SHOPS", message: `is not valid JSON: ${(err as Error).message}` });
      return result;
    }
  }
  if (!Array.isArray(parsed)) {
    result.issues.push({ shop: "*", field: "SHOPS", message: "must be a JSON array of shop entries" });
    return result;
  }
  parsed.forEach((entry: unknown, index) => {
    const name = entryName(entry, index);
    const issues: ConfigIssue[] = [];
    const check = shopSchema.safeParse(entry);
    if (!check.success) {
      for (const issue of check.error.issues) issues.push({ shop: name, field: issue.path.join(".") || "(entry)", message: issue.message });
    } else {
      if (result.shops.has(check.data.id) || result.invalid.has(check.data.id)) {
        issues.push({ shop: name, field: "id", message: "is used by another entry" });
      }
      if (check.data.environment === "production" && !isHttpsOrigin(publicUrl)) {
        issues.push({ shop: name, field: "environment", message: "is production, which needs the PUBLIC_URL var set to this Worker's https origin (notification URLs must not depend on a request's host)" });
      }
      if (secrets) {
        const named: [string, string, Parameters<typeof secretProblem>[0]][] = Object.entries(check.data.secrets).map(([field, binding]) => [`secrets.${field}`, binding, field as keyof ShopConfig["secrets"]]);
        check.data.webhooks.forEach((endpoint, index) => named.push([`webhooks.${index}.secret`, endpoint.secret, "webhookSecret"]));
        for (const [field, binding, kind] of named) {
          const value = secrets(binding);
          const problem = value === undefined ? "is not set" : secretProblem(kind, value);
          if (problem) issues.push({ shop: name, field, message: `names the secret ${binding}, which ${problem}` });
        }
      }
    }
    if (issues.length || !check.success) {
      result.invalid.add(name);
      result.shops.delete(name);
      result.issues.push(...issues);
    } else {
      result.shops.set(check.data.id, check.data);
    }
  });
  return result;
}

/** True for an https origin such as https://checkout.example.com (a path is ignored). */
function isHttpsOrigin(value: string | undefined): boolean {
  if (!value) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}
