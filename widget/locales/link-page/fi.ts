/** The payment link page's texts in Finnish (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Summa (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `${min}–${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min}–${max} ${currency}`,
  anyAmount: (range: string) => `Vapaa summa: ${range}`,
  optional: (label: string) => `${label} (valinnainen)`,
  payWith: "Maksutapa",
  continue: "Jatka maksamaan",
  needsScript: "Tämä sivu tarvitsee JavaScriptin maksun vastaanottamiseen.",
  linkHeading: "Maksulinkki",
  expired: "Tämä maksulinkki on vanhentunut.",
  disabled: "Tämä maksulinkki ei ole enää käytössä.",
  used: "Tämä maksulinkki on jo maksettu.",
  notFoundTitle: "Maksulinkkiä ei löytynyt",
  notFound: "Tässä osoitteessa ei ole maksulinkkiä. Tarkista saamasi linkki.",
  contactShop: "Pyydä kaupalta uusi linkki.",
  amountError: (min: string, max: string, currency: string) => `Anna summa väliltä ${min}–${max} ${currency}.`,
  referenceError: (label: string) => `Täytä kenttä ”${label}”.`,
  goneError: "Tätä maksulinkkiä ei voi enää maksaa. Pyydä kaupalta uusi linkki.",
  failedError: "Maksua ei voitu aloittaa. Lataa sivu uudelleen ja yritä uudestaan.",
  networkError: "Maksua ei voitu aloittaa. Tarkista yhteytesi ja yritä uudestaan.",
};
