/** The payment link page's texts in Slovak (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Suma (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Od ${min} do ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `od ${min} do ${max} ${currency}`,
  anyAmount: (range: string) => `Ľubovoľná suma ${range}`,
  optional: (label: string) => `${label} (nepovinné)`,
  payWith: "Zaplatiť pomocou",
  continue: "Pokračovať na platbu",
  needsScript: "Táto stránka potrebuje JavaScript, aby mohla prijať platbu.",
  linkHeading: "Platobný odkaz",
  expired: "Platnosť tohto platobného odkazu vypršala.",
  disabled: "Tento platobný odkaz už nie je aktívny.",
  used: "Tento platobný odkaz už bol zaplatený.",
  notFoundTitle: "Platobný odkaz sa nenašiel",
  notFound: "Na tejto adrese nie je žiadny platobný odkaz. Skontrolujte odkaz, ktorý ste dostali.",
  contactShop: "Požiadajte obchod o nový odkaz.",
  amountError: (min: string, max: string, currency: string) => `Zadajte sumu od ${min} do ${max} ${currency}.`,
  referenceError: (label: string) => `Vyplňte pole „${label}“.`,
  goneError: "Tento platobný odkaz už nie je možné zaplatiť. Požiadajte obchod o nový odkaz.",
  failedError: "Platbu sa nepodarilo spustiť. Znova načítajte stránku a skúste to znova.",
  networkError: "Platbu sa nepodarilo spustiť. Skontrolujte pripojenie a skúste to znova.",
};
