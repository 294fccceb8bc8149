/**
 * OrderObject: one Durable Object per (shop, orderId) that makes payment creation idempotent.
 * Creates for one order run one after another (an in-object queue, so an upstream request in
 * flight is never raced by a second create). It remembers every payment made for the order
 * (SQLite); while the latest one is live, a signed create with the same terms gets it back (with
 * its client secret: the customer's reload or second tab), any other create is refused (409: under
 * open pricing anyone may send any order id, so the live payment is never handed out); once the
 * latest is EXPIRED or INVALID a create makes a fresh payment with a fresh client secret. Errors come back as a Result (errors.ts): an RPC boundary keeps only an error's message.
 * Callers use `orderObject(env, shop, order)`, which holds the identity and passes it on.
 */
import { DurableObject } from "cloudflare:workers";
import Decimal from "decimal.js";
import type { NewPaymentRequest } from "../../v3/types.js";
import type { Env } from "../env.js";
import { CheckoutError, settle, unwrap, type Result } from "../http/errors.js";
import { log } from "../http/log.js";
import { checkoutCreated, writeMetric } from "../http/metrics.js";
import { newClientSecret } from "./client-secret.js";
import { orderRetentionMs, retentionDecision } from "./order-retention.js";
import { paymentObject } from "./payment-object.js";
import { getShop } from "../shops/shop-source.js";
import { upstreamFor } from "../upstream/shop-client.js";
import { markVersion, upgradeStorage, type StorageSchema } from "../storage-version.js";
import type { PaymentView } from "../wire.js";

/** Statuses after which the order may be paid again with a fresh payment. */
const RESTARTABLE = new Set(["EXPIRED", "INVALID"]);

/** Which order of which shop. */
export interface OrderRef {
  shopId: string;
  orderId: string;
}

/** A payment the order made or still has live, as its view, with its client secret. */
export interface OrderPayment {
  created: boolean;
  view: PaymentView;
  clientSecret: string;
}

/** The object that holds one order of one shop; its errors come back as the CheckoutError they were. */
export function orderObject(env: Env, shopId: string, orderId: string) {
  const ref: OrderRef = { shopId, orderId };
  const stub = env.ORDERS.get(env.ORDERS.idFromName(`${shopId}:${orderId}`));
  return {
    stub,
    /**
     * Creates the order's payment with `request`, or returns the live one to a signed create with
     * the same terms (409 order_conflict otherwise). `signed`: the price came from an order token.
     */
    create: async (request: NewPaymentRequest, signed: boolean, requestId?: string): Promise<OrderPayment> =>
      unwrap(await stub.create(ref, request, signed, requestId)),
    /** The ids of the order's payments, newest first. */
    paymentIds: (): Promise<string[]> => stub.paymentIds(),
  };
}

/**
 * The versions of an OrderObject's storage (storage-version.ts): the `payments` table and the
 * OrderMeta record. 1: every shape stored before versions were kept (a `payments` table with or
 * without AUTOINCREMENT, read alike).
 */
export const ORDER_STORAGE: StorageSchema = { object: "OrderObject", version: 1, steps: [] };

/** Key (in the object's key-value storage) of the order's OrderMeta. */
export const ORDER_META_KEY = "order";

/** What the object remembers besides its payments: whose order it is and when it was last used. */
export interface OrderMeta {
  shopId: string;
  orderId: string;
  /** Epoch milliseconds of the last successful create (a payment recorded or the live one returned). */
  lastActivity: number;
}

/** The fixed answer to a create while the order has a live payment it may not have: it tells nothing about that payment. */
export const ORDER_CONFLICT_MESSAGE =
  "This order already has a live payment: resume it where it was started, or use another order id.";

interface PaymentRow extends Record<string, SqlStorageValue> {
  payment_id: string;
  price_amount: string;
  price_currency: string;
  transfer_currency: string;
}

