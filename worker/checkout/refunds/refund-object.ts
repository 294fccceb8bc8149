/**
 * RefundsObject: one Durable Object per payment (`${shopId}:${paymentId}`) holding all its
 * refunds, so that every step of every refund of a payment runs one at a time with the check
 * of the invariant (refund-invariant.ts). The decisions are the pure modules': refund-state.ts
 * (every transition), refund-invariant.ts, refund-proposals.ts, refund-payout.ts (limits, the
 * create, finding a payout again), refund-link.ts. This class loads, calls the payment service,
 * stores, and sends each step out (webhook through the outbox, audit log). docs/refunds.md.
 *
 * Exactly one payout per refund: payouts are created only inside the object's one-at-a-time
 * section, only when the refund has none; a create is marked as sent before it leaves, and a
 * later try after an unknown outcome (a timeout) first searches GET /v3/payouts for it.
 */
import { DurableObject } from "cloudflare:workers";
import type { Payment, Payout } from "../../v3/types.js";
import { V3Error } from "../../v3/errors.js";
import type { Env } from "../env.js";
import type { RefundLinkView } from "../refund-wire.js";
import { addressRule } from "../refund-address.js";
import type { RefundLinkCreated, RefundList, RefundPayoutLimits, RefundView } from "../backend-wire.js";
import { refundEvent } from "../events/build.js";
import { Outbox } from "../events/outbox.js";
import { recordInEventLog, shopEvents } from "../events/shop-events-object.js";
import { log } from "../http/log.js";
import { paymentObject } from "../payments/payment-object.js";
import type { Shop } from "../shops/shop.js";
import { getShop } from "../shops/shop-source.js";
import { appendAudit } from "../shops/registry-store.js";
import { parseTime } from "../upstream/snapshot.js";
import { upstreamFor } from "../upstream/shop-client.js";
import { isFinalRefundState, type Refund, type RefundActor, type RefundReason } from "./refund.js";
import { applyRefundEvent, createRefund, type RefundEvent } from "./refund-state.js";
import { fitsApproval, fitsNewRefund, refundTotals } from "./refund-invariant.js";
import { refundProposals, type ProposalKind } from "./refund-proposals.js";
import { sameAmount } from "./refund-money.js";
import {
  autoApproves,
  estimateTransfer,
  isRefundPayout,
  limitsProblem,
  payoutRequest,
  searchQuery,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGES,
} from "./refund-payout.js";
import {
  answer,
  errorAnswer,
  keepable,
  refundNotFound,
  refusalAnswer,
  thrownAnswer,
  type Answer,
} from "./refund-answer.js";
import { DEFAULT_LINK_TTL_MINUTES, newLinkToken, newRefundId, refundLinkUrl, secretMatches } from "./refund-link.js";
import { RefundStore } from "./refund-store.js";

/** Which payment of which shop. */
export interface RefundsRef {
  shopId: string;
  paymentId: string;
}

/** An Idempotency-Key and what the request it came with was (method, path, body). */
export interface Idempotency {
  key: string;
  fingerprint: string;
}

export interface CreateRefundInput {
  /** With `denomination`; or `proposal` alone. */
  amount?: string;
  denomination?: "transfer" | "price";
  proposal?: ProposalKind;
  reason?: RefundReason;
  address?: string;
  confirmation?: string;
  actor: RefundActor;
}

/** What an approval names: what the merchant was shown. */
export interface ApprovalInput {
  amount: string;
  currency: string;
  address: string;
  actor: RefundActor;
}

/**
 * What the calls that may create a payout need from the request: the payout's notification URL
 * (refundHookUrlFor), and the request id for the audit log.
 */
export interface CallContext {
  hookUrl: string;
  requestId?: string;
}

/** What `applyPayout` did with a payout snapshot. */
export type RefundPayoutOutcome = "applied" | "unchanged" | "refused" | "unknown";

