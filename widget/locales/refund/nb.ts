/** The refund mode's texts in Norwegian Bokmål (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Tilbakebetaling",
  loading: "Laster inn tilbakebetalingen…",
  heading: (shop: string) => `Tilbakebetaling fra ${shop}`,
  youReceive: "Du mottar",
  refundOf: "Tilbakebetaling av:",
  addressLabel: (currency: string) => `Din ${currency}-adresse`,
  addressHelp: (currency: string) => `Kopier mottaksadressen fra ${currency}-lommeboken din og lim den inn her.`,
  testnetHelp: "Dette er en testtilbakebetaling: oppgi en adresse på testnettverket.",
  confirmLabel: "Den samme adressen igjen",
  confirmHelp: "Adressen har ingen kontrollsum: å skrive den to ganger fanger opp skrivefeil.",
  next: "Fortsett",
  confirmHeading: "Sjekk adressen",
  confirmQuestion: (amount: string) => `Sende ${amount} til denne adressen?`,
  cannotChange: "Adressen kan ikke endres etterpå.",
  send: "Ja, send hit",
  edit: "Endre adressen",
  submitting: "Sender adressen din…",
  received: "Adressen er mottatt",
  receivedText: (amount: string) => `Butikken sender ${amount} til denne adressen:`,
  closed: "Denne tilbakebetalingen er avsluttet. Kontakt butikken hvis du har spørsmål.",
  expired: "Lenken til tilbakebetalingen har utløpt. Be butikken om en ny lenke.",
  used: "Det er allerede oppgitt en adresse for denne tilbakebetalingen. Hvis den er feil, be butikken om en ny lenke.",
  invalid: "Lenken til tilbakebetalingen er ugyldig. Sjekk at du åpnet hele lenken, eller be butikken om en ny.",
  rateLimited: "For mange forsøk på kort tid. Vent et minutt, og prøv igjen.",
  network: "Tilbakebetalingen kan ikke nås. Sjekk internettforbindelsen, og prøv igjen.",
  failed: "Noe gikk galt da tilbakebetalingen ble lastet inn. Prøv igjen.",
  refused: "Butikken godtok ikke denne adressen.",
  empty: "Skriv inn adressen du vil motta tilbakebetalingen på.",
  format: (currency: string) => `Dette er ikke en ${currency}-adresse. Kopier mottaksadressen fra lommeboken din.`,
  checksum:
    "Adressen inneholder en skrivefeil: kontrollsummen stemmer ikke. Kopier og lim den inn fra lommeboken i stedet for å skrive den.",
  networkTest: (currency: string) =>
    `Dette er en adresse på ${currency}-testnettverket. Oppgi en adresse fra den vanlige lommeboken din.`,
  networkMain: (currency: string) =>
    `Dette er en adresse på ${currency}-hovednettverket, men dette er en testtilbakebetaling. Oppgi en adresse på testnettverket.`,
  unsupported: "Denne typen adresse kan ikke motta tilbakebetalinger ennå. Be lommeboken om en annen mottaksadresse.",
  confirmationMissing: "Skriv inn adressen en gang til i feltet nedenfor.",
  confirmationDiffers: "De to adressene er forskjellige. Lim inn den samme adressen i begge feltene.",
};
