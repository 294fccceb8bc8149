/** The refund mode's texts in Danish (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Refusion",
  loading: "Indlæser refusionen…",
  heading: (shop: string) => `Refusion fra ${shop}`,
  youReceive: "Du modtager",
  refundOf: "Refusion af:",
  addressLabel: (currency: string) => `Din ${currency}-adresse`,
  addressHelp: (currency: string) => `Kopiér modtageradressen fra din ${currency}-wallet, og indsæt den her.`,
  testnetHelp: "Dette er en testrefusion: angiv en adresse på testnetværket.",
  confirmLabel: "Den samme adresse igen",
  confirmHelp: "Adressen har ingen kontrolsum: skriver du den to gange, fanges tastefejl.",
  next: "Fortsæt",
  confirmHeading: "Tjek adressen",
  confirmQuestion: (amount: string) => `Send ${amount} til denne adresse?`,
  cannotChange: "Adressen kan ikke ændres bagefter.",
  send: "Ja, send hertil",
  edit: "Ret adressen",
  submitting: "Sender din adresse…",
  received: "Adressen er modtaget",
  receivedText: (amount: string) => `Butikken sender ${amount} til denne adresse:`,
  closed: "Denne refusion er afsluttet. Kontakt butikken, hvis du har spørgsmål.",
  expired: "Refusionslinket er udløbet. Bed butikken om et nyt link.",
  used: "Der er allerede angivet en adresse til denne refusion. Hvis den er forkert, så bed butikken om et nyt link.",
  invalid: "Refusionslinket er ugyldigt. Tjek, at du har åbnet hele linket, eller bed butikken om et nyt.",
  rateLimited: "For mange forsøg på kort tid. Vent et minut, og prøv igen.",
  network: "Refusionen kan ikke nås. Tjek din internetforbindelse, og prøv igen.",
  failed: "Noget gik galt under indlæsning af refusionen. Prøv igen.",
  refused: "Butikken accepterede ikke denne adresse.",
  empty: "Angiv den adresse, du vil modtage refusionen på.",
  format: (currency: string) => `Dette er ikke en ${currency}-adresse. Kopiér modtageradressen fra din wallet.`,
  checksum:
    "Adressen indeholder en tastefejl: kontrolsummen passer ikke. Kopiér og indsæt den fra din wallet i stedet for at skrive den.",
  networkTest: (currency: string) =>
    `Dette er en adresse på ${currency}-testnetværket. Angiv en adresse fra din almindelige wallet.`,
  networkMain: (currency: string) =>
    `Dette er en adresse på ${currency}-hovednetværket, men dette er en testrefusion. Angiv en adresse på testnetværket.`,
  unsupported: "Denne type adresse kan endnu ikke modtage refusioner. Bed din wallet om en anden modtageradresse.",
  confirmationMissing: "Skriv adressen en gang til i feltet nedenfor.",
  confirmationDiffers: "De to adresser er forskellige. Indsæt den samme adresse i begge felter.",
};