/** The refunds of one payment of one shop. */
export function refundsObject(env: Env, shopId: string, paymentId: string) {
  const ref: RefundsRef = { shopId, paymentId };
  const stub = env.REFUNDS.get(env.REFUNDS.idFromName(`${shopId}:${paymentId}`));
  return {
    stub,
    list: (): Promise<Answer> => stub.list(ref),
    get: (refundId: string): Promise<Answer> => stub.get(ref, refundId),
    payoutLimits: (refundId: string): Promise<Answer> => stub.payoutLimits(ref, refundId),
    create: (input: CreateRefundInput, call: CallContext, idem?: Idempotency): Promise<Answer> =>
      stub.create(ref, input, call, idem),
    approve: (refundId: string, input: ApprovalInput, call: CallContext, idem?: Idempotency): Promise<Answer> =>
      stub.approve(ref, refundId, input, call, idem),
    cancel: (refundId: string, actor: RefundActor, reason: string | undefined, call: CallContext, idem?: Idempotency) =>
      stub.cancel(ref, refundId, actor, reason, call, idem),
    makeLink: (refundId: string, actor: RefundActor, origin: string, call: CallContext, idem?: Idempotency) =>
      stub.makeLink(ref, refundId, actor, origin, call, idem),
    readLink: (refundId: string, secret: string): Promise<Answer> => stub.readLink(ref, refundId, secret),
    submitAddress: (
      refundId: string,
      secret: string,
      submission: { address: string; confirmation?: string },
      call: CallContext,
    ): Promise<Answer> => stub.submitAddress(ref, refundId, secret, submission, call),
    /** A payout snapshot (a notification, or a payout fetched for one) of a refund of this payment. */
    applyPayout: (timestamp: string, payout: Payout): Promise<RefundPayoutOutcome> =>
      stub.applyPayout(ref, timestamp, payout),
  };
}

const SYSTEM: RefundActor = { kind: "system" };
const CUSTOMER: RefundActor = { kind: "customer" };

/** How often a refund that waits on the payment service (approved, or a create of unknown outcome) is polled. */
function pollMs(env: Env): number {
  const interval = Number(env.POLL_INTERVAL_MS);
  return (Number.isFinite(interval) && interval > 0 ? interval : 5000) * 12;
}

const auditActor = (actor: RefundActor): string => (actor.kind === "merchant" ? `merchant:${actor.id}` : actor.kind);

export class RefundsObject extends DurableObject<Env> {
  private readonly store: RefundStore;
  private readonly outbox: Outbox;
  /** The one-at-a-time section: every change waits for the one before it, upstream calls included. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RefundStore(ctx.storage);
    this.outbox = new Outbox(ctx.storage.sql, env.WEBHOOK_EVENTS, (messages) => recordInEventLog(env, messages));
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  // ---- reads

  async list(ref: RefundsRef): Promise<Answer> {
    const payment = await this.payment(ref);
    if (!payment) return paymentNotFound();
    const refunds = this.store.all();
    const body: RefundList = {
      paymentId: ref.paymentId,
      transferCurrency: payment.transferCurrency,
      priceCurrency: payment.priceCurrency,
      totals: refundTotals(payment.acceptedPaidTransferAmount, refunds),
      proposals: refundProposals(payment, refunds),
      refunds: refunds.map(view),
    };
    return answer(200, body);
  }

  async get(ref: RefundsRef, refundId: string): Promise<Answer> {
    const refund = this.store.all().find((r) => r.id === refundId && r.shopId === ref.shopId);
    return refund ? answer(200, view(refund)) : refundNotFound();
  }

  /** The payout limits for a refund's payout now (an upstream read; nothing changes). */
  async payoutLimits(ref: RefundsRef, refundId: string): Promise<Answer> {
    const refund = this.store.all().find((r) => r.id === refundId && r.shopId === ref.shopId);
    if (!refund) return refundNotFound();
    const shop = await getShop(this.env, ref.shopId);
    const transferAmount = sentAmount(refund);
    try {
      const limits = await upstreamFor(this.env, shop).getPayoutLimits({
        transferCurrency: refund.transferCurrency,
        priceCurrency: refund.priceCurrency,
      });
      const problem = limitsProblem(limits, transferAmount, refund.transferCurrency);
      const body: RefundPayoutLimits = {
        refundId,
        currency: refund.transferCurrency,
        transferAmount,
        ...(limits.available === undefined ? {} : { available: limits.available }),
        ...(limits.minPayoutAmount === undefined ? {} : { minPayoutAmount: limits.minPayoutAmount }),
        ...(problem === undefined ? {} : { problem }),
      };
      return answer(200, body);
    } catch (err) {
      return thrownAnswer(err);
    }
  }

