/**
 * The point of sale's calls: the dashboard's API client (session, sign-in, the CSRF token on
 * writes, errors that say their cause and fix: dashboard/api.ts) with the charge, and the shop's
 * public settings (its currencies and limits, the route the element reads too).
 */
import { DeskApi } from "../dashboard/api.js";
import type { DeskPosCharge, DeskPosSale } from "../worker/checkout/dashboard-wire.js";
import type { ShopSettings } from "../worker/checkout/wire.js";

export class PosApi extends DeskApi {
  /** POST /dashboard/api/shops/{shop}/pos/charges: a new payment for the amount typed. */
  charge(shop: string, body: DeskPosCharge): Promise<DeskPosSale> {
    return this.request("POST", `${this.base}/shops/${encodeURIComponent(shop)}/pos/charges`, body);
  }

  /** GET /api/shops/{shop}: the shop's price and transfer currencies and its limits. */
  shopSettings(shop: string): Promise<ShopSettings> {
    return this.request("GET", `/api/shops/${encodeURIComponent(shop)}`);
  }
}
