/**
 * ShopEventsObject: one Durable Object per shop (`idFromName(shopId)`) that keeps the shop's
 * event log (events/event-log.ts): every event in order with its delivery state per endpoint and
 * every attempt, read by the backend API. The webhook consumer records each event here before
 * it POSTs it, and the outcome after. Payout notifications become events here (their snapshot,
 * the event and its outbox row in one transaction), and so do redeliveries. Its alarm sends
 * what the Queue has not accepted yet (the outbox) and queues again every event whose delivery
 * lease ran out (event-log.ts: a message the Queue lost). While the shop is disabled the consumer
 * holds its events here (`hold`); `resume` (the admin API's enable, or the next event of the
 * enabled shop) queues them again. Thin: the rules are in events/
 * (delivery state, retry policy, leases) and snapshot.ts (which payout snapshot is newer).
 */
import { DurableObject } from "cloudflare:workers";
import type { Payout } from "../../v3/types.js";
import type { Env } from "../env.js";
import { payoutEvent, pingEvent } from "./build.js";
import { webhookTimeoutMs, type AttemptResult } from "./deliver.js";
import { endpointsFor } from "./endpoints.js";
import { EventLog, SHOP_EVENTS_STORAGE, type FailureOutcome, type OpenDelivery } from "./event-log.js";
import { markVersion, upgradeStorage } from "../storage-version.js";
import {
  deliveriesBetween,
  endpointFigures,
  paymentEvents,
  type DeliveryCounts,
  type EndpointFigures,
} from "./event-log-reads.js";
import { Outbox } from "./outbox.js";
import { OwnPayouts } from "./own-payouts.js";
import { nextHintSlot, nextPayoutRead, PAYOUT_READ_SPACING_MS } from "../upstream/hint-budget.js";
import { leaseMs, nextHeldCheck } from "./retry-policy.js";
import type { EventDetail, EventList, WebhookEvent, WebhookMessage } from "../backend-wire.js";
import { log } from "../http/log.js";
import { retentionDaysMs } from "../rules.js";
import { getShop, isDisabledShop } from "../shops/shop-source.js";
import { decideSnapshot, parseTime, type SnapshotDecision } from "../upstream/snapshot.js";

/**
 * Days the event log keeps an event (EVENT_RETENTION_DAYS): the ledger keeps the payments for
 * years; the log is for delivery, redelivery and the timeline of recent payments.
 */
export const DEFAULT_EVENT_RETENTION_DAYS = 90;
/** Events pruned at most with each event recorded. */
export const PRUNE_STEP_EVENTS = 20;

/** The shop's event log, for callers in the Worker: holds the shop id and passes it where the object needs it. */
export function shopEvents(env: Env, shopId: string) {
  const stub = env.SHOP_EVENTS.get(env.SHOP_EVENTS.idFromName(shopId));
  return {
    stub,
    record: (event: WebhookEvent, urls: string[], requestId?: string) => stub.record(event, urls, requestId),
    finish: (eventId: string, results: AttemptResult[], failure: FailureOutcome | null) =>
      stub.finish(eventId, results, failure),
    deadLetter: (event: WebhookEvent, reason: string, requestId?: string) => stub.deadLetter(event, reason, requestId),
    hold: (event: WebhookEvent, requestId?: string) => stub.hold(event, requestId),
    resume: () => stub.resume(shopId),
    list: (after: number, limit: number) => stub.list(after, limit),
    detail: (eventId: string, attemptsAfter?: number, attemptsLimit?: number) =>
      stub.detail(eventId, attemptsAfter, attemptsLimit),
    redeliver: (eventId: string, urls: string[]) => stub.redeliver(shopId, eventId, urls),
    applyPayout: (timestamp: string, payout: Payout) => stub.applyPayout(shopId, timestamp, payout),
    /** What the flow that creates a payout (a refund) calls once the service answered the create. */
    recordOwnPayout: (payoutId: string) => stub.recordOwnPayout(payoutId),
    /** Whether this Worker created the payout (own-payouts.ts). */
    ownsPayout: (payoutId: string) => stub.ownsPayout(payoutId),
    /** When a hint about the payout is read from the service (upstream/hint-budget.ts, nextPayoutRead). */
    payoutHintRead: (payoutId: string) => stub.payoutHintRead(payoutId),
    /** When the shop's next hint-driven upstream read may happen (upstream/hint-budget.ts). */
    hintReadSlot: () => stub.hintReadSlot(),
    ping: (urls: string[]) => stub.ping(shopId, urls),
    deliveriesBetween: (from: number, to: number) => stub.deliveriesBetween(from, to),
    paymentEvents: (orderId: string | null, paymentId: string) => stub.paymentEvents(orderId, paymentId),
    endpointFigures: (urls: string[]) => stub.endpointFigures(urls),
  };
}