  // ---- the merchant's steps

  create(ref: RefundsRef, input: CreateRefundInput, call: CallContext, idem?: Idempotency): Promise<Answer> {
    return this.idempotent("create", idem, async () => {
      const shop = await getShop(this.env, ref.shopId);
      const payment = await this.payment(ref);
      if (!payment) return paymentNotFound();
      const refunds = this.store.all();
      let amount = input.amount;
      let denomination = input.denomination ?? "transfer";
      let reason = input.reason;
      if (input.proposal) {
        const proposal = refundProposals(payment, refunds).find((p) => p.kind === input.proposal);
        if (!proposal)
          return errorAnswer(
            409,
            "refund_refused",
            `The payment suggests no ${input.proposal} refund (now). GET the refunds for its current proposals.`,
            { refusal: "not_allowed" },
          );
        amount = proposal.amount;
        denomination = "transfer";
        reason ??= proposal.reason;
      }
      if (amount === undefined || reason === undefined)
        return errorAnswer(422, "invalid_request", "Give amount and reason, or a proposal.");
      const estimate = denomination === "price" ? estimateTransfer(amount, payment.exchangeRate) : undefined;
      const created = createRefund(
        {
          id: newRefundId(),
          shopId: ref.shopId,
          paymentId: ref.paymentId,
          reason,
          amount,
          denomination,
          transferCurrency: payment.transferCurrency,
          priceCurrency: payment.priceCurrency,
          network: shop.environment === "production" ? "mainnet" : "testnet",
          ...(estimate === undefined ? {} : { estimatedTransferAmount: estimate }),
          actor: input.actor,
        },
        Date.now(),
      );
      if (!created.ok) return refusalAnswer(created);
      let refund = created.refund;
      const transferAmount =
        refund.denomination === "transfer" ? refund.amount : (refund.estimatedTransferAmount ?? "0");
      const fit = fitsNewRefund(payment.acceptedPaidTransferAmount, refunds, transferAmount);
      if (!fit.fits) return exceeded(fit.message, fit.remaining);
      if (input.address !== undefined) {
        const addressed = applyRefundEvent(
          refund,
          {
            type: "submit_address",
            actor: input.actor,
            address: input.address,
            ...(input.confirmation === undefined ? {} : { confirmation: input.confirmation }),
          },
          Date.now(),
        );
        if (!addressed.ok) return refusalAnswer(addressed);
        refund = addressed.refund;
      }
      await this.commit(shop, undefined, refund, call.requestId);
      refund = await this.autoApprove(shop, payment, refund, call);
      return answer(201, view(refund));
    });
  }

  approve(
    ref: RefundsRef,
    refundId: string,
    input: ApprovalInput,
    call: CallContext,
    idem?: Idempotency,
  ): Promise<Answer> {
    return this.idempotent(`approve:${refundId}`, idem, async () => {
      const shop = await getShop(this.env, ref.shopId);
      const payment = await this.payment(ref);
      if (!payment) return paymentNotFound();
      const refund = this.find(refundId);
      if (!refund) return refundNotFound();
      return this.approveNow(shop, payment, refund, input, call);
    });
  }

  cancel(
    ref: RefundsRef,
    refundId: string,
    actor: RefundActor,
    reason: string | undefined,
    call: CallContext,
    idem?: Idempotency,
  ): Promise<Answer> {
    return this.idempotent(`cancel:${refundId}`, idem, async () => {
      const shop = await getShop(this.env, ref.shopId);
      const refund = this.find(refundId);
      if (!refund) return refundNotFound();
      if (refund.state === "cancelled") return answer(200, view(refund));
      const out = this.createOut(refundId, "cancel it");
      if (out) return out;
      const next = applyRefundEvent(refund, { type: "cancel", actor, ...(reason ? { reason } : {}) }, Date.now());
      if (!next.ok) return refusalAnswer(next);
      await this.commit(shop, refund, next.refund, call.requestId);
      return answer(200, view(next.refund));
    });
  }

