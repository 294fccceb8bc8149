/**
 * A refund: money given back to the customer of one payment of one shop, through one payout of
 * the payment service. Plain data (what the refund's storage will keep and the APIs will show);
 * its rules are in refund-state.ts (the transitions), refund-invariant.ts (how much a payment can
 * still give back) and refund-proposals.ts. docs/refunds.md.
 */
import type { DateTimeString, DecimalString, PayoutStatus } from "../../v3/types.js";
import type { AddressNetwork } from "../refund-address.js";

/** The refund's states, in the order a refund normally goes through them. */
export const REFUND_STATES = [
  "requested",
  "awaiting_address",
  "ready_for_approval",
  "approved",
  "sent",
  "cancelled",
  "expired",
  "failed",
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** States a refund never leaves, except that a payout reported sent is always recorded as sent. */
export const FINAL_REFUND_STATES = ["sent", "cancelled", "expired", "failed"] as const satisfies readonly RefundState[];

/** States whose amount no longer counts against the payment: no money left, none can leave. */
export const RELEASED_REFUND_STATES = ["cancelled", "expired", "failed"] as const satisfies readonly RefundState[];

export function isFinalRefundState(state: RefundState): boolean {
  return (FINAL_REFUND_STATES as readonly string[]).includes(state);
}

export function isReleased(state: RefundState): boolean {
  return (RELEASED_REFUND_STATES as readonly string[]).includes(state);
}

export const REFUND_REASONS = ["overpaid", "paid_late", "duplicate", "order_cancelled", "other"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * Which of the payment's currencies the refund's amount is stated in: the transfer currency (the
 * coin: exactly that much is sent) or the price currency (the coin's equivalent at the payment
 * service's rate when the payout is created).
 */
export type RefundDenomination = "transfer" | "price";

/** Who caused a step: shown in the refund's timeline. */
export type RefundActor =
  { kind: "merchant"; id: string } | { kind: "customer" } | { kind: "payment_service" } | { kind: "system" };

/** What the refund knows of its payout: the latest snapshot's fields, status kept as sent. */
export interface RefundPayout {
  payoutId: string;
  /** Open string: a status this code does not know is kept and shown as it is. */
  status?: PayoutStatus;
  transferAmount?: DecimalString;
  priceAmount?: DecimalString;
  address?: string;
  transactionId?: string;
  sentTime?: DateTimeString;
  /** After it the payment service refuses an approval (spec 3.3). */
  expirationTime?: DateTimeString;
  /** Milliseconds since the epoch of the snapshot this was taken from (upstream/snapshot.ts). */
  sourceTime: number;
}

/** One step of the refund's history. */
export interface RefundHistoryEntry {
  /** RFC 3339, UTC. */
  at: DateTimeString;
  actor: RefundActor;
  /** The event's type (refund-state.ts, RefundEvent). */
  event: string;
  from: RefundState | null;
  to: RefundState;
  /** What a merchant reads in the timeline, for example the payout's status as the service sent it. */
  note?: string;
}

export interface Refund {
  /** Also the payout's externalPayoutId, so a payout is found again by it. */
  id: string;
  shopId: string;
  paymentId: string;
  state: RefundState;
  reason: RefundReason;
  /** In `currency`: a positive exact decimal string. */
  amount: DecimalString;
  denomination: RefundDenomination;
  /** The payment's transfer currency (the denomination "transfer") or price currency ("price"). */
  currency: string;
  /** The payment's transfer currency: the payout always sends this coin. */
  transferCurrency: string;
  /** The payment's price currency: the payout's priceCurrency. */
  priceCurrency: string;
  /** Production pays to mainnet addresses, the sandbox to testnet ones. */
  network: AddressNetwork;
  /**
   * For a price-currency refund, the transfer-currency amount it is counted at before its payout
   * exists (an estimate given when it is requested; refund-invariant.ts). For a transfer refund
   * absent.
   */
  estimatedTransferAmount?: DecimalString;
  /** For a price-currency refund, the transfer amount the approval was checked with. */
  approvedTransferAmount?: DecimalString;
  /** The destination, as checked by refund-address.ts; set once, changed only by a new link. */
  address?: string;
  addressBy?: "merchant" | "customer";
  payout?: RefundPayout;
  /** Why the refund ended cancelled, expired or failed, for the merchant. */
  endReason?: string;
  createdAt: DateTimeString;
  history: RefundHistoryEntry[];
}
