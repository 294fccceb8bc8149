/** The payment link page's texts in Danish (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Beløb (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Mellem ${min} og ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} til ${max} ${currency}`,
  anyAmount: (range: string) => `Valgfrit beløb fra ${range}`,
  optional: (label: string) => `${label} (valgfrit)`,
  payWith: "Betal med",
  continue: "Fortsæt til betaling",
  needsScript: "Denne side kræver JavaScript for at modtage betalingen.",
  linkHeading: "Betalingslink",
  expired: "Dette betalingslink er udløbet.",
  disabled: "Dette betalingslink er ikke længere aktivt.",
  used: "Dette betalingslink er allerede betalt.",
  notFoundTitle: "Betalingslinket blev ikke fundet",
  notFound: "Der er intet betalingslink på denne adresse. Tjek det link, du har fået.",
  contactShop: "Bed butikken om et nyt link.",
  amountError: (min: string, max: string, currency: string) => `Indtast et beløb mellem ${min} og ${max} ${currency}.`,
  referenceError: (label: string) => `Udfyld “${label}”.`,
  goneError: "Dette betalingslink kan ikke længere betales. Bed butikken om et nyt link.",
  failedError: "Betalingen kunne ikke startes. Genindlæs siden, og prøv igen.",
  networkError: "Betalingen kunne ikke startes. Tjek din forbindelse, og prøv igen.",
};