  /**
   * A refund link for the customer: the first asks for the address, a later one replaces the
   * one before (and drops an address given through it, only while no payout exists).
   */
  makeLink(
    ref: RefundsRef,
    refundId: string,
    actor: RefundActor,
    origin: string,
    call: CallContext,
    idem?: Idempotency,
  ): Promise<Answer> {
    return this.idempotent(`link:${refundId}`, idem, async () => {
      const shop = await getShop(this.env, ref.shopId);
      const refund = this.find(refundId);
      if (!refund) return refundNotFound();
      const out = this.createOut(refundId, "send a new link");
      if (out) return out;
      const event: RefundEvent =
        refund.state === "requested" ? { type: "request_address", actor } : { type: "new_link", actor };
      const next = applyRefundEvent(refund, event, Date.now());
      if (!next.ok) return refusalAnswer(next);
      const { token, hash } = await newLinkToken(ref.paymentId, refundId);
      const expiresAt = Date.now() + (shop.refundLinkTtlMinutes ?? DEFAULT_LINK_TTL_MINUTES) * 60_000;
      await this.commit(shop, refund, next.refund, call.requestId, () => this.store.setLink(refundId, hash, expiresAt));
      const body: RefundLinkCreated = {
        refund: view(next.refund),
        url: refundLinkUrl(origin, ref.shopId, token),
        token,
        expiresAt: new Date(expiresAt).toISOString(),
      };
      return answer(201, body);
    });
  }

  // ---- the customer's steps (the refund link)

  async readLink(ref: RefundsRef, refundId: string, secret: string): Promise<Answer> {
    const checked = await this.checkLink(ref, refundId, secret);
    if ("status" in checked) return checked;
    return answer(200, await this.linkView(ref, checked.refund, checked.expiresAt));
  }

  submitAddress(
    ref: RefundsRef,
    refundId: string,
    secret: string,
    submission: { address: string; confirmation?: string },
    call: CallContext,
  ): Promise<Answer> {
    return this.exclusive(async () => {
      const checked = await this.checkLink(ref, refundId, secret);
      if ("status" in checked) return checked;
      const { refund, expiresAt } = checked;
      if (refund.address !== undefined || refund.state !== "awaiting_address")
        return errorAnswer(
          409,
          "refund_link_used",
          refund.address === undefined
            ? `This refund is ${refund.state} and takes no address now.`
            : "This refund link was already used: the address cannot be changed. Ask the shop for a new link if it is wrong.",
        );
      const next = applyRefundEvent(
        refund,
        {
          type: "submit_address",
          actor: CUSTOMER,
          address: submission.address,
          ...(submission.confirmation === undefined ? {} : { confirmation: submission.confirmation }),
        },
        Date.now(),
      );
      if (!next.ok) return refusalAnswer(next);
      const shop = await getShop(this.env, ref.shopId);
      await this.commit(shop, refund, next.refund, call.requestId);
      const payment = await this.payment(ref);
      const after = payment ? await this.autoApprove(shop, payment, next.refund, call) : next.refund;
      return answer(200, await this.linkView(ref, after, expiresAt));
    });
  }

  // ---- the payment service's steps

  applyPayout(ref: RefundsRef, timestamp: string, payout: Payout): Promise<RefundPayoutOutcome> {
    return this.exclusive(async () => {
      const refund = this.store
        .all()
        .find((r) => r.id === payout.externalPayoutId || (r.payout && r.payout.payoutId === payout.payoutId));
      if (!refund) return "unknown";
      const shop = await getShop(this.env, ref.shopId);
      const time = parseTime(timestamp) ?? Date.now();
      const outcome = await this.takePayout(shop, refund, payout, time);
      await this.schedule();
      return outcome;
    });
  }

  /** Relays the outbox, then asks the payment service about every refund that waits on it. */
  override async alarm(): Promise<void> {
    await this.outbox.relay();
    await this.exclusive(async () => {
      for (const refund of this.store.all()) {
        if (isFinalRefundState(refund.state)) continue;
        try {
          await this.poll(refund);
        } catch (err) {
          log("warn", "refund_poll_failed", {
            shop: refund.shopId,
            paymentId: refund.paymentId,
            refundId: refund.id,
            error: err,
          });
        }
      }
    });
    await this.schedule();
  }

