/** The refund mode's texts in Swedish (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Återbetalning",
  loading: "Läser in återbetalningen…",
  heading: (shop: string) => `Återbetalning från ${shop}`,
  youReceive: "Du får",
  refundOf: "Återbetalning av:",
  addressLabel: (currency: string) => `Din ${currency}-adress`,
  addressHelp: (currency: string) => `Kopiera mottagningsadressen från din ${currency}-plånbok och klistra in den här.`,
  testnetHelp: "Det här är en teståterbetalning: ange en adress i testnätverket.",
  confirmLabel: "Samma adress igen",
  confirmHelp: "Adressen saknar kontrollsumma: att skriva den två gånger fångar skrivfel.",
  next: "Fortsätt",
  confirmHeading: "Kontrollera adressen",
  confirmQuestion: (amount: string) => `Skicka ${amount} till den här adressen?`,
  cannotChange: "Adressen kan inte ändras efteråt.",
  send: "Ja, skicka hit",
  edit: "Ändra adressen",
  submitting: "Skickar din adress…",
  received: "Adressen har tagits emot",
  receivedText: (amount: string) => `Butiken skickar ${amount} till den här adressen:`,
  closed: "Återbetalningen är avslutad. Kontakta butiken om du har frågor.",
  expired: "Länken för återbetalningen har gått ut. Be butiken om en ny länk.",
  used: "En adress har redan angetts för återbetalningen. Om den är fel, be butiken om en ny länk.",
  invalid: "Länken för återbetalningen är ogiltig. Kontrollera att du öppnade hela länken, eller be butiken om en ny.",
  rateLimited: "För många försök på kort tid. Vänta en minut och försök sedan igen.",
  network: "Återbetalningen går inte att nå. Kontrollera din internetanslutning och försök igen.",
  failed: "Något gick fel när återbetalningen lästes in. Försök igen.",
  refused: "Butiken godtog inte den här adressen.",
  empty: "Ange adressen där du vill ta emot återbetalningen.",
  format: (currency: string) => `Det här är ingen ${currency}-adress. Kopiera mottagningsadressen från din plånbok.`,
  checksum:
    "Adressen innehåller ett skrivfel: kontrollsumman stämmer inte. Kopiera och klistra in den från plånboken i stället för att skriva den.",
  networkTest: (currency: string) =>
    `Det här är en adress i ${currency}-testnätverket. Ange en adress från din vanliga plånbok.`,
  networkMain: (currency: string) =>
    `Det här är en adress i ${currency}-huvudnätverket, men det här är en teståterbetalning. Ange en adress i testnätverket.`,
  unsupported:
    "Den här typen av adress kan inte ta emot återbetalningar än. Be din plånbok om en annan mottagningsadress.",
  confirmationMissing: "Skriv adressen en gång till i fältet nedan.",
  confirmationDiffers: "Adresserna skiljer sig åt. Klistra in samma adress i båda fälten.",
};
