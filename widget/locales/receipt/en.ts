/**
 * The receipt page's texts in English (docs/receipts.md). The page (receipt-page/) bundles every
 * catalog of this folder (index.ts) and shows the one of the browser's language. Each other
 * language has the same keys and, for functions, the same parameters
 * (test/widget/page-catalogs.test.ts). Amounts and dates are formatted by Intl in the page's
 * language, amounts with every digit they carry.
 */
export const receiptEn = {
  loading: "Loading the receipt…",
  heading: (shop: string) => `Receipt from ${shop}`,
  documentTitle: (id: string, shop: string) => `Receipt ${id} – ${shop}`,
  testPayment: "Test payment: no real money moved",
  transaction: "Transaction",
  transactions: "Transactions",
  noTransactions: "The payment service listed none.",
  confirmedBy: (shop: string) => `Payment confirmed by the payment service for ${shop}.`,
  print: "Print or save as a file",
  for: "For",
  order: "Order",
  price: "Price",
  amountIn: (currency: string) => `Amount in ${currency}`,
  paid: "Paid",
  exchangeRate: "Exchange rate",
  confirmed: "Confirmed",
  reference: "Payment reference",
  transactionId: "Transaction id",
  amount: "Amount",
  state: "State",
  seen: "Seen",
  accepted: "Confirmed",
  waiting: "Waiting",
  rejected: "Rejected",
  noReceiptTitle: "No receipt for this payment",
  noReceipt: (status: string, shop: string) =>
    `This payment ended without being confirmed (its status is ${status}), so it has no receipt. If you sent money, contact ${shop} with the payment reference.`,
  notReadyTitle: "Your receipt is not ready yet",
  notReady: (status: string) =>
    `The receipt appears here once the payment is confirmed. Its status now is ${status}. Reload this page later; keep its address.`,
  notFoundTitle: "Receipt not found",
  notFound:
    "No receipt was found at this address. Open the whole link again, including everything after the # sign; only the link you received opens the receipt.",
  errorTitle: "The receipt could not be loaded",
  connectionFailed: "The connection failed. Check your connection and reload this page.",
  serverError: (status: string) => `The server answered ${status}. Reload this page in a moment.`,
};

export type ReceiptMessages = typeof receiptEn;