  // ---- steps

  private async approveNow(
    shop: Shop,
    payment: Payment,
    refund: Refund,
    input: ApprovalInput,
    call: CallContext,
  ): Promise<Answer> {
    const names =
      sameAmount(input.amount, refund.amount) && input.currency === refund.currency && input.address === refund.address;
    // A repeated approval (a double click, a retry) of what is already approved answers the refund.
    if ((refund.state === "approved" || refund.state === "sent") && names) return answer(200, view(refund));
    const approval = {
      type: "approve" as const,
      actor: input.actor,
      amount: input.amount,
      currency: input.currency,
      address: input.address,
    };
    const first = applyRefundEvent(refund, approval, Date.now());
    if (!first.ok && first.code !== "payout_missing" && first.code !== "estimate_required") return refusalAnswer(first);
    if (first.ok && first.refund.state === "expired") return this.endedExpired(shop, refund, first.refund, call);
    const refunds = this.store.all();
    const transferAmount = sentAmount(refund);
    const fit = fitsApproval(
      payment.acceptedPaidTransferAmount,
      refunds,
      refund.id,
      refund.denomination === "price" ? transferAmount : undefined,
    );
    if (!fit.fits) return exceeded(fit.message, fit.remaining);
    const client = upstreamFor(this.env, shop);
    try {
      const limits = await client.getPayoutLimits({
        transferCurrency: refund.transferCurrency,
        priceCurrency: refund.priceCurrency,
      });
      const problem = limitsProblem(limits, transferAmount, refund.transferCurrency);
      if (problem) return errorAnswer(422, "payout_limits", problem);
    } catch (err) {
      return thrownAnswer(err);
    }
    let current = refund;
    if (!current.payout) {
      const made = await this.ensurePayout(shop, current, call);
      if ("status" in made) return made;
      current = made;
    }
    const payoutAmount = current.payout?.transferAmount;
    if (current.denomination === "price") {
      // The service's own estimate, from the payout it made: the approval is checked with it.
      const checked = fitsApproval(payment.acceptedPaidTransferAmount, this.store.all(), current.id, payoutAmount);
      if (!checked.fits) return exceeded(checked.message, checked.remaining);
    }
    const event: RefundEvent = {
      ...approval,
      ...(current.denomination === "price" && payoutAmount !== undefined ? { transferAmount: payoutAmount } : {}),
    };
    const next = applyRefundEvent(current, event, Date.now());
    if (!next.ok) return refusalAnswer(next);
    if (next.refund.state === "expired") return this.endedExpired(shop, current, next.refund, call);
    const payoutId = current.payout?.payoutId ?? "";
    let approved: Payout;
    try {
      approved = await client.approvePayout(payoutId);
    } catch (err) {
      // Refused or unknown: what the payout is now decides (approved meanwhile, expired, or still waiting).
      log("warn", "refund_approve_failed", { shop: shop.id, refundId: current.id, payoutId, error: err });
      const after = await this.refreshPayout(shop, current).catch(() => current);
      await this.schedule();
      if (after.state === "approved" || after.state === "sent") return answer(200, view(after));
      if (after.state === "expired")
        return errorAnswer(409, "refund_refused", after.endReason ?? "The payout expired.", { refusal: "expired" });
      return thrownAnswer(err);
    }
    await this.commit(shop, current, next.refund, call.requestId);
    await this.takePayout(shop, next.refund, approved, Date.now());
    await this.schedule();
    return answer(200, view(this.find(current.id) ?? next.refund));
  }

  private async endedExpired(shop: Shop, before: Refund, after: Refund, call: CallContext): Promise<Answer> {
    await this.commit(shop, before, after, call.requestId);
    await this.schedule();
    return errorAnswer(409, "refund_refused", after.endReason ?? "The payout expired before the approval.", {
      refusal: "expired",
    });
  }

