/** The payment link page's texts in Czech (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Částka (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Od ${min} do ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `od ${min} do ${max} ${currency}`,
  anyAmount: (range: string) => `Libovolná částka ${range}`,
  optional: (label: string) => `${label} (nepovinné)`,
  payWith: "Zaplatit pomocí",
  continue: "Pokračovat k platbě",
  needsScript: "Tato stránka potřebuje JavaScript, aby mohla přijmout platbu.",
  linkHeading: "Platební odkaz",
  expired: "Platnost tohoto platebního odkazu vypršela.",
  disabled: "Tento platební odkaz už není aktivní.",
  used: "Tento platební odkaz už byl zaplacen.",
  notFoundTitle: "Platební odkaz nebyl nalezen",
  notFound: "Na této adrese není žádný platební odkaz. Zkontrolujte odkaz, který jste dostali.",
  contactShop: "Požádejte obchod o nový odkaz.",
  amountError: (min: string, max: string, currency: string) => `Zadejte částku od ${min} do ${max} ${currency}.`,
  referenceError: (label: string) => `Vyplňte pole „${label}“.`,
  goneError: "Tento platební odkaz už nelze zaplatit. Požádejte obchod o nový odkaz.",
  failedError: "Platbu se nepodařilo zahájit. Načtěte stránku znovu a zkuste to ještě jednou.",
  networkError: "Platbu se nepodařilo zahájit. Zkontrolujte připojení a zkuste to ještě jednou.",
};
