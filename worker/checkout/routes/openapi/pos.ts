/**
 * The point of sale's route (desk/desk-pos.ts, mounted with the dashboard's API at /dashboard/api):
 * "Charge" at the counter, signed in and CSRF-checked as every dashboard write. Its answer's
 * schema, pinned to DeskPosSale (dashboard-wire.ts), lives here with it.
 */
import { z } from "zod";
import type { DeskPosSale } from "../../dashboard-wire.js";
import { posChargeSchema } from "../../desk/desk-pos.js";
import { decimal, named, pin } from "./components.js";
import type { Operation } from "./operation.js";

export const deskPosSale = named(
  "DeskPosSale",
  pin<DeskPosSale>()(
    z.strictObject({
      orderId: z.string().describe("`pos-{yyyymmdd}-{16 hex}`, made by the Worker."),
      paymentId: z.string(),
      clientSecret: z
        .string()
        .describe("For the element's `client-secret` attribute: keep it in the page's memory only."),
      priceAmount: decimal,
      priceCurrency: z.string(),
      transferCurrency: z.string(),
    }),
  ),
  "A sale of the point of sale: an ordinary payment of the shop, for the element to show.",
);

export const posOperations: Operation[] = [
  {
    method: "post",
    path: "/dashboard/api/shops/:shop/pos/charges",
    operationId: "posCharge",
    tag: "Dashboard",
    summary: "Charge an amount at the counter: a new payment of the session's shop",
    description:
      "The point of sale's Charge (docs/point-of-sale.md). The amount is a plain decimal in one of the shop's price currencies with at most that currency's decimals, above zero and within the shop's limits when it has them; the shop's pricing mode does not apply (the session is the authority on the price). The memo becomes the payment's `walletMessage`. The order id is the Worker's. Rate-limited per client and shop as the element's creates are.",
    security: [["dashboardSession", "dashboardCsrf"]],
    body: {
      schema: posChargeSchema,
      example: { priceAmount: "12.50", priceCurrency: "EUR", transferCurrency: "BTC", memo: "Table 4" },
    },
    answers: {
      201: {
        description: "The payment was created.",
        schema: deskPosSale,
        example: {
          orderId: "pos-20261127-0123456789abcdef",
          paymentId: "pay_3f9a1c",
          clientSecret: "cs_5b0f9c2e8d1a4b7c9e3f6a2d8c1b4e7f",
          priceAmount: "12.50",
          priceCurrency: "EUR",
          transferCurrency: "BTC",
        },
      },
    },
    errors: {
      400: ["invalid_request", "amount_out_of_range", "currency_not_enabled"],
      401: ["unauthenticated"],
      403: ["csrf_refused", "origin_not_allowed"],
      404: ["unknown_shop", "not_found"],
      413: ["invalid_request"],
      429: ["rate_limited"],
      502: ["upstream_unavailable", "upstream_error"],
      504: ["upstream_unavailable"],
    },
  },
];
