/**
 * The refund link's contract: what the Worker's public refund-link routes answer and accept, and
 * what the element's refund mode reads. Shared by the Worker and the element (import types and
 * the constants here only: no Worker code). docs/refunds.md.
 *
 * A refund link is `{PUBLIC_URL}/refund/{shop}/#{token}`: the token travels in the fragment, so it
 * stays out of logs, Referer and link previewers, and is sent only by the page's own requests. The
 * page is served by the Worker with the element in its refund mode (`mode="refund"`,
 * `refund-token`); a shop may put the same element on its own page. The element calls:
 *
 * - `GET  /api/shops/{shop}/refund-links/{token}` → 200 {@link RefundLinkView}
 * - `POST /api/shops/{shop}/refund-links/{token}/address` with {@link RefundAddressSubmission}
 *   → 200 {@link RefundLinkView} (state `address_received`)
 *
 * Errors use the element's error body (`wire.ts` `ErrorBody`: `{ error: { code, message, kind,
 * retryable, fields? } }`) with these codes (in `ERROR_CODES`, kind "order"; the refund mode shows
 * each its own message): `refund_link_invalid` (404: unknown, forged, another shop's, or replaced
 * by a newer link), `refund_link_expired` (410), `refund_link_used` (409: an address was already given),
 * `invalid_address` (422, with `problem` from refund-address.ts), `rate_limited` (429).
 */
import type { AddressNetwork, AddressProblem, AddressRule } from "./refund-address.js";
import type { ErrorKind } from "./wire.js";

/** Where the customer is in giving the address. */
export const REFUND_LINK_STATES = ["awaiting_address", "address_received", "closed"] as const;
export type RefundLinkState = (typeof REFUND_LINK_STATES)[number];

/**
 * What the refund page shows: the refund's own amount and currency, and nothing else of the
 * payment, the shop's customers or the merchant.
 */
export interface RefundLinkView {
  /** The refund's id (also the payout's externalPayoutId). */
  refundId: string;
  /** The shop's display name. */
  shopName: string;
  /**
   * What the customer will receive, as an exact decimal string in `currency` (the coin sent). For a
   * refund stated in the price currency: the transfer amount estimated when the link was made.
   */
  amount: string;
  /** The coin the payout sends (the payment's transfer currency). */
  currency: string;
  /** For a refund stated in the price currency, that amount and currency (informative). */
  priceAmount?: string;
  priceCurrency?: string;
  network: AddressNetwork;
  /** How the page checks the address (refund-address.ts `addressRule`). */
  rule: AddressRule;
  state: RefundLinkState;
  /** The address given, once given (then the page shows it and asks nothing). */
  address?: string;
  /** RFC 3339, UTC: after it the link answers `refund_link_expired`. */
  expiresAt: string;
}

/** The customer's address; `confirmation` (the address typed again) where the rule is "enter-twice". */
export interface RefundAddressSubmission {
  address: string;
  confirmation?: string;
}

/** The body of a refused address (422 `invalid_address`): the element's error plus the problem. */
export interface RefundAddressRefusal {
  error: { code: "invalid_address"; message: string; kind: ErrorKind; retryable: false; problem: AddressProblem };
}
