/**
 * PaymentObject: one Durable Object per payment (`${shopId}:${paymentId}`). It keeps the latest
 * snapshot of the payment with a version in SQLite, the open widget streams (Hibernation
 * WebSocket API), and one alarm that asks the upstream again while anyone watches, when a hint
 * asks for it, and at expirationTime. The decisions live in pure modules: snapshot.ts (apply or
 * drop), poll-policy.ts (when to fetch), view.ts (what widgets see), events/ (which webhook event a
 * change is). Every applied snapshot and its event are stored in one SQLite transaction; the event
 * then goes from the outbox to the webhook Queue (events/outbox.ts). See docs/checkout-status.md.
 */
import { DurableObject } from "cloudflare:workers";
import type { Payment } from "../v3/types.js";
import { V3Error } from "../v3/errors.js";
import { getShop } from "./config.js";
import type { Env } from "./env.js";
import { paymentEvent } from "./events/build.js";
import { Outbox } from "./events/outbox.js";
import { CheckoutError, errorResponse, jsonError, toCheckoutError, type ErrorCode } from "./errors.js";
import { log } from "./log.js";
import { cleanupDue, expiryCheckedAfter, fetchDue, nextAlarmAt, pollSettings, readerWantsFetch, type PollSettings, type PollState } from "./poll-policy.js";
import { decideSnapshot, isFinalStatus, parseTime, type SnapshotDecision, type StoredMeta } from "./snapshot.js";
import { viewRedirects } from "./redirects.js";
import { maxViewers, POLICY_VIOLATION, VIEWERS_RETRY_AFTER_SECONDS } from "./stream-limits.js";
import { upstreamFor } from "./upstream.js";
import { contentFingerprint, toView } from "./view.js";
import { STREAM_PING, STREAM_PONG, type PaymentView, type StreamMessage } from "./wire.js";

/** Where a snapshot came from. */
export type SnapshotSource = "created" | "notification" | "poll";

/** What `applyNotification` did with a notification. */
export type NotificationOutcome =
  | SnapshotDecision["action"]
  /** No snapshot here: the payment was not created through this Worker (nothing stored). */
  | "unknown"
  /** Unauthenticated: taken as a hint, a re-fetch is scheduled. */
  | "refetch";

/** A view, or the public error that prevented it (errors do not keep their type across RPC). */
export type LookupResult = { ok: true; view: PaymentView } | { ok: false; status: number; code: ErrorCode; message: string };

/**
 * The object that holds one payment of one shop, for callers in the Worker. Its `view` throws the
 * right CheckoutError (404 payment_not_found, 502/504 upstream_*): an error thrown inside a
 * Durable Object reaches the caller as a plain Error, so the object answers a LookupResult and
 * this turns it back into the CheckoutError.
 */
export function paymentObject(env: Env, shopId: string, paymentId: string) {
  const stub = env.PAYMENTS.get(env.PAYMENTS.idFromName(`${shopId}:${paymentId}`));
  return {
    stub,
    init: (shop: string, payment: Payment, requestedAt?: number, orderId?: string): Promise<PaymentView> => stub.init(shop, payment, requestedAt, orderId),
    async view(shop: string, id: string): Promise<PaymentView> {
      const result = await stub.lookup(shop, id);
      if (!result.ok) throw new CheckoutError(result.status, result.code, result.message);
      return result.view;
    },
    applyNotification: (shop: string, timestamp: string, payment: Payment, authentic: boolean): Promise<NotificationOutcome> =>
      stub.applyNotification(shop, timestamp, payment, authentic),
    fetch: (request: Request): Promise<Response> => stub.fetch(request),
  };
}

const STREAM_PATH = /^\/api\/shops\/([^/]+)\/payments\/([^/]+)\/stream$/;
const HOOK_PATH = /^\/hooks\/([^/]+)$/;

/**
 * The shop a notification URL names: the `{shop}` of `<worker>/hooks/{shop}` (set by
 * create-payment.ts); undefined when it names none. Shops may share one upstream account, so the
 * upstream alone would hand shop A's payment (or payout) to shop B's route.
 */
