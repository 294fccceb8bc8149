/**
 * PaymentObject: one Durable Object per payment (`${shopId}:${paymentId}`). It keeps the latest
 * snapshot of the payment with a version (payment-store.ts), the open widget streams (Hibernation
 * WebSocket API), and one alarm that asks the upstream again while anyone watches, when a hint
 * asks for it, and at expirationTime. The decisions live in pure modules: snapshot.ts (apply or
 * drop), poll-policy.ts (when to fetch), view.ts (what widgets see), events/ (which webhook event a
 * change is). Every applied snapshot and its event are stored in one SQLite transaction; the event
 * then goes from the outbox to the webhook Queue (events/outbox.ts). See docs/checkout-status.md.
 *
 * Callers use `paymentObject(env, shop, id)`, which holds the identity and passes it to every
 * call: the object never parses a public path.
 */
import { DurableObject } from "cloudflare:workers";
import type { Payment } from "../../v3/types.js";
import { V3Error } from "../../v3/errors.js";
import type { Env } from "../env.js";
import { paymentEvent } from "../events/build.js";
import { Outbox } from "../events/outbox.js";
import { recordInEventLog, shopEvents } from "../events/shop-events-object.js";
import { CheckoutError, settle, toCheckoutError, unwrap, type Result } from "../http/errors.js";
import { hookShopOf, workerOrigin } from "../upstream/hook-url.js";
import { receiptUrl } from "../receipt-wire.js";
import { log } from "../http/log.js";
import { paymentStatus, writeMetric } from "../http/metrics.js";
import { PaymentStore, type PaymentRow, type SnapshotSource } from "./payment-store.js";
import {
  cleanupDue,
  expiryCheckedAfter,
  fetchDue,
  nextAlarmAt,
  pollSettings,
  readerWantsFetch,
  type PollSettings,
  type PollState,
} from "./poll-policy.js";
import { decideSnapshot, isFinalStatus, parseTime, type SnapshotDecision } from "../upstream/snapshot.js";
import { viewRedirects } from "./redirects.js";
import { isClientSecret, newClientSecret } from "./client-secret.js";
import { maxViewers, POLICY_VIOLATION, VIEWERS_RETRY_AFTER_SECONDS } from "./stream-limits.js";
import type { Shop } from "../shops/shop.js";
import { getShop } from "../shops/shop-source.js";
import { upstreamFor } from "../upstream/shop-client.js";
import { contentFingerprint, toView } from "./view.js";
import { STREAM_PING, STREAM_PONG, type PaymentView, type StreamMessage } from "../wire.js";

export type { SnapshotSource };

/** Which payment of which shop: what the caller knows and passes with every call. */
export interface PaymentRef {
  shopId: string;
  paymentId: string;
}

/** What `applyNotification` did with a notification ("unknown": the payment was not created through this Worker, nothing stored). */
export type NotificationOutcome = SnapshotDecision["action"] | "unknown";

/**
 * What `hint` did: a re-fetch is scheduled ("refetch"), or deferred by the shop's budget of
 * hint-driven reads ("deferred": it happens later, upstream/hint-budget.ts), or the payment is
 * not held here ("unknown": nothing stored).
 */
export type HintOutcome = "refetch" | "deferred" | "unknown";

/** The headers that carry the identity of a stream request, and the client secret it came with, from the router to the object. */
const SHOP_HEADER = "X-Checkout-Shop";
const PAYMENT_HEADER = "X-Checkout-Payment";
const SECRET_HEADER = "X-Checkout-Client-Secret";

/** The payment's view with its client secret: what the create answers, for the server side only. */
export interface OwnedPayment {
  view: PaymentView;
  clientSecret: string;
}

/**
 * What a PaymentObject holds for a receipt: the shop's order, the view held now (null when the
 * snapshots were forgotten or never stored), and when the payment was first stored as CONFIRMED
 * (ms; null when no snapshot held is). `complete`: the object never forgot snapshots, so that
 * time is the confirmation's own (a payment loaded again after its retention time has only the
 * time it was loaded, and the ledger knows better).
 */
export interface HeldReceipt {
  orderId: string | null;
  view: PaymentView | null;
  confirmedAt: number | null;
  complete: boolean;
}

