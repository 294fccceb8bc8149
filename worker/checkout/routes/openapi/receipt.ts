/**
 * A payment's receipt (payments/receipt.ts, receipt-wire.ts; docs/receipts.md): the public route
 * the hosted receipt page calls with the payment's client secret, and the dashboard's, which a
 * signed-in session calls (listed in dashboard.ts). Both answer a ReceiptAnswer, pinned here to its type.
 */
import { z } from "zod";
import { CLIENT_SECRET_PARAM } from "../../payments/client-secret.js";
import type { Receipt, ReceiptAnswer, ReceiptNotReady } from "../../receipt-wire.js";
import { dateTime, decimal, named, pin } from "./components.js";
import type { Operation } from "./operation.js";

const shop = z.strictObject({ id: z.string(), name: z.string().describe("The shop's display name.") });
const money = z.strictObject({ amount: decimal, currency: z.string() });

export const receipt = named(
  "Receipt",
  pin<Receipt>()(
    z.strictObject({
      confirmed: z.literal(true),
      shop,
      sandbox: z.boolean().describe("The shop is in the sandbox: test money only."),
      orderId: z.string().nullable().describe("The shop's order id; null only for a payment not created here."),
      description: z
        .string()
        .optional()
        .describe(
          "What was bought: the message the customer's wallet showed, for a payment that has one (a payment link's description, the point of sale's memo).",
        ),
      reference: z.string().describe("The payment's id at the payment service: the reference to give the shop."),
      confirmedAt: dateTime.describe("When the Worker recorded the confirmation (the payment.confirmed event's time)."),
      price: money,
      transfer: money,
      paid: z
        .strictObject({ priceAmount: decimal, transferAmount: decimal })
        .describe("What the payment service accepted, in the price and in the transfer currency."),
      exchangeRate: decimal
        .nullable()
        .describe("Price currency per one unit of the transfer currency; null when the service gave none."),
      transactions: z.array(
        z.strictObject({
          transactionId: z.string().optional(),
          amount: decimal.optional().describe("What it paid, in the transfer currency."),
          priceAmount: decimal.optional(),
          state: z.string().optional().describe("PENDING, ACCEPTED or REJECTED; new values may appear."),
          observedTime: dateTime.optional(),
          acceptedTime: dateTime.optional(),
        }),
      ),
    }),
  ),
  "The receipt of a CONFIRMED payment: exact decimal strings, RFC 3339 times.",
);

export const receiptNotReady = named(
  "ReceiptNotReady",
  pin<ReceiptNotReady>()(
    z.strictObject({
      confirmed: z.literal(false),
      shop,
      reference: z.string(),
      status: z.string().describe("The payment's status now; new values may appear."),
      final: z.boolean().describe("The status is final (EXPIRED, INVALID): this payment will never have a receipt."),
    }),
  ),
  "A payment that has no receipt (yet): its receipt appears once it is CONFIRMED.",
);

export const receiptAnswer = pin<ReceiptAnswer>()(z.discriminatedUnion("confirmed", [receipt, receiptNotReady]));

const SECRET = z.strictObject({
  [CLIENT_SECRET_PARAM]: z
    .string()
    .describe(
      "The payment's client secret (the receipt link's fragment): without it, or with another, the answer is 404.",
    ),
});
export const RECEIPT_ANSWERS = {
  200: {
    description: "The receipt, or what a payment that is not confirmed says. Never stored (`Cache-Control: no-store`).",
    schema: receiptAnswer,
  },
};

/** The receipt page's public route. */
export const receiptOperations: Operation[] = [
  {
    method: "get",
    path: "/api/shops/:shop/payments/:paymentId/receipt",
    operationId: "getReceipt",
    tag: "Element",
    summary: "A payment's receipt",
    description:
      "What the hosted receipt page `/receipt/{shop}/{paymentId}#{clientSecret}` shows. The same client secret as every public read: a missing or wrong one, another shop's payment and an unknown payment are the same 404.",
    query: SECRET,
    answers: RECEIPT_ANSWERS,
    errors: {
      400: ["invalid_request"],
      403: ["origin_not_allowed"],
      404: ["unknown_shop", "payment_not_found"],
      502: ["upstream_unavailable", "upstream_error"],
      504: ["upstream_unavailable"],
    },
  },
];
