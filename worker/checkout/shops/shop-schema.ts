/**
 * The shape of a shop and its rules, without the Worker's bindings (config.ts reads them), for
 * both sources of shops: an entry of the SHOPS var, whose secrets are the names of Worker secret
 * bindings (`shopSchema`), and a shop of the registry as the admin API takes it, whose secrets are
 * the values themselves (`registryShopSchema`). Everything else is the same schema. The Worker, at
 * start, the admin API, and the merchant console, reading wrangler.toml, check shops with it.
 */
import { refusedTarget } from "./webhook-target.js";
import Decimal from "decimal.js";
import { z } from "zod";
import { REDIRECT_KEYS, type RedirectKey } from "../../v3/types.js";
import { EVENT_TYPES } from "../backend-wire.js";
import { DECIMAL_AMOUNT, SHOP_ID, currencyCode, decimalAmount, parseHttpUrl, shopId } from "../rules.js";
import { secretProblem, type SecretKind } from "./secret-rules.js";

/** Most endpoints one shop may have (each event is POSTed to each matching one). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** Worker secrets of the Worker itself, which no shop may name as its own. */
export const RESERVED_SECRET_NAMES: readonly string[] = ["ADMIN_TOKEN", "SHOP_MASTER_KEYS", "SHOP_MASTER_KEY_ID"];

/** SHOPS: a secret is the name of the Worker secret binding that holds it. */
const secretName = z
  .string()
  .regex(SECRET_NAME, "must be the name of a Worker secret (A-Z, 0-9, _)")
  .refine((name) => !RESERVED_SECRET_NAMES.includes(name), "is a secret of the Worker itself, not of a shop");

/** Longest secret value the registry takes. */
export const MAX_SECRET_LENGTH = 4096;

/** The registry: a secret is its value (its rules per kind are secret-rules.ts's; no message repeats a value). */
const secretValue = z
  .string()
  .min(1, "must not be empty")
  .max(MAX_SECRET_LENGTH, `must be at most ${MAX_SECRET_LENGTH} characters`);

/** A shop's webhook endpoint: where its events are POSTed, signed with its secret (whsec_...). */
const webhookEndpoint = (secret: z.ZodType<string>) =>
  z.strictObject({
    url: z
      .string()
      .max(2000)
      .refine((value) => {
        const url = parseHttpUrl(value);
        return url !== undefined && url.username === "" && url.password === "" && url.hash === "";
      }, "must be an absolute http(s) URL without credentials or fragment"),
    secret,
    events: z
      .array(z.enum(EVENT_TYPES))
      .min(1, "must list at least one event type (or be left out for all)")
      .optional(),
  });
/** Most people one shop lists as its dashboard users. */
export const MAX_DASHBOARD_USERS = 100;

/**
 * The people who may open the shop's dashboard through Cloudflare Access, by the email Access
 * vouches for (docs/dashboard.md); kept lower-case, as emails are compared.
 */
const dashboardUsers = z
  .array(
    z
      .email("must be an email address")
      .max(254)
      .transform((email) => email.toLowerCase()),
  )
  .max(MAX_DASHBOARD_USERS, `must list at most ${MAX_DASHBOARD_USERS} people`)
  .refine((emails) => new Set(emails).size === emails.length, "must list each email once");

const currencyList = z.array(currencyCode).min(1, "must list at least one currency");

/** An origin exactly as a browser sends it: scheme://host[:port], nothing else. */
const origin = z
  .string()
  .refine(
    (value) => parseHttpUrl(value)?.origin === value,
    "must be an origin such as https://shop.example (scheme, host, optional port; no path or trailing slash)",
  );

/**
 * A redirect template: an absolute http(s) URL once {orderId} is filled. The payment service
 * fixes redirect URLs when the payment is created, before a payment id exists, so {orderId} is
 * the only placeholder.
 */
const redirectTemplate = z
  .string()
  .max(2000)
  .refine(
    (value) => !value.includes("{paymentId}"),
    "cannot use {paymentId}: redirect URLs are fixed before the payment exists; use {orderId}",
  )
  .refine(
    (value) => parseHttpUrl(value.replaceAll("{orderId}", "o")) !== undefined,
    "must be an absolute http(s) URL (placeholder {orderId} allowed)",
  );

