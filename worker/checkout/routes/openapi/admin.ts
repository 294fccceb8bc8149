/**
 * The registry's admin API (routes/admin-api.ts, mounted at /admin), the operator's sign-in link
 * (routes/desk-api.ts) and the upstream health (routes/health.ts), behind the admin token. Without
 * an ADMIN_TOKEN the admin API is off: every route answers 404 not_found.
 */
import { z } from "zod";
import { adminLinkSchema } from "../../desk/desk-routes.js";
import { registryShopSchema } from "../../shops/shop-schema.js";
import { auditQuery, rewrapBody, secretBody, shopsQuery } from "../admin-api.js";
import { auditPage, keyStatus, rewrapResult, shopPage, shopRecord, upstreamHealth } from "./admin-shapes.js";
import { deskSignInLink } from "./desk-shapes.js";
import type { Operation } from "./operation.js";

const TAG = "Admin";
const security = [["adminToken" as const]];
const AUTH = { 401: ["unauthorized"], 404: ["not_found"] } as const;
const actor = [
  {
    name: "X-Audit-Actor",
    description: "Who acts, for the audit log (self-declared; behind Cloudflare Access its user is taken instead).",
  },
];
const SHOP_EXAMPLE = {
  id: "acme",
  name: "Acme",
  environment: "sandbox",
  apiKeyId: "acme_key",
  secrets: { apiKeySecret: "…", backendToken: "…32 characters or more…" },
  pricing: "open",
  limits: { min: "1.00", max: "500.00" },
  priceCurrencies: ["EUR"],
  transferCurrencies: ["BTC", "ETH"],
  allowedOrigins: ["https://shop.example"],
  webhooks: [{ url: "https://shop.example/hooks/checkout", secret: "whsec_…" }],
};

export const adminOperations: Operation[] = [
  {
    method: "get",
    path: "/admin/shops",
    operationId: "listShops",
    tag: TAG,
    summary: "One page of the registry's shops, in id order",
    security,
    query: shopsQuery,
    answers: { 200: { description: "One page.", schema: shopPage } },
    errors: { ...AUTH, 400: ["invalid_request"] },
  },
  {
    method: "post",
    path: "/admin/shops",
    operationId: "createShop",
    tag: TAG,
    summary: "Add a shop",
    description: "The shop schema with its secrets as values (sealed under the current master key; never shown again).",
    security,
    headers: actor,
    body: { schema: registryShopSchema, example: SHOP_EXAMPLE },
    answers: { 201: { description: "The shop as stored.", schema: shopRecord } },
    errors: { ...AUTH, 400: ["invalid_request"], 409: ["shop_exists"], 413: ["invalid_request"] },
  },
  {
    method: "get",
    path: "/admin/shops/:id",
    operationId: "getShop",
    tag: TAG,
    summary: "One shop, its secrets listed by field only",
    security,
    answers: { 200: { description: "The shop.", schema: shopRecord } },
    errors: { ...AUTH, 404: ["not_found", "unknown_shop"] },
  },
  {
    method: "patch",
    path: "/admin/shops/:id",
    operationId: "updateShop",
    tag: TAG,
    summary: "Change fields of a shop",
    description:
      "A field given replaces the shop's; null removes an optional one; `secrets` is merged field by field; `webhooks` replaces the list, an endpoint without `secret` keeping the secret of the endpoint with the same URL. The result must pass the shop schema.",
    security,
    headers: actor,
    body: {
      schema: z.record(z.string(), z.unknown()).describe("The fields to change (see the description)."),
      example: { name: "Acme Store", limits: { min: "1.00", max: "1000.00" } },
    },
    answers: { 200: { description: "The shop after the change.", schema: shopRecord } },
    errors: {
      ...AUTH,
      400: ["invalid_request"],
      404: ["not_found", "unknown_shop"],
      409: ["shop_changed"],
      413: ["invalid_request"],
    },
  },
  {
    method: "post",
    path: "/admin/shops/:id/disable",
    operationId: "disableShop",
    tag: TAG,
    summary: "Disable a shop (it answers 404 unknown_shop everywhere; its deliveries wait)",
    security,
    headers: actor,
    answers: { 200: { description: "The shop.", schema: shopRecord } },
    errors: { ...AUTH, 404: ["not_found", "unknown_shop"] },
  },
  {
    method: "post",
    path: "/admin/shops/:id/enable",
    operationId: "enableShop",
    tag: TAG,
    summary: "Enable a shop again (its held deliveries go out)",
    security,
    headers: actor,
    answers: { 200: { description: "The shop.", schema: shopRecord } },
    errors: { ...AUTH, 404: ["not_found", "unknown_shop"] },
  },
  {
    method: "put",
    path: "/admin/shops/:id/secrets/:name",
    operationId: "setShopSecret",
    tag: TAG,
    summary: "Set or replace one secret",
    security,
    headers: actor,
    body: { schema: secretBody, example: { value: "a-new-backend-token-of-32-characters-or-more" } },
    answers: { 200: { description: "The shop.", schema: shopRecord } },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["not_found", "unknown_shop"], 413: ["invalid_request"] },
  },
  {
    method: "get",
    path: "/admin/audit",
    operationId: "readAudit",
    tag: TAG,
    summary: "The audit log, oldest first",
    security,
    query: auditQuery,
    answers: { 200: { description: "One page.", schema: auditPage } },
    errors: { ...AUTH, 400: ["invalid_request"] },
  },
  {
    method: "get",
    path: "/admin/keys",
    operationId: "getKeyStatus",
    tag: TAG,
    summary: "The master keys in use and how many shops each seals",
    security,
    answers: { 200: { description: "The keys.", schema: keyStatus } },
    errors: AUTH,
  },
  {
    method: "post",
    path: "/admin/keys/rewrap",
    operationId: "rewrapShops",
    tag: TAG,
    summary: "Seal shops again under the current master key, one page at a time",
    security,
    headers: actor,
    body: { schema: rewrapBody, example: { limit: 100 } },
    answers: { 200: { description: "What this call did.", schema: rewrapResult } },
    errors: { ...AUTH, 400: ["invalid_request"], 413: ["invalid_request"] },
  },
  {
    method: "post",
    path: "/admin/dashboard/sign-in-links",
    operationId: "createAdminSignInLink",
    tag: TAG,
    summary: "A sign-in link to the dashboard for one shop, or the operator's view of every shop",
    security,
    body: { schema: adminLinkSchema, example: { shop: "acme" } },
    answers: { 201: { description: "The link.", schema: deskSignInLink } },
    errors: { ...AUTH, 400: ["invalid_request"], 404: ["not_found", "unknown_shop"], 413: ["invalid_request"] },
  },
  {
    method: "get",
    path: "/healthz/upstream",
    operationId: "getUpstreamHealth",
    tag: "Health",
    summary: "How this isolate's last calls to the payment service went",
    security,
    answers: { 200: { description: "Per environment and operation.", schema: upstreamHealth } },
    errors: AUTH,
  },
];
