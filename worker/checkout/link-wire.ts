/**
 * Payment links' contract (docs/links.md): what the backend API, the dashboard and the console
 * read of a link, and what the hosted link page's create answers. Types only; the rules are in
 * links/link-rules.ts, the OpenAPI schemas pinned to these types in routes/openapi/link-shapes.ts.
 */
import type { CreatedPayment, DecimalString } from "./wire.js";

/** A link's state as it is now: `live` takes payments; the others show the page that says why not. */
export type LinkState = "live" | "expired" | "disabled" | "used";

/** A link as its object (links/links-object.ts) stores it; its rules are links/link-rules.ts's. */
export interface StoredLink {
  /** `lnk_` and 32 hex digits (128 random bits). */
  id: string;
  description: string;
  priceCurrency: string;
  /** A fixed amount; absent for an open amount. */
  priceAmount?: DecimalString;
  /** An open amount's limits (both present, or neither). */
  minAmount?: DecimalString;
  maxAmount?: DecimalString;
  /** Single use: one order behind the link; reusable: each use an order of its own. */
  singleUse: boolean;
  /** A single-use link's one order id (given, or `{orderPrefix}-{random}`). */
  orderId?: string;
  /** A reusable link's order ids: `{orderPrefix}-{random}`. */
  orderPrefix: string;
  /** The payer types a reference under this label. */
  reference?: { label: string; required: boolean };
  /** ISO 8601; absent: the link does not expire. */
  expiresAt?: string;
  createdAt: string;
  disabledAt?: string;
  /** When a single-use link's order was seen paid. */
  usedAt?: string;
  /** How many orders the link has made (each page create of a new order). */
  uses: number;
}

/** One payment link of a shop, as its readers see it: the stored link, its shop, its page and its state now. */
export interface PaymentLinkView extends StoredLink {
  shop: string;
  /** The page's address: `{origin}/pay/{shop}/{id}`. */
  url: string;
  state: LinkState;
}

export interface PaymentLinkList {
  links: PaymentLinkView[];
}

/** One order a link made: its id, price and the payer's reference. */
export interface LinkOrder {
  orderId: string;
  priceAmount: DecimalString;
  priceCurrency: string;
  reference?: string;
  createdAt: string;
}

/** A link with its newest orders (GET of one link). */
export interface PaymentLinkDetail extends PaymentLinkView {
  orders: LinkOrder[];
}

/** What the link page's create answers: the payment (as the element's create does) and its order. */
export interface LinkPaymentCreated extends CreatedPayment {
  orderId: string;
}