const redirectUrls = z.strictObject(
  Object.fromEntries(REDIRECT_KEYS.map((key) => [key, redirectTemplate.optional()])) as Record<
    RedirectKey,
    z.ZodOptional<typeof redirectTemplate>
  >,
);

/** A shop with `secret` as the type of its secrets (a binding name, or a value). */
const shopEntry = (secret: z.ZodType<string>) =>
  z
    .strictObject({
      id: shopId,
      name: z.string().trim().min(1).max(100),
      environment: z.enum(["sandbox", "production"]),
      apiKeyId: z.string().regex(/^\w{1,128}$/, "must contain only letters, digits and underscore"),
      secrets: z.strictObject({
        apiKeySecret: secret,
        notificationHmacKey: secret.optional(),
        orderSigningKey: secret.optional(),
        backendToken: secret.optional(),
      }),
      notificationSignature: z
        .strictObject({
          header: z.string().regex(HEADER_NAME, "must be an HTTP header name").default("X-Signature"),
          encoding: z.enum(["hex", "base64"]).default("hex"),
          prefix: z
            .string()
            .regex(/^[\x21-\x7e]{1,16}$/, "must be 1-16 visible ASCII characters, e.g. sha256=")
            .optional(),
        })
        .default({ header: "X-Signature", encoding: "hex" }),
      pricing: z.enum(["signed", "open"]),
      limits: z.strictObject({ min: decimalAmount, max: decimalAmount }).optional(),
      priceCurrencies: currencyList,
      transferCurrencies: currencyList,
      allowedOrigins: z.array(origin).default([]),
      redirectUrls: redirectUrls.default({}),
      webhooks: z
        .array(webhookEndpoint(secret))
        .max(MAX_WEBHOOK_ENDPOINTS, `must list at most ${MAX_WEBHOOK_ENDPOINTS} endpoints`)
        .default([]),
      dashboardUsers: dashboardUsers.default([]),
      /**
       * Refunds approved without the merchant: per currency of the refund's amount (the coin, or
       * the price currency), the largest amount approved as soon as its address is known
       * (docs/refunds.md). Absent: every refund waits for an approval.
       */
      autoApproveRefundsUpTo: z
        .record(currencyCode, decimalAmount)
        .refine((map) => Object.keys(map).length <= 20, "must list at most 20 currencies")
        .optional(),
      /** Minutes a refund link stays valid (default 10080, 7 days; 5 minutes to 90 days). */
      refundLinkTtlMinutes: z
        .number()
        .int("must be a whole number of minutes")
        .min(5, "must be at least 5 minutes")
        .max(90 * 24 * 60, "must be at most 129600 minutes (90 days)")
        .optional(),
    })
    .superRefine((shop, ctx) => {
      if (shop.pricing === "signed" && !shop.secrets.orderSigningKey) {
        ctx.addIssue({
          code: "custom",
          path: ["secrets", "orderSigningKey"],
          message: "is required for signed pricing",
        });
      }
      if (shop.pricing === "open" && !shop.limits) {
        ctx.addIssue({
          code: "custom",
          path: ["limits"],
          message: 'is required for open pricing ({"min":"1.00","max":"500.00"})',
        });
      }
      const urls = new Set<string>();
      shop.webhooks.forEach((endpoint, index) => {
        if (urls.has(endpoint.url))
          ctx.addIssue({ code: "custom", path: ["webhooks", index, "url"], message: "is listed twice" });
        urls.add(endpoint.url);
        if (shop.environment === "production" && !endpoint.url.startsWith("https://")) {
          ctx.addIssue({
            code: "custom",
            path: ["webhooks", index, "url"],
            message: "must be https for a production shop",
          });
        }
        const refused = shop.environment === "production" ? refusedTarget(endpoint.url) : undefined;
        if (refused)
          ctx.addIssue({
            code: "custom",
            path: ["webhooks", index, "url"],
            message: `must be a public address for a production shop, not a ${refused} one`,
          });
      });
      if (
        shop.limits &&
        DECIMAL_AMOUNT.test(shop.limits.min) &&
        DECIMAL_AMOUNT.test(shop.limits.max) &&
        new Decimal(shop.limits.min).gt(shop.limits.max)
      ) {
        ctx.addIssue({ code: "custom", path: ["limits", "min"], message: "must not be greater than limits.max" });
      }
    });

