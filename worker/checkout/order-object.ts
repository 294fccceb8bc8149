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
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS payments (
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
      const latest = this.ctx.storage.sql.exec<PaymentRow>("SELECT payment_id, price_amount, price_currency, transfer_currency FROM payments ORDER BY seq DESC LIMIT 1").toArray()[0];
      if (latest) {
        const view = await paymentObject(this.env, shop.id, latest.payment_id).view(shop.id, latest.payment_id);
        if (!RESTARTABLE.has(view.status)) {
          const { request } = input;
          const same =
            new Decimal(latest.price_amount).eq(request.priceAmount) && latest.price_currency === request.priceCurrency && latest.transfer_currency === request.transferCurrency;
          if (!same) {
            return {
              ok: false,
              status: 409,
              code: "order_conflict",
              message: `Order ${input.orderId} already has a live payment for ${latest.price_amount} ${latest.price_currency} in ${latest.transfer_currency}.`,
            };
          }
          return { ok: true, created: false, view };
        }
      }
      const requestedAt = Date.now();
      const payment = await upstreamFor(this.env, shop).createPayment(input.request);
      this.ctx.storage.sql.exec(
        "INSERT INTO payments (payment_id, price_amount, price_currency, transfer_currency, created_at) VALUES (?, ?, ?, ?, ?)",
        payment.paymentId,
        input.request.priceAmount,
        input.request.priceCurrency,
        input.request.transferCurrency,
        new Date().toISOString(),
      );
      const view = await paymentObject(this.env, shop.id, payment.paymentId).init(shop.id, payment, requestedAt, input.orderId);
      log("info", "payment_created", { requestId: input.requestId, shop: shop.id, orderId: input.orderId, paymentId: payment.paymentId });
      return { ok: true, created: true, view };
    } catch (err) {
      const e = toCheckoutError(err);
      if (e.status >= 500) log("error", "payment_create_failed", { requestId: input.requestId, shop: input.shopId, orderId: input.orderId, code: e.code, error: err });
      return { ok: false, status: e.status, code: e.code, message: e.message };
    }
  }
}
