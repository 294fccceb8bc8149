/**
 * zod schemas of the element's contract (wire.ts) as the document shows them: the public routes'
 * answers and the one error body. Each is pinned to its type in wire.ts (components.ts, `pin`).
 */
import { z } from "zod";
import { REDIRECT_KEYS } from "../../../v3/types.js";
import {
  ERROR_CODES,
  type CreatedPayment,
  type ErrorBody,
  type PaymentView,
  type ShopSettings,
  type TransactionView,
} from "../../wire.js";
import { dateTime, decimal, named, pin } from "./components.js";
import { CREATED_PAYMENT, ERROR_BODY, PAYMENT_VIEW, SHOP_SETTINGS } from "./examples.js";

const openStatus = (known: readonly string[]) =>
  z.string().describe(`One of ${known.join(", ")}; new values may appear (treat an unknown one as not final).`);

export const paymentStatus = named(
  "PaymentStatus",
  openStatus(["NEW", "UNDERPAID", "UNCONFIRMED", "CONFIRMED", "EXPIRED", "INVALID"]),
);

export const transactionView = named(
  "TransactionView",
  pin<TransactionView>()(
    z.strictObject({
      transactionId: z.string().optional(),
      paidTransferAmount: decimal.optional(),
      priceAmount: decimal.optional(),
      exchangeRate: decimal.optional(),
      observedTime: dateTime.optional(),
      acceptedTime: dateTime.optional(),
      rejectedTime: dateTime.optional(),
      state: openStatus(["PENDING", "ACCEPTED", "REJECTED"]).optional(),
    }),
  ),
  "One transaction of a payment; the payment service requires none of its fields.",
);

const redirectUrls = z.strictObject(
  Object.fromEntries(REDIRECT_KEYS.map((key) => [key, z.string().optional()])) as Record<
    (typeof REDIRECT_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** What was paid of a payment, in both currencies: all, pending, accepted (a payment view's and the ledger's). */
export const paidAmounts = {
  paidPriceAmount: decimal,
  pendingPaidPriceAmount: decimal,
  acceptedPaidPriceAmount: decimal,
  paidTransferAmount: decimal,
  pendingPaidTransferAmount: decimal,
  acceptedPaidTransferAmount: decimal,
};

export const paymentViewShape = {
  paymentId: z.string(),
  status: paymentStatus,
  priceAmount: decimal,
  priceCurrency: z.string(),
  transferAmount: decimal,
  transferCurrency: z.string(),
  address: z.string(),
  walletLabel: z.string().optional(),
  walletMessage: z.string().optional(),
  paymentUri: z.string().optional(),
  expirationTime: dateTime.optional(),
  paymentPageUrl: z.string().optional(),
  exchangeRate: decimal.optional(),
  externalPaymentId: z.string().optional(),
  ...paidAmounts,
  transactions: z.array(transactionView),
  redirectUrls,
  serverTime: dateTime.describe("The Worker's clock when this view was produced."),
  version: z.number().int().min(1).describe("Increases with every change of the payment."),
  remainingTransferAmount: decimal.describe("transferAmount - paidTransferAmount, never below zero."),
  remainderPaymentUri: z.string().optional().describe("paymentUri for the remaining amount (an underpaid payment)."),
  hasPaid: z.boolean(),
  hasPending: z.boolean(),
  progress: z.strictObject({
    acceptedPercent: decimal,
    pendingPercent: decimal,
    accepted: decimal,
    pending: decimal,
    paid: decimal,
    total: decimal,
  }),
};

export const paymentView = named(
  "PaymentView",
  pin<PaymentView>()(z.strictObject(paymentViewShape)),
  "A payment as the element and the shop's backend see it: the payment service's payment, normalised, with the amounts the Worker derives from it.",
  PAYMENT_VIEW,
);

export const createdPayment = named(
  "CreatedPayment",
  pin<CreatedPayment>()(
    z.strictObject({
      ...paymentViewShape,
      clientSecret: z
        .string()
        .describe(
          "Pass as `clientSecret` with every read of the payment (GET and the stream). Keep it with the page only.",
        ),
    }),
  ),
  "The answer to a create: the payment's view with its client secret.",
  CREATED_PAYMENT,
);

export const shopSettings = named(
  "ShopSettings",
  pin<ShopSettings>()(
    z.strictObject({
      shop: z.string(),
      name: z.string(),
      environment: z.enum(["sandbox", "production"]),
      pricing: z.enum(["signed", "open"]),
      limits: z.strictObject({ min: decimal, max: decimal }).optional(),
      priceCurrencies: z.array(z.string()),
      transferCurrencies: z.array(z.strictObject({ code: z.string(), name: z.string() })),
    }),
  ),
  "The public settings of one shop.",
  SHOP_SETTINGS,
);

export const errorBody = named(
  "ErrorBody",
  pin<ErrorBody>()(
    z.strictObject({
      error: z.strictObject({
        code: z.enum(ERROR_CODES),
        message: z.string().describe("For developers: the cause and the fix."),
        kind: z.enum(["origin", "setup", "order", "busy", "failed"]),
        retryable: z.boolean().describe("Whether the same request may succeed later."),
        fields: z
          .array(z.strictObject({ field: z.string(), message: z.string() }))
          .optional()
          .describe("The fields of a refused body (the admin API)."),
        problem: z
          .string()
          .optional()
          .describe(
            "invalid_address: what is wrong with the address: empty, format, checksum, network, unsupported or confirmation.",
          ),
        refusal: z.string().optional().describe("refund_refused: the refund's rule that refused the step."),
        remaining: decimal
          .optional()
          .describe("refund_amount_exceeded: what can still be refunded (transfer currency)."),
      }),
    }),
  ),
  "Every error answer of the Worker.",
  ERROR_BODY,
);