/** The one answer to a payment that cannot be read: an unknown id, a missing or a wrong client secret alike. */
function paymentNotFound(): CheckoutError {
  return new CheckoutError(404, "payment_not_found", "No payment with this id.");
}

/** The object that holds one payment of one shop; its errors come back as the CheckoutError they were. */
export function paymentObject(env: Env, shopId: string, paymentId: string) {
  const ref: PaymentRef = { shopId, paymentId };
  const stub = env.PAYMENTS.get(env.PAYMENTS.idFromName(`${shopId}:${paymentId}`));
  return {
    stub,
    /** Stores the creation response (version 1), the client secret and the creating request's id unless they exist; the current view. */
    init: (
      payment: Payment,
      requestedAt?: number,
      orderId?: string,
      clientSecret?: string,
      requestId?: string,
    ): Promise<PaymentView> => stub.init(ref, payment, requestedAt, orderId, clientSecret, requestId),
    /** The latest view, for the server side (404 payment_not_found, 502/504 upstream_* when it cannot be had). */
    view: async (): Promise<PaymentView> => unwrap(await stub.lookup(ref)),
    /** The latest view for a public reader: 404 payment_not_found unless `clientSecret` is the payment's. */
    read: async (clientSecret: string | undefined): Promise<PaymentView> => unwrap(await stub.read(ref, clientSecret)),
    /**
     * The latest view with the client secret, for the order's create: a payment the order
     * `orderId` recorded but this object never stored is recovered as in `orderView`.
     */
    owned: async (orderId: string): Promise<OwnedPayment> => unwrap(await stub.owned(ref, orderId)),
    /**
     * The view of a payment the order `orderId` recorded (its OrderObject, or the order API
     * reading the order's ids): like `view`, but a payment this object never stored (the Worker
     * stopped between the order recording it and this object storing it) is fetched from the
     * upstream and stored as version 1, with its `payment.created` event.
     */
    orderView: async (orderId: string): Promise<PaymentView> => unwrap(await stub.orderLookup(ref, orderId)),
    /**
     * The payment's latest snapshot as the service sent it, for its refunds (refunds/): null when
     * this shop never created the payment here; a forgotten one is fetched again (as `view`).
     */
    snapshot: async (): Promise<Payment | null> => unwrap(await stub.snapshot(ref)),
    /** The view when the object holds the payment's snapshot now, else null (never asks the upstream). */
    heldView: (): Promise<PaymentView | null> => stub.heldView(ref),
    /**
     * What the object knows for the payment's receipt (payments/receipt.ts), for a public reader:
     * 404 payment_not_found unless `clientSecret` is the payment's. Never asks the upstream.
     */
    receipt: async (clientSecret: string | undefined): Promise<HeldReceipt> =>
      unwrap(await stub.receiptSource(ref, { clientSecret })),
    /** `receipt` for the shop's own dashboard: no client secret asked. */
    ownerReceipt: async (): Promise<HeldReceipt> => unwrap(await stub.receiptSource(ref, null)),
    /** An authentic upstream notification: applied when newer. */
    applyNotification: (timestamp: string, payment: Payment): Promise<NotificationOutcome> =>
      stub.applyNotification(ref, timestamp, payment),
    /** A notification that cannot be trusted, or names only the payment: a re-fetch when the payment is held here. */
    hint: (): Promise<HintOutcome> => stub.hint(ref),
    /** The WebSocket stream for an upgrade request the router has checked, with the client secret it carried. */
    stream(request: Request, clientSecret: string | undefined): Promise<Response> {
      const headers = new Headers(request.headers);
      headers.set(SHOP_HEADER, shopId);
      headers.set(PAYMENT_HEADER, paymentId);
      // Encoded: a header value loses its surrounding spaces, the secret must arrive as it was sent.
      headers.delete(SECRET_HEADER);
      if (clientSecret) headers.set(SECRET_HEADER, encodeURIComponent(clientSecret));
      return stub.fetch(new Request(request, { headers }));
    },
  };
}

/** Close codes a peer may send that must not be sent back. */
const RESERVED_CLOSE_CODES = new Set([1005, 1006, 1015]);

