/** The payment link page's texts in French (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Montant (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Entre ${min} et ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} à ${max} ${currency}`,
  anyAmount: (range: string) => `Montant libre de ${range}`,
  optional: (label: string) => `${label} (facultatif)`,
  payWith: "Payer avec",
  continue: "Continuer vers le paiement",
  needsScript: "Cette page a besoin de JavaScript pour recevoir le paiement.",
  linkHeading: "Lien de paiement",
  expired: "Ce lien de paiement a expiré.",
  disabled: "Ce lien de paiement n’est plus actif.",
  used: "Ce lien de paiement a déjà été payé.",
  notFoundTitle: "Lien de paiement introuvable",
  notFound: "Il n’y a aucun lien de paiement à cette adresse. Vérifiez le lien que vous avez reçu.",
  contactShop: "Contactez la boutique pour obtenir un nouveau lien.",
  amountError: (min: string, max: string, currency: string) =>
    `Saisissez un montant compris entre ${min} et ${max} ${currency}.`,
  referenceError: (label: string) => `Veuillez remplir « ${label} ».`,
  goneError: "Ce lien de paiement ne peut plus être payé. Contactez la boutique pour obtenir un nouveau lien.",
  failedError: "Le paiement n’a pas pu être lancé. Rechargez la page et réessayez.",
  networkError: "Le paiement n’a pas pu être lancé. Vérifiez votre connexion et réessayez.",
};
