/** The receipt page's texts in Hungarian (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "A nyugta betöltése…",
  heading: (shop: string) => `Nyugta – ${shop}`,
  documentTitle: (id: string, shop: string) => `${id} számú nyugta – ${shop}`,
  testPayment: "Tesztfizetés: valódi pénz nem mozdult",
  transaction: "Tranzakció",
  transactions: "Tranzakciók",
  noTransactions: "A fizetési szolgáltatás egyet sem sorolt fel.",
  confirmedBy: (shop: string) => `A fizetést a fizetési szolgáltatás igazolta a(z) ${shop} számára.`,
  print: "Nyomtatás vagy mentés fájlba",
  for: "Tárgy",
  order: "Rendelés",
  price: "Ár",
  amountIn: (currency: string) => `Összeg ${currency} pénznemben`,
  paid: "Kifizetve",
  exchangeRate: "Árfolyam",
  confirmed: "Megerősítve",
  reference: "Fizetési azonosító",
  transactionId: "Tranzakcióazonosító",
  amount: "Összeg",
  state: "Állapot",
  seen: "Észlelve",
  accepted: "Megerősítve",
  waiting: "Függőben",
  rejected: "Elutasítva",
  noReceiptTitle: "Ehhez a fizetéshez nincs nyugta",
  noReceipt: (status: string, shop: string) =>
    `Ez a fizetés megerősítés nélkül zárult le (állapota: ${status}), ezért nincs hozzá nyugta. Ha pénzt küldött, forduljon a(z) ${shop} üzlethez a fizetési azonosítóval.`,
  notReadyTitle: "A nyugtája még nem készült el",
  notReady: (status: string) =>
    `A nyugta itt jelenik meg, amint a fizetést megerősítik. Jelenlegi állapota: ${status}. Töltse újra az oldalt később, és őrizze meg a címét.`,
  notFoundTitle: "A nyugta nem található",
  notFound:
    "Ezen a címen nem található nyugta. Nyissa meg újra a teljes linket, a # jel utáni részt is; csak a kapott link nyitja meg a nyugtát.",
  errorTitle: "A nyugtát nem sikerült betölteni",
  connectionFailed: "A kapcsolat nem jött létre. Ellenőrizze a kapcsolatot, és töltse újra az oldalt.",
  serverError: (status: string) => `A szerver ${status} kóddal válaszolt. Töltse újra az oldalt egy kis idő múlva.`,
};
