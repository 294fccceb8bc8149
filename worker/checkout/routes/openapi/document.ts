/**
 * The checkout Worker's OpenAPI 3.1 document, put together from the API areas of this folder
 * (one file per area: add a route's entry there) and the named schemas of components.ts. Served at
 * GET /api/openapi.json and checked in as docs/openapi.json (`npm run docs:openapi`; `npm run
 * lint` fails when it drifts). test/worker/checkout/routes/openapi.test.ts fails when a route of
 * the app is neither here nor in NOT_IN_THE_API.
 */
import { z } from "zod";
import { registryShopSchema } from "../../shops/shop-schema.js";
import { adminOperations } from "./admin.js";
import { backendOperations } from "./backend.js";
import { components } from "./components.js";
import { dashboardOperations } from "./dashboard.js";
import { posOperations } from "./pos.js";
import { healthOperations } from "./health.js";
import { hookOperations } from "./hooks.js";
import { linkOperations } from "./links.js";
import { openApiPath, operationObject, type Operation } from "./operation.js";
import { publicOperations } from "./public.js";
import { receiptOperations } from "./receipt.js";
import { refundOperations } from "./refunds.js";
import { webhookEntries } from "./webhooks.js";

type Json = Record<string, unknown>;

/** The document's version: the HTTP API's (docs/versioning.md). */
export const API_VERSION = "1.0.0";

/** Every documented route, area by area. */
export const OPERATIONS: readonly Operation[] = [
  ...publicOperations,
  ...receiptOperations,
  ...hookOperations,
  ...backendOperations,
  ...refundOperations,
  ...linkOperations,
  ...dashboardOperations,
  ...posOperations,
  ...adminOperations,
  ...healthOperations,
];

/**
 * The app's routes that are not part of the HTTP API, each with why: files and pages the asset
 * layer serves, and the demo's helpers (served only in demo mode). Paths as hono registers them.
 */
export const NOT_IN_THE_API: readonly { path: RegExp; why: string }[] = [
  { path: /^\/(:file\{.*\}|widget-manifest\.json|chunks\/.*)$/, why: "the element's files" },
  { path: /^\/demo(\/.*)?$/, why: "the demo page and its helper routes (demo mode only)" },
  {
    path: /^\/dashboard(\/(sign-in|payments|payments\/:paymentId|webhooks|links|settings))?$/,
    why: "the dashboard's pages",
  },
  { path: /^\/refund\/(:shop\/?|:file\{.*\})$/, why: "the hosted refund page and its files" },
  { path: /^\/pos(\/|\/:shop\/?|\/:file\{.*\})?$/, why: "the point of sale's page and its files" },
  { path: /^\/receipt\/(:shop\/:paymentId\/?|:file\{.*\})$/, why: "the hosted receipt page and its files" },
  {
    path: /^\/pay\/(:shop\/:linkId|:file\{.*\})$/,
    why: "the hosted payment link page (HTML) and its files (docs/links.md)",
  },
];

const TAGS = [
  ["Element", "The routes the `<crypto-checkout>` element calls from the shop's page (CORS per shop)."],
  [
    "Backend",
    "The shop backend's API: orders, the event log, redelivery. Server to server, with the shop's backend token.",
  ],
  ["Ledger", "The payments ledger for the shop's backend: lists, CSV, totals, backfill."],
  ["Dashboard", "The merchant dashboard's sign-in and data API (session cookie, CSRF token on writes)."],
  [
    "Refunds",
    "A payment's refunds for the shop's backend (backend token), and the refund link's two public routes the customer's refund page calls.",
  ],
  [
    "Links",
    "Payment links: the shop backend's and the dashboard's routes that make and manage them, and the hosted link page's create.",
  ],
  ["Admin", "The shop registry's admin API, for the platform operator (the admin token)."],
  ["Notifications", "What the payment service posts to this Worker."],
  ["Health", "Health checks."],
  ["Reference", "This document."],
  ["Webhooks", "The events this Worker posts to a shop's webhook endpoints."],
] as const;

