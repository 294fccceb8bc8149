/** The payment link page's texts in Hungarian (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Összeg (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `${min} és ${max} ${currency} között`,
  range: (min: string, max: string, currency: string) => `${min}–${max} ${currency}`,
  anyAmount: (range: string) => `Tetszőleges összeg: ${range}`,
  optional: (label: string) => `${label} (nem kötelező)`,
  payWith: "Fizetés ezzel",
  continue: "Tovább a fizetéshez",
  needsScript: "Az oldalnak JavaScriptre van szüksége a fizetés fogadásához.",
  linkHeading: "Fizetési link",
  expired: "Ez a fizetési link lejárt.",
  disabled: "Ez a fizetési link már nem aktív.",
  used: "Ezt a fizetési linket már kifizették.",
  notFoundTitle: "A fizetési link nem található",
  notFound: "Ezen a címen nincs fizetési link. Ellenőrizze a kapott linket.",
  contactShop: "Kérjen új linket az üzlettől.",
  amountError: (min: string, max: string, currency: string) =>
    `Adjon meg egy összeget ${min} és ${max} ${currency} között.`,
  referenceError: (label: string) => `Töltse ki ezt: „${label}”.`,
  goneError: "Ez a fizetési link már nem fizethető ki. Kérjen új linket az üzlettől.",
  failedError: "A fizetést nem sikerült elindítani. Töltse újra az oldalt, és próbálja újra.",
  networkError: "A fizetést nem sikerült elindítani. Ellenőrizze a kapcsolatot, és próbálja újra.",
};
