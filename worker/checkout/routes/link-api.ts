/**
 * Payment links' routes (docs/links.md).
 *
 * The shop's backend (backendAuth: the shop's backend token; the calls in link-calls.ts, shared
 * with the dashboard's API):
 * - POST /api/shops/{shop}/links: a link (201);
 * - GET  /api/shops/{shop}/links: every link, newest first;
 * - GET  /api/shops/{shop}/links/{linkId}: one link with its newest orders;
 * - POST /api/shops/{shop}/links/{linkId}/disable: the link takes no more payments.
 *
 * The payer (public: the link's id is the capability):
 * - GET  /pay/{shop}/{linkId}: the hosted page (HTML; 410 for a link that is expired, disabled or
 *   paid, 404 for none), with its title and Open Graph tags for link previews (links/link-page.ts);
 * - POST /api/shops/{shop}/links/{linkId}/payments: the page's create, `{transferCurrency, amount?,
 *   reference?}`: the link's object decides the order and the price (links/link-rules.ts), then the
 *   payment is created as the element's create does (payments/create-payment.ts), and the answer is
 *   the element's (a CreatedPayment with its client secret) plus the order id. Rate-limited as the
 *   element's create. CORS as the refund page's routes (cors.ts, hostedPageCors): this Worker's
 *   own origins and the shop's allowed origins; any other Origin is refused.
 */
import { Hono } from "hono";
import { backendAuth } from "./backend-auth.js";
import { CheckoutError } from "../http/errors.js";
import { jsonBody, limitBody, plainTextAsJson, type AppEnv } from "../http/plumbing.js";
import type { LinkPaymentCreated } from "../link-wire.js";
import { closedPage, linkPageLocale, livePage, PAGE_HEADERS } from "../links/link-page.js";
import { linkPaymentSchema, linkState, walletMessageOf } from "../links/link-rules.js";
import { linksObject } from "../links/links-object.js";
import { createPricedPayment, rateLimitCreate } from "../payments/create-payment.js";
import { getShop } from "../shops/shop-source.js";
import { shopTransferCurrencies } from "../upstream/currencies.js";
import { SHOP_ID } from "../wire.js";
import {
  createLink,
  createLinkSchema,
  disableLink,
  getLink,
  linkIdParam,
  listLinks,
  MAX_LINK_BODY,
  withUse,
} from "./link-calls.js";

export { createLinkSchema } from "./link-calls.js";
export { linkPaymentSchema } from "../links/link-rules.js";

export const linkApi = new Hono<AppEnv>();

const BASE = "/api/shops/:shop/links";
const shopIdOf = async (env: AppEnv["Bindings"], param: string) => (await getShop(env, param)).id;

linkApi.post(BASE, backendAuth, limitBody(MAX_LINK_BODY), jsonBody(createLinkSchema), async (c) =>
  createLink(c, await shopIdOf(c.env, c.req.param("shop")), c.req.valid("json")),
);
linkApi.get(BASE, backendAuth, async (c) => listLinks(c, await shopIdOf(c.env, c.req.param("shop"))));
linkApi.get(`${BASE}/:linkId`, backendAuth, async (c) => getLink(c, await shopIdOf(c.env, c.req.param("shop"))));
linkApi.post(`${BASE}/:linkId/disable`, backendAuth, async (c) =>
  disableLink(c, await shopIdOf(c.env, c.req.param("shop"))),
);

// ---- the payer

linkApi.post(
  `${BASE}/:linkId/payments`,
  limitBody(MAX_LINK_BODY),
  rateLimitCreate,
  plainTextAsJson,
  jsonBody(linkPaymentSchema),
  async (c) => {
    const shop = await getShop(c.env, c.req.param("shop"));
    const body = c.req.valid("json");
    const links = linksObject(c.env, shop.id);
    const linkId = linkIdParam(c.req.param("linkId"));
    // A single-use link whose order was paid meanwhile is gone (410), not paid twice.
    const link = await withUse(c.env, shop.id, await links.get(linkId));
    const use = await links.use(linkId, body);
    const { created, view, clientSecret } = await createPricedPayment(
      c.env,
      shop,
      {
        orderId: use.orderId,
        transferCurrency: body.transferCurrency,
        price: { priceAmount: use.priceAmount, priceCurrency: use.priceCurrency },
        walletMessage: walletMessageOf(link.description),
      },
      true,
      c.req.url,
      c.get("requestId"),
    );
    const answer: LinkPaymentCreated = { ...view, clientSecret, orderId: use.orderId };
    return c.json(answer, created ? 201 : 200, { "Cache-Control": "no-store" });
  },
);

/** The page's own files (a shop id has no dot, so they never meet a shop's path). */
linkApi.get("/pay/:file{pay\\.(?:js|js\\.map|css)|favicon\\.svg}", async (c) => {
  const url = new URL(c.req.url);
  url.pathname = `/pay/${c.req.param("file")}`;
  url.search = "";
  const response = await c.env.ASSETS.fetch(new Request(url, { method: c.req.method, headers: c.req.raw.headers }));
  if (response.status === 404) throw new CheckoutError(404, "not_found", "No such file.");
  return new Response(response.body, response);
});

linkApi.get("/pay/:shop/:linkId", async (c) => {
  const shopParam = c.req.param("shop");
  const linkParam = c.req.param("linkId");
  const shop = SHOP_ID.test(shopParam) ? await getShop(c.env, shopParam).catch(() => null) : null;
  let link;
  try {
    link = shop ? await withUse(c.env, shop.id, await linksObject(c.env, shop.id).get(linkIdParam(linkParam))) : null;
  } catch (err) {
    if (!(err instanceof CheckoutError) || err.code !== "link_not_found") throw err;
    link = null;
  }
  const language = linkPageLocale(c.req.header("Accept-Language"));
  if (!shop || !link) return c.body(closedPage(shop?.name ?? null, null, undefined, language), 404, PAGE_HEADERS);
  const state = linkState(link, new Date());
  if (state !== "live") return c.body(closedPage(shop.name, state, link, language), 410, PAGE_HEADERS);
  const currencies = await shopTransferCurrencies(c.env, shop, c.get("requestId"));
  return c.body(livePage({ shop: { id: shop.id, name: shop.name }, link, currencies }, language), 200, PAGE_HEADERS);
});