/** A schema without the keywords that belong to a standalone JSON Schema. */
function bare(schema: Json): Json {
  const { $schema: _s, $id: _i, ...rest } = schema;
  void _s;
  void _i;
  return rest;
}

/** The shop schema's output without its secrets: what the admin API shows of a shop. */
function shopDataSchema(): Json {
  const schema = bare(
    z.toJSONSchema(registryShopSchema, { target: "draft-2020-12", io: "output", unrepresentable: "any" }) as Json,
  ) as {
    properties: Record<string, Json>;
    required: string[];
  };
  delete schema.properties.secrets;
  schema.required = schema.required.filter((name) => name !== "secrets");
  const endpoint = (schema.properties.webhooks as { items: { properties: Json; required: string[] } }).items;
  delete endpoint.properties.secret;
  endpoint.required = endpoint.required.filter((name) => name !== "secret");
  // The emails are lower-cased by a transform, which JSON Schema cannot say: they are emails.
  (schema.properties.dashboardUsers as { items: Json }).items = { type: "string", format: "email" };
  return { ...schema, description: "A registry shop's settings; its secrets are never shown." };
}

function componentSchemas(): Json {
  const { schemas } = z.toJSONSchema(components, {
    target: "draft-2020-12",
    metadata: components,
    io: "output",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Json = {};
  for (const id of Object.keys(schemas).sort()) out[id] = bare(schemas[id] as Json);
  out.ShopData = shopDataSchema();
  return out;
}

function build(): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) {
    const path = openApiPath(op.path);
    const item = (paths[path] ??= {});
    if (item[op.method]) throw new Error(`${op.method.toUpperCase()} ${path} is described twice`);
    item[op.method] = operationObject(op);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "crypto-checkout Worker",
      version: API_VERSION,
      summary: "Crypto payments for many shops from one Cloudflare Worker.",
      description:
        "The HTTP API of the checkout Worker: the element's public routes, the shop backend's API, the payments ledger, the merchant dashboard, the shop registry's admin API and the health checks, and the webhooks it sends. Amounts are exact decimal strings; every error is an `ErrorBody`. Versioning: docs/versioning.md in the repository.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "http://127.0.0.1:8787", description: "The local demo (`npm run demo`)" }],
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    webhooks: webhookEntries(),
    components: {
      schemas: componentSchemas(),
      headers: {
        RequestId: {
          description:
            "The request's id (echoed from the request's X-Request-Id when well-formed): quote it when asking about a request.",
          schema: { type: "string" },
        },
      },
      securitySchemes: {
        backendToken: {
          type: "http",
          scheme: "bearer",
          description: "The shop's backend token (its `backendToken` secret), per shop.",
        },
        adminToken: {
          type: "http",
          scheme: "bearer",
          description: "The deployment's ADMIN_TOKEN. Without one the admin API answers 404.",
        },
        dashboardSession: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-desk_session",
          description:
            "The dashboard's session cookie (`desk_session` over plain http), set by POST /dashboard/api/session.",
        },
        dashboardCsrf: {
          type: "apiKey",
          in: "header",
          name: "X-CSRF-Token",
          description:
            "The session's csrfToken (GET /dashboard/api/session), with every POST, PATCH and DELETE; the Origin must be the dashboard's.",
        },
        cloudflareAccess: {
          type: "apiKey",
          in: "header",
          name: "Cf-Access-Jwt-Assertion",
          description:
            "Behind Cloudflare Access: the JWT Access adds; the person's email must be one of the shop's dashboardUsers.",
        },
        notificationSignature: {
          type: "apiKey",
          in: "header",
          name: "X-Signature",
          description:
            "The payment service's HMAC of the raw body under the shop's notificationHmacKey (header name, encoding and prefix per shop: notificationSignature).",
        },
      },
    },
  };
}

let built: Json | undefined;

/** The document (built once per isolate). */
export function openApiDocument(): Json {
  built ??= build();
  return built;
}
