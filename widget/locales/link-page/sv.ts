/** The payment link page's texts in Swedish (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Belopp (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Mellan ${min} och ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} till ${max} ${currency}`,
  anyAmount: (range: string) => `Valfritt belopp från ${range}`,
  optional: (label: string) => `${label} (valfritt)`,
  payWith: "Betala med",
  continue: "Fortsätt till betalning",
  needsScript: "Den här sidan behöver JavaScript för att ta emot betalningen.",
  linkHeading: "Betallänk",
  expired: "Den här betallänken har gått ut.",
  disabled: "Den här betallänken är inte längre aktiv.",
  used: "Den här betallänken har redan betalats.",
  notFoundTitle: "Betallänken hittades inte",
  notFound: "Det finns ingen betallänk på den här adressen. Kontrollera länken du fick.",
  contactShop: "Be butiken om en ny länk.",
  amountError: (min: string, max: string, currency: string) => `Ange ett belopp mellan ${min} och ${max} ${currency}.`,
  referenceError: (label: string) => `Fyll i ”${label}”.`,
  goneError: "Den här betallänken kan inte längre betalas. Be butiken om en ny länk.",
  failedError: "Betalningen kunde inte startas. Ladda om sidan och försök igen.",
  networkError: "Betalningen kunde inte startas. Kontrollera din anslutning och försök igen.",
};
