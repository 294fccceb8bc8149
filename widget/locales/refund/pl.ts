/** The refund mode's texts in Polish (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Zwrot",
  loading: "Wczytywanie zwrotu…",
  heading: (shop: string) => `Zwrot od ${shop}`,
  youReceive: "Otrzymasz",
  refundOf: "Zwrot kwoty:",
  addressLabel: (currency: string) => `Twój adres ${currency}`,
  addressHelp: (currency: string) => `Skopiuj adres odbiorczy z portfela ${currency} i wklej go tutaj.`,
  testnetHelp: "To jest zwrot testowy: podaj adres z sieci testowej.",
  confirmLabel: "Ten sam adres jeszcze raz",
  confirmHelp: "Ten adres nie ma sumy kontrolnej: wpisanie go dwa razy wychwyci literówki.",
  next: "Dalej",
  confirmHeading: "Sprawdź adres",
  confirmQuestion: (amount: string) => `Wysłać ${amount} na ten adres?`,
  cannotChange: "Adresu nie będzie można później zmienić.",
  send: "Tak, wyślij tutaj",
  edit: "Zmień adres",
  submitting: "Wysyłanie adresu…",
  received: "Adres przyjęty",
  receivedText: (amount: string) => `Sklep wyśle ${amount} na ten adres:`,
  closed: "Ten zwrot jest zamknięty. W razie pytań skontaktuj się ze sklepem.",
  expired: "Link do zwrotu wygasł. Poproś sklep o nowy link.",
  used: "Adres dla tego zwrotu został już podany. Jeśli jest błędny, poproś sklep o nowy link.",
  invalid: "Ten link do zwrotu jest nieprawidłowy. Sprawdź, czy otworzono cały link, lub poproś sklep o nowy.",
  rateLimited: "Zbyt wiele prób w krótkim czasie. Odczekaj minutę i spróbuj ponownie.",
  network: "Nie można połączyć się ze zwrotem. Sprawdź połączenie z internetem i spróbuj ponownie.",
  failed: "Coś poszło nie tak podczas wczytywania zwrotu. Spróbuj ponownie.",
  refused: "Sklep nie przyjął tego adresu.",
  empty: "Podaj adres, na który chcesz otrzymać zwrot.",
  format: (currency: string) => `To nie jest adres ${currency}. Skopiuj adres odbiorczy ze swojego portfela.`,
  checksum:
    "Ten adres zawiera literówkę: suma kontrolna się nie zgadza. Skopiuj i wklej go z portfela zamiast przepisywać.",
  networkTest: (currency: string) =>
    `To jest adres sieci testowej ${currency}. Podaj adres ze swojego zwykłego portfela.`,
  networkMain: (currency: string) =>
    `To jest adres sieci głównej ${currency}, ale ten zwrot jest testowy. Podaj adres z sieci testowej.`,
  unsupported: "Na adres tego typu nie można jeszcze wysyłać zwrotów. Poproś portfel o inny adres odbiorczy.",
  confirmationMissing: "Wpisz adres drugi raz w polu poniżej.",
  confirmationDiffers: "Adresy się różnią. Wklej ten sam adres w oba pola.",
};
