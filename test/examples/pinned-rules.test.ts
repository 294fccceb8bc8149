/**
 * The reference shop backend keeps its own copies of the checkout's rules on purpose: it is what a
 * merchant copies, so it must not import the Worker. These tests pin each copy to the Worker's
 * rule, so that a change on one side fails here until the other follows.
 */
import { describe, expect, it } from "vitest";
import { PRICE_AMOUNT } from "../../examples/shop-backend/decimal.mjs";
import { CURRENCY, ORDER_ID, SHOP_ID } from "../../examples/shop-backend/order-token.mjs";
import {
  PAYMENT_EVENT_TYPES,
  PAYOUT_EVENT_TYPE,
  PING_EVENT_TYPE,
  REFUND_EVENT_TYPES,
} from "../../examples/shop-backend/webhook.mjs";
import { EVENT_TYPES } from "../../worker/checkout/backend-wire.js";
import * as worker from "../../worker/checkout/wire.js";

describe("the shop backend's copies of the checkout's rules", () => {
  it.each([
    ["ORDER_ID", ORDER_ID, worker.ORDER_ID],
    ["SHOP_ID", SHOP_ID, worker.SHOP_ID],
    ["CURRENCY", CURRENCY, worker.CURRENCY_CODE],
    ["PRICE_AMOUNT", PRICE_AMOUNT, worker.DECIMAL_AMOUNT],
  ])("%s is the Worker's pattern", (_name, copy, original) => {
    expect(copy.source).toBe(original.source);
    expect(copy.flags).toBe(original.flags);
  });

  it("knows the Worker's event types, in the catalogue's order", () => {
    expect([...PAYMENT_EVENT_TYPES, PAYOUT_EVENT_TYPE, ...REFUND_EVENT_TYPES, PING_EVENT_TYPE]).toEqual([
      ...EVENT_TYPES,
    ]);
  });
});
