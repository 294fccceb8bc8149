/** Payment views and shop settings as the checkout Worker sends them: fixtures for the element's and the demo's tests. */
import { derivedAmounts } from "../../worker/checkout/payments/view-amounts.js";
import type { PaymentView, ShopSettings } from "../../worker/checkout/wire.js";

export const SERVER_TIME = "2026-03-01T12:00:00.000Z";
/** 15 minutes after SERVER_TIME. */
export const EXPIRATION_TIME = "2026-03-01T12:15:00.000Z";
export const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

export const OPEN_SHOP: ShopSettings = {
  shop: "demo-open",
  name: "Demo open shop",
  environment: "sandbox",
  pricing: "open",
  limits: { min: "1.00", max: "5000.00" },
  priceCurrencies: ["EUR", "USD"],
  transferCurrencies: [
    { code: "BTC", name: "Bitcoin" },
    { code: "LTC", name: "Litecoin" },
  ],
};

export const SIGNED_SHOP: ShopSettings = {
  shop: "demo-signed",
  name: "Demo signed shop",
  environment: "production",
  pricing: "signed",
  priceCurrencies: ["EUR"],
  transferCurrencies: [{ code: "BTC", name: "Bitcoin" }],
};

/**
 * A view with `overrides`; the derived amounts (remainingTransferAmount, progress...) are computed
 * from its amounts by the Worker's own derivation, so a fixture cannot disagree with the Worker.
 * A derived field named in `overrides` is kept as given.
 */
export function newView(overrides: Partial<PaymentView> = {}): PaymentView {
  const content = {
    paymentId: "pay_0001",
    status: "NEW",
    priceAmount: "25.00",
    priceCurrency: "EUR",
    transferAmount: "0.00041234",
    transferCurrency: "BTC",
    address: ADDRESS,
    paymentUri: `bitcoin:${ADDRESS}?amount=0.00041234&label=Demo%20shop`,
    expirationTime: EXPIRATION_TIME,
    exchangeRate: "60629.58",
    paidPriceAmount: "0",
    pendingPaidPriceAmount: "0",
    acceptedPaidPriceAmount: "0",
    paidTransferAmount: "0",
    pendingPaidTransferAmount: "0",
    acceptedPaidTransferAmount: "0",
    transactions: [],
    redirectUrls: {},
    serverTime: SERVER_TIME,
    version: 1,
    ...overrides,
  };
  return { ...content, ...derivedAmounts(content), ...overrides };
}

const tx = (id: string, amount: string, state: string) => ({
  transactionId: id,
  paidTransferAmount: amount,
  priceAmount: "0",
  exchangeRate: "60629.58",
  observedTime: SERVER_TIME,
  state,
});

/** One view per status of the table in docs/widget.md, "What the customer sees" (plus an unknown one). */
export const VIEWS = {
  NEW: newView(),
  NEW_PENDING: newView({
    version: 2,
    paidTransferAmount: "0.00010000",
    pendingPaidTransferAmount: "0.00010000",
    transactions: [tx("tx-pending-1", "0.00010000", "PENDING")],
  }),
  UNDERPAID: newView({
    version: 3,
    status: "UNDERPAID",
    paidTransferAmount: "0.00030000",
    acceptedPaidTransferAmount: "0.00030000",
    transactions: [tx("tx-accepted-1", "0.00030000", "ACCEPTED")],
  }),
  UNCONFIRMED: newView({
    version: 4,
    status: "UNCONFIRMED",
    paidTransferAmount: "0.00041234",
    acceptedPaidTransferAmount: "0.00030000",
    pendingPaidTransferAmount: "0.00011234",
    transactions: [tx("tx-accepted-1", "0.00030000", "ACCEPTED"), tx("tx-pending-2", "0.00011234", "PENDING")],
  }),
  CONFIRMED: newView({
    version: 5,
    status: "CONFIRMED",
    paidTransferAmount: "0.00041234",
    acceptedPaidTransferAmount: "0.00041234",
    transactions: [tx("tx-accepted-1", "0.00041234", "ACCEPTED")],
  }),
  EXPIRED: newView({ version: 6, status: "EXPIRED" }),
  EXPIRED_PAID: newView({
    version: 6,
    status: "EXPIRED",
    paidTransferAmount: "0.00010000",
    acceptedPaidTransferAmount: "0.00010000",
    transactions: [tx("tx-accepted-1", "0.00010000", "ACCEPTED")],
  }),
  INVALID: newView({
    version: 7,
    status: "INVALID",
    paidTransferAmount: "0.00041234",
    transactions: [tx("tx-rejected-1", "0.00041234", "REJECTED")],
  }),
  UNKNOWN: newView({ version: 8, status: "REFUNDED" }),
  /** Transactions as a real upstream may send them: the spec requires none of their fields. */
  PARTIAL_TRANSACTIONS: newView({
    version: 9,
    status: "UNCONFIRMED",
    paidTransferAmount: "0.00041234",
    pendingPaidTransferAmount: "0.00041234",
    transactions: [
      { transactionId: "tx-no-amount", state: "PENDING", observedTime: SERVER_TIME },
      { transactionId: "tx-no-state", paidTransferAmount: "0.00020000" },
      { paidTransferAmount: "0.00021234", state: "ACCEPTED", observedTime: "Nov 22 2026" },
      {},
    ],
  }),
  /** An expirationTime Date.parse reads but that is not RFC 3339. */
  MALFORMED_EXPIRY: newView({ version: 10, expirationTime: "Nov 22 2026" }),
} satisfies Record<string, PaymentView>;
