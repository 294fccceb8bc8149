/** The receipt page's texts in Dutch (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Betaalbewijs laden…",
  heading: (shop: string) => `Betaalbewijs van ${shop}`,
  documentTitle: (id: string, shop: string) => `Betaalbewijs ${id} – ${shop}`,
  testPayment: "Testbetaling: er is geen echt geld overgemaakt",
  transaction: "Transactie",
  transactions: "Transacties",
  noTransactions: "De betaaldienst heeft er geen vermeld.",
  confirmedBy: (shop: string) => `Betaling bevestigd door de betaaldienst voor ${shop}.`,
  print: "Afdrukken of als bestand opslaan",
  for: "Voor",
  order: "Bestelling",
  price: "Prijs",
  amountIn: (currency: string) => `Bedrag in ${currency}`,
  paid: "Betaald",
  exchangeRate: "Wisselkoers",
  confirmed: "Bevestigd",
  reference: "Betalingskenmerk",
  transactionId: "Transactie-ID",
  amount: "Bedrag",
  state: "Status",
  seen: "Gezien",
  accepted: "Bevestigd",
  waiting: "In afwachting",
  rejected: "Afgewezen",
  noReceiptTitle: "Geen betaalbewijs voor deze betaling",
  noReceipt: (status: string, shop: string) =>
    `Deze betaling is beëindigd zonder bevestiging (de status is ${status}), dus er is geen betaalbewijs. Heb je geld verstuurd, neem dan contact op met ${shop} en vermeld het betalingskenmerk.`,
  notReadyTitle: "Je betaalbewijs is nog niet klaar",
  notReady: (status: string) =>
    `Het betaalbewijs verschijnt hier zodra de betaling is bevestigd. De status is nu ${status}. Laad deze pagina later opnieuw en bewaar het adres.`,
  notFoundTitle: "Betaalbewijs niet gevonden",
  notFound:
    "Op dit adres is geen betaalbewijs gevonden. Open de volledige link opnieuw, inclusief alles na het teken #; alleen de link die je hebt ontvangen, opent het betaalbewijs.",
  errorTitle: "Het betaalbewijs kon niet worden geladen",
  connectionFailed: "De verbinding is mislukt. Controleer je verbinding en laad deze pagina opnieuw.",
  serverError: (status: string) => `De server antwoordde ${status}. Laad deze pagina zo meteen opnieuw.`,
};