export function hookShopOf(notificationUrl: string | undefined): string | undefined {
  if (!notificationUrl) return undefined;
  let path: string;
  try {
    path = new URL(notificationUrl).pathname;
  } catch {
    return undefined;
  }
  const match = HOOK_PATH.exec(path);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

interface PaymentRow extends Record<string, SqlStorageValue> {
  shop_id: string;
  payment_id: string;
  version: number;
  status: string;
  source_time: number;
  fingerprint: string;
  payment: string;
  /** When the current version was stored. */
  applied_at: number;
  expires_at: number | null;
  last_fetch_at: number | null;
  failures: number;
  expiry_checked: number;
  refetch_requested: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshots (
  version INTEGER PRIMARY KEY,
  status TEXT NOT NULL,
  source TEXT NOT NULL,
  source_time INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  payment TEXT NOT NULL,
  applied_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS payment (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  shop_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  status TEXT NOT NULL,
  source_time INTEGER NOT NULL,
  fingerprint TEXT NOT NULL,
  expires_at INTEGER,
  last_fetch_at INTEGER,
  failures INTEGER NOT NULL DEFAULT 0,
  expiry_checked INTEGER NOT NULL DEFAULT 0,
  refetch_requested INTEGER NOT NULL DEFAULT 0
);`;

/** The order a payment was created for (kept when the snapshots are forgotten). */
const ORDER_SCHEMA = "CREATE TABLE IF NOT EXISTS payment_order (id INTEGER PRIMARY KEY CHECK (id = 1), order_id TEXT NOT NULL)";

/** Close codes a peer may send that must not be sent back. */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

export class PaymentObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly settings: PollSettings;
  /** The first upstream fetch when nothing is stored yet, shared by concurrent callers. */
  private loading: Promise<void> | undefined;
  /** The tables exist. They are created with the first snapshot, so that an object asked about
   * a payment it does not hold (a notification for an unknown payment) stores nothing at all. */
  private hasTables = false;
  /** Webhook events not yet accepted by the Queue. */
  private readonly outbox: Outbox;
  /** The order id once read (undefined: not read yet; null: none). */
  private order: string | null | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.outbox = new Outbox(ctx.storage.sql, env.WEBHOOK_EVENTS);
    this.settings = pollSettings(env.POLL_INTERVAL_MS);
    // Answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(STREAM_PING, STREAM_PONG));
  }

  /**
   * Stores the creation response as version 1 unless a snapshot exists; the current view.
   * `requestedAt` (ms since the epoch): when the create request was sent; default now.
   * `orderId`: the shop's order, named in every webhook event of the payment.
   */
  async init(shopId: string, payment: Payment, requestedAt?: number, orderId?: string): Promise<PaymentView> {
    if (!this.row()) {
      const time = requestedAt !== undefined && Number.isFinite(requestedAt) ? Math.min(requestedAt, Date.now()) : Date.now();
      if (orderId !== undefined) {
        this.sql.exec(ORDER_SCHEMA);
        this.sql.exec("INSERT OR REPLACE INTO payment_order (id, order_id) VALUES (1, ?)", orderId);
        this.order = orderId;
      }
      this.apply(shopId, payment, "created", time);
      this.sql.exec("UPDATE payment SET last_fetch_at = ?", time);
      await this.afterChange();
    }
    return this.currentView();
  }

  /**
   * The latest view; fetched from the upstream (and stored) when nothing is stored yet. The
   * public error comes back as a value (404 payment_not_found, upstream failures): callers use
   * `paymentObject(...).view()`, which throws it as the CheckoutError.
   */
  async lookup(shopId: string, paymentId: string): Promise<LookupResult> {
    try {
      const held = this.row();
      if (held) {
        // A reader without a stream (a widget that fell back to GET) counts as a viewer: a
        // snapshot older than one poll interval is refreshed by the alarm for the next read.
        const state = this.pollState(held);
        if (readerWantsFetch(state, this.settings)) {
          this.sql.exec("UPDATE payment SET refetch_requested = 1");
          await this.schedule();
        }
      } else {
        await this.ensureLoaded(shopId, paymentId);
      }
      return { ok: true, view: this.currentView() };
    } catch (err) {
      const e = toCheckoutError(err);
      if (e.status >= 500) log(e.code === "internal_error" ? "error" : "warn", "payment_lookup_failed", { shop: shopId, paymentId, code: e.code, error: err });
      return { ok: false, status: e.status, code: e.code, message: e.message };
    }
  }

  /**
   * An upstream notification for this payment. Authentic: applied when newer (snapshot.ts).
   * Not authentic: only a hint, the payment is re-fetched by the alarm. Nothing is stored for a
   * payment this object does not hold ("unknown").
   */
  async applyNotification(shopId: string, timestamp: string, payment: Payment, authentic: boolean): Promise<NotificationOutcome> {
    const row = this.row();
    if (!row || row.shop_id !== shopId || row.payment_id !== payment.paymentId) return "unknown";
    if (!authentic) {
      this.sql.exec("UPDATE payment SET refetch_requested = 1");
      await this.schedule();
      return "refetch";
    }
    const time = parseTime(timestamp);
    if (time === undefined) throw new CheckoutError(400, "invalid_request", "The notification timestamp is not a date-time.");
    const decision = this.apply(shopId, payment, "notification", time);
    await this.afterChange();
    return decision.action;
  }

  /** The WebSocket stream: accepts the upgrade, sends the view now and on every change. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return jsonError(426, "invalid_request", "This endpoint expects a WebSocket upgrade.", { Upgrade: "websocket" });
    }
    const match = STREAM_PATH.exec(new URL(request.url).pathname);
    if (!match?.[1] || !match[2]) return jsonError(404, "not_found", "No such stream.");
    if (this.openSockets().length >= maxViewers(this.env.MAX_VIEWERS_PER_PAYMENT)) {
      return jsonError(429, "too_many_viewers", "This payment has as many viewers as it accepts; try again later.", { "Retry-After": String(VIEWERS_RETRY_AFTER_SECONDS) });
    }
    try {
      await this.ensureLoaded(decodeURIComponent(match[1]), decodeURIComponent(match[2]));
    } catch (err) {
      return errorResponse(err);
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    // No await between accepting and sending: the view sent is the latest one.
    server.send(this.message(this.currentView()));
    await this.schedule();
    return new Response(null, { status: 101, webSocket: client });
  }

  /** A viewer may only ping ("ping" is answered by the runtime's auto-response; this runs if it was not). */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === STREAM_PING) {
      ws.send(STREAM_PONG);
      return;
    }
    this.closeQuietly(ws, POLICY_VIOLATION, "only ping is accepted");
    await this.schedule();
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.closeQuietly(ws, RESERVED_CLOSE_CODES.has(code) ? 1000 : code, reason);
    await this.schedule();
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.closeQuietly(ws, 1011, "stream error");
    await this.schedule();
  }

  /** Polls (watched, hint, expiry) or lets go of a finished payment, as poll-policy.ts says. */
  override async alarm(): Promise<void> {
    await this.outbox.relay();
    const row = this.row();
    if (!row) {
      await this.schedule();
      return;
    }
    const state = this.pollState(row);
    if (cleanupDue(state, this.settings)) {
      await this.forget(row);
      return;
    }
    if (fetchDue(state, this.settings)) await this.refresh(row);
    await this.afterChange();
  }

  // ---- storage

  private tablesExist(): boolean {
    this.hasTables ||= this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'payment'").toArray().length > 0;
    return this.hasTables;
  }

  private row(): PaymentRow | undefined {
    if (!this.tablesExist()) return undefined;
    return this.sql
      .exec<PaymentRow>(
        "SELECT p.*, s.payment AS payment, s.applied_at AS applied_at FROM payment p JOIN snapshots s ON s.version = p.version WHERE p.id = 1",
      )
      .toArray()[0];
  }

  private currentView(): PaymentView {
    const row = this.row();
    if (!row) throw new CheckoutError(404, "payment_not_found", "No payment with this id.");
    return this.view(row.shop_id, JSON.parse(row.payment) as Payment, row.version);
  }

  /** The order id given at creation, or null for a payment not created through this Worker. */
  private orderId(): string | null {
    if (this.order === undefined) {
      const table = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'payment_order'").toArray();
      this.order = table.length ? (this.sql.exec<{ order_id: string }>("SELECT order_id FROM payment_order").toArray()[0]?.order_id ?? null) : null;
    }
    return this.order;
  }

  /** The view of a snapshot: view.ts's, with the shop's own redirect URLs for its order (redirects.ts). */
  private view(shopId: string, payment: Payment, version: number): PaymentView {
    const view = toView(payment, version, new Date());
    const orderId = this.orderId();
    if (orderId === null) return view;
    return { ...view, redirectUrls: viewRedirects(getShop(this.env, shopId), orderId, view.redirectUrls) };
  }

  /**
   * Decides and stores one incoming snapshot; broadcasts when it was applied. An applied
   * snapshot and its webhook event are written in one transaction (none after a forgotten
   * final payment is loaded again: that is no change).
   */
  private apply(shopId: string, payment: Payment, source: SnapshotSource, sourceTime: number): SnapshotDecision {
    const row = this.row();
    const stored: StoredMeta | undefined = row && { version: row.version, status: row.status, sourceTime: row.source_time, fingerprint: row.fingerprint };
    const fingerprint = contentFingerprint(payment);
    const forgotten = row ? 0 : this.forgottenVersion();
    const decision = decideSnapshot(stored, { status: payment.status, sourceTime, fingerprint }, forgotten);
    if (decision.action === "duplicate") {
      this.sql.exec("UPDATE payment SET source_time = ?", decision.sourceTime);
    } else if (decision.action === "apply") {
      const view = this.view(shopId, payment, decision.version);
      this.ctx.storage.transactionSync(() => {
        this.store(shopId, payment, source, sourceTime, fingerprint, decision);
        if (row || forgotten === 0) {
          const previous = row ? this.view(shopId, JSON.parse(row.payment) as Payment, row.version) : undefined;
          this.outbox.add({ shop: shopId, event: paymentEvent({ shop: shopId, orderId: this.orderId(), previous, view }) });
        }
      });
      this.broadcast(view);
    }
    log(decision.action === "apply" ? "info" : "debug", "payment_snapshot", {
      shop: shopId, paymentId: payment.paymentId, source, status: payment.status, action: decision.action,
      ...(decision.action === "apply" ? { version: decision.version } : {}),
    });
    return decision;
  }

  /** Writes an applied snapshot (inside apply's transaction). */
  private store(shopId: string, payment: Payment, source: SnapshotSource, sourceTime: number, fingerprint: string, decision: Extract<SnapshotDecision, { action: "apply" }>): void {
    if (!this.hasTables) {
      this.sql.exec(SCHEMA);
      this.hasTables = true;
    }
    const expiresAt = parseTime(payment.expirationTime) ?? null;
    this.sql.exec(
      "INSERT INTO snapshots (version, status, source, source_time, fingerprint, payment, applied_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      decision.version, payment.status, source, sourceTime, fingerprint, JSON.stringify(payment), Date.now(),
    );
    this.sql.exec(
      `INSERT INTO payment (id, shop_id, payment_id, version, status, source_time, fingerprint, expires_at)
       VALUES (1, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version, status = excluded.status,
         source_time = excluded.source_time, fingerprint = excluded.fingerprint, expires_at = excluded.expires_at`,
      shopId, payment.paymentId, decision.version, payment.status, decision.sourceTime, fingerprint, expiresAt,
    );
  }

  // ---- upstream

  /**
   * Makes sure a snapshot is stored. A payment this shop never created here is 404 at once, with
   * no upstream request (anyone could otherwise spend the shop's upstream quota with random ids,
   * and read payments of other shops sharing its upstream account). Only a payment whose
   * snapshots were forgotten after its retention time is fetched again (once, shared by
   * concurrent callers).
   */
  private async ensureLoaded(shopId: string, paymentId: string): Promise<void> {
    if (this.row()) return;
    if (this.forgottenVersion() === 0) throw new CheckoutError(404, "payment_not_found", "No payment with this id.");
    this.loading ??= this.load(shopId, paymentId).finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  private async load(shopId: string, paymentId: string): Promise<void> {
    const shop = getShop(this.env, shopId);
    const startedAt = Date.now();
    let payment: Payment;
    try {
      payment = await upstreamFor(this.env, shop).getPayment(paymentId);
    } catch (err) {
      if (err instanceof V3Error && err.kind === "http" && err.status === 404) {
        throw new CheckoutError(404, "payment_not_found", "No payment with this id.");
      }
      throw err;
    }
    if (payment.paymentId !== paymentId) throw new CheckoutError(502, "upstream_error", "The payment service answered with another payment.");
    const owner = hookShopOf(payment.notificationUrl);
    if (owner !== undefined && owner !== shopId) {
      log("warn", "payment_of_another_shop", { shop: shopId, paymentId, owner });
      throw new CheckoutError(404, "payment_not_found", "No payment with this id.");
    }
    if (this.row()) return; // a notification or init stored it meanwhile
    this.apply(shopId, payment, "poll", startedAt);
    this.sql.exec("UPDATE payment SET last_fetch_at = ?", startedAt);
    await this.afterChange();
  }

  /** One upstream GET; on failure the streams stay open and the backoff grows. */
  private async refresh(row: PaymentRow): Promise<void> {
    const state = this.pollState(row);
    const startedAt = Date.now();
    this.sql.exec("UPDATE payment SET last_fetch_at = ?", startedAt);
    try {
      const shop = getShop(this.env, row.shop_id);
      const payment = await upstreamFor(this.env, shop).getPayment(row.payment_id);
      if (payment.paymentId !== row.payment_id) throw new CheckoutError(502, "upstream_error", "The payment service answered with another payment.");
      this.apply(row.shop_id, payment, "poll", startedAt);
      this.sql.exec(
        "UPDATE payment SET failures = 0, refetch_requested = 0, expiry_checked = ?",
        expiryCheckedAfter(state, startedAt, this.settings) ? 1 : 0,
      );
    } catch (err) {
      this.sql.exec("UPDATE payment SET failures = failures + 1");
      const e = toCheckoutError(err);
      log("warn", "payment_poll_failed", { shop: row.shop_id, paymentId: row.payment_id, failures: row.failures + 1, code: e.code, status: e.status });
    }
  }

  /**
   * Deletes the snapshots; a later request loads the payment from the upstream again. Only the
   * last version number stays, so that versions (and ETags) never repeat.
   */
  private async forget(row: PaymentRow): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) this.closeQuietly(ws, 1001, "payment archived");
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DROP TABLE payment");
      this.sql.exec("DROP TABLE snapshots");
      this.sql.exec("CREATE TABLE IF NOT EXISTS forgotten (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)");
      this.sql.exec("INSERT OR REPLACE INTO forgotten (id, version) VALUES (1, ?)", row.version);
    });
    this.hasTables = false;
    // No more polls; the alarm stays only while the outbox still has an event for the Queue.
    await this.schedule();
    log("info", "payment_forgotten", { shop: row.shop_id, paymentId: row.payment_id, status: row.status, version: row.version });
  }

  /** The last version of snapshots this object deleted (0 when none). */
  private forgottenVersion(): number {
    const table = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'forgotten'").toArray();
    return table.length ? this.sql.exec<{ version: number }>("SELECT version FROM forgotten").one().version : 0;
  }

  // ---- alarm

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private pollState(row: PaymentRow): PollState {
    const state: PollState = {
      now: Date.now(),
      final: isFinalStatus(row.status),
      watched: this.openSockets().length > 0,
      expiryChecked: row.expiry_checked === 1,
      refetchRequested: row.refetch_requested === 1,
      failures: row.failures,
    };
    if (row.expires_at !== null) state.expiresAt = row.expires_at;
    if (row.last_fetch_at !== null) state.lastFetchAt = row.last_fetch_at;
    if (state.final) state.finalAt = row.applied_at;
    return state;
  }

  /** After a snapshot may have been stored: its event goes to the Queue, the alarm is set. */
  private async afterChange(): Promise<void> {
    await this.outbox.relay();
    await this.schedule();
  }

  /**
   * Sets the one alarm to when poll-policy.ts says, or to when the outbox must try the Queue
   * again if that is sooner, or removes it.
   */
  private async schedule(): Promise<void> {
    const row = this.row();
    const polls = row ? nextAlarmAt(this.pollState(row), this.settings) : null;
    const relay = this.outbox.nextRelayAt();
    const next = polls === null ? relay : relay === null ? polls : Math.min(polls, relay);
    const current = await this.ctx.storage.getAlarm();
    if (next === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== next) {
      await this.ctx.storage.setAlarm(next);
    }
  }

  // ---- streams

  private message(view: PaymentView): string {
    const message: StreamMessage = { type: "payment", payment: view };
    return JSON.stringify(message);
  }

  private broadcast(view: PaymentView): void {
    const text = this.message(view);
    for (const ws of this.openSockets()) {
      try {
        ws.send(text);
      } catch {
        // A socket closing right now; its close handler cleans up.
      }
    }
  }

  private closeQuietly(ws: WebSocket, code: number, reason: string): void {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }
}