export class PaymentObject extends DurableObject<Env> {
  private readonly store: PaymentStore;
  private readonly settings: PollSettings;
  /** When the poll whose upstream GET is out now started (undefined: none is out). */
  private fetching: number | undefined;
  /** The first upstream fetch when nothing is stored yet, shared by concurrent callers. */
  private loading: Promise<void> | undefined;
  /** A slot being asked of the shop's hint budget, shared by the hints that arrive meanwhile. */
  private reserving: Promise<HintOutcome> | undefined;
  /** Webhook events not yet accepted by the Queue. */
  private readonly outbox: Outbox;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new PaymentStore(ctx.storage);
    this.outbox = new Outbox(ctx.storage.sql, env.WEBHOOK_EVENTS, (messages) => recordInEventLog(env, messages));
    this.settings = pollSettings(env.POLL_INTERVAL_MS, env.PAYMENT_RETENTION_DAYS);
    // Answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(STREAM_PING, STREAM_PONG));
  }

  // ---- RPC

  /**
   * Stores the creation response as version 1 unless a snapshot exists; the current view.
   * `requestedAt` (ms since the epoch): when the create request was sent; default now.
   * `orderId`: the shop's order, named in every webhook event of the payment. `clientSecret`: what
   * every public read must present (payments/client-secret.ts); kept from the first init on.
   * `requestId`: the create's request id, carried by the payment's log lines and webhook messages.
   */
  async init(
    ref: PaymentRef,
    payment: Payment,
    requestedAt?: number,
    orderId?: string,
    clientSecret?: string,
    requestId?: string,
  ): Promise<PaymentView> {
    const shop = await getShop(this.env, ref.shopId);
    if (clientSecret) this.store.setClientSecret(clientSecret);
    if (requestId) this.store.setRequestId(requestId);
    if (!this.store.current()) {
      const time =
        requestedAt !== undefined && Number.isFinite(requestedAt) ? Math.min(requestedAt, Date.now()) : Date.now();
      if (orderId !== undefined) this.store.setOrderId(orderId);
      this.apply(shop, payment, "created", time, { fetchedAt: time });
      await this.afterChange();
    }
    return this.currentView(shop);
  }

  /**
   * The latest view; fetched from the upstream (and stored) only for a payment whose snapshots
   * were forgotten. A reader without a stream (a widget that fell back to GET) counts as a
   * viewer: a snapshot older than one poll interval is refreshed by the alarm for the next read.
   */
  lookup(ref: PaymentRef): Promise<Result<PaymentView>> {
    return this.settleLookup(ref, () => this.lookupNow(ref));
  }

  /**
   * `lookup` for a public reader, who must hold the payment's client secret: without it, or with
   * another, the same 404 as for an unknown payment, before anything is loaded, polled or counted.
   */
  read(ref: PaymentRef, clientSecret: string | undefined): Promise<Result<PaymentView>> {
    return this.settleLookup(ref, async () => {
      await this.assertClientSecret(clientSecret);
      return this.lookupNow(ref);
    });
  }

  /**
   * `lookup` with the payment's client secret, for the server side. A payment stored before
   * payments had secrets gets one now, so that whoever may have it (a signed create, the shop's
   * backend) can hand it to a page.
   */
  owned(ref: PaymentRef, orderId: string): Promise<Result<OwnedPayment>> {
    return this.settleLookup(ref, async () => {
      const view = await this.orderLookupNow(ref, orderId);
      let clientSecret = this.store.clientSecret();
      if (clientSecret === null) {
        clientSecret = newClientSecret();
        this.store.setClientSecret(clientSecret);
      }
      return { view, clientSecret };
    });
  }

  private settleLookup<T>(ref: PaymentRef, run: () => Promise<T>): Promise<Result<T>> {
    return settle(run, (e, err) =>
      log(e.code === "internal_error" ? "error" : "warn", "payment_lookup_failed", {
        requestId: this.requestId(),
        shop: ref.shopId,
        paymentId: ref.paymentId,
        code: e.code,
        error: err,
      }),
    );
  }

  private async lookupNow(ref: PaymentRef): Promise<PaymentView> {
    const shop = await getShop(this.env, ref.shopId);
    const held = this.store.current();
    if (!held) {
      await this.ensureLoaded(ref);
    } else if (readerWantsFetch(this.pollState(held), this.settings)) {
      this.store.requestRefetch();
      await this.schedule();
    }
    return this.currentView(shop);
  }

  /** 404 payment_not_found unless `given` is this payment's client secret (constant time). */
  private async assertClientSecret(given: string | undefined): Promise<void> {
    if (!(await isClientSecret(given, this.store.clientSecret()))) throw paymentNotFound();
  }

  /**
   * `lookup` for a payment the order `orderId` recorded: the order created
   * it, so a payment never stored here is one whose storing was cut short (the Worker stopped
   * after the order recorded it), not a stranger's id. It is fetched from the upstream with the
   * shop's key and stored as version 1 with its `payment.created` event (through the outbox, so
   * the shop's backend hears of it), then answered. A forgotten payment loads as in `lookup`.
   */
  orderLookup(ref: PaymentRef, orderId: string): Promise<Result<PaymentView>> {
    if (this.store.current() || this.store.forgottenVersion() > 0) return this.lookup(ref);
    return settle(
      () => this.orderLookupNow(ref, orderId),
      (e, err) =>
        log(e.code === "internal_error" ? "error" : "warn", "payment_recovery_failed", {
          shop: ref.shopId,
          paymentId: ref.paymentId,
          code: e.code,
          error: err,
        }),
    );
  }

  private async orderLookupNow(ref: PaymentRef, orderId: string): Promise<PaymentView> {
    if (this.store.current() || this.store.forgottenVersion() > 0) return this.lookupNow(ref);
    const shop = await getShop(this.env, ref.shopId);
    this.loading ??= this.load(ref, { orderId }).finally(() => {
      this.loading = undefined;
    });
    await this.loading;
    return this.currentView(shop);
  }

  /**
   * The view of the snapshot held now, or null when none is (never created here, or forgotten
   * after its retention time): no upstream request and no poll, unlike `lookup`.
   */
  async heldView(ref: PaymentRef): Promise<PaymentView | null> {
    if (!this.holds(ref)) return null;
    return this.currentView(await getShop(this.env, ref.shopId));
  }

  /**
   * What the object holds for the payment's receipt. `access`: the client secret a public reader
   * presented (the same 404 as an unknown payment unless it is the payment's), or null for the
   * shop's own dashboard. A payment never stored here is 404 either way.
   */
  receiptSource(ref: PaymentRef, access: { clientSecret: string | undefined } | null): Promise<Result<HeldReceipt>> {
    return this.settleLookup(ref, async () => {
      if (access) await this.assertClientSecret(access.clientSecret);
      const held = this.holds(ref);
      if (!held && this.store.forgottenVersion() === 0) throw paymentNotFound();
      return {
        orderId: this.store.orderId(),
        view: held ? this.currentView(await getShop(this.env, ref.shopId)) : null,
        confirmedAt: this.store.firstAppliedAt("CONFIRMED") ?? null,
        complete: this.store.forgottenVersion() === 0,
      };
    });
  }

  /** The latest snapshot (the payment's refunds read its accepted amounts); null for a payment never stored here. */
  snapshot(ref: PaymentRef): Promise<Result<Payment | null>> {
    return this.settleLookup(ref, async () => {
      if (!this.store.current() && this.store.forgottenVersion() === 0) return null;
      await this.ensureLoaded(ref);
      const row = this.store.current();
      return row && this.holds(ref) ? (JSON.parse(row.payment) as Payment) : null;
    });
  }

  /**
   * An authentic upstream notification for this payment, applied when newer (snapshot.ts).
   * Nothing is stored for a payment this object does not hold ("unknown").
   */
  async applyNotification(ref: PaymentRef, timestamp: string, payment: Payment): Promise<NotificationOutcome> {
    if (!this.holds(ref) || payment.paymentId !== ref.paymentId) return "unknown";
    const time = parseTime(timestamp);
    if (time === undefined)
      throw new CheckoutError(400, "invalid_request", "The notification timestamp is not a date-time.");
    const decision = this.apply(await getShop(this.env, ref.shopId), payment, "notification", time);
    await this.afterChange();
    return decision.action;
  }

  /**
   * A notification that is only a hint (unauthenticated, or of an unknown type): the alarm
   * re-fetches the payment, at the slot the shop's budget of hint-driven reads gives
   * (upstream/hint-budget.ts; now within it, later past it). A re-fetch already asked for answers this
   * hint too, and a final payment is never fetched again: neither takes a slot.
   */
  async hint(ref: PaymentRef): Promise<HintOutcome> {
    const row = this.store.current();
    if (!row || !this.holds(ref)) return "unknown";
    if (row.refetch_requested === 1 || isFinalStatus(row.status))
      return row.refetch_not_before !== null && row.refetch_not_before > Date.now() ? "deferred" : "refetch";
    this.reserving ??= shopEvents(this.env, ref.shopId)
      .hintReadSlot()
      .then(async (slot) => {
        const deferred = slot > Date.now();
        this.store.requestRefetch(deferred ? slot : undefined);
        await this.schedule();
        return deferred ? ("deferred" as const) : ("refetch" as const);
      })
      .finally(() => {
        this.reserving = undefined;
      });
    return this.reserving;
  }

  // ---- WebSocket

  /** The stream (the router checked the upgrade and named the payment): the view now and on every change. */
  override async fetch(request: Request): Promise<Response> {
    const shopId = request.headers.get(SHOP_HEADER);
    const paymentId = request.headers.get(PAYMENT_HEADER);
    if (!shopId || !paymentId)
      return new CheckoutError(
        400,
        "invalid_request",
        "Streams are opened through paymentObject().stream().",
      ).toResponse();
    // Before the viewer cap: a stranger without the secret is never counted, never accepted.
    try {
      await this.assertClientSecret(decodeURIComponent(request.headers.get(SECRET_HEADER) ?? ""));
    } catch (err) {
      return toCheckoutError(err).toResponse();
    }
    if (this.openSockets().length >= maxViewers(this.env.MAX_VIEWERS_PER_PAYMENT)) {
      return new CheckoutError(
        429,
        "too_many_viewers",
        "This payment has as many viewers as it accepts; try again later.",
        { "Retry-After": String(VIEWERS_RETRY_AFTER_SECONDS) },
      ).toResponse();
    }
    let shop: Shop;
    try {
      shop = await getShop(this.env, shopId);
      await this.ensureLoaded({ shopId, paymentId });
    } catch (err) {
      return toCheckoutError(err).toResponse();
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    // No await between accepting and sending: the view sent is the latest one.
    server.send(this.message(this.currentView(shop)));
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

  // ---- alarm

  /** Relays the outbox, then polls (watched, hint, expiry) or lets go of a finished payment, as poll-policy.ts says. */
  override async alarm(): Promise<void> {
    await this.outbox.relay();
    const row = this.store.current();
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

  // ---- snapshots

  /** The id of the request that created the payment, for its log lines and messages (undefined when none is kept). */
  private requestId(): string | undefined {
    return this.store.requestId() ?? undefined;
  }

  /** Whether this object holds a snapshot of exactly this payment of this shop. */
  private holds(ref: PaymentRef): boolean {
    const row = this.store.current();
    return row !== undefined && row.shop_id === ref.shopId && row.payment_id === ref.paymentId;
  }

  /** The view of the stored snapshot (the shop's, as the caller looked it up). */
  private currentView(shop: Pick<Shop, "redirectUrls">): PaymentView {
    const row = this.store.current();
    if (!row) throw paymentNotFound();
    return this.view(shop, JSON.parse(row.payment) as Payment, row.version);
  }

  /** The view of a snapshot: view.ts's, with the shop's own redirect URLs for its order (redirects.ts). */
  private view(shop: Pick<Shop, "redirectUrls">, payment: Payment, version: number): PaymentView {
    const view = toView(payment, version, new Date());
    const orderId = this.store.orderId();
    if (orderId === null) return view;
    return { ...view, redirectUrls: viewRedirects(shop, orderId, view.redirectUrls) };
  }

  /**
   * Decides and stores one incoming snapshot; broadcasts when it was applied. An applied
   * snapshot and its webhook event are written in one transaction (none after a forgotten
   * final payment is loaded again: that is no change). `fetchedAt`: the snapshot is what a fetch
   * started then answered (stored with it). `deferDuplicate`: a duplicate's later source time is
   * left to the caller, who writes it with the rest of what it learnt.
   */
  private apply(
    shop: Shop,
    payment: Payment,
    source: SnapshotSource,
    sourceTime: number,
    options: { fetchedAt?: number; deferDuplicate?: boolean } = {},
  ): SnapshotDecision {
    const shopId = shop.id;
    const row = this.store.current();
    const fingerprint = contentFingerprint(payment);
    const forgotten = row ? 0 : this.store.forgottenVersion();
    const stored = row && {
      version: row.version,
      status: row.status,
      sourceTime: row.source_time,
      fingerprint: row.fingerprint,
    };
    const decision = decideSnapshot(stored, { status: payment.status, sourceTime, fingerprint }, forgotten);
    if (decision.action === "duplicate") {
      if (!options.deferDuplicate && decision.sourceTime !== row?.source_time)
        this.store.setSourceTime(decision.sourceTime);
    } else if (decision.action === "apply") {
      const view = this.view(shop, payment, decision.version);
      this.store.transaction(() => {
        this.store.store({
          shopId,
          payment,
          version: decision.version,
          source,
          sourceTime: decision.sourceTime,
          fingerprint,
          expiresAt: parseTime(payment.expirationTime),
          fetchedAt: options.fetchedAt,
        });
        if (row || forgotten === 0) {
          const previous = row ? this.view(shop, JSON.parse(row.payment) as Payment, row.version) : undefined;
          this.outbox.add({
            shop: shopId,
            event: paymentEvent({
              shop: shopId,
              orderId: this.store.orderId(),
              previous,
              view,
              receiptUrl: this.receiptLink(shopId, payment),
            }),
            ...(this.requestId() === undefined ? {} : { requestId: this.requestId() }),
          });
        }
      });
      this.broadcast(view);
      if (row?.status !== payment.status)
        this.countStatus(shopId, payment.status, row?.status, source, sourceTime, decision.version);
    }
    log(decision.action === "apply" ? "info" : "debug", "payment_snapshot", {
      requestId: this.requestId(),
      shop: shopId,
      paymentId: payment.paymentId,
      source,
      status: payment.status,
      action: decision.action,
      ...(decision.action === "apply" ? { version: decision.version } : {}),
    });
    return decision;
  }

  /**
   * The receipt link a CONFIRMED payment's webhook events carry (docs/receipts.md, "In the
   * webhooks"): on the Worker's public origin (PUBLIC_URL, else that of the notification URL the
   * payment was created with), with the client secret in its fragment. None for a payment that is
   * not confirmed, or has no secret.
   */
  private receiptLink(shopId: string, payment: Payment): string | undefined {
    const secret = this.store.clientSecret();
    const origin = workerOrigin(this.env, payment.notificationUrl);
    if (payment.status !== "CONFIRMED" || secret === null || origin === undefined) return undefined;
    return receiptUrl(origin, shopId, payment.paymentId, secret);
  }

  /** A new status of the payment, as a metric: with the time since the payment was created here. */
  private countStatus(
    shopId: string,
    status: string,
    previous: string | undefined,
    source: SnapshotSource,
    sourceTime: number,
    version: number,
  ): void {
    const createdAt = this.store.firstSourceTime() ?? sourceTime;
    writeMetric(
      this.env,
      paymentStatus({ shopId, status, previous, source, sinceCreatedMs: sourceTime - createdAt, version }),
    );
  }

  /**
   * Makes sure a snapshot is stored. A payment this shop never created here is 404 at once, with
   * no upstream request (anyone could otherwise spend the shop's upstream quota with random ids,
   * and read payments of other shops sharing its upstream account). Only a payment whose
   * snapshots were forgotten after its retention time is fetched again (once, shared by
   * concurrent callers).
   */
  private async ensureLoaded(ref: PaymentRef): Promise<void> {
    if (this.store.current()) return;
    if (this.store.forgottenVersion() === 0) throw paymentNotFound();
    this.loading ??= this.load(ref).finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  /**
   * Fetches the payment from the upstream and stores it. `recorded`: the order that created it,
   * for a payment never stored here (orderLookup): stored with its order, as version 1 with its
   * `payment.created` event (apply makes one for a first version that was never forgotten).
   */
  private async load({ shopId, paymentId }: PaymentRef, recorded?: { orderId: string }): Promise<void> {
    const shop = await getShop(this.env, shopId);
    const startedAt = Date.now();
    let payment: Payment;
    try {
      payment = await upstreamFor(this.env, shop).getPayment(paymentId);
    } catch (err) {
      if (err instanceof V3Error && err.kind === "http" && err.status === 404) {
        throw paymentNotFound();
      }
      throw err;
    }
    if (payment.paymentId !== paymentId)
      throw new CheckoutError(502, "upstream_error", "The payment service answered with another payment.");
    const owner = hookShopOf(payment.notificationUrl);
    if (owner !== undefined && owner !== shopId) {
      log("warn", "payment_of_another_shop", { shop: shopId, paymentId, owner });
      throw paymentNotFound();
    }
    if (this.store.current()) return; // a notification or init stored it meanwhile
    if (recorded) {
      // What the service says at `startedAt` (a later state than the create's, maybe): the
      // snapshot's time is that of the fetch, so no older notification can overwrite it.
      if (this.store.orderId() === null) this.store.setOrderId(recorded.orderId);
      log("warn", "payment_recovered", { shop: shopId, paymentId, orderId: recorded.orderId });
    }
    this.apply(shop, payment, "poll", startedAt, { fetchedAt: startedAt });
    await this.afterChange();
  }

  /**
   * One upstream GET; on failure the streams stay open and the backoff grows. What the poll found
   * is written once, after it (the time, the outcome, a duplicate's later source time): a poll
   * that finds nothing new costs one row. While the GET is out, `fetching` stands for the time it
   * started, so that nothing schedules a second poll meanwhile.
   */
  private async refresh(row: PaymentRow): Promise<void> {
    const state = this.pollState(row);
    const startedAt = Date.now();
    this.fetching = startedAt;
    try {
      const shop = await getShop(this.env, row.shop_id);
      const payment = await upstreamFor(this.env, shop).getPayment(row.payment_id);
      if (payment.paymentId !== row.payment_id)
        throw new CheckoutError(502, "upstream_error", "The payment service answered with another payment.");
      const decision = this.apply(shop, payment, "poll", startedAt, { deferDuplicate: true });
      this.store.fetchSucceeded(
        startedAt,
        expiryCheckedAfter(state, startedAt, this.settings),
        decision.action === "duplicate" ? decision.sourceTime : undefined,
      );
    } catch (err) {
      this.store.fetchFailed(startedAt);
      const e = toCheckoutError(err);
      log("warn", "payment_poll_failed", {
        requestId: this.requestId(),
        shop: row.shop_id,
        paymentId: row.payment_id,
        failures: row.failures + 1,
        code: e.code,
        status: e.status,
      });
    } finally {
      this.fetching = undefined;
    }
  }

  /**
   * Deletes the snapshots; a later request loads the payment from the upstream again. Only the
   * last version number stays, so that versions (and ETags) never repeat.
   */
  private async forget(row: PaymentRow): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) this.closeQuietly(ws, 1001, "payment archived");
    this.store.forget(row.version);
    // No more polls; the alarm stays only while the outbox still has an event for the Queue.
    await this.schedule();
    log("info", "payment_forgotten", {
      requestId: this.requestId(),
      shop: row.shop_id,
      paymentId: row.payment_id,
      status: row.status,
      version: row.version,
    });
  }

  // ---- scheduling

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
      ...(row.refetch_not_before === null ? {} : { refetchNotBefore: row.refetch_not_before }),
      failures: row.failures,
    };
    if (row.expires_at !== null) state.expiresAt = row.expires_at;
    if (row.last_fetch_at !== null) state.lastFetchAt = row.last_fetch_at;
    if (this.fetching !== undefined) state.lastFetchAt = Math.max(state.lastFetchAt ?? 0, this.fetching);
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
    const row = this.store.current();
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
