/**
 * zod schemas of refunds' answers (backend-wire.ts: RefundView, RefundList, RefundLinkCreated,
 * RefundEventData; refund-wire.ts: RefundLinkView), each pinned to its type (components.ts, `pin`).
 */
import { z } from "zod";
import type {
  RefundEventData,
  RefundLinkCreated,
  RefundList,
  RefundPayoutLimits,
  RefundView,
} from "../../backend-wire.js";
import { REFUND_LINK_STATES, type RefundLinkView } from "../../refund-wire.js";
import { dateTime, decimal, named, pin } from "./components.js";

export const refundView = named(
  "RefundView",
  pin<RefundView>()(
    z.strictObject({
      id: z.string().describe("The refund's id; also its payout's externalPayoutId."),
      shopId: z.string(),
      paymentId: z.string(),
      state: z
        .string()
        .describe(
          "requested, awaiting_address, ready_for_approval, approved, sent, cancelled, expired or failed (docs/refunds.md).",
        ),
      reason: z.string().describe("overpaid, paid_late, duplicate, order_cancelled or other."),
      amount: decimal,
      denomination: z.string().describe('"transfer" (the coin) or "price" (the payment\'s price currency).'),
      currency: z.string(),
      transferCurrency: z.string(),
      priceCurrency: z.string(),
      network: z.string().describe("mainnet or testnet: where the address must be."),
      estimatedTransferAmount: decimal.optional(),
      approvedTransferAmount: decimal.optional(),
      address: z.string().optional(),
      addressBy: z.string().optional().describe("merchant or customer."),
      payout: z
        .strictObject({
          payoutId: z.string(),
          status: z.string().optional().describe("As the payment service sent it; new values may appear."),
          transferAmount: decimal.optional(),
          priceAmount: decimal.optional(),
          address: z.string().optional(),
          transactionId: z.string().optional(),
          sentTime: dateTime.optional(),
          expirationTime: dateTime.optional(),
          sourceTime: z.number(),
        })
        .optional(),
      endReason: z.string().optional(),
      createdAt: dateTime,
      history: z.array(
        z.strictObject({
          at: dateTime,
          actor: z.strictObject({ kind: z.string(), id: z.string().optional() }),
          event: z.string(),
          from: z.string().nullable(),
          to: z.string(),
          note: z.string().optional(),
        }),
      ),
    }),
  ),
  "One refund of a payment, with its payout and its history.",
);

const refundProposal = named(
  "RefundProposal",
  z.strictObject({
    kind: z.string().describe("overpaid_excess, paid_after_expiry or whole_payment: send it as `proposal`."),
    reason: z.string(),
    amount: decimal,
    currency: z.string(),
    denomination: z.literal("transfer"),
  }),
);

export const refundList = named(
  "RefundList",
  pin<RefundList>()(
    z.strictObject({
      paymentId: z.string(),
      transferCurrency: z.string(),
      priceCurrency: z.string(),
      totals: z
        .strictObject({ accepted: decimal, held: decimal, remaining: decimal })
        .describe("In the transfer currency: accepted by the payment service, held by refunds, left to refund."),
      proposals: z.array(refundProposal),
      refunds: z.array(refundView).describe("Oldest first."),
    }),
  ),
  "A payment's refunds, what they hold, and the refunds it suggests.",
);

export const refundLinkCreated = named(
  "RefundLinkCreated",
  pin<RefundLinkCreated>()(
    z.strictObject({
      refund: refundView,
      url: z.string().describe("{PUBLIC_URL}/refund/{shop}/#{token}: hand it to the customer."),
      token: z.string(),
      expiresAt: dateTime,
    }),
  ),
);

export const refundEventData = named(
  "RefundEventData",
  pin<RefundEventData>()(
    z.strictObject({
      previousState: z.string().nullable().describe("The state before this change; null for refund.created."),
      version: z.number().int().describe("The refund's number of steps: drop an event older than one you applied."),
      refund: refundView,
    }),
  ),
);

export const refundLinkView = named(
  "RefundLinkView",
  pin<RefundLinkView>()(
    z.strictObject({
      refundId: z.string(),
      shopName: z.string(),
      amount: decimal.describe("What the customer receives, in `currency`."),
      currency: z.string(),
      priceAmount: decimal.optional(),
      priceCurrency: z.string().optional(),
      network: z.enum(["mainnet", "testnet"]),
      rule: z.enum(["bitcoin-like", "eip55", "enter-twice"]).describe("How the address is checked."),
      state: z.enum(REFUND_LINK_STATES),
      address: z.string().optional(),
      expiresAt: dateTime,
    }),
  ),
  "What a refund link's page shows: the refund's own amount and currency, nothing else of the payment.",
);

export const refundPayoutLimits = named(
  "RefundPayoutLimits",
  pin<RefundPayoutLimits>()(
    z.strictObject({
      refundId: z.string(),
      currency: z.string().describe("The coin the payout sends."),
      transferAmount: decimal.describe("What the payout would send."),
      available: decimal.optional().describe("The merchant balance available at the payment service."),
      minPayoutAmount: decimal.optional(),
      problem: z.string().optional().describe("Why an approval would be refused now, for the merchant."),
    }),
  ),
  "The payment service's payout limits for a refund's payout, read now.",
);