  /** The shop's automatic approval of a small refund whose address is known; a failure leaves it waiting. */
  private async autoApprove(shop: Shop, payment: Payment, refund: Refund, call: CallContext): Promise<Refund> {
    if (refund.state !== "ready_for_approval" || refund.address === undefined) return refund;
    if (!autoApproves(shop.autoApproveRefundsUpTo, refund)) return refund;
    const outcome = await this.approveNow(
      shop,
      payment,
      refund,
      { amount: refund.amount, currency: refund.currency, address: refund.address, actor: SYSTEM },
      call,
    );
    if (outcome.status !== 200)
      log("warn", "refund_auto_approve_failed", {
        shop: shop.id,
        refundId: refund.id,
        status: outcome.status,
        body: outcome.body,
      });
    return this.find(refund.id) ?? refund;
  }

  /**
   * The refund's one payout: found again when an earlier create's outcome is unknown, else
   * created. The create is marked as sent before it leaves, so that whatever happens to its
   * answer, the next try searches first.
   */
  private async ensurePayout(shop: Shop, refund: Refund, call: CallContext): Promise<Refund | Answer> {
    const client = upstreamFor(this.env, shop);
    const sentAt = this.store.row(refund.id)?.create_sent_at ?? null;
    if (sentAt !== null) {
      let found: Payout | undefined;
      try {
        found = await this.searchPayout(shop, refund, sentAt);
      } catch (err) {
        return thrownAnswer(err);
      }
      if (found) return this.recordCreated(shop, refund, found);
    }
    const now = Date.now();
    this.store.setCreateSent(refund.id, now);
    let created: Payout;
    try {
      created = await client.createPayout(payoutRequest(refund, call.hookUrl));
    } catch (err) {
      // A refusal (4xx) made nothing; anything else may have made the payout: the mark stays.
      if (err instanceof V3Error && err.kind === "http" && !err.retryable) this.store.setCreateSent(refund.id, sentAt);
      log("warn", "refund_payout_create_failed", { shop: shop.id, refundId: refund.id, error: err });
      await this.schedule();
      return thrownAnswer(err);
    }
    return this.recordCreated(shop, refund, created);
  }

  private async recordCreated(shop: Shop, refund: Refund, payout: Payout): Promise<Refund | Answer> {
    try {
      await shopEvents(this.env, shop.id).recordOwnPayout(payout.payoutId);
    } catch (err) {
      log("error", "own_payout_not_recorded", { shop: shop.id, payoutId: payout.payoutId, error: err });
    }
    const next = applyRefundEvent(refund, { type: "payout", payout, sourceTime: Date.now() }, Date.now());
    if (!next.ok) {
      log("error", "refund_payout_refused", {
        shop: shop.id,
        refundId: refund.id,
        payoutId: payout.payoutId,
        code: next.code,
      });
      return refusalAnswer(next);
    }
    await this.commit(shop, refund, next.refund, undefined, () => this.store.setCreateSent(refund.id, null));
    return next.refund;
  }

  /** The payout a create sent at `sentAt` made, found in GET /v3/payouts by its filters and the refund's id. */
  private async searchPayout(shop: Shop, refund: Refund, sentAt: number): Promise<Payout | undefined> {
    const client = upstreamFor(this.env, shop);
    for (let page = 0; page < SEARCH_PAGES; page += 1) {
      const listed = await client.listPayouts(searchQuery(refund, sentAt, Date.now(), page * SEARCH_PAGE_SIZE));
      const found = listed.items.find((payout) => isRefundPayout(payout, refund));
      if (found) return found;
      if ((page + 1) * SEARCH_PAGE_SIZE >= listed.itemCount || listed.items.length === 0) return undefined;
    }
    return undefined;
  }

  /** One poll of a refund that waits on the payment service. */
  private async poll(refund: Refund): Promise<void> {
    const shop = await getShop(this.env, refund.shopId);
    const row = this.store.row(refund.id);
    if (!refund.payout && row?.create_sent_at != null) {
      const found = await this.searchPayout(shop, refund, row.create_sent_at);
      if (found) await this.recordCreated(shop, refund, found);
      return;
    }
    if (!refund.payout) return;
    if (refund.state === "approved") {
      await this.refreshPayout(shop, refund);
      return;
    }
    const expired = applyRefundEvent(refund, { type: "check_expiry" }, Date.now());
    if (expired.ok && expired.refund.state !== refund.state) await this.commit(shop, refund, expired.refund);
  }

