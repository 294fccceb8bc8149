/** The receipt page's texts in Slovak (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Načítava sa potvrdenie…",
  heading: (shop: string) => `Potvrdenie o platbe od ${shop}`,
  documentTitle: (id: string, shop: string) => `Potvrdenie ${id} – ${shop}`,
  testPayment: "Testovacia platba: nepresunuli sa žiadne skutočné peniaze",
  transaction: "Transakcia",
  transactions: "Transakcie",
  noTransactions: "Platobná služba neuviedla žiadnu.",
  confirmedBy: (shop: string) => `Platbu potvrdila platobná služba pre ${shop}.`,
  print: "Vytlačiť alebo uložiť ako súbor",
  for: "Za",
  order: "Objednávka",
  price: "Cena",
  amountIn: (currency: string) => `Suma v ${currency}`,
  paid: "Zaplatené",
  exchangeRate: "Výmenný kurz",
  confirmed: "Potvrdené",
  reference: "Identifikátor platby",
  transactionId: "ID transakcie",
  amount: "Suma",
  state: "Stav",
  seen: "Zachytené",
  accepted: "Potvrdené",
  waiting: "Čaká",
  rejected: "Zamietnuté",
  noReceiptTitle: "K tejto platbe neexistuje potvrdenie",
  noReceipt: (status: string, shop: string) =>
    `Táto platba sa skončila bez potvrdenia (jej stav je ${status}), preto k nej neexistuje potvrdenie. Ak ste poslali peniaze, kontaktujte ${shop} a uveďte identifikátor platby.`,
  notReadyTitle: "Vaše potvrdenie ešte nie je pripravené",
  notReady: (status: string) =>
    `Potvrdenie sa tu zobrazí, keď bude platba potvrdená. Jej aktuálny stav je ${status}. Načítajte túto stránku neskôr znova a uschovajte si jej adresu.`,
  notFoundTitle: "Potvrdenie sa nenašlo",
  notFound:
    "Na tejto adrese sa nenašlo žiadne potvrdenie. Otvorte znova celý odkaz vrátane všetkého za znakom #; potvrdenie otvorí iba odkaz, ktorý ste dostali.",
  errorTitle: "Potvrdenie sa nepodarilo načítať",
  connectionFailed: "Pripojenie zlyhalo. Skontrolujte pripojenie a znova načítajte túto stránku.",
  serverError: (status: string) => `Server odpovedal kódom ${status}. O chvíľu túto stránku načítajte znova.`,
};
