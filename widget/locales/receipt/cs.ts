/** The receipt page's texts in Czech (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Načítání potvrzení…",
  heading: (shop: string) => `Potvrzení o platbě od ${shop}`,
  documentTitle: (id: string, shop: string) => `Potvrzení ${id} – ${shop}`,
  testPayment: "Testovací platba: žádné skutečné peníze se nepřevedly",
  transaction: "Transakce",
  transactions: "Transakce",
  noTransactions: "Platební služba žádnou neuvedla.",
  confirmedBy: (shop: string) => `Platbu potvrdila platební služba pro ${shop}.`,
  print: "Vytisknout nebo uložit jako soubor",
  for: "Za",
  order: "Objednávka",
  price: "Cena",
  amountIn: (currency: string) => `Částka v ${currency}`,
  paid: "Zaplaceno",
  exchangeRate: "Směnný kurz",
  confirmed: "Potvrzeno",
  reference: "Identifikátor platby",
  transactionId: "ID transakce",
  amount: "Částka",
  state: "Stav",
  seen: "Zachyceno",
  accepted: "Potvrzeno",
  waiting: "Čeká",
  rejected: "Zamítnuto",
  noReceiptTitle: "K této platbě neexistuje potvrzení",
  noReceipt: (status: string, shop: string) =>
    `Tato platba skončila bez potvrzení (její stav je ${status}), proto k ní neexistuje potvrzení. Pokud jste poslali peníze, kontaktujte ${shop} a uveďte identifikátor platby.`,
  notReadyTitle: "Vaše potvrzení ještě není připravené",
  notReady: (status: string) =>
    `Potvrzení se tu zobrazí, jakmile bude platba potvrzena. Její současný stav je ${status}. Načtěte tuto stránku později znovu a uschovejte si její adresu.`,
  notFoundTitle: "Potvrzení nebylo nalezeno",
  notFound:
    "Na této adrese nebylo nalezeno žádné potvrzení. Otevřete znovu celý odkaz včetně všeho za znakem #; potvrzení otevře jen odkaz, který jste dostali.",
  errorTitle: "Potvrzení se nepodařilo načíst",
  connectionFailed: "Připojení selhalo. Zkontrolujte připojení a načtěte tuto stránku znovu.",
  serverError: (status: string) => `Server odpověděl kódem ${status}. Za chvíli tuto stránku načtěte znovu.`,
};
