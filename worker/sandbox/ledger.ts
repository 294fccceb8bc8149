/**
 * The Ledger Durable Object (SQLite-backed): every account's payments, payouts, conversions,
 * balances and notification deliveries, plus one alarm that expires payments and payouts, sends
 * queued payouts and delivers notifications. Decisions live in the pure modules; this class loads,
 * applies them, stores and schedules. RPC methods return a Result (errors do not cross RPC intact).
 */
import { DurableObject } from "cloudflare:workers";
import type {
  NewConversionRequest,
  NewPaymentRequest,
  NewPayoutRequest,
  PaymentTransaction,
  PayoutListQuery,
  PayoutLimits,
  PayoutPage,
} from "../v3/types.js";
import { accountById, configOf } from "./config.js";
import type { SandboxConfig } from "./config.js";
import * as conversions from "./conversions.js";
import type { SandboxConversion } from "./conversions.js";
import { currencyInfo } from "./currencies.js";
import { attempt, notFound, SandboxError } from "./errors.js";
import type { Result } from "./errors.js";
import type { Dec } from "./money.js";
import { Deliveries } from "./deliveries.js";
import { paymentEnvelope, payoutEnvelope } from "./delivery-policy.js";
import type { Chaos } from "./delivery-policy.js";
import { NO_QUIRKS, paymentNotificationJson, quirksSchema } from "./quirks.js";
import type { Quirks } from "./quirks.js";
import * as payments from "./payments.js";
import type { SandboxPayment } from "./payments.js";
import * as payouts from "./payouts.js";
import type { SandboxPayout } from "./payouts.js";
import { Store } from "./store.js";
import type { DeliveryLog } from "./control-types.js";

const randomHex = (bytes: number): string =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

export class Ledger extends DurableObject<SandboxEnv> {
  private readonly store: Store;
  private readonly deliveries: Deliveries;

  constructor(ctx: DurableObjectState, env: SandboxEnv) {
    super(ctx, env);
    this.store = new Store(ctx.storage.sql);
    this.deliveries = new Deliveries(this.store, () => this.config);
  }

  private get config(): SandboxConfig {
    return configOf(this.env);
  }

  // ---- payments ----

  async createPayment(account: string, req: NewPaymentRequest, origin: string): Promise<Result<SandboxPayment>> {
    const result = attempt(() => {
      const p = payments.createPayment(req, {
        rates: this.config.rates,
        now: Date.now(),
        expiryMs: this.config.paymentExpiryMs,
        origin,
        paymentId: crypto.randomUUID(),
      });
      this.store.putPayment(account, p);
      return p;
    });
    await this.schedule();
    return result;
  }

  /** `account` null: any account's payment (control API, payment page). */
  getPayment(account: string | null, paymentId: string): Result<SandboxPayment> {
    return attempt(() => this.loadPayment(account, paymentId).payment);
  }

  async sendTransaction(
    paymentId: string,
    amount: string,
    accept: boolean,
  ): Promise<Result<{ transaction: PaymentTransaction; payment: SandboxPayment }>> {
    return this.changePayment(
      paymentId,
      (p, now) => payments.observeTransaction(p, { transactionId: randomHex(32), amount, accept, now }),
      (p) => {
        const transaction = p.transactions.at(-1);
        if (!transaction) throw new Error("transaction missing");
        return { transaction, payment: p };
      },
    );
  }

  async decideTransaction(
    paymentId: string,
    transactionId: string,
    verdict: "ACCEPTED" | "REJECTED",
  ): Promise<Result<SandboxPayment>> {
    return this.changePayment(
      paymentId,
      (p, now) => payments.decideTransaction(p, transactionId, verdict, now),
      (p) => p,
    );
  }

  async expirePayment(paymentId: string): Promise<Result<SandboxPayment>> {
    return this.changePayment(
      paymentId,
      (p, now) => payments.expireNow(p, now),
      (p) => p,
    );
  }

  private loadPayment(account: string | null, paymentId: string): { account: string; payment: SandboxPayment } {
    const found = this.store.getPayment(paymentId);
    if (!found || (account !== null && found.account !== account)) throw notFound("payment");
    return found;
  }

  private async changePayment<T>(
    paymentId: string,
    change: (p: SandboxPayment, now: number) => SandboxPayment,
    result: (p: SandboxPayment) => T,
  ): Promise<Result<T>> {
    const outcome = attempt(() => {
      const now = Date.now();
      const { account, payment: before } = this.loadPayment(null, paymentId);
      const after = change(before, now);
      this.commitPayment(account, before, after, now);
      return result(after);
    });
    await this.schedule();
    return outcome;
  }

