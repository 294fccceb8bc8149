/**
 * Where the point of sale is, pure: `/pos/{shop}/` names the shop; `/pos/` takes the session's
 * first shop. The Worker answers both with this page (worker/checkout/routes/assets.ts).
 */
import { SHOP_ID } from "../worker/checkout/wire.js";

export const POS_BASE = "/pos/";

/** The shop of a point of sale path, or null for `/pos/` (and anything that is not a shop id). */
export function shopOfPath(pathname: string): string | null {
  const match = /^\/pos\/([^/]+)\/?$/.exec(pathname);
  const shop = match?.[1] ? decodeURIComponent(match[1]) : null;
  return shop && SHOP_ID.test(shop) ? shop : null;
}

/** The point of sale's URL for a shop. */
export const posUrl = (shop: string): string => `${POS_BASE}${encodeURIComponent(shop)}/`;
