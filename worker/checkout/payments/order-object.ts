/**
 * OrderObject: one Durable Object per (shop, orderId) that makes payment creation idempotent.
 * Creates for one order run one after another (an in-object queue, so an upstream request in
 * flight is never raced by a second create). It remembers every payment made for the order
 * (SQLite); a create returns the latest one while it is live, refuses a different price or
 * currency while it is live (409), and makes a fresh payment once the latest is EXPIRED or
 * INVALID. Errors come back as a Result (errors.ts): an RPC boundary keeps only an error's message.
 * Callers use `orderObject(env, shop, order)`, which holds the identity and passes it on.
 */
import { DurableObject } from "cloudflare:workers";
import Decimal from "decimal.js";
import type { NewPaymentRequest } from "../../v3/types.js";
import type { Env } from "../env.js";
import { CheckoutError, settle, unwrap, type Result } from "../http/errors.js";
import { log } from "../http/log.js";
import { orderRetentionMs, retentionDecision } from "./order-retention.js";
import { paymentObject } from "./payment-object.js";
import { getShop } from "../shops/shop-source.js";
import { upstreamFor } from "../upstream/shop-client.js";
import type { PaymentView } from "../wire.js";

/** Statuses after which the order may be paid again with a fresh payment. */
const RESTARTABLE = new Set(["EXPIRED", "INVALID"]);

/** Which order of which shop. */
export interface OrderRef {
  shopId: string;
  orderId: string;
}

/** A payment the order made or still has live, as its view. */
export interface OrderPayment {
  created: boolean;
  view: PaymentView;
}

/** The object that holds one order of one shop; its errors come back as the CheckoutError they were. */
export function orderObject(env: Env, shopId: string, orderId: string) {
  const ref: OrderRef = { shopId, orderId };
  const stub = env.ORDERS.get(env.ORDERS.idFromName(`${shopId}:${orderId}`));
  return {
    stub,
    /** Creates the order's payment with `request`, or returns the live one (409 order_conflict when its terms differ). */
    create: async (request: NewPaymentRequest, requestId?: string): Promise<OrderPayment> =>
      unwrap(await stub.create(ref, request, requestId)),
    /** The ids of the order's payments, newest first. */
    paymentIds: (): Promise<string[]> => stub.paymentIds(),
  };
}

/** Key (in the object's key-value storage) of the order's OrderMeta. */
export const ORDER_META_KEY = "order";

/** What the object remembers besides its payments: whose order it is and when it was last used. */
export interface OrderMeta {
  shopId: string;
  orderId: string;
  /** Epoch milliseconds of the last successful create (a payment recorded or the live one returned). */
  lastActivity: number;
}

/** The fixed answer to a create that differs from the live payment: it tells nothing about that payment. */
export const ORDER_CONFLICT_MESSAGE = "This order already has a live payment with other terms.";

interface PaymentRow extends Record<string, SqlStorageValue> {
  payment_id: string;
  price_amount: string;
  price_currency: string;
  transfer_currency: string;
}

export class OrderObject extends DurableObject<Env> {
  private queue: Promise<unknown> = Promise.resolve();

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
  create(ref: OrderRef, request: NewPaymentRequest, requestId?: string): Promise<Result<OrderPayment>> {
    const run = this.queue.then(() =>
      settle(
        () => this.createNow(ref, request, requestId),
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
      // orderView: a payment recorded here but never stored by its object (the Worker stopped in
      // between) is fetched from the service and stored, not a 404 for ever.
      const view = await paymentObject(this.env, shop.id, latest.payment_id).orderView(ref.orderId);
      if (!RESTARTABLE.has(view.status)) {
        const same =
          new Decimal(latest.price_amount).eq(request.priceAmount) &&
          latest.price_currency === request.priceCurrency &&
          latest.transfer_currency === request.transferCurrency;
        // The message is fixed: the live payment may be another customer's (anyone can send any order id).
        if (!same) throw new CheckoutError(409, "order_conflict", ORDER_CONFLICT_MESSAGE);
        await this.touch(ref);
        return { created: false, view };
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
    const view = await paymentObject(this.env, shop.id, payment.paymentId).init(payment, requestedAt, ref.orderId);
    log("info", "payment_created", { requestId, shop: shop.id, orderId: ref.orderId, paymentId: payment.paymentId });
    return { created: true, view };
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
