/**
 * The refund mode's decisions (pure): which step a refund link's answer leads to, which failure a
 * request's error is, and which problem each address field shows. The refund mode
 * (refund-mode.ts) does the I/O and the rendering; docs/widget.md, "Refund mode".
 */
import { checkAddress } from "../../worker/checkout/refund-address.js";
import type { AddressCheck, AddressProblem } from "../../worker/checkout/refund-address.js";
import { REFUND_LINK_STATES } from "../../worker/checkout/refund-wire.js";
import type { RefundLinkView } from "../../worker/checkout/refund-wire.js";

/** Why the refund cannot go on (each has its own message and, where it can help, "Try again"). */
export type RefundFailure = "expired" | "used" | "invalid" | "rate-limited" | "network" | "failed";

export type RefundStep =
  "loading" | "awaiting" | "confirming" | "submitting" | "received" | "closed" | { failure: RefundFailure };

/** The failures that trying again may cure. */
export const RETRYABLE: readonly RefundFailure[] = ["rate-limited", "network", "failed"];

/** The failure a request's error code stands for (wire.ts codes, and the element's own network_error). */
export function failureOf(code: string): RefundFailure {
  switch (code) {
    case "refund_link_expired":
      return "expired";
    case "refund_link_used":
      return "used";
    case "refund_link_invalid":
    case "unknown_shop":
    case "invalid_attributes":
      return "invalid";
    case "rate_limited":
      return "rate-limited";
    case "network_error":
      return "network";
    default:
      return "failed";
  }
}

/** The step a refund link's view shows: the form, the address given, or closed. */
export function stepOf(view: RefundLinkView): RefundStep {
  if (view.state === "address_received") return "received";
  return view.state === "closed" ? "closed" : "awaiting";
}

/** The fields the refund mode cannot do without; anything else from the Worker is an invalid answer. */
export function isRefundLinkView(value: unknown): value is RefundLinkView {
  const v = value as Partial<RefundLinkView> | null;
  return (
    typeof v?.refundId === "string" &&
    typeof v.shopName === "string" &&
    typeof v.amount === "string" &&
    typeof v.currency === "string" &&
    (v.network === "mainnet" || v.network === "testnet") &&
    typeof v.rule === "string" &&
    REFUND_LINK_STATES.includes(v.state as RefundLinkView["state"]) &&
    (v.address === undefined || typeof v.address === "string")
  );
}

/** The address entered once and, where asked for, a second time. */
export interface AddressInput {
  address: string;
  confirmation: string;
}

/** A field's problem: one of refund-address.ts, or the second entry missing or different. */
export type FieldProblem = Exclude<AddressProblem, "confirmation"> | "confirmation-missing" | "confirmation-differs";

/** What the form shows: whether the second field is there, and each field's problem. */
export interface FormCheck {
  /** The address to send, when both fields are right. */
  address: string | undefined;
  /** The second field is shown: the currency has no checksum, or this address carries none (an all-lower-case EIP-55 address). */
  twice: boolean;
  addressProblem: FieldProblem | undefined;
  confirmationProblem: FieldProblem | undefined;
}

/** Checks the form's fields for the view's currency and network. */
export function checkForm(view: Pick<RefundLinkView, "currency" | "network" | "rule">, input: AddressInput): FormCheck {
  // Whether the address alone carries no checksum decides the second field, before what it holds.
  const alone: AddressCheck = checkAddress(view.currency, view.network, input.address);
  const twice = view.rule === "enter-twice" || (!alone.ok && alone.problem === "confirmation");
  const result = twice ? checkAddress(view.currency, view.network, input.address, input.confirmation) : alone;
  if (result.ok) return { address: result.address, twice, addressProblem: undefined, confirmationProblem: undefined };
  if (result.problem !== "confirmation")
    return { address: undefined, twice, addressProblem: result.problem, confirmationProblem: undefined };
  return {
    address: undefined,
    twice,
    addressProblem: undefined,
    confirmationProblem: input.confirmation.trim() === "" ? "confirmation-missing" : "confirmation-differs",
  };
}

/** The address in groups of four characters, as wallets show it ("bc1q w508 …"). */
export function addressGroups(address: string): string[] {
  return address.match(/.{1,4}/g) ?? [];
}

/**
 * What the refund mode cannot start without, as a message for the developer (the console and
 * `checkout-error`); undefined when nothing is missing. Here rather than in
 * element/setup-rules.ts, which widget.js carries: a checkout never needs it.
 */
export function refundSetupProblem(el: {
  shop?: string | undefined;
  refundToken?: string | undefined;
}): string | undefined {
  if (!el.shop)
    return "shop is missing: set shop=\"…\" to the refund's shop (the first part of the refund page's path).";
  if (!el.refundToken)
    return 'refund-token is missing: set refund-token="…" to the token of the refund link (the part after #).';
  return undefined;
}
