/** The payment link page's texts in Romanian (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Sumă (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Între ${min} și ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} – ${max} ${currency}`,
  anyAmount: (range: string) => `Orice sumă între ${range}`,
  optional: (label: string) => `${label} (opțional)`,
  payWith: "Plătește cu",
  continue: "Continuă spre plată",
  needsScript: "Această pagină are nevoie de JavaScript pentru a primi plata.",
  linkHeading: "Link de plată",
  expired: "Acest link de plată a expirat.",
  disabled: "Acest link de plată nu mai este activ.",
  used: "Acest link de plată a fost deja plătit.",
  notFoundTitle: "Linkul de plată nu a fost găsit",
  notFound: "La această adresă nu există niciun link de plată. Verifică linkul primit.",
  contactShop: "Cere magazinului un link nou.",
  amountError: (min: string, max: string, currency: string) => `Introdu o sumă între ${min} și ${max} ${currency}.`,
  referenceError: (label: string) => `Completează „${label}”.`,
  goneError: "Acest link de plată nu mai poate fi plătit. Cere magazinului un link nou.",
  failedError: "Plata nu a putut fi inițiată. Reîncarcă pagina și încearcă din nou.",
  networkError: "Plata nu a putut fi inițiată. Verifică-ți conexiunea și încearcă din nou.",
};
