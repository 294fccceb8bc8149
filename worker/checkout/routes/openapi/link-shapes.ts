/**
 * zod schemas of payment links' answers (link-wire.ts: PaymentLinkView, PaymentLinkList,
 * PaymentLinkDetail, LinkPaymentCreated), each pinned to its type (components.ts, `pin`).
 */
import { z } from "zod";
import type {
  LinkOrder,
  LinkPaymentCreated,
  PaymentLinkDetail,
  PaymentLinkList,
  PaymentLinkView,
} from "../../link-wire.js";
import { dateTime, decimal, named, pin } from "./components.js";
import { paymentViewShape } from "./wire-shapes.js";

const linkShape = {
  id: z
    .string()
    .regex(/^lnk_[0-9a-f]{32}$/)
    .describe("The link's id: `lnk_` and 128 random bits in hex."),
  shop: z.string(),
  url: z.string().describe("The hosted page: `{origin}/pay/{shop}/{id}`."),
  description: z.string(),
  priceCurrency: z.string(),
  priceAmount: decimal.optional().describe("A fixed amount; absent for an open amount."),
  minAmount: decimal.optional().describe("An open amount's lower limit."),
  maxAmount: decimal.optional().describe("An open amount's upper limit."),
  singleUse: z.boolean().describe("One order behind the link (true), or an order per use (false)."),
  orderId: z.string().optional().describe("A single-use link's one order."),
  orderPrefix: z.string().describe("A reusable link's orders are `{orderPrefix}-{random}`."),
  reference: z
    .strictObject({ label: z.string(), required: z.boolean() })
    .optional()
    .describe("The payer types a reference under this label."),
  expiresAt: dateTime.optional(),
  createdAt: dateTime,
  disabledAt: dateTime.optional(),
  usedAt: dateTime.optional().describe("When a single-use link's order was seen paid."),
  uses: z.number().int().describe("Orders the link has made."),
  state: z.enum(["live", "expired", "disabled", "used"]),
};

export const paymentLinkView = named(
  "PaymentLinkView",
  pin<PaymentLinkView>()(z.strictObject(linkShape)),
  "A payment link.",
);

export const paymentLinkList = named(
  "PaymentLinkList",
  pin<PaymentLinkList>()(z.strictObject({ links: z.array(paymentLinkView) })),
  "A shop's payment links, newest first.",
);

const linkOrder = named(
  "LinkOrder",
  pin<LinkOrder>()(
    z.strictObject({
      orderId: z.string(),
      priceAmount: decimal,
      priceCurrency: z.string(),
      reference: z.string().optional().describe("What the payer typed."),
      createdAt: dateTime,
    }),
  ),
  "An order a link made.",
);

export const paymentLinkDetail = named(
  "PaymentLinkDetail",
  pin<PaymentLinkDetail>()(z.strictObject({ ...linkShape, orders: z.array(linkOrder) })),
  "A payment link with its newest orders (at most 50).",
);

export const linkPaymentCreated = named(
  "LinkPaymentCreated",
  pin<LinkPaymentCreated>()(
    z.strictObject({
      ...paymentViewShape,
      clientSecret: z.string().describe("As a create's: pass it with every read of the payment."),
      orderId: z.string().describe("The order this use pays."),
    }),
  ),
  "The hosted page's create: the payment's view, its client secret and its order.",
);
