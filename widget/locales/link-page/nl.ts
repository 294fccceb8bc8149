/** The payment link page's texts in Dutch (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Bedrag (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Tussen ${min} en ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} tot ${max} ${currency}`,
  anyAmount: (range: string) => `Elk bedrag van ${range}`,
  optional: (label: string) => `${label} (optioneel)`,
  payWith: "Betalen met",
  continue: "Doorgaan naar betalen",
  needsScript: "Deze pagina heeft JavaScript nodig om de betaling te ontvangen.",
  linkHeading: "Betaallink",
  expired: "Deze betaallink is verlopen.",
  disabled: "Deze betaallink is niet meer actief.",
  used: "Deze betaallink is al betaald.",
  notFoundTitle: "Betaallink niet gevonden",
  notFound: "Op dit adres staat geen betaallink. Controleer de link die je hebt ontvangen.",
  contactShop: "Vraag de winkel om een nieuwe link.",
  amountError: (min: string, max: string, currency: string) => `Vul een bedrag in tussen ${min} en ${max} ${currency}.`,
  referenceError: (label: string) => `Vul ‘${label}’ in.`,
  goneError: "Deze betaallink kan niet meer worden betaald. Vraag de winkel om een nieuwe link.",
  failedError: "De betaling kon niet worden gestart. Laad de pagina opnieuw en probeer het nog eens.",
  networkError: "De betaling kon niet worden gestart. Controleer je verbinding en probeer het nog eens.",
};
