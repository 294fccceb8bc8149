/** The receipt page's texts in German (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Beleg wird geladen…",
  heading: (shop: string) => `Beleg von ${shop}`,
  documentTitle: (id: string, shop: string) => `Beleg ${id} – ${shop}`,
  testPayment: "Testzahlung: Es wurde kein echtes Geld bewegt",
  transaction: "Transaktion",
  transactions: "Transaktionen",
  noTransactions: "Der Zahlungsdienst hat keine aufgeführt.",
  confirmedBy: (shop: string) => `Zahlung vom Zahlungsdienst für ${shop} bestätigt.`,
  print: "Drucken oder als Datei speichern",
  for: "Für",
  order: "Bestellung",
  price: "Preis",
  amountIn: (currency: string) => `Betrag in ${currency}`,
  paid: "Bezahlt",
  exchangeRate: "Wechselkurs",
  confirmed: "Bestätigt",
  reference: "Zahlungsreferenz",
  transactionId: "Transaktions-ID",
  amount: "Betrag",
  state: "Status",
  seen: "Erkannt",
  accepted: "Bestätigt",
  waiting: "Ausstehend",
  rejected: "Abgelehnt",
  noReceiptTitle: "Kein Beleg für diese Zahlung",
  noReceipt: (status: string, shop: string) =>
    `Diese Zahlung wurde beendet, ohne bestätigt zu werden (ihr Status ist ${status}), daher gibt es keinen Beleg. Wenn Sie Geld gesendet haben, wenden Sie sich mit der Zahlungsreferenz an ${shop}.`,
  notReadyTitle: "Ihr Beleg ist noch nicht fertig",
  notReady: (status: string) =>
    `Der Beleg erscheint hier, sobald die Zahlung bestätigt ist. Ihr aktueller Status ist ${status}. Laden Sie diese Seite später neu und bewahren Sie ihre Adresse auf.`,
  notFoundTitle: "Beleg nicht gefunden",
  notFound:
    "Unter dieser Adresse wurde kein Beleg gefunden. Öffnen Sie den vollständigen Link erneut, einschließlich allem nach dem Zeichen #; nur der Link, den Sie erhalten haben, öffnet den Beleg.",
  errorTitle: "Der Beleg konnte nicht geladen werden",
  connectionFailed: "Die Verbindung ist fehlgeschlagen. Prüfen Sie Ihre Verbindung und laden Sie diese Seite neu.",
  serverError: (status: string) => `Der Server antwortete mit ${status}. Laden Sie diese Seite gleich noch einmal.`,
};
