/** The payment link page's texts in German (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Betrag (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Zwischen ${min} und ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} bis ${max} ${currency}`,
  anyAmount: (range: string) => `Beliebiger Betrag von ${range}`,
  optional: (label: string) => `${label} (optional)`,
  payWith: "Bezahlen mit",
  continue: "Weiter zur Zahlung",
  needsScript: "Diese Seite benötigt JavaScript, um die Zahlung entgegenzunehmen.",
  linkHeading: "Zahlungslink",
  expired: "Dieser Zahlungslink ist abgelaufen.",
  disabled: "Dieser Zahlungslink ist nicht mehr aktiv.",
  used: "Dieser Zahlungslink wurde bereits bezahlt.",
  notFoundTitle: "Zahlungslink nicht gefunden",
  notFound: "Unter dieser Adresse gibt es keinen Zahlungslink. Prüfen Sie den Link, den Sie erhalten haben.",
  contactShop: "Bitten Sie den Shop um einen neuen Link.",
  amountError: (min: string, max: string, currency: string) =>
    `Geben Sie einen Betrag zwischen ${min} und ${max} ${currency} ein.`,
  referenceError: (label: string) => `Bitte füllen Sie „${label}“ aus.`,
  goneError: "Dieser Zahlungslink kann nicht mehr bezahlt werden. Bitten Sie den Shop um einen neuen Link.",
  failedError: "Die Zahlung konnte nicht gestartet werden. Laden Sie die Seite neu und versuchen Sie es noch einmal.",
  networkError:
    "Die Zahlung konnte nicht gestartet werden. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.",
};
