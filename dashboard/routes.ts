/**
 * The dashboard's URL scheme (docs/dashboard.md, "Pages"): real paths under /dashboard/, which the
 * Worker answers with the app's index.html (worker/checkout/routes/assets.ts), and the shop and the
 * list's filters in the query string. Pure: a URL becomes a Route and a Route a URL.
 */
import { filtersFromQuery, filtersToQuery, NO_FILTERS, type PaymentFilters } from "./filters.js";

export const BASE = "/dashboard/";

export type Route =
  | { page: "sign-in" }
  | { page: "overview"; shop: string | null }
  | { page: "payments"; shop: string | null; filters: PaymentFilters; cursor: string | null }
  | { page: "payment"; shop: string | null; paymentId: string }
  | { page: "webhooks"; shop: string | null }
  | { page: "links"; shop: string | null }
  | { page: "settings"; shop: string | null }
  | { page: "not-found"; shop: string | null };

export type ShopPage = Exclude<Route, { page: "sign-in" }>["page"];

const PAYMENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The route of a path and query string (a URL's pathname and search). */
export function parseRoute(pathname: string, search: string): Route {
  const query = new URLSearchParams(search);
  const shop = query.get("shop") || null;
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length).replace(/\/$/, "") : null;
  if (rest === null) return { page: "not-found", shop };
  if (rest === "" || rest === "index.html") return { page: "overview", shop };
  if (rest === "sign-in") return { page: "sign-in" };
  if (rest === "payments")
    return { page: "payments", shop, filters: filtersFromQuery(query), cursor: query.get("cursor") };
  if (rest === "webhooks") return { page: "webhooks", shop };
  if (rest === "links") return { page: "links", shop };
  if (rest === "settings") return { page: "settings", shop };
  const payment = /^payments\/([^/]+)$/.exec(rest);
  if (payment?.[1]) {
    const paymentId = decodeURIComponent(payment[1]);
    if (PAYMENT_ID.test(paymentId)) return { page: "payment", shop, paymentId };
  }
  return { page: "not-found", shop };
}

/** The URL (path and query) of a route. */
export function routeUrl(route: Route): string {
  if (route.page === "sign-in") return `${BASE}sign-in`;
  const query = route.page === "payments" ? filtersToQuery(route.filters) : new URLSearchParams();
  if (route.page === "payments" && route.cursor) query.set("cursor", route.cursor);
  const withShop = new URLSearchParams(route.shop ? { shop: route.shop } : {});
  for (const [key, value] of query) withShop.append(key, value);
  const search = withShop.size ? `?${withShop}` : "";
  switch (route.page) {
    case "overview":
    case "not-found":
      return `${BASE}${search}`;
    case "payments":
      return `${BASE}payments${search}`;
    case "payment":
      return `${BASE}payments/${encodeURIComponent(route.paymentId)}${search}`;
    case "webhooks":
    case "links":
    case "settings":
      return `${BASE}${route.page}${search}`;
  }
}

/** Shorthands for the links pages make. */
export const link = {
  overview: (shop: string | null) => routeUrl({ page: "overview", shop }),
  payments: (shop: string | null, filters: PaymentFilters = NO_FILTERS, cursor: string | null = null) =>
    routeUrl({ page: "payments", shop, filters, cursor }),
  payment: (shop: string | null, paymentId: string) => routeUrl({ page: "payment", shop, paymentId }),
  webhooks: (shop: string | null) => routeUrl({ page: "webhooks", shop }),
  links: (shop: string | null) => routeUrl({ page: "links", shop }),
  settings: (shop: string | null) => routeUrl({ page: "settings", shop }),
};

/** The same page for another shop (a payment's detail belongs to its shop: the switch goes to the list). */
export function switchShop(route: Route, shop: string): Route {
  if (route.page === "sign-in") return route;
  if (route.page === "payment") return { page: "payments", shop, filters: NO_FILTERS, cursor: null };
  if (route.page === "payments") return { ...route, shop, cursor: null };
  return { ...route, shop };
}
