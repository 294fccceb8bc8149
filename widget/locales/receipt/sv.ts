/** The receipt page's texts in Swedish (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Läser in kvittot…",
  heading: (shop: string) => `Kvitto från ${shop}`,
  documentTitle: (id: string, shop: string) => `Kvitto ${id} – ${shop}`,
  testPayment: "Testbetalning: inga riktiga pengar har överförts",
  transaction: "Transaktion",
  transactions: "Transaktioner",
  noTransactions: "Betaltjänsten angav ingen.",
  confirmedBy: (shop: string) => `Betalningen bekräftad av betaltjänsten för ${shop}.`,
  print: "Skriv ut eller spara som fil",
  for: "Avser",
  order: "Beställning",
  price: "Pris",
  amountIn: (currency: string) => `Belopp i ${currency}`,
  paid: "Betalt",
  exchangeRate: "Växelkurs",
  confirmed: "Bekräftad",
  reference: "Betalningsreferens",
  transactionId: "Transaktions-id",
  amount: "Belopp",
  state: "Status",
  seen: "Upptäckt",
  accepted: "Bekräftad",
  waiting: "Väntar",
  rejected: "Avvisad",
  noReceiptTitle: "Inget kvitto för den här betalningen",
  noReceipt: (status: string, shop: string) =>
    `Den här betalningen avslutades utan att bekräftas (dess status är ${status}), så den har inget kvitto. Om du har skickat pengar, kontakta ${shop} och ange betalningsreferensen.`,
  notReadyTitle: "Ditt kvitto är inte klart än",
  notReady: (status: string) =>
    `Kvittot visas här när betalningen har bekräftats. Dess status är nu ${status}. Ladda om sidan senare och spara adressen.`,
  notFoundTitle: "Kvittot hittades inte",
  notFound:
    "Inget kvitto hittades på den här adressen. Öppna hela länken igen, inklusive allt efter tecknet #; bara länken du fick öppnar kvittot.",
  errorTitle: "Kvittot kunde inte läsas in",
  connectionFailed: "Anslutningen misslyckades. Kontrollera din anslutning och ladda om sidan.",
  serverError: (status: string) => `Servern svarade ${status}. Ladda om sidan om en stund.`,
};
