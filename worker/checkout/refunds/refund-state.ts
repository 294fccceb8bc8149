/**
 * The refund's state machine (pure): every step is a function of (refund, event, now) that returns
 * the next refund, with the step appended to its history, or a refusal whose message a merchant
 * can read. Nothing here does I/O; the refund's object stores what this decides and calls the
 * payment service. docs/refunds.md, "States".
 *
 *   requested ──▶ awaiting_address ──▶ ready_for_approval ──▶ approved ──▶ sent
 *       └──────────── (merchant enters) ──────▲
 *   cancelled: before a payout exists · expired: the payout's expirationTime passed before the
 *   approval, or the service reports it expired · failed: the service reports the payout failed
 *
 * How much a payment can still give back is not decided here but in refund-invariant.ts, which the
 * caller asks before a refund is created, its amount changed or it is approved.
 */
import type { DecimalString, Payout } from "../../v3/types.js";
import { parseTime } from "../upstream/snapshot.js";
import { checkAddress, type AddressNetwork, type AddressProblem } from "../refund-address.js";
import {
  isFinalRefundState,
  isReleased,
  REFUND_REASONS,
  type Refund,
  type RefundActor,
  type RefundDenomination,
  type RefundPayout,
  type RefundReason,
  type RefundState,
} from "./refund.js";
import { amountOf, isRefundAmount, sameAmount } from "./refund-money.js";

export type RefundEvent =
  /** The merchant sends the customer a refund link to ask for the address. */
  | { type: "request_address"; actor: RefundActor }
  /** A new link replaces the old one: the address given so far (if any) is dropped. */
  | { type: "new_link"; actor: RefundActor }
  /** The address, entered by the merchant or given by the customer through the link. */
  | { type: "submit_address"; actor: RefundActor; address: string; confirmation?: string }
  /** A new amount, before a payout exists; a price-currency refund gives a new estimate too. */
  | { type: "change_amount"; actor: RefundActor; amount: DecimalString; estimatedTransferAmount?: DecimalString }
  /**
   * A snapshot of the refund's payout: the create's answer, a notification or a poll.
   * `sourceTime` as in upstream/snapshot.ts (milliseconds since the epoch).
   */
  | { type: "payout"; payout: Payout; sourceTime: number }
  /**
   * The merchant approves what they were shown: the approval names the amount, currency and
   * address, so a refund that changed since cannot be approved by a stale request. A
   * price-currency refund names the transfer amount its approval was checked with.
   */
  | {
      type: "approve";
      actor: RefundActor;
      amount: DecimalString;
      currency: string;
      address: string;
      transferAmount?: DecimalString;
    }
  | { type: "cancel"; actor: RefundActor; reason?: string }
  /** Time passed: a refund whose payout can no longer be approved ends as expired. */
  | { type: "check_expiry" };

export type RefusalCode =
  | "invalid_request"
  | "not_allowed"
  | "invalid_address"
  | "address_locked"
  | "payout_exists"
  | "payout_missing"
  | "payout_mismatch"
  | "older_snapshot"
  | "stale_approval"
  | "estimate_required";

export interface Refusal {
  ok: false;
  code: RefusalCode;
  /** For the merchant (dashboard, console, API answer). */
  message: string;
  /** For an invalid address: why (refund-address.ts), so the element can say it in its language. */
  addressProblem?: AddressProblem;
}

export type RefundResult = { ok: true; refund: Refund } | Refusal;

const refuse = (code: RefusalCode, message: string, addressProblem?: AddressProblem): Refusal =>
  addressProblem ? { ok: false, code, message, addressProblem } : { ok: false, code, message };

const iso = (now: number): string => new Date(now).toISOString();

const STATE_WORDS: Record<RefundState, string> = {
  requested: "requested",
  awaiting_address: "waiting for the customer's address",
  ready_for_approval: "ready for approval",
  approved: "approved",
  sent: "sent",
  cancelled: "cancelled",
  expired: "expired",
  failed: "failed",
};

/** What a new refund needs; the payment's currencies come from the payment it repays. */
export interface NewRefund {
  id: string;
  shopId: string;
  paymentId: string;
  reason: RefundReason;
  amount: DecimalString;
  denomination: RefundDenomination;
  transferCurrency: string;
  priceCurrency: string;
  network: AddressNetwork;
  /** Required for a price-currency refund: its amount in the transfer currency, estimated. */
  estimatedTransferAmount?: DecimalString;
  actor: RefundActor;
}