  /** Stores a changed payment, credits newly accepted transactions, queues its notification. */
  private commitPayment(account: string, before: SandboxPayment, after: SandboxPayment, now: number): void {
    this.store.putPayment(account, after);
    const wasAccepted = new Set(before.transactions.filter((t) => t.state === "ACCEPTED").map((t) => t.transactionId));
    for (const t of after.transactions) {
      if (t.state === "ACCEPTED" && !wasAccepted.has(t.transactionId))
        this.store.addEntry(
          account,
          after.transferCurrency,
          t.paidTransferAmount,
          "payment",
          `${after.paymentId}/${t.transactionId}`,
          now,
        );
    }
    if (after.notificationUrl && payments.shouldNotify(before, after)) {
      // The body is written once, with the quirks of this moment; retries resend the same bytes.
      this.deliveries.enqueue(
        account,
        after.paymentId,
        after.status,
        after.notificationUrl,
        paymentNotificationJson(paymentEnvelope(after, now), this.quirks()),
        "v3/payment",
        now,
      );
    }
  }

  // ---- payouts ----

  private available(account: string, currency: string): Dec {
    return this.store.balance(account, currency, this.config.startingBalances[currency]);
  }

  async createPayout(account: string, req: NewPayoutRequest): Promise<Result<SandboxPayout>> {
    const result = attempt(() => {
      const now = Date.now();
      const created = payouts.createPayout(req, {
        rates: this.config.rates,
        now,
        expiryMs: this.config.payoutExpiryMs,
        payoutId: crypto.randomUUID(),
        available: (c) => this.available(account, c),
      });
      this.store.putPayout(account, created, Date.parse(created.expirationTime));
      return req.autoApprove ? this.approveLoaded(account, created, now) : created;
    });
    await this.schedule();
    return result;
  }

  getPayout(account: string, payoutId: string): Result<SandboxPayout> {
    return attempt(() => this.loadPayout(account, payoutId));
  }

  async approvePayout(account: string, payoutId: string): Promise<Result<SandboxPayout>> {
    const result = attempt(() => {
      const now = Date.now();
      const payout = this.loadPayout(account, payoutId);
      try {
        return this.approveLoaded(account, payout, now);
      } catch (err) {
        // Record the expiry the refusal revealed.
        const expired = payouts.expirePayoutIfDue(payout, now);
        if (expired !== payout) this.store.putPayout(account, expired, null);
        throw err;
      }
    });
    await this.schedule();
    return result;
  }

  private approveLoaded(account: string, payout: SandboxPayout, now: number): SandboxPayout {
    const queued = payouts.approvePayout(payout, now, this.available(account, payout.transferCurrency));
    this.store.addEntry(account, queued.transferCurrency, `-${queued.transferAmount}`, "payout", queued.payoutId, now);
    this.store.putPayout(account, queued, now + this.config.payoutSendDelayMs);
    return queued;
  }

  async resendPayoutNotification(account: string, payoutId: string): Promise<Result<null>> {
    const result = attempt(() => {
      const payout = this.loadPayout(account, payoutId);
      if (payout.notificationUrl) this.notifyPayout(account, payout, Date.now());
      return null;
    });
    await this.schedule();
    return result;
  }

  listPayouts(
    account: string,
    query: Required<Pick<PayoutListQuery, "limit" | "offset">> & PayoutListQuery,
  ): Result<PayoutPage> {
    return attempt(() => {
      const merchantId = accountById(this.config, account)?.merchantId ?? "";
      const now = Date.now();
      return payouts.pageOf(
        this.store.payoutsOf(account).map((p) => payouts.expirePayoutIfDue(p, now)),
        query,
        merchantId,
      );
    });
  }

  payoutLimits(account: string, transferCurrency: string, priceCurrency: string): Result<PayoutLimits> {
    return attempt(() => {
      const transfer = currencyInfo(transferCurrency);
      if (!transfer?.payoutTransferEnabled || !transfer.testnet)
        throw new SandboxError(
          400,
          "unsupported_currency",
          `${transferCurrency} is not a payout transfer currency`,
          "transferCurrency",
        );
      if (!currencyInfo(priceCurrency)?.payoutPriceEnabled)
        throw new SandboxError(
          400,
          "unsupported_currency",
          `${priceCurrency} is not a payout price currency`,
          "priceCurrency",
        );
      return {
        available: this.available(account, transfer.code).toFixed(transfer.decimals),
        minPayoutAmount: transfer.testnet.minPayout,
        currency: transfer.code,
      };
    });
  }

  /** Control API: the payout's expirationTime becomes now (a CREATED payout expires). */
  async expirePayout(payoutId: string): Promise<Result<SandboxPayout>> {
    const result = attempt(() => {
      const found = this.store.getPayout(payoutId);
      if (!found) throw notFound("payout");
      const now = Date.now();
      if (found.payout.status !== "CREATED")
        throw new SandboxError(
          409,
          "invalid_transition",
          `payout is ${found.payout.status}; only a CREATED payout can expire`,
        );
      const expired = payouts.expirePayoutIfDue({ ...found.payout, expirationTime: new Date(now).toISOString() }, now);
      this.store.putPayout(found.account, expired, null);
      return expired;
    });
    await this.schedule();
    return result;
  }

  private loadPayout(account: string, payoutId: string): SandboxPayout {
    const found = this.store.getPayout(payoutId);
    if (!found || found.account !== account) throw notFound("payout");
    return found.payout;
  }

