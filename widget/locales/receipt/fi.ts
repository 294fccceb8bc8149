/** The receipt page's texts in Finnish (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Kuittia ladataan…",
  heading: (shop: string) => `Kuitti: ${shop}`,
  documentTitle: (id: string, shop: string) => `Kuitti ${id} – ${shop}`,
  testPayment: "Testimaksu: oikeaa rahaa ei siirretty",
  transaction: "Tapahtuma",
  transactions: "Tapahtumat",
  noTransactions: "Maksupalvelu ei ilmoittanut yhtään.",
  confirmedBy: (shop: string) => `Maksupalvelu on vahvistanut maksun kaupalle ${shop}.`,
  print: "Tulosta tai tallenna tiedostoksi",
  for: "Kohde",
  order: "Tilaus",
  price: "Hinta",
  amountIn: (currency: string) => `Summa (${currency})`,
  paid: "Maksettu",
  exchangeRate: "Vaihtokurssi",
  confirmed: "Vahvistettu",
  reference: "Maksun viite",
  transactionId: "Tapahtuman tunnus",
  amount: "Summa",
  state: "Tila",
  seen: "Havaittu",
  accepted: "Vahvistettu",
  waiting: "Odottaa",
  rejected: "Hylätty",
  noReceiptTitle: "Tästä maksusta ei ole kuittia",
  noReceipt: (status: string, shop: string) =>
    `Tämä maksu päättyi vahvistamatta (sen tila on ${status}), joten siitä ei ole kuittia. Jos lähetit rahaa, ota yhteyttä kauppaan ${shop} ja kerro maksun viite.`,
  notReadyTitle: "Kuittisi ei ole vielä valmis",
  notReady: (status: string) =>
    `Kuitti näkyy tässä, kun maksu on vahvistettu. Sen tila on nyt ${status}. Lataa tämä sivu myöhemmin uudelleen ja säilytä sen osoite.`,
  notFoundTitle: "Kuittia ei löytynyt",
  notFound:
    "Tästä osoitteesta ei löytynyt kuittia. Avaa koko linkki uudelleen, myös kaikki #-merkin jälkeinen; vain saamasi linkki avaa kuitin.",
  errorTitle: "Kuittia ei voitu ladata",
  connectionFailed: "Yhteys epäonnistui. Tarkista yhteytesi ja lataa tämä sivu uudelleen.",
  serverError: (status: string) => `Palvelin vastasi ${status}. Lataa tämä sivu hetken kuluttua uudelleen.`,
};
