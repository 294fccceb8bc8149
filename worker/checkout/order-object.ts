/**
 * OrderObject: one Durable Object per (shop, orderId) that makes payment creation idempotent.
 * Creates for one order run one after another (an in-object queue, so an upstream request in
 * flight is never raced by a second create). It remembers every payment made for the order
 * (SQLite); a create returns the latest one while it is live, refuses a different price or
 * currency while it is live (409), and makes a fresh payment once the latest is EXPIRED or
 * INVALID. Errors come back as values: an RPC boundary keeps only an error's message.
 */
import { DurableObject } from "cloudflare:workers";
import Decimal from "decimal.js";
import type { NewPaymentRequest } from "../v3/types.js";
import { getShop } from "./config.js";
import type { Env } from "./env.js";
import { toCheckoutError, type ErrorCode } from "./errors.js";
import { log } from "./log.js";
import { orderRetentionMs, retentionDecision } from "./order-retention.js";
import { paymentObject } from "./payment-object.js";
import { upstreamFor } from "./upstream.js";
import type { PaymentView } from "./wire.js";

/** Statuses after which the order may be paid again with a fresh payment. */
const RESTARTABLE = new Set(["EXPIRED", "INVALID"]);

/** The object that holds one order of one shop. */
export function orderObject(env: Env, shopId: string, orderId: string): DurableObjectStub<OrderObject> {
  return env.ORDERS.get(env.ORDERS.idFromName(`${shopId}:${orderId}`));
}

export interface OrderCreateInput {
  shopId: string;
  orderId: string;
  /** The request sent upstream when a new payment is needed. */
  request: NewPaymentRequest;
  requestId?: string;
}

export type OrderCreateResult =
  | { ok: true; created: boolean; view: PaymentView }
  | { ok: false; status: number; code: ErrorCode; message: string };

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
    return this.ctx.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'payments'").toArray().length > 0;
  }

  private ensureSchema(): void {
    this.ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS payments (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
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
    return this.ctx.storage.sql.exec<{ payment_id: string }>("SELECT payment_id FROM payments ORDER BY seq DESC").toArray().map((row) => row.payment_id);
  }

  /** Creates the order's payment, or returns the live one. Calls run strictly one at a time. */
  create(input: OrderCreateInput): Promise<OrderCreateResult> {
    const run = this.queue.then(() => this.createNow(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async createNow(input: OrderCreateInput): Promise<OrderCreateResult> {
    try {
      const shop = getShop(this.env, input.shopId);
      const latest = this.hasPayments()
        ? this.ctx.storage.sql.exec<PaymentRow>("SELECT payment_id, price_amount, price_currency, transfer_currency FROM payments ORDER BY seq DESC LIMIT 1").toArray()[0]
        : undefined;
      if (latest) {
        const view = await paymentObject(this.env, shop.id, latest.payment_id).view(shop.id, latest.payment_id);
        if (!RESTARTABLE.has(view.status)) {
          const { request } = input;
          const same =
            new Decimal(latest.price_amount).eq(request.priceAmount) && latest.price_currency === request.priceCurrency && latest.transfer_currency === request.transferCurrency;
          // The message is fixed: the live payment may be another customer's (anyone can send any order id).
          if (!same) return { ok: false, status: 409, code: "order_conflict", message: ORDER_CONFLICT_MESSAGE };
          await this.touch(input);
          return { ok: true, created: false, view };
        }
      }
      const requestedAt = Date.now();
      const payment = await upstreamFor(this.env, shop).createPayment(input.request);
      this.ensureSchema();
      this.ctx.storage.sql.exec(
        "INSERT INTO payments (payment_id, price_amount, price_currency, transfer_currency, created_at) VALUES (?, ?, ?, ?, ?)",
        payment.paymentId,
        input.request.priceAmount,
        input.request.priceCurrency,
        input.request.transferCurrency,
        new Date().toISOString(),
      );
      await this.touch(input);
      const view = await paymentObject(this.env, shop.id, payment.paymentId).init(shop.id, payment, requestedAt, input.orderId);
      log("info", "payment_created", { requestId: input.requestId, shop: shop.id, orderId: input.orderId, paymentId: payment.paymentId });
      return { ok: true, created: true, view };
    } catch (err) {
      const e = toCheckoutError(err);
      if (e.status >= 500) log("error", "payment_create_failed", { requestId: input.requestId, shop: input.shopId, orderId: input.orderId, code: e.code, error: err });
      return { ok: false, status: e.status, code: e.code, message: e.message };
    }
  }

  /** Records activity on the order and moves the expiry alarm to the end of the new retention period. */
  private async touch(input: OrderCreateInput): Promise<void> {
    const lastActivity = Date.now();
    const meta: OrderMeta = { shopId: input.shopId, orderId: input.orderId, lastActivity };
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
    log("info", "order_expired", { shop: meta.shopId, orderId: meta.orderId, lastActivity: new Date(meta.lastActivity).toISOString() });
  }
}
