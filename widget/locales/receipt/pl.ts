/** The receipt page's texts in Polish (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Wczytywanie potwierdzenia…",
  heading: (shop: string) => `Potwierdzenie płatności od ${shop}`,
  documentTitle: (id: string, shop: string) => `Potwierdzenie ${id} – ${shop}`,
  testPayment: "Płatność testowa: nie przesłano prawdziwych pieniędzy",
  transaction: "Transakcja",
  transactions: "Transakcje",
  noTransactions: "Serwis płatności nie podał żadnej.",
  confirmedBy: (shop: string) => `Płatność potwierdzona przez serwis płatności dla ${shop}.`,
  print: "Wydrukuj lub zapisz jako plik",
  for: "Za",
  order: "Zamówienie",
  price: "Cena",
  amountIn: (currency: string) => `Kwota w ${currency}`,
  paid: "Zapłacono",
  exchangeRate: "Kurs wymiany",
  confirmed: "Potwierdzono",
  reference: "Identyfikator płatności",
  transactionId: "ID transakcji",
  amount: "Kwota",
  state: "Stan",
  seen: "Wykryto",
  accepted: "Potwierdzona",
  waiting: "Oczekuje",
  rejected: "Odrzucona",
  noReceiptTitle: "Brak potwierdzenia dla tej płatności",
  noReceipt: (status: string, shop: string) =>
    `Ta płatność zakończyła się bez potwierdzenia (jej status to ${status}), więc nie ma potwierdzenia. Jeśli wysłano pieniądze, skontaktuj się z ${shop}, podając identyfikator płatności.`,
  notReadyTitle: "Potwierdzenie nie jest jeszcze gotowe",
  notReady: (status: string) =>
    `Potwierdzenie pojawi się tutaj, gdy płatność zostanie potwierdzona. Jej obecny status to ${status}. Odśwież tę stronę później i zachowaj jej adres.`,
  notFoundTitle: "Nie znaleziono potwierdzenia",
  notFound:
    "Pod tym adresem nie znaleziono potwierdzenia. Otwórz ponownie cały link, łącznie ze wszystkim po znaku #; tylko otrzymany link otwiera potwierdzenie.",
  errorTitle: "Nie udało się wczytać potwierdzenia",
  connectionFailed: "Połączenie nie powiodło się. Sprawdź połączenie i odśwież tę stronę.",
  serverError: (status: string) => `Serwer odpowiedział kodem ${status}. Odśwież tę stronę za chwilę.`,
};
