/**
 * The demo's link to the point of sale of the shop it shows (docs/point-of-sale.md): the Worker's
 * GET /demo/api/pos-sign-in makes a fresh single-use sign-in link for that shop on every click and
 * opens /pos/{shop}/ with it, as /demo/api/dashboard-sign-in does for the dashboard.
 */
export function posLinkHref(shop: string): string {
  return `/demo/api/pos-sign-in?${new URLSearchParams({ shop })}`;
}

/** Points the page's point-of-sale link at `shop`. */
export function showPosLink(link: HTMLAnchorElement, shop: string): void {
  link.href = posLinkHref(shop);
}
