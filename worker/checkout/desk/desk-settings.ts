/**
 * The dashboard's settings page (DeskSettings): the shop as the Worker reads it, each secret only
 * as "set" or "not set" (never a value, nor its length); and the change of a registry shop's
 * allowed origins, redirect URLs and webhook endpoints, through the admin API's own operation
 * (registry-admin.ts `updateShop`: the same merge, schema, messages and audit log), with the
 * session's identity as the actor. A shop of the SHOPS var is changed in wrangler.toml only.
 */
import { z } from "zod";
import type { DeskIdentity, DeskSettings } from "../dashboard-wire.js";
import type { Env } from "../env.js";
import { CheckoutError } from "../http/errors.js";
import { updateShop } from "../shops/registry-admin.js";
import { SECRET_FIELDS } from "../shops/shop-schema.js";
import { getShop, type Shop } from "../shops/shop-source.js";
import { deskActor } from "./desk-shop.js";

const setOrNot = (value: string | undefined) => (value ? "set" : "not set");

/** The shop's settings as the dashboard shows them. Pure but for the secrets' presence. */
export function settingsOf(shop: Shop & { dashboardUsers?: string[] }): DeskSettings {
  const editable = shop.source === "registry";
  return {
    id: shop.id,
    name: shop.name,
    environment: shop.environment,
    source: editable ? "registry" : "var",
    editable,
    pricing: shop.pricing,
    priceCurrencies: shop.priceCurrencies,
    transferCurrencies: shop.transferCurrencies,
    limits: shop.limits ?? null,
    allowedOrigins: shop.allowedOrigins,
    redirectUrls: { ...shop.redirectUrls },
    webhooks: shop.webhooks.map((endpoint) => ({
      url: endpoint.url,
      events: endpoint.events ?? null,
      secret: setOrNot(shop.webhookSecret(endpoint.url)),
    })),
    secrets: Object.fromEntries(SECRET_FIELDS.map((field) => [field, setOrNot(shop.secret(field))])),
    dashboardUsers: shop.dashboardUsers ?? [],
  };
}

/**
 * The body of PATCH …/settings: only these three fields, each checked by the admin API's shop
 * schema after the merge. An endpoint is given by URL and events only: its secret is kept by URL,
 * and a new endpoint's secret is set with the admin API (`crypto-checkout shops`), never in a browser.
 */
export const settingsPatch = z.strictObject({
  allowedOrigins: z.unknown().optional(),
  redirectUrls: z.unknown().optional(),
  webhooks: z
    .array(
      z.strictObject(
        { url: z.unknown(), events: z.unknown().optional() },
        {
          error: (issue) =>
            issue.code === "unrecognized_keys"
              ? "may hold only url and events: a webhook secret is set with the admin API (crypto-checkout shops), never in a browser"
              : undefined,
        },
      ),
    )
    .optional(),
});

/** Applies the patch to a registry shop (409 shop_not_editable for a SHOPS var shop); the shop's settings after it. */
export async function patchSettings(
  env: Env,
  shop: Shop,
  patch: z.output<typeof settingsPatch>,
  desk: DeskIdentity,
  requestId: string,
): Promise<DeskSettings> {
  if (shop.source !== "registry")
    throw new CheckoutError(
      409,
      "shop_not_editable",
      "This shop is configured in the SHOPS var: edit wrangler.toml (then deploy) to change it. Only shops of the registry are edited in the dashboard.",
    );
  if (!env.DB) throw new CheckoutError(500, "internal_error", "The shop registry is not configured (no DB binding).");
  const given: Record<string, unknown> = Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  );
  // `events: null` is how the settings show "every type"; the shop leaves the filter out for that.
  if (patch.webhooks)
    given.webhooks = patch.webhooks.map(({ url, events }) =>
      events === null || events === undefined ? { url } : { url, events },
    );
  await updateShop(env, env.DB, shop.id, given, { actor: deskActor(desk), requestId });
  return settingsOf(await getShop(env, shop.id));
}
