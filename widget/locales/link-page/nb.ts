/** The payment link page's texts in Norwegian Bokmål (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Beløp (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Mellom ${min} og ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} til ${max} ${currency}`,
  anyAmount: (range: string) => `Valgfritt beløp fra ${range}`,
  optional: (label: string) => `${label} (valgfritt)`,
  payWith: "Betal med",
  continue: "Fortsett til betaling",
  needsScript: "Denne siden trenger JavaScript for å ta imot betalingen.",
  linkHeading: "Betalingslenke",
  expired: "Denne betalingslenken er utløpt.",
  disabled: "Denne betalingslenken er ikke lenger aktiv.",
  used: "Denne betalingslenken er allerede betalt.",
  notFoundTitle: "Fant ikke betalingslenken",
  notFound: "Det finnes ingen betalingslenke på denne adressen. Sjekk lenken du fikk.",
  contactShop: "Be butikken om en ny lenke.",
  amountError: (min: string, max: string, currency: string) =>
    `Skriv inn et beløp mellom ${min} og ${max} ${currency}.`,
  referenceError: (label: string) => `Fyll ut «${label}».`,
  goneError: "Denne betalingslenken kan ikke lenger betales. Be butikken om en ny lenke.",
  failedError: "Betalingen kunne ikke startes. Last inn siden på nytt og prøv igjen.",
  networkError: "Betalingen kunne ikke startes. Sjekk tilkoblingen og prøv igjen.",
};
