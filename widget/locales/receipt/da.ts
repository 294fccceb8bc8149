/** The receipt page's texts in Danish (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Indlæser kvitteringen…",
  heading: (shop: string) => `Kvittering fra ${shop}`,
  documentTitle: (id: string, shop: string) => `Kvittering ${id} – ${shop}`,
  testPayment: "Testbetaling: ingen rigtige penge er overført",
  transaction: "Transaktion",
  transactions: "Transaktioner",
  noTransactions: "Betalingstjenesten angav ingen.",
  confirmedBy: (shop: string) => `Betalingen er bekræftet af betalingstjenesten for ${shop}.`,
  print: "Udskriv eller gem som fil",
  for: "Vedrørende",
  order: "Ordre",
  price: "Pris",
  amountIn: (currency: string) => `Beløb i ${currency}`,
  paid: "Betalt",
  exchangeRate: "Vekselkurs",
  confirmed: "Bekræftet",
  reference: "Betalingsreference",
  transactionId: "Transaktions-id",
  amount: "Beløb",
  state: "Status",
  seen: "Registreret",
  accepted: "Bekræftet",
  waiting: "Afventer",
  rejected: "Afvist",
  noReceiptTitle: "Ingen kvittering for denne betaling",
  noReceipt: (status: string, shop: string) =>
    `Denne betaling sluttede uden at blive bekræftet (dens status er ${status}), så der er ingen kvittering. Hvis du har sendt penge, så kontakt ${shop} med betalingsreferencen.`,
  notReadyTitle: "Din kvittering er ikke klar endnu",
  notReady: (status: string) =>
    `Kvitteringen vises her, når betalingen er bekræftet. Dens status er nu ${status}. Genindlæs siden senere, og gem dens adresse.`,
  notFoundTitle: "Kvitteringen blev ikke fundet",
  notFound:
    "Der blev ikke fundet nogen kvittering på denne adresse. Åbn hele linket igen, inklusive alt efter tegnet #; kun det link, du har fået, åbner kvitteringen.",
  errorTitle: "Kvitteringen kunne ikke indlæses",
  connectionFailed: "Forbindelsen mislykkedes. Tjek din forbindelse, og genindlæs siden.",
  serverError: (status: string) => `Serveren svarede ${status}. Genindlæs siden om lidt.`,
};