/**
 * Records payment events in their shop's event log before they go to the Queue (the
 * PaymentObject's outbox calls it), each delivery with a lease: from then on the log queues an
 * event again if the Queue loses its message, as it does for payout events. A disabled shop's
 * event is held there instead, to go out once the shop is enabled.
 */
export async function recordInEventLog(env: Env, messages: WebhookMessage[]): Promise<void> {
  for (const { shop: shopId, event, requestId } of messages) {
    let shop;
    try {
      shop = await getShop(env, shopId);
    } catch (err) {
      // Asked only when the shop is not served, as the consumer does: an active shop pays no second lookup.
      if (!(await isDisabledShop(env, shopId))) throw err;
      await shopEvents(env, shopId).hold(event, requestId);
      continue;
    }
    await shopEvents(env, shop.id).record(
      event,
      endpointsFor(shop, event.type).map((endpoint) => endpoint.url),
      requestId,
    );
  }
}

interface PayoutRow extends Record<string, SqlStorageValue> {
  version: number;
  status: string;
  source_time: number;
  fingerprint: string;
}

/** What `applyPayout` did: the snapshot decision, and the event when one was recorded. */
export type PayoutOutcome = SnapshotDecision["action"] | "invalid_timestamp";

export class ShopEventsObject extends DurableObject<Env> {
  private readonly log: EventLog;
  private readonly outbox: Outbox;
  private readonly leaseMs: number;
  private readonly retentionMs: number;
  private readonly ownPayouts: OwnPayouts;
  /** When each own payout's latest hint-driven read was set to begin (payoutHintRead). */
  private readonly payoutReads = new Map<string, number>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // An attempt may take the whole timeout: a lease covers it and the grace after it.
    this.leaseMs = leaseMs(env.WEBHOOK_LEASE_SECONDS) + webhookTimeoutMs(env.WEBHOOK_TIMEOUT_MS);
    this.retentionMs = retentionDaysMs(env.EVENT_RETENTION_DAYS, DEFAULT_EVENT_RETENTION_DAYS);
    // An older release's storage is brought up to date before anything reads it; new storage gets the version.
    const stored = upgradeStorage(ctx.storage.sql, SHOP_EVENTS_STORAGE);
    this.log = new EventLog(ctx.storage.sql);
    if (stored === null) markVersion(ctx.storage.sql, SHOP_EVENTS_STORAGE);
    this.outbox = new Outbox(ctx.storage.sql, env.WEBHOOK_EVENTS);
    this.ownPayouts = new OwnPayouts(ctx.storage.sql);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS payouts (
      payout_id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      status TEXT NOT NULL,
      source_time INTEGER NOT NULL,
      fingerprint TEXT NOT NULL
    )`);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS hint_budget (id INTEGER PRIMARY KEY CHECK (id = 1), tat INTEGER NOT NULL)",
    );
  }

  /**
   * Records the event (once) with a delivery per endpoint; the endpoints still waiting for it,
   * which the caller attempts now (their lease runs until now + the lease time).
   */
  async record(event: WebhookEvent, urls: string[], requestId?: string): Promise<OpenDelivery[]> {
    const now = Date.now();
    const released = this.ctx.storage.transactionSync(() => {
      this.log.record(event, urls, now, now + this.leaseMs, requestId);
      // Every event recorded prunes a few past the retention: the log stays bounded by the shop's own traffic.
      this.log.prune(now - this.retentionMs, PRUNE_STEP_EVENTS);
      // The shop serves events again (only an enabled shop's are recorded so): what it held goes out.
      return this.releaseHeld(event.shop, now);
    });
    if (released) await this.relay();
    else await this.schedule();
    return this.log.undelivered(event.id, urls);
  }

  /**
   * The consumer's message for a disabled shop: the event is held (its deliveries
   * `shop_disabled`, no lease, no attempt) until the shop is enabled.
   */
  async hold(event: WebhookEvent, requestId?: string): Promise<void> {
    this.ctx.storage.transactionSync(() => this.log.hold(event, Date.now(), requestId));
    await this.schedule();
  }

  /** The shop is enabled again: every held event is queued again (through the outbox); how many. */
  async resume(shopId: string): Promise<number> {
    let released = 0;
    for (;;) {
      const step = this.ctx.storage.transactionSync(() => this.releaseHeld(shopId, Date.now()));
      if (!step) break;
      released += step;
    }
    if (released) log("info", "webhooks_resumed", { shop: shopId, events: released });
    await this.relay();
    return released;
  }

  /** One step of held events released into the outbox (inside a transaction); how many. */
  private releaseHeld(shopId: string, now: number): number {
    if (!this.log.hasHeld()) return 0;
    const messages = this.log.releaseHeld(now + this.leaseMs);
    for (const message of messages) this.outbox.add({ ...message, shop: shopId });
    return messages.length;
  }

  async finish(eventId: string, results: AttemptResult[], failure: FailureOutcome | null): Promise<void> {
    this.ctx.storage.transactionSync(() => this.log.finish(eventId, results, failure, this.leaseMs));
    await this.schedule();
  }

  /**
   * The dead-letter queue's message: the event is recorded (if it never was, for example because
   * the shop's configuration was broken while it was retried) and every delivery that did not
   * succeed is dead. It stays listed, and can be redelivered.
   */
  async deadLetter(event: WebhookEvent, reason: string, requestId?: string): Promise<number> {
    const dead = this.ctx.storage.transactionSync(() => {
      this.log.record(event, [], Date.now(), null, requestId);
      return this.log.markDead(event.id, reason);
    });
    await this.schedule();
    return dead;
  }

  list(after: number, limit: number): EventList {
    return this.log.list(after, limit);
  }

  detail(eventId: string, attemptsAfter?: number, attemptsLimit?: number): EventDetail | null {
    return this.log.detail(eventId, attemptsAfter, attemptsLimit) ?? null;
  }

  /** Queues the event again for `urls` (its deliveries there become pending); false when unknown. */
  async redeliver(shopId: string, eventId: string, urls: string[]): Promise<boolean> {
    const found = this.ctx.storage.transactionSync(() => {
      const message = this.log.reopen(eventId, urls, Date.now() + this.leaseMs);
      if (message) this.outbox.add({ ...message, shop: shopId });
      return message !== undefined;
    });
    if (found) await this.relay();
    return found;
  }

  /**
   * A `ping` (the dashboard's test event) recorded with a delivery per endpoint of `urls` and
   * queued through the outbox in one transaction, like a payout event; its id.
   */
  async ping(shopId: string, urls: string[]): Promise<string> {
    const event = pingEvent(shopId, new Date());
    this.ctx.storage.transactionSync(() => {
      const now = Date.now();
      this.log.record(event, urls, now, now + this.leaseMs);
      this.outbox.add({ shop: shopId, event });
    });
    await this.relay();
    return event.id;
  }

  /** The deliveries of the events recorded in [from, to), by state. */
  deliveriesBetween(from: number, to: number): DeliveryCounts {
    return deliveriesBetween(this.ctx.storage.sql, from, to);
  }

  /** Every event of one payment, oldest first, with its deliveries and attempts. */
  paymentEvents(orderId: string | null, paymentId: string): EventDetail[] {
    return paymentEvents(this.ctx.storage.sql, this.log, orderId, paymentId);
  }

  /** Per endpoint: deliveries over the latest events, and the latest failed attempts. */
  endpointFigures(urls: string[]): EndpointFigures[] {
    return endpointFigures(this.ctx.storage.sql, urls);
  }

  /**
   * An authentic payout notification of this shop: stored when newer than the last one of the
   * payout (same rules as payment snapshots), and then a `payout.updated` event is recorded and
   * queued in the same transaction.
   */
  async applyPayout(shopId: string, timestamp: string, payout: Payout): Promise<PayoutOutcome> {
    const sourceTime = parseTime(timestamp);
    if (sourceTime === undefined) return "invalid_timestamp";
    const { notificationUrl: _internal, ...visible } = payout;
    const fingerprint = JSON.stringify(visible);
    const status = payout.status ?? "";
    const shop = await getShop(this.env, shopId);
    const decision = this.ctx.storage.transactionSync(() => {
      const row = this.ctx.storage.sql
        .exec<PayoutRow>(
          "SELECT version, status, source_time, fingerprint FROM payouts WHERE payout_id = ?",
          payout.payoutId,
        )
        .toArray()[0];
      const stored = row && {
        version: row.version,
        status: row.status,
        sourceTime: row.source_time,
        fingerprint: row.fingerprint,
      };
      const decided = decideSnapshot(stored, { status, sourceTime, fingerprint });
      if (decided.action !== "apply") return decided;
      this.ctx.storage.sql.exec(
        `INSERT INTO payouts (payout_id, version, status, source_time, fingerprint) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (payout_id) DO UPDATE SET version = excluded.version, status = excluded.status, source_time = excluded.source_time, fingerprint = excluded.fingerprint`,
        payout.payoutId,
        decided.version,
        status,
        decided.sourceTime,
        fingerprint,
      );
      const event = payoutEvent({
        shop: shopId,
        previousStatus: row ? row.status || null : null,
        version: decided.version,
        payout: visible,
        now: new Date(),
      });
      // Its deliveries hold a lease from now on, so a message the Queue loses is sent again.
      const urls = endpointsFor(shop, event.type).map((endpoint) => endpoint.url);
      const now = Date.now();
      this.log.record(event, urls, now, now + this.leaseMs);
      this.outbox.add({ shop: shopId, event });
      return decided;
    });
    if (decision.action === "apply") await this.relay();
    return decision.action;
  }

  /**
   * Records a payout this Worker created for the shop: the flow that creates payouts (refunds)
   * calls it as soon as the service answered the create, so that a notification about it that
   * cannot be trusted is worth an upstream read (own-payouts.ts).
   */
  recordOwnPayout(payoutId: string): void {
    this.ownPayouts.record(payoutId, Date.now());
  }

  /** Whether this Worker created the payout (notifications/hooks.ts asks before fetching one). */
  ownsPayout(payoutId: string): boolean {
    return this.ownPayouts.owns(payoutId);
  }

  /**
   * For a hint about a payout (a notification that cannot be trusted): "not_own_payout" for one
   * this Worker did not create (no upstream read), "coalesced" when a read still to come answers
   * it, else the time (ms since the epoch) its read may begin, at least PAYOUT_READ_SPACING_MS
   * after the payout's last one (upstream/hint-budget.ts). The last reads are kept in memory: an
   * object that was evicted forgets them and costs one read more, never one less.
   */
  payoutHintRead(payoutId: string): number | "not_own_payout" | "coalesced" {
    if (!this.ownPayouts.owns(payoutId)) return "not_own_payout";
    const now = Date.now();
    const decision = nextPayoutRead(this.payoutReads.get(payoutId), now);
    if (decision === "coalesced") return decision;
    for (const [id, at] of this.payoutReads) if (at < now - PAYOUT_READ_SPACING_MS) this.payoutReads.delete(id);
    this.payoutReads.set(payoutId, decision);
    return decision;
  }

  /**
   * The slot (ms since the epoch) of one hint-driven upstream read of this shop's payments: now
   * while the shop's budget allows it, later past it (upstream/hint-budget.ts). A counter here
   * rather than a rate-limit binding: a binding only answers yes or no, while a deferred read
   * needs to know when it may happen, and every deferred read gets its own later slot.
   */
  hintReadSlot(): number {
    const now = Date.now();
    return this.ctx.storage.transactionSync(() => {
      const row = this.ctx.storage.sql.exec<{ tat: number }>("SELECT tat FROM hint_budget WHERE id = 1").toArray()[0];
      const slot = nextHintSlot(row?.tat, now);
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO hint_budget (id, tat) VALUES (1, ?)", slot.tat);
      return slot.at;
    });
  }

  /**
   * Queues again the events whose lease ran out, sends the outbox, sets the next alarm. With
   * events held, it also asks whether their shop is enabled again (an enable whose own resume
   * did not get through, or a consumer whose cache still saw the shop disabled) and resumes them.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.ctx.storage.transactionSync(() => {
      for (const message of this.log.expiredLeases(now, now + this.leaseMs)) {
        this.outbox.add(message);
        log("warn", "webhook_lease_expired", {
          shop: message.shop,
          eventId: message.event.id,
          requestId: message.requestId,
        });
      }
    });
    const held = this.log.oldestHeld();
    if (held && (await this.isServed(held.shop))) await this.resume(held.shop);
    else await this.relay();
  }

  /** Whether the shop is served (enabled) now. */
  private async isServed(shopId: string): Promise<boolean> {
    try {
      await getShop(this.env, shopId);
      return true;
    } catch {
      return false;
    }
  }

  private async relay(): Promise<void> {
    await this.outbox.relay();
    await this.schedule();
  }

  /** The alarm goes off at the next outbox retry, the next lease end or the next check of held events, whichever comes first. */
  private async schedule(): Promise<void> {
    const held = this.log.oldestHeld();
    const heldCheck = held ? nextHeldCheck(held.since, Date.now()) : null;
    const times = [this.outbox.nextRelayAt(), this.log.nextLeaseEnd(), heldCheck].filter(
      (t): t is number => t !== null,
    );
    const next = times.length ? Math.min(...times) : null;
    const current = await this.ctx.storage.getAlarm();
    if (next === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== next) {
      await this.ctx.storage.setAlarm(next);
    }
  }
}