  private notifyPayout(account: string, payout: SandboxPayout, now: number): void {
    if (!payout.notificationUrl) return;
    this.deliveries.enqueue(
      account,
      payout.payoutId,
      payout.status,
      payout.notificationUrl,
      JSON.stringify(payoutEnvelope(payout, now)),
      "v3/payouts",
      now,
    );
  }

  // ---- conversions ----

  createConversion(account: string, req: NewConversionRequest): Result<SandboxConversion> {
    return attempt(() => {
      const now = Date.now();
      conversions.estimate(req, this.config.rates); // validates currencies and rate before anything is stored
      return this.tradeAndStore(account, conversions.newConversion(req, crypto.randomUUID(), now), now);
    });
  }

  retryTrade(account: string, id: string): Result<SandboxConversion> {
    return attempt(() => {
      const traded = this.tradeAndStore(account, this.loadConversion(account, id), Date.now());
      if (traded.status !== "COMPLETED")
        throw new SandboxError(409, "insufficient_balance", traded.failureReason ?? "trade failed");
      return traded;
    });
  }

  declareResult(account: string, id: string, boughtAmount: string | undefined): Result<SandboxConversion> {
    return attempt(() => {
      const declared = conversions.declareResult(this.loadConversion(account, id), boughtAmount, Date.now());
      this.store.putConversion(account, declared);
      return declared;
    });
  }

  cancelConversion(account: string, id: string): Result<SandboxConversion> {
    return attempt(() => {
      const cancelled = conversions.cancel(this.loadConversion(account, id), Date.now());
      this.store.putConversion(account, cancelled);
      return cancelled;
    });
  }

  /** Control API: a conversion of any account. */
  getConversion(id: string): Result<SandboxConversion> {
    return attempt(() => {
      const found = this.store.getConversion(id);
      if (!found) throw notFound("conversion");
      return found.conversion;
    });
  }

  private loadConversion(account: string, id: string): SandboxConversion {
    const found = this.store.getConversion(id);
    if (!found || found.account !== account) throw notFound("conversion");
    return found.conversion;
  }

  private tradeAndStore(account: string, c: SandboxConversion, now: number): SandboxConversion {
    const traded = conversions.trade(c, this.config.rates, this.available(account, c.sellCurrency), now);
    if (traded.status === "COMPLETED" && traded.boughtAmount !== undefined) {
      this.store.addEntry(account, traded.sellCurrency, `-${traded.sellAmount}`, "conversion", traded.id, now);
      this.store.addEntry(account, traded.buyCurrency, traded.boughtAmount, "conversion", traded.id, now);
    }
    this.store.putConversion(account, traded);
    return traded;
  }

  // ---- response quirks ----

  quirks(): Quirks {
    const stored = this.store.getSetting("quirks");
    return stored ? quirksSchema.parse(JSON.parse(stored)) : NO_QUIRKS;
  }

  setQuirks(quirks: Quirks): Quirks {
    const parsed = quirksSchema.parse(quirks);
    this.store.putSetting("quirks", JSON.stringify(parsed));
    return parsed;
  }

  // ---- chaos and deliveries ----

  chaos(): Chaos {
    return this.deliveries.chaos();
  }

  setChaos(chaos: Chaos): Chaos {
    return this.deliveries.setChaos(chaos);
  }

  deliveryLog(ref: string | undefined, limit: number): DeliveryLog {
    return { items: this.store.attempts(ref, limit), pending: this.store.pendingDeliveries(ref) };
  }

  /** Control API: attempts every pending delivery now, whatever its schedule, in due order. */
  async flushDeliveries(): Promise<number> {
    const attempted = await this.deliveries.deliverDue(Number.MAX_SAFE_INTEGER);
    await this.schedule();
    return attempted;
  }

  // ---- alarm ----

  override async alarm(): Promise<void> {
    const now = Date.now();
    for (const id of this.store.expiringPayments(now)) {
      const found = this.store.getPayment(id);
      if (found) this.commitPayment(found.account, found.payment, payments.expireIfDue(found.payment, now), now);
    }
    for (const id of this.store.duePayouts(now)) {
      const found = this.store.getPayout(id);
      if (!found) continue;
      const { account, payout } = found;
      if (payout.status === "QUEUED") {
        const sent = payouts.sendPayout(payout, now, randomHex(32));
        this.store.putPayout(account, sent, null);
        this.notifyPayout(account, sent, now);
      } else {
        this.store.putPayout(account, payouts.expirePayoutIfDue(payout, now), null);
      }
    }
    await this.deliveries.deliverDue(now);
    await this.schedule();
  }

  /** One alarm at the earliest pending event. */
  private async schedule(): Promise<void> {
    const times = [this.store.nextPaymentExpiry(), this.store.nextPayoutDue(), this.store.nextDeliveryDue()].filter(
      (t): t is number => t !== undefined,
    );
    if (times.length === 0) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.min(...times));
  }
}
