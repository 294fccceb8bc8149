/**
 * zod schemas of the admin API's answers (shops/admin-wire.ts) and of the health routes', each
 * pinned to its type (components.ts, `pin`). A shop itself (`ShopData`) is the shop schema's own
 * output without its secrets, derived in document.ts from shops/shop-schema.ts.
 */
import { z } from "zod";
import type { AuditEntryView, KeyStatus, RewrapResult, ShopPage, ShopRecord } from "../../shops/admin-wire.js";
import type { ShopData } from "../../shops/shop-schema.js";
import type { EnvironmentSummary } from "../../upstream/upstream-calls.js";
import type { HealthReport } from "../health-report.js";
import { dateTime, named, pin } from "./components.js";

/** Stands for the shop schema's output without secrets (document.ts fills in its JSON Schema). */
export const shopData = named(
  "ShopData",
  z.custom<ShopData>(),
  "A registry shop's settings; its secrets are never shown.",
);

export const shopRecord = named(
  "ShopRecord",
  pin<ShopRecord>()(
    z.strictObject({
      shop: shopData,
      status: z.enum(["active", "disabled"]),
      version: z.number().int().describe("The registry version of its last change."),
      keyId: z.string().describe("The master key its secrets are sealed under."),
      secrets: z
        .array(z.string())
        .optional()
        .describe(
          "Which secrets it has (`secrets.apiKeySecret`, `webhooks.0.secret`...), never their values; absent in lists.",
        ),
      createdAt: dateTime,
      updatedAt: dateTime,
    }),
  ),
  "A registry shop as the admin API shows it.",
);

export const shopPage = named(
  "ShopPage",
  pin<ShopPage>()(z.strictObject({ shops: z.array(shopRecord), next: z.string().nullable() })),
);

const auditEntry = pin<AuditEntryView>()(
  z.strictObject({
    id: z.number().int(),
    at: dateTime,
    actor: z.string(),
    action: z.string(),
    shop: z.string().nullable(),
    changes: z.unknown().describe("What changed; secrets only by name."),
    requestId: z.string().nullable(),
  }),
);

export const auditPage = named(
  "AuditPage",
  z.strictObject({ entries: z.array(named("AuditEntry", auditEntry)), next: z.string().nullable() }),
);

const shopsByKey = z.record(z.string(), z.number().int()).describe("How many shops each master key seals.");

export const keyStatus = named(
  "KeyStatus",
  pin<KeyStatus>()(z.strictObject({ currentKeyId: z.string(), keyIds: z.array(z.string()), shopsByKey })),
);

export const rewrapResult = named(
  "RewrapResult",
  pin<RewrapResult>()(
    z.strictObject({
      currentKeyId: z.string(),
      rewrapped: z.number().int(),
      unreadable: z.array(z.string()).describe("Shops whose secrets open under no key of SHOP_MASTER_KEYS."),
      next: z.string().nullable(),
      shopsByKey,
    }),
  ),
);

const databaseState = z.enum(["ok", "unbound", "no_tables", "unreachable"]);

export const healthReport = named(
  "HealthReport",
  // HealthReport's version may be typed undefined too; healthReport() always writes null instead.
  pin<Omit<HealthReport, "version"> & { version: NonNullable<HealthReport["version"]> | null }>()(
    z.strictObject({
      status: z.enum(["ok", "degraded"]),
      problems: z.array(z.string()).describe("One short code per failing part (empty when ok)."),
      config: z.strictObject({ valid: z.boolean(), shops: z.number().int(), invalidEntries: z.number().int() }),
      shops: z.strictObject({ config: z.number().int(), registry: z.number().int().nullable() }),
      registry: z.strictObject({
        state: databaseState,
        activeShops: z.number().int().optional(),
        disabledShops: z.number().int().optional(),
      }),
      ledger: databaseState,
      queue: z.enum(["bound", "unbound"]),
      version: z
        .strictObject({ id: z.string(), tag: z.string().optional(), timestamp: z.string().optional() })
        .nullable(),
    }),
  ),
  "Whether this deployment can take payments: counts and states only.",
);

const outcome = z.enum(["ok", "client_error", "server_error", "timeout", "network_error"]);

const environmentSummary = pin<EnvironmentSummary>()(
  z.strictObject({
    environment: z.string(),
    calls: z.number().int(),
    failingInARow: z.number().int(),
    lastAnswered: dateTime.nullable(),
    lastFailure: z
      .strictObject({ at: dateTime, operation: z.string(), outcome, status: z.number().int().optional() })
      .nullable(),
    operations: z.array(
      z.strictObject({
        operation: z.string(),
        calls: z.number().int(),
        outcomes: z.partialRecord(outcome, z.number().int()),
        p50Ms: z.number(),
        p95Ms: z.number(),
      }),
    ),
  }),
);

export const upstreamHealth = named(
  "UpstreamHealth",
  z.strictObject({
    scope: z.literal("isolate"),
    kept: z.number().int().describe("How many of the latest calls this isolate keeps."),
    since: dateTime.nullable(),
    environments: z.array(environmentSummary),
  }),
  "How this isolate's last calls to the payment service went, per environment and operation.",
);
