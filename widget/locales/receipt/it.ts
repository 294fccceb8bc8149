/** The receipt page's texts in Italian (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Caricamento della ricevuta…",
  heading: (shop: string) => `Ricevuta di ${shop}`,
  documentTitle: (id: string, shop: string) => `Ricevuta ${id} – ${shop}`,
  testPayment: "Pagamento di prova: nessun denaro reale è stato trasferito",
  transaction: "Transazione",
  transactions: "Transazioni",
  noTransactions: "Il servizio di pagamento non ne ha indicata nessuna.",
  confirmedBy: (shop: string) => `Pagamento confermato dal servizio di pagamento per ${shop}.`,
  print: "Stampa o salva come file",
  for: "Per",
  order: "Ordine",
  price: "Prezzo",
  amountIn: (currency: string) => `Importo in ${currency}`,
  paid: "Pagato",
  exchangeRate: "Tasso di cambio",
  confirmed: "Confermato",
  reference: "Riferimento del pagamento",
  transactionId: "ID transazione",
  amount: "Importo",
  state: "Stato",
  seen: "Rilevata",
  accepted: "Confermata",
  waiting: "In attesa",
  rejected: "Rifiutata",
  noReceiptTitle: "Nessuna ricevuta per questo pagamento",
  noReceipt: (status: string, shop: string) =>
    `Questo pagamento si è concluso senza essere confermato (il suo stato è ${status}), quindi non ha una ricevuta. Se hai inviato denaro, contatta ${shop} indicando il riferimento del pagamento.`,
  notReadyTitle: "La tua ricevuta non è ancora pronta",
  notReady: (status: string) =>
    `La ricevuta comparirà qui quando il pagamento sarà confermato. Il suo stato attuale è ${status}. Ricarica questa pagina più tardi e conservane l’indirizzo.`,
  notFoundTitle: "Ricevuta non trovata",
  notFound:
    "A questo indirizzo non è stata trovata alcuna ricevuta. Apri di nuovo il link completo, compreso tutto ciò che segue il segno #; solo il link che hai ricevuto apre la ricevuta.",
  errorTitle: "Non è stato possibile caricare la ricevuta",
  connectionFailed: "La connessione non è riuscita. Controlla la connessione e ricarica questa pagina.",
  serverError: (status: string) => `Il server ha risposto ${status}. Ricarica questa pagina tra poco.`,
};
