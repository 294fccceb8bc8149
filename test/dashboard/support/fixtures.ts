/** What the dashboard's API answers (dashboard-wire.ts), as fixtures for the pages' tests. */
import type { LedgerPayment, LedgerPaymentList } from "../../../worker/checkout/backend-wire.js";
import type {
  DeskOverview,
  DeskPaymentDetail,
  DeskSession,
  DeskSettings,
  DeskWebhooks,
} from "../../../worker/checkout/dashboard-wire.js";
import { ADDRESS, newView } from "../../support/payment-views.js";

export const SESSION: DeskSession = {
  identity: { email: null, via: "link", operator: true },
  shops: [
    { id: "demo-open", name: "Demo Shop (open pricing)", environment: "sandbox" },
    { id: "demo-signed", name: "Demo Shop (signed pricing)", environment: "sandbox" },
  ],
  csrfToken: "csrf-token-of-the-session",
  expiresAt: "2026-11-25T18:00:00.000Z",
  idleExpiresAt: "2026-11-25T07:00:00.000Z",
};

export function ledgerPayment(overrides: Partial<LedgerPayment> = {}): LedgerPayment {
  return {
    paymentId: "pay_0001",
    orderId: "NW-1001",
    status: "CONFIRMED",
    priceAmount: "47.40",
    priceCurrency: "EUR",
    transferAmount: "0.00081234",
    transferCurrency: "BTC",
    paidPriceAmount: "47.40",
    pendingPaidPriceAmount: "0.00",
    acceptedPaidPriceAmount: "47.40",
    paidTransferAmount: "0.00081234",
    pendingPaidTransferAmount: "0",
    acceptedPaidTransferAmount: "0.00081234",
    address: ADDRESS,
    createdAt: "2026-11-24T10:15:00.000Z",
    updatedAt: "2026-11-24T10:21:00.000Z",
    finalAt: "2026-11-24T10:21:00.000Z",
    version: 3,
    ...overrides,
  };
}

export const LIST: LedgerPaymentList = {
  payments: [
    ledgerPayment(),
    ledgerPayment({
      paymentId: "pay_0002",
      orderId: "NW-1002",
      status: "UNDERPAID",
      priceAmount: "1200.000000000000000001",
      acceptedPaidPriceAmount: "600.00",
      finalAt: null,
      createdAt: "2026-11-24T09:00:00.000Z",
    }),
    ledgerPayment({
      paymentId: "pay_0003",
      orderId: null,
      status: "NEW",
      acceptedPaidPriceAmount: "0.00",
      finalAt: null,
    }),
  ],
  next: "cursor-2",
};

/** 30 days up to 2026-11-25, with payments on three of them. */
export const OVERVIEW: DeskOverview = {
  from: "2026-10-27T00:00:00.000Z",
  to: "2026-11-26T00:00:00.000Z",
  days: [
    { day: "2026-11-24", currency: "EUR", status: "CONFIRMED", count: 3, priceAmount: "100.10" },
    { day: "2026-11-24", currency: "EUR", status: "EXPIRED", count: 1, priceAmount: "9.90" },
    { day: "2026-11-24", currency: "USD", status: "CONFIRMED", count: 1, priceAmount: "5.00" },
    { day: "2026-11-25", currency: "EUR", status: "NEW", count: 2, priceAmount: "0.000000000000000001" },
    { day: "2026-11-01", currency: "EUR", status: "INVALID", count: 1, priceAmount: "12.00" },
  ],
  confirmed: 4,
  final: 6,
  open: 2,
  deliveries: { pending: 0, retrying: 1, delivered: 11, dead: 2, shop_disabled: 0 },
};

const view = newView({ paymentId: "pay_0001", status: "CONFIRMED" });

export const DETAIL: DeskPaymentDetail = {
  payment: ledgerPayment(),
  remainingPriceAmount: "0.00",
  transactions: [
    {
      transactionId: "tx_9f2c",
      state: "ACCEPTED",
      paidTransferAmount: "0.00081234",
      priceAmount: "47.40",
      exchangeRate: "58350.00",
      observedTime: "2026-11-24T10:18:00.000Z",
      acceptedTime: "2026-11-24T10:21:00.000Z",
      rejectedTime: null,
    },
  ],
  timeline: [
    {
      event: {
        id: "evt_created",
        type: "payment.created",
        timestamp: "2026-11-24T10:15:00.000Z",
        shop: "demo-open",
        data: { orderId: "NW-1001", previousStatus: null, version: 1, payment: { ...view, status: "NEW" } },
      },
      delivery: "delivered",
      endpoints: [],
      attempts: [
        {
          url: "http://127.0.0.1:8789/webhooks",
          at: "2026-11-24T10:15:01.000Z",
          status: 500,
          durationMs: 38,
          error: "HTTP 500",
        },
        {
          url: "http://127.0.0.1:8789/webhooks",
          at: "2026-11-24T10:15:03.000Z",
          status: 200,
          durationMs: 12,
          error: null,
        },
      ],
    },
    {
      event: {
        id: "evt_confirmed",
        type: "payment.confirmed",
        timestamp: "2026-11-24T10:21:00.000Z",
        shop: "demo-open",
        data: { orderId: "NW-1001", previousStatus: "UNCONFIRMED", version: 3, payment: view },
      },
      delivery: "delivered",
      endpoints: [],
      attempts: [
        {
          url: "http://127.0.0.1:8789/webhooks",
          at: "2026-11-24T10:21:01.000Z",
          status: 200,
          durationMs: 1450,
          error: null,
        },
      ],
    },
  ],
  earlierPayments: [ledgerPayment({ paymentId: "pay_0000", status: "EXPIRED", createdAt: "2026-11-24T09:40:00.000Z" })],
  live: null,
  jsonUrl: "http://127.0.0.1:8787/api/shops/demo-open/orders/NW-1001",
};

export const WEBHOOKS: DeskWebhooks = {
  endpoints: [
    {
      url: "http://127.0.0.1:8789/webhooks",
      deliveries: { pending: 0, retrying: 1, delivered: 11, dead: 2, shop_disabled: 0 },
      successRate: 11 / 13,
      lastFailures: [
        {
          url: "http://127.0.0.1:8789/webhooks",
          at: "2026-11-24T10:15:01.000Z",
          status: null,
          durationMs: 10000,
          error: "timeout after 10000 ms",
          eventId: "evt_created",
          eventType: "payment.created",
        },
      ],
    },
  ],
};

export const SETTINGS: DeskSettings = {
  id: "demo-open",
  name: "Demo Shop (open pricing)",
  environment: "sandbox",
  source: "registry",
  editable: true,
  pricing: "open",
  priceCurrencies: ["EUR", "USD"],
  transferCurrencies: ["BTC", "LTC"],
  limits: { min: "1.00", max: "5000.00" },
  allowedOrigins: ["https://shop.example"],
  redirectUrls: { confirmed: "https://shop.example/thanks?order={orderId}" },
  webhooks: [{ url: "https://shop.example/webhooks", events: ["payment.confirmed"], secret: "set" }],
  secrets: { apiKeySecret: "set", notificationHmacKey: "set", backendToken: "not set" },
  dashboardUsers: ["owner@shop.example"],
};