/** A new refund in state `requested`, or why it cannot be. */
export function createRefund(input: NewRefund, now: number): RefundResult {
  if (!(REFUND_REASONS as readonly string[]).includes(input.reason)) {
    return refuse("invalid_request", `The reason must be one of ${REFUND_REASONS.join(", ")}.`);
  }
  const amountProblem = checkAmount(input.denomination, input.amount, input.estimatedTransferAmount);
  if (amountProblem) return amountProblem;
  const refund: Refund = {
    id: input.id,
    shopId: input.shopId,
    paymentId: input.paymentId,
    state: "requested",
    reason: input.reason,
    amount: input.amount,
    denomination: input.denomination,
    currency: input.denomination === "transfer" ? input.transferCurrency : input.priceCurrency,
    transferCurrency: input.transferCurrency,
    priceCurrency: input.priceCurrency,
    network: input.network,
    createdAt: iso(now),
    history: [{ at: iso(now), actor: input.actor, event: "create", from: null, to: "requested" }],
  };
  if (input.denomination === "price") refund.estimatedTransferAmount = input.estimatedTransferAmount;
  return { ok: true, refund };
}

function checkAmount(
  denomination: RefundDenomination,
  amount: string,
  estimatedTransferAmount: string | undefined,
): Refusal | undefined {
  if (!isRefundAmount(amount)) {
    return refuse(
      "invalid_request",
      'The amount must be a decimal above zero such as "0.0005", with no sign or exponent.',
    );
  }
  if (denomination === "price" && (estimatedTransferAmount === undefined || !isRefundAmount(estimatedTransferAmount))) {
    return refuse(
      "estimate_required",
      "A refund stated in the price currency needs an estimate of its amount in the transfer currency.",
    );
  }
  return undefined;
}

/** The refund after `event` at `now`, or why the event is refused. */
export function applyRefundEvent(refund: Refund, event: RefundEvent, now: number): RefundResult {
  switch (event.type) {
    case "request_address":
      if (refund.state !== "requested") return notNow(refund, "ask the customer for an address");
      return step(refund, event.actor, event.type, "awaiting_address", now);
    case "new_link":
      return newLink(refund, event.actor, now);
    case "submit_address":
      return submitAddress(refund, event, now);
    case "change_amount":
      return changeAmount(refund, event, now);
    case "payout":
      return payoutSnapshot(refund, event.payout, event.sourceTime, now);
    case "approve":
      return approve(refund, event, now);
    case "cancel":
      return cancel(refund, event.actor, event.reason, now);
    case "check_expiry":
      return checkExpiry(refund, now);
  }
}

function notNow(refund: Refund, what: string): Refusal {
  return refuse("not_allowed", `Cannot ${what}: the refund is ${STATE_WORDS[refund.state]}.`);
}

/** Whether the refund's amount and address may still change: before a payout exists. */
function openForChanges(refund: Refund): boolean {
  return (
    refund.state === "requested" ||
    refund.state === "awaiting_address" ||
    (refund.state === "ready_for_approval" && !refund.payout)
  );
}

function payoutExists(refund: Refund, what: string): Refusal {
  const until = refund.payout?.expirationTime
    ? ` It ends as expired at ${refund.payout.expirationTime} unless approved.`
    : "";
  return refuse(
    "payout_exists",
    `Cannot ${what}: a payout for this refund already exists at the payment service, which cannot withdraw it.${until}`,
  );
}

function step(
  refund: Refund,
  actor: RefundActor,
  event: string,
  to: RefundState,
  now: number,
  changes: Partial<Refund> = {},
  note?: string,
): { ok: true; refund: Refund } {
  const entry = { at: iso(now), actor, event, from: refund.state, to, ...(note ? { note } : {}) };
  return { ok: true, refund: { ...refund, ...changes, state: to, history: [...refund.history, entry] } };
}

function newLink(refund: Refund, actor: RefundActor, now: number): RefundResult {
  if (refund.state !== "awaiting_address" && refund.state !== "ready_for_approval") {
    return notNow(refund, "send a new link");
  }
  if (refund.payout) return payoutExists(refund, "send a new link");
  const { address: _address, addressBy: _by, ...rest } = refund;
  return step(
    rest,
    actor,
    "new_link",
    "awaiting_address",
    now,
    {},
    refund.address ? "the address given before is dropped" : undefined,
  );
}

