/** The receipt page's texts in Norwegian Bokmål (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Laster inn kvitteringen…",
  heading: (shop: string) => `Kvittering fra ${shop}`,
  documentTitle: (id: string, shop: string) => `Kvittering ${id} – ${shop}`,
  testPayment: "Testbetaling: ingen ekte penger ble overført",
  transaction: "Transaksjon",
  transactions: "Transaksjoner",
  noTransactions: "Betalingstjenesten oppga ingen.",
  confirmedBy: (shop: string) => `Betalingen er bekreftet av betalingstjenesten for ${shop}.`,
  print: "Skriv ut eller lagre som fil",
  for: "Gjelder",
  order: "Ordre",
  price: "Pris",
  amountIn: (currency: string) => `Beløp i ${currency}`,
  paid: "Betalt",
  exchangeRate: "Valutakurs",
  confirmed: "Bekreftet",
  reference: "Betalingsreferanse",
  transactionId: "Transaksjons-ID",
  amount: "Beløp",
  state: "Status",
  seen: "Registrert",
  accepted: "Bekreftet",
  waiting: "Venter",
  rejected: "Avvist",
  noReceiptTitle: "Ingen kvittering for denne betalingen",
  noReceipt: (status: string, shop: string) =>
    `Denne betalingen ble avsluttet uten å bli bekreftet (statusen er ${status}), så den har ingen kvittering. Hvis du har sendt penger, kontakt ${shop} og oppgi betalingsreferansen.`,
  notReadyTitle: "Kvitteringen din er ikke klar ennå",
  notReady: (status: string) =>
    `Kvitteringen vises her når betalingen er bekreftet. Statusen nå er ${status}. Last inn siden på nytt senere, og ta vare på adressen.`,
  notFoundTitle: "Fant ikke kvitteringen",
  notFound:
    "Det ble ikke funnet noen kvittering på denne adressen. Åpne hele lenken på nytt, inkludert alt etter tegnet #; bare lenken du fikk, åpner kvitteringen.",
  errorTitle: "Kvitteringen kunne ikke lastes inn",
  connectionFailed: "Tilkoblingen mislyktes. Sjekk tilkoblingen og last inn siden på nytt.",
  serverError: (status: string) => `Serveren svarte ${status}. Last inn siden på nytt om litt.`,
};