/** An entry of the SHOPS var: its secrets are the names of Worker secret bindings. */
export const shopSchema = shopEntry(secretName);

/** A shop of the registry as the admin API takes it: its secrets are their values (checked by `secretIssues`). */
export const registryShopSchema = shopEntry(secretValue);

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

/** A secret of a shop: the field it is in, and the kind of secret-rules.ts it must be. */
export interface SecretSlot {
  field: string;
  kind: SecretKind;
  /** The binding name (SHOPS) or the value (registry) that the shop gives. */
  given: string;
}

/** Every secret a shop gives, with its field (`secrets.apiKeySecret`, `webhooks.0.secret`). */
export function secretSlots(shop: Pick<ShopConfig, "secrets" | "webhooks">): SecretSlot[] {
  const slots: SecretSlot[] = [];
  for (const [field, given] of Object.entries(shop.secrets))
    if (given !== undefined) slots.push({ field: `secrets.${field}`, kind: field as SecretKind, given });
  shop.webhooks.forEach((endpoint, index) =>
    slots.push({ field: `webhooks.${index}.secret`, kind: "webhookSecret", given: endpoint.secret }),
  );
  return slots;
}

/** The issues of a schema check, by field; `shop` names the entry, `whole` the field of an issue of the entry itself. */
export function schemaIssues(shop: string, error: z.ZodError, whole = "(entry)"): ConfigIssue[] {
  return error.issues.map((issue) => ({ shop, field: issue.path.join(".") || whole, message: issue.message }));
}

/** The rules beyond the schema that depend on the deployment: a production shop needs PUBLIC_URL. */
export function deploymentIssues(
  shop: Pick<ShopConfig, "id" | "environment">,
  publicUrl: string | undefined,
): ConfigIssue[] {
  if (shop.environment !== "production" || isHttpsOrigin(publicUrl)) return [];
  return [
    {
      shop: shop.id,
      field: "environment",
      message:
        "is production, which needs the PUBLIC_URL var set to this Worker's https origin (notification URLs must not depend on a request's host)",
    },
  ];
}

/**
 * The registry's secrets, which are values: each checked by its kind's rule (secret-rules.ts).
 * A message says what is wrong with a value, never the value.
 */
export function secretValueIssues(shop: Pick<ShopConfig, "id" | "secrets" | "webhooks">): ConfigIssue[] {
  return secretSlots(shop).flatMap(({ field, kind, given }) => {
    const problem = secretProblem(kind, given);
    return problem ? [{ shop: shop.id, field, message: problem }] : [];
  });
}

/**
 * Validates the SHOPS value (a JSON string or an already parsed array). `secrets`, when given,
 * is checked for every secret binding an entry names (a missing one is an issue of that field).
 */
export function validateShops(
  value: unknown,
  secrets?: (name: string) => string | undefined,
  publicUrl?: string,
): ShopsValidation {
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
      issues.push(...schemaIssues(name, check.error));
    } else {
      if (result.shops.has(check.data.id) || result.invalid.has(check.data.id)) {
        issues.push({ shop: name, field: "id", message: "is used by another entry" });
      }
      issues.push(...deploymentIssues(check.data, publicUrl));
      if (secrets) {
        for (const { field, kind, given: binding } of secretSlots(check.data)) {
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
  return value !== undefined && parseHttpUrl(value)?.protocol === "https:";
}

/** A shop as the registry takes it through the admin API: its secrets are their values. */
export type RegistryShop = z.output<typeof registryShopSchema>;

/** A webhook endpoint without its secret. */
export type EndpointSettings = Omit<ShopConfig["webhooks"][number], "secret">;

/** Everything of a shop but its secrets: what the Worker serves from, whichever source, and what the admin API shows. */
export type ShopData = Omit<ShopConfig, "secrets" | "webhooks"> & { webhooks: EndpointSettings[] };

/** The secret fields of a shop (`secrets.<field>`). */
export type SecretField = keyof ShopConfig["secrets"];
export const SECRET_FIELDS: readonly SecretField[] = [
  "apiKeySecret",
  "notificationHmacKey",
  "orderSigningKey",
  "backendToken",
];