  /** GET the refund's payout and take its snapshot; the refund as it is after. */
  private async refreshPayout(shop: Shop, refund: Refund): Promise<Refund> {
    if (!refund.payout) return refund;
    const startedAt = Date.now();
    const payout = await upstreamFor(this.env, shop).getPayout(refund.payout.payoutId);
    await this.takePayout(shop, refund, payout, startedAt);
    const after = this.find(refund.id) ?? refund;
    const expired = applyRefundEvent(after, { type: "check_expiry" }, Date.now());
    if (expired.ok && expired.refund.state !== after.state) {
      await this.commit(shop, after, expired.refund);
      return expired.refund;
    }
    return after;
  }

  private async takePayout(
    shop: Shop,
    refund: Refund,
    payout: Payout,
    sourceTime: number,
  ): Promise<RefundPayoutOutcome> {
    const next = applyRefundEvent(refund, { type: "payout", payout, sourceTime }, Date.now());
    if (!next.ok) {
      if (next.code !== "older_snapshot")
        log("warn", "refund_payout_refused", {
          shop: shop.id,
          refundId: refund.id,
          payoutId: payout.payoutId,
          code: next.code,
        });
      return next.code === "older_snapshot" ? "unchanged" : "refused";
    }
    if (JSON.stringify(next.refund) === JSON.stringify(refund)) return "unchanged";
    await this.commit(shop, refund, next.refund, undefined, () => this.store.setCreateSent(refund.id, null));
    return "applied";
  }

  // ---- storing

  /**
   * Stores a refund's new state (with `also`, in the same transaction), and for each new step of
   * its history a webhook event through the outbox and an audit log entry.
   */
  private async commit(
    shop: Shop,
    before: Refund | undefined,
    after: Refund,
    requestId?: string,
    also?: () => void,
  ): Promise<void> {
    const steps = after.history.slice(before?.history.length ?? 0);
    const now = new Date();
    this.store.transaction(() => {
      this.store.put(after);
      also?.();
      if (steps.length)
        this.outbox.add({ shop: shop.id, event: refundEvent(shop.id, before?.state ?? null, view(after), now) });
    });
    await this.outbox.relay();
    // The alarm: the outbox's next try if the Queue refused, and the polls this step may need.
    await this.schedule();
    const db = this.env.DB;
    if (!db) return;
    for (const step of steps) {
      await appendAudit(db, {
        at: step.at,
        actor: auditActor(step.actor),
        action: `refund.${step.event}`,
        shopId: shop.id,
        changes: JSON.stringify({
          paymentId: after.paymentId,
          refundId: after.id,
          from: step.from,
          to: step.to,
          amount: after.amount,
          currency: after.currency,
          ...(after.address === undefined ? {} : { address: after.address }),
          ...(step.note === undefined ? {} : { note: step.note }),
        }),
        requestId: requestId ?? null,
      }).catch((err: unknown) =>
        log("error", "refund_audit_failed", { shop: shop.id, refundId: after.id, error: err }),
      );
    }
  }

  /**
   * Runs a change in the one-at-a-time section; with an Idempotency-Key, a key seen before gives
   * its stored answer (for the same request) or 422 idempotency_key_reused (for another).
   */
  private idempotent(scope: string, idem: Idempotency | undefined, run: () => Promise<Answer>): Promise<Answer> {
    return this.exclusive(async () => {
      const key = idem && `${scope}:${idem.key}`;
      if (key && idem) {
        const kept = this.store.answer(key);
        if (kept) {
          if (kept.fingerprint !== idem.fingerprint)
            return errorAnswer(
              422,
              "idempotency_key_reused",
              "This Idempotency-Key was used with another request; use a new key for a new request.",
            );
          return answer(kept.status, JSON.parse(kept.body));
        }
      }
      let result: Answer;
      try {
        result = await run();
      } catch (err) {
        log("error", "refund_step_failed", { scope, error: err });
        result = thrownAnswer(err);
      }
      if (key && idem && keepable(result))
        this.store.keepAnswer(
          key,
          { fingerprint: idem.fingerprint, status: result.status, body: JSON.stringify(result.body) },
          Date.now(),
        );
      return result;
    });
  }

