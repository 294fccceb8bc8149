/**
 * GET /demo/api/pos-sign-in?shop={shop}: the demo's way to the point of sale, as
 * /demo/api/dashboard-sign-in is its way into the dashboard. Each click makes a fresh single-use
 * sign-in link for that one shop and redirects to the point of sale with the link's token in the
 * fragment (`/pos/{shop}/#{token}`), where the Sign in button uses it. Demo mode only (every shop
 * is then a sandbox shop); the shop defaults to the first.
 */
import { Hono } from "hono";
import { demoServed } from "../demo/demo-routes.js";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";
import { getShop } from "../shops/shop-source.js";
import { SHOP_ID } from "../rules.js";
import { sessionKey } from "./desk-secrets.js";
import { allShopIds } from "./desk-identity.js";
import { createSignInLink } from "./sessions.js";

export const demoPosRoutes = new Hono<AppEnv>();

demoPosRoutes.get("/demo/api/pos-sign-in", async (c) => {
  if (!(await demoServed(c.env))) throw new CheckoutError(404, "not_found", "No such route.");
  sessionKey(c.env);
  const asked = c.req.query("shop");
  if (asked !== undefined && !SHOP_ID.test(asked))
    throw new CheckoutError(400, "invalid_request", "shop must be a shop id (?shop=demo-open).");
  const first = (await allShopIds(c.env))[0];
  const id = asked ?? first;
  if (!id) throw new CheckoutError(404, "unknown_shop", "The demo has no shops.");
  const shop = await getShop(c.env, id);
  const link = await createSignInLink(
    c.env,
    { email: null, via: "link", operator: false, shops: [shop.id] },
    c.req.url,
  );
  const url = new URL(link.url);
  c.header("Cache-Control", "no-store");
  return c.redirect(`${url.origin}/pos/${shop.id}/${url.hash}`, 303);
});
