/** The refund mode's texts in German (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Rückerstattung",
  loading: "Rückerstattung wird geladen…",
  heading: (shop: string) => `Rückerstattung von ${shop}`,
  youReceive: "Sie erhalten",
  refundOf: "Erstattung von:",
  addressLabel: (currency: string) => `Ihre ${currency}-Adresse`,
  addressHelp: (currency: string) =>
    `Kopieren Sie die Empfangsadresse aus Ihrer ${currency}-Wallet und fügen Sie sie hier ein.`,
  testnetHelp: "Dies ist eine Test-Rückerstattung: Geben Sie eine Adresse des Testnetzes an.",
  confirmLabel: "Dieselbe Adresse noch einmal",
  confirmHelp: "Diese Adresse hat keine Prüfsumme: Wenn Sie sie zweimal eingeben, fallen Tippfehler auf.",
  next: "Weiter",
  confirmHeading: "Adresse prüfen",
  confirmQuestion: (amount: string) => `${amount} an diese Adresse senden?`,
  cannotChange: "Die Adresse kann danach nicht mehr geändert werden.",
  send: "Ja, hierhin senden",
  edit: "Adresse ändern",
  submitting: "Ihre Adresse wird gesendet…",
  received: "Adresse erhalten",
  receivedText: (amount: string) => `Der Shop sendet ${amount} an diese Adresse:`,
  closed: "Diese Rückerstattung ist abgeschlossen. Bei Fragen wenden Sie sich an den Shop.",
  expired: "Dieser Rückerstattungslink ist abgelaufen. Bitten Sie den Shop um einen neuen Link.",
  used: "Für diese Rückerstattung wurde bereits eine Adresse angegeben. Falls sie falsch ist, bitten Sie den Shop um einen neuen Link.",
  invalid:
    "Dieser Rückerstattungslink ist ungültig. Prüfen Sie, ob Sie den ganzen Link geöffnet haben, oder bitten Sie den Shop um einen neuen.",
  rateLimited: "Zu viele Versuche in kurzer Zeit. Warten Sie eine Minute und versuchen Sie es dann erneut.",
  network: "Die Rückerstattung ist nicht erreichbar. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.",
  failed: "Beim Laden der Rückerstattung ist etwas schiefgegangen. Bitte versuchen Sie es erneut.",
  refused: "Der Shop hat diese Adresse nicht angenommen.",
  empty: "Geben Sie die Adresse ein, an die die Rückerstattung gehen soll.",
  format: (currency: string) => `Das ist keine ${currency}-Adresse. Kopieren Sie die Empfangsadresse aus Ihrer Wallet.`,
  checksum:
    "Diese Adresse enthält einen Tippfehler: Ihre Prüfsumme stimmt nicht. Kopieren Sie sie aus Ihrer Wallet, statt sie abzutippen.",
  networkTest: (currency: string) =>
    `Das ist eine Adresse des ${currency}-Testnetzes. Geben Sie eine Adresse aus Ihrer normalen Wallet an.`,
  networkMain: (currency: string) =>
    `Das ist eine Adresse des ${currency}-Hauptnetzes, aber dies ist eine Test-Rückerstattung. Geben Sie eine Adresse des Testnetzes an.`,
  unsupported:
    "An diese Art von Adresse kann noch nicht erstattet werden. Lassen Sie sich von Ihrer Wallet eine andere Empfangsadresse geben.",
  confirmationMissing: "Geben Sie die Adresse im Feld darunter ein zweites Mal ein.",
  confirmationDiffers: "Die beiden Adressen unterscheiden sich. Fügen Sie in beide Felder dieselbe Adresse ein.",
};