  /** The one alarm: the outbox's next try, and the next poll while a refund waits on the payment service. */
  private async schedule(): Promise<void> {
    const now = Date.now();
    let next = this.outbox.nextRelayAt();
    const consider = (at: number) => {
      next = next === null ? at : Math.min(next, at);
    };
    for (const row of this.store.rows()) {
      const refund = JSON.parse(row.refund) as Refund;
      if (isFinalRefundState(refund.state)) continue;
      if (refund.state === "approved" || (row.create_sent_at !== null && !refund.payout))
        consider(now + pollMs(this.env));
      const expiresAt = parseTime(refund.payout?.expirationTime);
      if (refund.state === "ready_for_approval" && refund.payout && expiresAt !== undefined)
        consider(Math.max(expiresAt, now));
    }
    const current = await this.ctx.storage.getAlarm();
    if (next === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== next) {
      await this.ctx.storage.setAlarm(next);
    }
  }

  // ---- helpers

  /** 409 while a payout create of the refund is out and its outcome unknown (the payout may exist). */
  private createOut(refundId: string, what: string): Answer | undefined {
    if (this.store.row(refundId)?.create_sent_at == null) return undefined;
    return errorAnswer(
      409,
      "refund_refused",
      `Cannot ${what}: a payout create for this refund is out at the payment service and its outcome is not known yet; try again in a minute.`,
      { refusal: "payout_exists" },
    );
  }

  private find(refundId: string): Refund | undefined {
    return this.store.all().find((r) => r.id === refundId);
  }

  /** The payment's snapshot, only when this shop created it through this Worker. */
  private async payment(ref: RefundsRef): Promise<Payment | null> {
    return paymentObject(this.env, ref.shopId, ref.paymentId).snapshot();
  }

  private async checkLink(
    ref: RefundsRef,
    refundId: string,
    secret: string,
  ): Promise<{ refund: Refund; expiresAt: number } | Answer> {
    const row = this.store.row(refundId);
    const refund = row && (JSON.parse(row.refund) as Refund);
    if (!row || !refund || refund.shopId !== ref.shopId || !(await secretMatches(secret, row.link_hash)))
      return errorAnswer(
        404,
        "refund_link_invalid",
        "This refund link is not valid: it may have been replaced by a newer one. Use the latest link the shop sent.",
      );
    const expiresAt = row.link_expires_at ?? 0;
    if (Date.now() >= expiresAt)
      return errorAnswer(410, "refund_link_expired", "This refund link has expired; ask the shop for a new one.");
    return { refund, expiresAt };
  }

  private async linkView(ref: RefundsRef, refund: Refund, expiresAt: number): Promise<RefundLinkView> {
    const shop = await getShop(this.env, ref.shopId);
    const price = refund.denomination === "price";
    const body: RefundLinkView = {
      refundId: refund.id,
      shopName: shop.name,
      amount: price ? (refund.estimatedTransferAmount ?? refund.amount) : refund.amount,
      currency: refund.transferCurrency,
      network: refund.network,
      rule: addressRule(refund.transferCurrency),
      state:
        refund.state === "awaiting_address"
          ? "awaiting_address"
          : refund.address !== undefined && !["cancelled", "expired", "failed"].includes(refund.state)
            ? "address_received"
            : "closed",
      expiresAt: new Date(expiresAt).toISOString(),
    };
    if (price) {
      body.priceAmount = refund.amount;
      body.priceCurrency = refund.priceCurrency;
    }
    if (refund.address !== undefined && body.state === "address_received") body.address = refund.address;
    return body;
  }
}

/** The refund as the backend API shows it (its record is the view: refund.ts fits backend-wire.ts). */
function view(refund: Refund): RefundView {
  return refund;
}

function paymentNotFound(): Answer {
  return errorAnswer(404, "payment_not_found", "This shop has no payment with this id created through this Worker.");
}

function exceeded(message: string, remaining: string): Answer {
  return errorAnswer(422, "refund_amount_exceeded", message, { remaining });
}

/** What a refund's payout sends of the coin: its amount, or for a price-currency refund its payout's amount or estimate. */
function sentAmount(refund: Refund): string {
  return refund.denomination === "transfer"
    ? refund.amount
    : (refund.payout?.transferAmount ?? refund.estimatedTransferAmount ?? "0");
}
