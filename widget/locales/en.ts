/**
 * English, bundled with the element; every other catalog (widget/locales/<tag>.ts) has the same
 * keys and is loaded on demand. Plain strings, functions for text around values (same parameters
 * in every catalog), and PluralForms for counts (plural.ts). Labels that precede a value carry
 * their own colon, so that French can put a space before it and Chinese a full-width one.
 */
import type { ErrorKind } from "../../worker/checkout/wire.js";
import type { PluralForms } from "./plural.js";

export const en = {
  dir: "ltr" as "ltr" | "rtl",
  loading: "Loading the payment…",
  chooseCurrency: "Choose how to pay",
  payWith: (name: string, code: string) => `Pay with ${name} (${code})`,
  sandbox: "Test mode: no real money moves",
  sendExactly: "Send exactly",
  price: "Price:",
  amount: "Amount",
  address: "Address",
  copyAmount: "Copy amount",
  copyAddress: "Copy address",
  copied: "Copied",
  copyManually: "Selected: press Ctrl+C (⌘C) to copy",
  openWallet: "Open in wallet",
  qrLabel: (currency: string) => `QR code of the ${currency} payment`,
  timeLeft: "Time left",
  timeLeftWarning: { one: "Less than {n} minute left", other: "Less than {n} minutes left" } as PluralForms,
  timeUp: "Time is up",
  progress: "Payment progress",
  progressText: (accepted: string, pending: string, total: string) =>
    `${accepted} confirmed and ${pending} waiting for confirmation, of ${total}`,
  underpaid: "Part of the amount has arrived",
  received: "Received",
  stillToPay: "Still to pay",
  payRemainder: "Send the rest",
  unconfirmed: "Payment received, waiting for confirmation",
  confirmed: "Payment confirmed. Thank you!",
  /** The confirmed payment's link to its receipt page (a new tab). */
  receipt: "Receipt",
  expired: "This payment has expired",
  startAgain: "Start again",
  invalid: "There is a problem with this payment",
  awaiting: "Waiting for your payment",
  unknown: (status: string) => `Payment status: ${status}`,
  reference: "Reference to give the shop:",
  transactions: "Transactions",
  txPending: "waiting for confirmation",
  txAccepted: "confirmed",
  txRejected: "rejected",
  txAmountUnknown: "amount unknown",
  txStateUnknown: "status unknown",
  txIdUnknown: "transaction ID unknown",
  redirecting: {
    one: "Returning to the shop in {n} second",
    other: "Returning to the shop in {n} seconds",
  } as PluralForms,
  goNow: "Go now",
  backToShop: "Back to the shop",
  reconnecting: "Connection lost, reconnecting…",
  reconnected: "Connection restored",
  errors: {
    origin: "This checkout is not allowed on this page. Please contact the shop.",
    setup: "This checkout is not set up correctly. Please contact the shop.",
    order: "This order cannot be paid here. Please return to the shop.",
    busy: "The checkout cannot be reached right now. Please try again in a moment.",
    failed: "Something went wrong. Please try again.",
  } satisfies Record<ErrorKind, string>,
  retry: "Try again",
};

export type Messages = typeof en;
