/** The refund mode's texts in Dutch (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Terugbetaling",
  loading: "Terugbetaling laden…",
  heading: (shop: string) => `Terugbetaling van ${shop}`,
  youReceive: "U ontvangt",
  refundOf: "Terugbetaling van:",
  addressLabel: (currency: string) => `Uw ${currency}-adres`,
  addressHelp: (currency: string) => `Kopieer het ontvangstadres uit uw ${currency}-wallet en plak het hier.`,
  testnetHelp: "Dit is een testterugbetaling: geef een adres van het testnetwerk op.",
  confirmLabel: "Hetzelfde adres nogmaals",
  confirmHelp: "Dit adres heeft geen controlegetal: door het twee keer in te voeren vallen typefouten op.",
  next: "Doorgaan",
  confirmHeading: "Controleer het adres",
  confirmQuestion: (amount: string) => `${amount} naar dit adres sturen?`,
  cannotChange: "Het adres kan daarna niet meer worden gewijzigd.",
  send: "Ja, stuur het hierheen",
  edit: "Adres wijzigen",
  submitting: "Uw adres wordt verzonden…",
  received: "Adres ontvangen",
  receivedText: (amount: string) => `De winkel stuurt ${amount} naar dit adres:`,
  closed: "Deze terugbetaling is afgesloten. Neem bij vragen contact op met de winkel.",
  expired: "Deze terugbetalingslink is verlopen. Vraag de winkel om een nieuwe link.",
  used: "Voor deze terugbetaling is al een adres opgegeven. Is het onjuist, vraag de winkel dan om een nieuwe link.",
  invalid:
    "Deze terugbetalingslink is ongeldig. Controleer of u de hele link hebt geopend, of vraag de winkel om een nieuwe.",
  rateLimited: "Te veel pogingen in korte tijd. Wacht een minuut en probeer het dan opnieuw.",
  network: "De terugbetaling is niet bereikbaar. Controleer uw internetverbinding en probeer het opnieuw.",
  failed: "Er ging iets mis bij het laden van de terugbetaling. Probeer het opnieuw.",
  refused: "De winkel heeft dit adres niet geaccepteerd.",
  empty: "Voer het adres in waarop u de terugbetaling wilt ontvangen.",
  format: (currency: string) => `Dit is geen ${currency}-adres. Kopieer het ontvangstadres uit uw wallet.`,
  checksum:
    "Dit adres bevat een typefout: het controlegetal klopt niet. Kopieer en plak het uit uw wallet in plaats van het over te typen.",
  networkTest: (currency: string) =>
    `Dit is een adres van het ${currency}-testnetwerk. Geef een adres uit uw gewone wallet op.`,
  networkMain: (currency: string) =>
    `Dit is een adres van het ${currency}-hoofdnetwerk, maar dit is een testterugbetaling. Geef een adres van het testnetwerk op.`,
  unsupported: "Naar dit soort adres kan nog niet worden terugbetaald. Vraag uw wallet om een ander ontvangstadres.",
  confirmationMissing: "Voer het adres een tweede keer in het veld hieronder in.",
  confirmationDiffers: "De twee adressen verschillen. Plak hetzelfde adres in beide velden.",
};
