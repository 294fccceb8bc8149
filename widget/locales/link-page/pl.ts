/** The payment link page's texts in Polish (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Kwota (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Od ${min} do ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `od ${min} do ${max} ${currency}`,
  anyAmount: (range: string) => `Dowolna kwota ${range}`,
  optional: (label: string) => `${label} (opcjonalnie)`,
  payWith: "Zapłać za pomocą",
  continue: "Przejdź do płatności",
  needsScript: "Ta strona wymaga JavaScriptu, aby przyjąć płatność.",
  linkHeading: "Link do płatności",
  expired: "Ten link do płatności wygasł.",
  disabled: "Ten link do płatności nie jest już aktywny.",
  used: "Ten link do płatności został już opłacony.",
  notFoundTitle: "Nie znaleziono linku do płatności",
  notFound: "Pod tym adresem nie ma linku do płatności. Sprawdź otrzymany link.",
  contactShop: "Poproś sklep o nowy link.",
  amountError: (min: string, max: string, currency: string) => `Wpisz kwotę od ${min} do ${max} ${currency}.`,
  referenceError: (label: string) => `Wypełnij pole „${label}”.`,
  goneError: "Tego linku do płatności nie można już opłacić. Poproś sklep o nowy link.",
  failedError: "Nie udało się rozpocząć płatności. Odśwież stronę i spróbuj ponownie.",
  networkError: "Nie udało się rozpocząć płatności. Sprawdź połączenie i spróbuj ponownie.",
};
