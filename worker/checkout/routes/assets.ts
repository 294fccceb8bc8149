/**
 * The built widget and the demo (dist/public/) are served by the platform's asset layer without
 * running this Worker: wrangler.toml's `run_worker_first` lists only the Worker's own routes.
 * Their headers are written once, in `public-headers/_headers` (copied into dist/public/ by the
 * build), and the asset layer applies them: CORS and `Cross-Origin-Resource-Policy` for the widget
 * files, a short cache for `/widget.js`, its map and the manifest, immutable caching for the
 * content-hashed `/widget.<hash>.js` and `chunks/`, `nosniff` everywhere, a Content-Security-Policy
 * for `/demo/`.
 *
 * The routes below are what the Worker answers when a request for these paths does reach it: a
 * name that is not a file (the asset layer finds nothing and hands the request on), which gets the
 * JSON 404 `not_found`; another method than GET/HEAD when the Worker is called directly, which gets
 * the JSON 405; and `/demo`, which the Worker runs first for so that it answers a permanent
 * redirect to `/demo/` (the asset layer would answer 307). A file they do find comes from the
 * ASSETS binding, whose responses carry the same `_headers`.
 *
 * The dashboard's pages (dashboard/routes.ts) are real paths: `run_worker_first` sends them here
 * and each is answered with the app's index.html (`/dashboard/`, with its CSP and no-store), so a
 * shared or reloaded deep link loads the app, which then reads its URL. `/dashboard/api/*` is the
 * dashboard's API, not a page.
 *
 * The point of sale (scripts/build-pos.mjs) is one page for every shop: `/pos/` and `/pos/{shop}/`
 * are answered with its index.html (with its CSP, `Referrer-Policy: no-referrer` and no-store), `/pos`
 * and `/pos/{shop}` redirect there, and its script, stylesheet and icon are served as they are.
 * `run_worker_first` sends all of `/pos/*` here.
 *
 * The refund page (scripts/build-refund-page.mjs) is one file for every shop: `/refund/{shop}/` is
 * answered with its index.html (`/refund/`, with its CSP, `Referrer-Policy: no-referrer` and
 * no-store), `/refund/{shop}` redirects there (the browser keeps the link's fragment, the token),
 * and its script, stylesheet and icon are served as they are. `run_worker_first` sends all of
 * `/refund/*` here, so a name that is neither a shop id nor one of those files gets the JSON 404.
 *
 * The receipt page (scripts/build-receipt-page.mjs) is the same kind of page: `/receipt/{shop}/{paymentId}`
 * (with or without a final slash) is answered with its index.html (`/receipt/`, with its CSP,
 * `Referrer-Policy: no-referrer` and no-store); the client secret stays in the fragment, which the
 * browser never sends. `run_worker_first` sends all of `/receipt/*` here.
 */
import { Hono, type Context } from "hono";
import type { Env } from "../env.js";
import { PAYMENT_ID, SHOP_ID } from "../wire.js";
import { CheckoutError } from "../http/errors.js";
import type { AppEnv } from "../http/plumbing.js";

async function fromAssets(env: Env, request: Request, path: string): Promise<Response> {
  const url = new URL(request.url);
  url.pathname = path;
  url.search = "";
  const response = await env.ASSETS.fetch(new Request(url, { method: request.method, headers: request.headers }));
  if (response.status === 404) throw new CheckoutError(404, "not_found", "No such file.");
  return new Response(response.body, response);
}

/** GET (and HEAD) routes of the static files. */
export const assetsRoutes = new Hono<AppEnv>();

assetsRoutes.get("/:file{widget\\.js(?:\\.map)?}", (c) => fromAssets(c.env, c.req.raw, `/${c.req.param("file")}`));
assetsRoutes.get("/widget-manifest.json", (c) => fromAssets(c.env, c.req.raw, "/widget-manifest.json"));
assetsRoutes.get("/:file{widget\\.[A-Za-z0-9_-]{6,}\\.js(?:\\.map)?}", (c) =>
  fromAssets(c.env, c.req.raw, `/${c.req.param("file")}`),
);
assetsRoutes.get("/chunks/:file{[A-Za-z0-9._-]+\\.js(?:\\.map)?}", (c) =>
  fromAssets(c.env, c.req.raw, `/chunks/${c.req.param("file")}`),
);
assetsRoutes.get("/demo", (c) => c.redirect("/demo/", 301));
assetsRoutes.get("/demo/*", (c) => fromAssets(c.env, c.req.raw, new URL(c.req.url).pathname));

/** The dashboard's pages other than `/dashboard/` itself (that one is a file): each is the app's index.html. */
export const DASHBOARD_PAGES = [
  "/dashboard/sign-in",
  "/dashboard/payments",
  "/dashboard/payments/:paymentId",
  "/dashboard/webhooks",
  "/dashboard/links",
  "/dashboard/settings",
] as const;
assetsRoutes.get("/dashboard", (c) => c.redirect("/dashboard/", 301));
for (const page of DASHBOARD_PAGES) assetsRoutes.get(page, (c) => fromAssets(c.env, c.req.raw, "/dashboard/"));

/**
 * A page that is one file for every shop, at `/{page}/{shop}/` (its index.html), with its own
 * script, stylesheet and icon beside it (the page's path holds a shop id, which has no dot), and
 * `/{page}/{shop}` redirecting to the slash (the browser keeps the URL's fragment).
 */
function pagePerShop(page: "refund" | "pos"): void {
  assetsRoutes.get(`/${page}/:file{${page}\\.(?:js|js\\.map|css)|favicon\\.svg}`, (c) =>
    fromAssets(c.env, c.req.raw, `/${page}/${c.req.param("file")}`),
  );
  assetsRoutes.get(`/${page}/:shop`, (c) => {
    const shop = c.req.param("shop");
    if (!SHOP_ID.test(shop)) throw new CheckoutError(404, "not_found", "No such page.");
    return c.redirect(`/${page}/${shop}/`, 301);
  });
  assetsRoutes.get(`/${page}/:shop/`, (c) => {
    if (!SHOP_ID.test(c.req.param("shop"))) throw new CheckoutError(404, "not_found", "No such page.");
    return fromAssets(c.env, c.req.raw, `/${page}/`);
  });
}

/** The refund page (docs/refunds.md). */
pagePerShop("refund");

/** The point of sale (docs/point-of-sale.md), also at /pos/ itself (the session's first shop). */
assetsRoutes.get("/pos", (c) => c.redirect("/pos/", 301));
assetsRoutes.get("/pos/", (c) => fromAssets(c.env, c.req.raw, "/pos/"));
pagePerShop("pos");

/** The receipt page's own files (its paths hold a shop id and a payment id, neither of them these names). */
assetsRoutes.get("/receipt/:file{receipt\\.(?:js|js\\.map|css)|favicon\\.svg}", (c) =>
  fromAssets(c.env, c.req.raw, `/receipt/${c.req.param("file")}`),
);
const receiptPage = (c: Context<AppEnv>) => {
  if (!SHOP_ID.test(c.req.param("shop") ?? "") || !PAYMENT_ID.test(c.req.param("paymentId") ?? ""))
    throw new CheckoutError(404, "not_found", "No such page.");
  return fromAssets(c.env, c.req.raw, "/receipt/");
};
assetsRoutes.get("/receipt/:shop/:paymentId", receiptPage);
assetsRoutes.get("/receipt/:shop/:paymentId/", receiptPage);