function submitAddress(
  refund: Refund,
  event: Extract<RefundEvent, { type: "submit_address" }>,
  now: number,
): RefundResult {
  if (refund.state !== "requested" && refund.state !== "awaiting_address") {
    if (refund.address !== undefined && !isFinalRefundState(refund.state)) {
      return refuse("address_locked", "The address was already given and cannot be changed; send a new link instead.");
    }
    return notNow(refund, "take an address");
  }
  if (event.actor.kind !== "merchant" && event.actor.kind !== "customer") {
    return refuse("invalid_request", "Only the merchant or the customer gives the address.");
  }
  const checked = checkAddress(refund.transferCurrency, refund.network, event.address, event.confirmation);
  if (!checked.ok) {
    return refuse(
      "invalid_address",
      `The address is not a valid ${refund.transferCurrency} address (${checked.problem}).`,
      checked.problem,
    );
  }
  return step(refund, event.actor, event.type, "ready_for_approval", now, {
    address: checked.address,
    addressBy: event.actor.kind,
  });
}

function changeAmount(
  refund: Refund,
  event: Extract<RefundEvent, { type: "change_amount" }>,
  now: number,
): RefundResult {
  if (!openForChanges(refund)) {
    return refund.payout ? payoutExists(refund, "change the amount") : notNow(refund, "change the amount");
  }
  const problem = checkAmount(refund.denomination, event.amount, event.estimatedTransferAmount);
  if (problem) return problem;
  const changes: Partial<Refund> = { amount: event.amount };
  if (refund.denomination === "price") changes.estimatedTransferAmount = event.estimatedTransferAmount;
  const note = `amount ${refund.amount} → ${event.amount} ${refund.currency}`;
  return step(refund, event.actor, event.type, refund.state, now, changes, note);
}

const SERVICE: RefundActor = { kind: "payment_service" };
const SYSTEM: RefundActor = { kind: "system" };

/** What a payout status means for the refund; a status not named here changes nothing. */
function payoutEffect(status: string | undefined): "approved" | "sent" | "expired" | "failed" | "none" {
  switch (status) {
    case "APPROVED":
    case "QUEUED":
      return "approved";
    case "SENT":
      return "sent";
    case "EXPIRED":
      return "expired";
    case "FAILED":
      return "failed";
    default:
      return "none";
  }
}

const KNOWN_PAYOUT_STATUSES = ["CREATED", "APPROVED", "QUEUED", "SENT", "EXPIRED", "FAILED"];

function payoutSnapshot(refund: Refund, payout: Payout, sourceTime: number, now: number): RefundResult {
  if (payout.externalPayoutId !== undefined && payout.externalPayoutId !== refund.id) {
    return refuse("payout_mismatch", `Payout ${payout.payoutId} belongs to another refund.`);
  }
  const stored = refund.payout;
  if (stored) {
    if (stored.payoutId !== payout.payoutId) {
      return refuse("payout_mismatch", `This refund's payout is ${stored.payoutId}, not ${payout.payoutId}.`);
    }
    if (sourceTime < stored.sourceTime)
      return refuse("older_snapshot", "An older state of the payout; kept as it was.");
  } else {
    // A payout is created only once the address is known; one reported sent is recorded anyway.
    if (refund.state !== "ready_for_approval" && payout.status !== "SENT") {
      return notNow(refund, `record payout ${payout.payoutId}`);
    }
  }
  // Every snapshot, not only the first, must send this refund's amount to this refund's address.
  const mismatch = payoutMismatch(refund, payout);
  if (mismatch) return refuse("payout_mismatch", mismatch);
  const next = mergePayout(stored, payout, sourceTime);
  const statusChanged = next.status !== stored?.status;
  const effect = payoutEffect(next.status);
  const note = statusChanged ? payoutNote(next.status) : undefined;
  let to: RefundState = refund.state;
  let endReason: string | undefined;
  if (effect === "sent" && refund.state !== "sent") {
    to = "sent";
    if (isReleased(refund.state))
      endReason = `the payment service reports the payout sent after the refund was ${refund.state}`;
  } else if (effect === "approved" && refund.state === "ready_for_approval") {
    to = "approved";
  } else if (
    (effect === "expired" || effect === "failed") &&
    (refund.state === "ready_for_approval" || refund.state === "approved")
  ) {
    to = effect;
    endReason =
      effect === "expired"
        ? "the payout expired at the payment service"
        : "the payment service reports the payout failed";
  }
  const changes: Partial<Refund> = { payout: next };
  if (endReason) changes.endReason = endReason;
  if (to === "approved" && refund.denomination === "price" && next.transferAmount !== undefined) {
    // Approved at the service (its automatic approval): the refund now holds what the payout sends.
    changes.approvedTransferAmount = next.transferAmount;
  }
  if (to === refund.state && !statusChanged && !stored) {
    return step(refund, SERVICE, "payout", to, now, changes, `payout ${next.payoutId} created`);
  }
  if (to === refund.state && !statusChanged) return { ok: true, refund: { ...refund, ...changes } };
  return step(refund, SERVICE, "payout", to, now, changes, [note, endReason].filter(Boolean).join("; ") || undefined);
}