export class OrderObject extends DurableObject<Env> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // An older release's storage is brought up to date before anything reads it.
    upgradeStorage(ctx.storage.sql, ORDER_STORAGE);
  }

  /** Whether the payments table exists (it is made when the first payment is recorded). */
  private hasPayments(): boolean {
    return (
      this.ctx.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'payments'").toArray()
        .length > 0
    );
  }

  /**
   * `seq` is the row id: payments leave only with the whole order (deleteAll), so ids never
   * repeat, and AUTOINCREMENT would write a second row (sqlite_sequence) for every payment.
   * Orders stored before keep their AUTOINCREMENT table; both order alike.
   */
  private ensureSchema(): void {
    if (this.hasPayments()) return;
    markVersion(this.ctx.storage.sql, ORDER_STORAGE);
    this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS payments (
      seq INTEGER PRIMARY KEY,
      payment_id TEXT NOT NULL UNIQUE,
      price_amount TEXT NOT NULL,
      price_currency TEXT NOT NULL,
      transfer_currency TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`);
  }

  /** The ids of the order's payments, newest first (empty when none was ever created). */
  paymentIds(): string[] {
    if (!this.hasPayments()) return [];
    return this.ctx.storage.sql
      .exec<{ payment_id: string }>("SELECT payment_id FROM payments ORDER BY seq DESC")
      .toArray()
      .map((row) => row.payment_id);
  }

  /** Creates the order's payment, or returns the live one. Calls run strictly one at a time. */
  create(
    ref: OrderRef,
    request: NewPaymentRequest,
    signed: boolean,
    requestId?: string,
  ): Promise<Result<OrderPayment>> {
    const run = this.queue.then(() =>
      settle(
        () => this.createNow(ref, request, signed, requestId),
        (e, err) =>
          log("error", "payment_create_failed", {
            requestId,
            shop: ref.shopId,
            orderId: ref.orderId,
            code: e.code,
            error: err,
          }),
      ),
    );
    this.queue = run;
    return run;
  }

  private async createNow(
    ref: OrderRef,
    request: NewPaymentRequest,
    signed: boolean,
    requestId: string | undefined,
  ): Promise<OrderPayment> {
    const shop = await getShop(this.env, ref.shopId);
    const latest = this.hasPayments()
      ? this.ctx.storage.sql
          .exec<PaymentRow>(
            "SELECT payment_id, price_amount, price_currency, transfer_currency FROM payments ORDER BY seq DESC LIMIT 1",
          )
          .toArray()[0]
      : undefined;
    if (latest) {
      // A payment recorded here but never stored by its object (the Worker stopped in between) is
      // fetched from the service and stored, not a 404 for ever.
      const { view, clientSecret } = await paymentObject(this.env, shop.id, latest.payment_id).owned(ref.orderId);
      if (!RESTARTABLE.has(view.status)) {
        const same =
          new Decimal(latest.price_amount).eq(request.priceAmount) &&
          latest.price_currency === request.priceCurrency &&
          latest.transfer_currency === request.transferCurrency;
        // Only the holder of an order token for these very terms gets the live payment back. An
        // open-pricing create could come from anyone who knows the order id, so it is refused
        // whatever it asks for, with one fixed message that tells nothing about the live payment.
        if (!signed || !same) throw new CheckoutError(409, "order_conflict", ORDER_CONFLICT_MESSAGE);
        await this.touch(ref);
        return { created: false, view, clientSecret };
      }
    }
    const requestedAt = Date.now();
    const payment = await upstreamFor(this.env, shop).createPayment(request);
    this.ensureSchema();
    this.ctx.storage.sql.exec(
      "INSERT INTO payments (payment_id, price_amount, price_currency, transfer_currency, created_at) VALUES (?, ?, ?, ?, ?)",
      payment.paymentId,
      request.priceAmount,
      request.priceCurrency,
      request.transferCurrency,
      new Date().toISOString(),
    );
    await this.touch(ref);
    const clientSecret = newClientSecret();
    const view = await paymentObject(this.env, shop.id, payment.paymentId).init(
      payment,
      requestedAt,
      ref.orderId,
      clientSecret,
      requestId,
    );
    log("info", "payment_created", { requestId, shop: shop.id, orderId: ref.orderId, paymentId: payment.paymentId });
    writeMetric(
      this.env,
      checkoutCreated({
        shopId: shop.id,
        environment: shop.environment,
        priceCurrency: request.priceCurrency,
        transferCurrency: request.transferCurrency,
        pricing: signed ? "signed" : "open",
        ms: Date.now() - requestedAt,
      }),
    );
    return { created: true, view, clientSecret };
  }

  /** Records activity on the order and moves the expiry alarm to the end of the new retention period. */
  private async touch(ref: OrderRef): Promise<void> {
    const lastActivity = Date.now();
    const meta: OrderMeta = { ...ref, lastActivity };
    await this.ctx.storage.put(ORDER_META_KEY, meta);
    await this.ctx.storage.setAlarm(lastActivity + orderRetentionMs(this.env.ORDER_RETENTION_DAYS));
  }

  /** The expiry alarm; queued behind any create in progress, so storage never vanishes under one. */
  override alarm(): Promise<void> {
    const run = this.queue.then(() => this.expireNow());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async expireNow(): Promise<void> {
    const meta = await this.ctx.storage.get<OrderMeta>(ORDER_META_KEY);
    // No record of activity: nothing was ever stored by this version, or it is already deleted.
    if (!meta || typeof meta.lastActivity !== "number") return;
    const decision = retentionDecision(meta.lastActivity, Date.now(), orderRetentionMs(this.env.ORDER_RETENTION_DAYS));
    if (!decision.expired) {
      await this.ctx.storage.setAlarm(decision.at);
      return;
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    log("info", "order_expired", {
      shop: meta.shopId,
      orderId: meta.orderId,
      lastActivity: new Date(meta.lastActivity).toISOString(),
    });
  }
}
