/**
 * What a payment link is and what it allows (pure; docs/links.md): the create body, the link as
 * its object stores it, its state at a time, and what one use of it (the hosted page's create)
 * may pay. The LinksObject (links-object.ts) stores and asks; nothing here does I/O.
 *
 * - A link has a fixed amount, or an open amount within its min and max, in one price currency.
 * - Single use: one order behind the link, chosen when the link is made (the given order id, or
 *   `{orderPrefix}-{random}`): every visit pays that order, so two visitors cannot make two
 *   orders, and the order's own object makes at most one live payment for it. Reusable: each use
 *   a new order `{orderPrefix}-{random}`, so no two payers share an order.
 * - A link is live until it expires, is disabled, or (single use) its order is paid: the link is
 *   marked used when a payment of its order becomes CONFIRMED (`confirmedOrder`, `markedUsed`).
 */
import Decimal from "decimal.js";
import { z } from "zod";
import { CheckoutError } from "../http/errors.js";
import type { WebhookEvent } from "../backend-wire.js";
import type { LinkOrder, LinkState, PaymentLinkView, StoredLink } from "../link-wire.js";
import { currencyCode, decimalAmount, orderId } from "../rules.js";
import { GONE_TEXT } from "./link-texts.js";

/** A link's id: `lnk_` and 32 hex digits, 128 random bits (the page's URL holds it: unguessable). */
export const LINK_ID = /^lnk_[0-9a-f]{32}$/;
/** An order prefix: an order id's first part, leaving room for `-` and the random part. */
export const ORDER_PREFIX = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,31}$/;
export const DEFAULT_ORDER_PREFIX = "link";
export const MAX_DESCRIPTION = 500;
/** Characters of a wallet message the payment service is assumed to take (the sandbox's limit). */
export const MAX_WALLET_MESSAGE = 200;

/**
 * The message a link's payment shows in the customer's wallet and on its receipt: the link's
 * description, cut with an ellipsis past MAX_WALLET_MESSAGE characters.
 */
export function walletMessageOf(description: string): string {
  const chars = [...description];
  return chars.length <= MAX_WALLET_MESSAGE ? description : `${chars.slice(0, MAX_WALLET_MESSAGE - 1).join("")}…`;
}
export const MAX_REFERENCE = 200;
/** Links one shop may hold (each row is small; the list is read whole). */
export const MAX_LINKS_PER_SHOP = 1000;

const hex = (bytes: number): string =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

export const newLinkId = (): string => `lnk_${hex(16)}`;
/** The random part of a generated order id: 80 bits, so a reusable link's orders never meet. */
export const newOrderSuffix = (): string => hex(10);

const positive = decimalAmount.refine((text) => new Decimal(text).gt(0), "must be greater than zero");

