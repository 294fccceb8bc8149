/**
 * The examples of the document's main answers, typed by the contracts (so an example cannot
 * drift from its type) and validated against their schemas by
 * test/worker/checkout/routes/openapi.test.ts.
 */
import type { OrderStatus } from "../../backend-wire.js";
import type { CreatedPayment, ErrorBody, PaymentView, ShopSettings } from "../../wire.js";

export const SHOP_SETTINGS: ShopSettings = {
  shop: "demo-open",
  name: "Northwind Roasters",
  environment: "sandbox",
  pricing: "open",
  limits: { min: "1.00", max: "5000.00" },
  priceCurrencies: ["EUR", "USD"],
  transferCurrencies: [
    { code: "BTC", name: "Bitcoin" },
    { code: "LTC", name: "Litecoin" },
  ],
};

export const PAYMENT_VIEW: PaymentView = {
  paymentId: "pay_3f9a1c",
  status: "UNDERPAID",
  priceAmount: "25.00",
  priceCurrency: "EUR",
  transferAmount: "0.00041234",
  transferCurrency: "BTC",
  address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
  paymentUri: "bitcoin:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx?amount=0.00041234",
  expirationTime: "2026-11-27T10:15:00.000Z",
  exchangeRate: "60629.58",
  externalPaymentId: "demo-open:order-1042",
  paidPriceAmount: "12.50",
  pendingPaidPriceAmount: "0",
  acceptedPaidPriceAmount: "12.50",
  paidTransferAmount: "0.00020617",
  pendingPaidTransferAmount: "0",
  acceptedPaidTransferAmount: "0.00020617",
  transactions: [
    {
      transactionId: "tx_81c2",
      paidTransferAmount: "0.00020617",
      priceAmount: "12.50",
      exchangeRate: "60629.58",
      observedTime: "2026-11-27T10:02:10.000Z",
      acceptedTime: "2026-11-27T10:03:40.000Z",
      state: "ACCEPTED",
    },
  ],
  redirectUrls: { confirmed: "https://shop.example/orders/order-1042/thanks" },
  serverTime: "2026-11-27T10:04:00.000Z",
  version: 4,
  remainingTransferAmount: "0.00020617",
  remainderPaymentUri: "bitcoin:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx?amount=0.00020617",
  hasPaid: true,
  hasPending: false,
  progress: {
    acceptedPercent: "50.00",
    pendingPercent: "0.00",
    accepted: "0.00020617",
    pending: "0.00000000",
    paid: "0.00020617",
    total: "0.00041234",
  },
};

export const CREATED_PAYMENT: CreatedPayment = {
  ...PAYMENT_VIEW,
  status: "NEW",
  paidPriceAmount: "0",
  acceptedPaidPriceAmount: "0",
  paidTransferAmount: "0",
  acceptedPaidTransferAmount: "0",
  transactions: [],
  version: 1,
  remainingTransferAmount: "0.00041234",
  hasPaid: false,
  progress: {
    acceptedPercent: "0.00",
    pendingPercent: "0.00",
    accepted: "0.00000000",
    pending: "0.00000000",
    paid: "0.00000000",
    total: "0.00041234",
  },
  clientSecret: "cs_5b0f9c2e8d1a4b7c9e3f6a2d8c1b4e7f",
};

export const ORDER_STATUS: OrderStatus = {
  shop: "demo-open",
  orderId: "order-1042",
  paid: false,
  payment: PAYMENT_VIEW,
  earlierPayments: [],
};

export const ERROR_BODY: ErrorBody = {
  error: {
    code: "amount_out_of_range",
    message: "The amount must be between 1.00 and 5000.00 EUR.",
    kind: "order",
    retryable: false,
  },
};