function payoutNote(status: string | undefined): string {
  if (status === undefined) return "payout without a status";
  return KNOWN_PAYOUT_STATUSES.includes(status)
    ? `payout ${status}`
    : `payout ${status} (a status not known here, shown as the service sent it)`;
}

/** Why a payout does not send this refund's amount to this refund's address, if it does not. */
function payoutMismatch(refund: Refund, payout: Payout): string | undefined {
  if (
    payout.address !== undefined &&
    refund.address !== undefined &&
    payout.address.toLowerCase() !== refund.address.toLowerCase()
  ) {
    return `Payout ${payout.payoutId} goes to ${payout.address}, not to the refund's address.`;
  }
  const amount = refund.denomination === "transfer" ? payout.transferAmount : payout.priceAmount;
  if (amount !== undefined && !sameAmount(amount, refund.amount)) {
    return `Payout ${payout.payoutId} is for ${amount}, not for the refund's ${refund.amount} ${refund.currency}.`;
  }
  return undefined;
}

/** The newer snapshot's fields; a field it lacks keeps the value an earlier snapshot gave. */
function mergePayout(stored: RefundPayout | undefined, payout: Payout, sourceTime: number): RefundPayout {
  const merged: RefundPayout = { ...(stored ?? {}), payoutId: payout.payoutId, sourceTime };
  for (const key of [
    "status",
    "transferAmount",
    "priceAmount",
    "address",
    "transactionId",
    "sentTime",
    "expirationTime",
  ] as const) {
    const value = payout[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

function approve(refund: Refund, event: Extract<RefundEvent, { type: "approve" }>, now: number): RefundResult {
  if (refund.state !== "ready_for_approval") return notNow(refund, "approve");
  if (event.actor.kind !== "merchant" && event.actor.kind !== "system") {
    return refuse("invalid_request", "Only the merchant, or the shop's automatic approval, approves a refund.");
  }
  if (
    !sameAmount(event.amount, refund.amount) ||
    event.currency !== refund.currency ||
    refund.address === undefined ||
    event.address !== refund.address
  ) {
    return refuse(
      "stale_approval",
      `The refund changed since it was shown: it is now ${refund.amount} ${refund.currency} to ${refund.address ?? "no address yet"}. Check it and approve again.`,
    );
  }
  if (!refund.payout) return refuse("payout_missing", "The payout is not created yet at the payment service.");
  const expiresAt = parseTime(refund.payout.expirationTime);
  if (expiresAt !== undefined && now >= expiresAt) {
    const endReason = `approved after the payout's expirationTime (${refund.payout.expirationTime}); start a new refund`;
    return step(refund, event.actor, event.type, "expired", now, { endReason }, endReason);
  }
  const changes: Partial<Refund> = {};
  if (refund.denomination === "price") {
    if (event.transferAmount === undefined || !isRefundAmount(event.transferAmount)) {
      return refuse(
        "estimate_required",
        "Approving a price-currency refund needs the transfer amount it was checked with.",
      );
    }
    const payoutAmount = refund.payout.transferAmount;
    if (payoutAmount !== undefined && amountOf(payoutAmount).gt(event.transferAmount)) {
      return refuse(
        "stale_approval",
        `The payout sends ${payoutAmount} ${refund.transferCurrency}, more than the ${event.transferAmount} the approval was checked with. Check it and approve again.`,
      );
    }
    changes.approvedTransferAmount = event.transferAmount;
  }
  return step(refund, event.actor, event.type, "approved", now, changes);
}

function cancel(refund: Refund, actor: RefundActor, reason: string | undefined, now: number): RefundResult {
  if (!openForChanges(refund)) {
    return refund.state === "ready_for_approval" ? payoutExists(refund, "cancel") : notNow(refund, "cancel");
  }
  const endReason = reason?.trim() ? reason.trim().slice(0, 500) : "cancelled by the merchant";
  return step(refund, actor, "cancel", "cancelled", now, { endReason }, endReason);
}

function checkExpiry(refund: Refund, now: number): RefundResult {
  const expiresAt = parseTime(refund.payout?.expirationTime);
  if (refund.state !== "ready_for_approval" || expiresAt === undefined || now < expiresAt) return { ok: true, refund };
  const endReason = `not approved before the payout's expirationTime (${refund.payout?.expirationTime}); start a new refund`;
  return step(refund, SYSTEM, "check_expiry", "expired", now, { endReason }, endReason);
}