/** The body that creates a link (backend API, dashboard, console); unknown fields are refused. */
export const createLinkSchema = z
  .strictObject({
    description: z.string().trim().min(1, "must not be empty").max(MAX_DESCRIPTION),
    priceCurrency: currencyCode,
    priceAmount: positive.optional(),
    minAmount: positive.optional(),
    maxAmount: positive.optional(),
    singleUse: z.boolean().default(false),
    orderId: orderId.optional(),
    orderPrefix: z
      .string()
      .regex(ORDER_PREFIX, "must be 1-32 characters: letters, digits, . _ : - (a letter or digit first)")
      .optional(),
    reference: z
      .strictObject({ label: z.string().trim().min(1).max(60), required: z.boolean().default(false) })
      .optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((body, ctx) => {
    const open = body.minAmount !== undefined || body.maxAmount !== undefined;
    if (body.priceAmount !== undefined && open)
      ctx.addIssue({
        code: "custom",
        path: ["priceAmount"],
        message: "give a fixed priceAmount or minAmount and maxAmount, not both",
      });
    else if (body.priceAmount === undefined && (body.minAmount === undefined || body.maxAmount === undefined))
      ctx.addIssue({
        code: "custom",
        path: ["priceAmount"],
        message: "give a fixed priceAmount, or both minAmount and maxAmount",
      });
    else if (
      body.minAmount !== undefined &&
      body.maxAmount !== undefined &&
      new Decimal(body.minAmount).gt(body.maxAmount)
    )
      ctx.addIssue({ code: "custom", path: ["minAmount"], message: "must not be greater than maxAmount" });
    if (body.orderId !== undefined && !body.singleUse)
      ctx.addIssue({
        code: "custom",
        path: ["orderId"],
        message: "a fixed order id needs singleUse: true (each use of a reusable link is an order of its own)",
      });
  });
export type CreateLinkBody = z.output<typeof createLinkSchema>;

export type { StoredLink };

/** A new link from a checked body; an expiry already past is refused. */
export function newLink(body: CreateLinkBody, now: Date, id = newLinkId(), suffix = newOrderSuffix()): StoredLink {
  if (body.expiresAt !== undefined && Date.parse(body.expiresAt) <= now.getTime())
    throw new CheckoutError(400, "invalid_request", "expiresAt must be in the future.");
  const orderPrefix = body.orderPrefix ?? DEFAULT_ORDER_PREFIX;
  const link: StoredLink = {
    id,
    description: body.description,
    priceCurrency: body.priceCurrency,
    singleUse: body.singleUse,
    orderPrefix,
    createdAt: now.toISOString(),
    uses: 0,
  };
  if (body.priceAmount !== undefined) link.priceAmount = body.priceAmount;
  else if (body.minAmount !== undefined && body.maxAmount !== undefined) {
    link.minAmount = body.minAmount;
    link.maxAmount = body.maxAmount;
  }
  if (body.singleUse) link.orderId = body.orderId ?? `${orderPrefix}-${suffix}`;
  if (body.reference) link.reference = body.reference;
  if (body.expiresAt !== undefined) link.expiresAt = new Date(body.expiresAt).toISOString();
  return link;
}

/** The link's state at `now`: disabled wins over used, used over expired. */
export function linkState(link: StoredLink, now: Date): LinkState {
  if (link.disabledAt) return "disabled";
  if (link.usedAt) return "used";
  if (link.expiresAt !== undefined && Date.parse(link.expiresAt) <= now.getTime()) return "expired";
  return "live";
}

/** An order whose payment became CONFIRMED, and when that was recorded. */
export interface ConfirmedOrder {
  orderId: string;
  at: string;
}

/**
 * The order a payment event confirms: a payment event whose status became CONFIRMED (from any
 * other, or a payment first seen confirmed) with an order id; undefined for every other event,
 * a later change of a confirmed payment included, so those cost the links nothing.
 */
export function confirmedOrder(event: WebhookEvent): ConfirmedOrder | undefined {
  if (!event.type.startsWith("payment.") || !("orderId" in event.data)) return undefined;
  const { orderId, previousStatus, payment } = event.data;
  if (typeof orderId !== "string" || payment?.status !== "CONFIRMED" || previousStatus === "CONFIRMED")
    return undefined;
  if (typeof event.timestamp !== "string" || Number.isNaN(Date.parse(event.timestamp))) return undefined;
  return { orderId, at: new Date(event.timestamp).toISOString() };
}

/**
 * A single-use link once its order is paid at `at`: used from then. Undefined when nothing
 * changes (a reusable link, another order, a link already used), so a repeated confirmation
 * keeps the first time.
 */
export function markedUsed(link: StoredLink, orderId: string, at: string): StoredLink | undefined {
  if (!link.singleUse || link.orderId !== orderId || link.usedAt) return undefined;
  return { ...link, usedAt: at };
}

/** The payer's input of one use (the hosted page's create). */
export const linkPaymentSchema = z.strictObject({
  transferCurrency: currencyCode,
  amount: decimalAmount.optional(),
  reference: z.string().trim().max(MAX_REFERENCE, `must be at most ${MAX_REFERENCE} characters`).optional(),
});
export type LinkPaymentBody = z.output<typeof linkPaymentSchema>;

/** What one use pays: its order (new for a reusable link), price and reference. */
export interface LinkUse {
  orderId: string;
  newOrder: boolean;
  priceAmount: string;
  priceCurrency: string;
  reference?: string;
}

/** One use of a live link, or the refusal the payer sees. */
export function decideUse(link: StoredLink, body: LinkPaymentBody, now: Date, suffix = newOrderSuffix()): LinkUse {
  const state = linkState(link, now);
  if (state !== "live") throw new CheckoutError(410, "link_gone", GONE_TEXT[state]);
  let priceAmount: string;
  if (link.priceAmount !== undefined) {
    if (body.amount !== undefined && !new Decimal(body.amount).eq(link.priceAmount))
      throw new CheckoutError(
        400,
        "amount_out_of_range",
        `This link's amount is fixed at ${link.priceAmount} ${link.priceCurrency}.`,
      );
    priceAmount = link.priceAmount;
  } else {
    if (body.amount === undefined) throw new CheckoutError(400, "invalid_request", "Enter the amount to pay.");
    const amount = new Decimal(body.amount);
    const { minAmount = "0", maxAmount } = link;
    if (!amount.gt(0) || amount.lt(minAmount) || (maxAmount !== undefined && amount.gt(maxAmount)))
      throw new CheckoutError(
        400,
        "amount_out_of_range",
        `The amount must be between ${link.minAmount} and ${link.maxAmount} ${link.priceCurrency}.`,
      );
    priceAmount = body.amount;
  }
  const reference = body.reference === "" ? undefined : body.reference;
  if (!link.reference && reference !== undefined)
    throw new CheckoutError(400, "invalid_request", "This link takes no reference.");
  if (link.reference?.required && reference === undefined)
    throw new CheckoutError(400, "invalid_request", `Enter the ${link.reference.label}.`);
  const use: LinkUse = {
    orderId: link.orderId ?? `${link.orderPrefix}-${suffix}`,
    newOrder: !link.singleUse,
    priceAmount,
    priceCurrency: link.priceCurrency,
  };
  if (reference !== undefined) use.reference = reference;
  return use;
}

/** The link as its readers see it. */
export function linkView(link: StoredLink, shop: string, origin: string, now: Date): PaymentLinkView {
  const { id, ...rest } = link;
  return { id, shop, url: linkUrl(origin, shop, id), ...rest, state: linkState(link, now) };
}

export const linkUrl = (origin: string, shop: string, id: string): string =>
  `${origin}/pay/${encodeURIComponent(shop)}/${id}`;

/** A stored use as a LinkOrder. */
export function linkOrder(use: LinkUse, createdAt: string): LinkOrder {
  const order: LinkOrder = {
    orderId: use.orderId,
    priceAmount: use.priceAmount,
    priceCurrency: use.priceCurrency,
    createdAt,
  };
  if (use.reference !== undefined) order.reference = use.reference;
  return order;
}
