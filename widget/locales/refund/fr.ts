/** The refund mode's texts in French (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Remboursement",
  loading: "Chargement du remboursement…",
  heading: (shop: string) => `Remboursement de ${shop}`,
  youReceive: "Vous recevrez",
  refundOf: "Remboursement de :",
  addressLabel: (currency: string) => `Votre adresse ${currency}`,
  addressHelp: (currency: string) =>
    `Copiez l’adresse de réception de votre portefeuille ${currency} et collez-la ici.`,
  testnetHelp: "Ceci est un remboursement de test : indiquez une adresse du réseau de test.",
  confirmLabel: "La même adresse une seconde fois",
  confirmHelp:
    "Cette adresse n’a pas de somme de contrôle : la saisir deux fois permet de repérer les fautes de frappe.",
  next: "Continuer",
  confirmHeading: "Vérifiez l’adresse",
  confirmQuestion: (amount: string) => `Envoyer ${amount} à cette adresse ?`,
  cannotChange: "L’adresse ne pourra plus être modifiée ensuite.",
  send: "Oui, envoyer ici",
  edit: "Modifier l’adresse",
  submitting: "Envoi de votre adresse…",
  received: "Adresse reçue",
  receivedText: (amount: string) => `La boutique enverra ${amount} à cette adresse :`,
  closed: "Ce remboursement est clos. Pour toute question, contactez la boutique.",
  expired: "Ce lien de remboursement a expiré. Demandez un nouveau lien à la boutique.",
  used: "Une adresse a déjà été donnée pour ce remboursement. Si elle est erronée, demandez un nouveau lien à la boutique.",
  invalid:
    "Ce lien de remboursement n’est pas valide. Vérifiez que vous avez ouvert le lien en entier, ou demandez-en un nouveau à la boutique.",
  rateLimited: "Trop de tentatives en peu de temps. Attendez une minute, puis réessayez.",
  network: "Le remboursement est injoignable. Vérifiez votre connexion Internet, puis réessayez.",
  failed: "Un problème est survenu au chargement du remboursement. Veuillez réessayer.",
  refused: "La boutique n’a pas accepté cette adresse.",
  empty: "Saisissez l’adresse à laquelle vous souhaitez recevoir le remboursement.",
  format: (currency: string) =>
    `Ce n’est pas une adresse ${currency}. Copiez l’adresse de réception depuis votre portefeuille.`,
  checksum:
    "Cette adresse contient une faute de frappe : sa somme de contrôle ne correspond pas. Copiez-collez-la depuis votre portefeuille au lieu de la taper.",
  networkTest: (currency: string) =>
    `C’est une adresse du réseau de test ${currency}. Indiquez une adresse de votre portefeuille habituel.`,
  networkMain: (currency: string) =>
    `C’est une adresse du réseau principal ${currency}, mais ce remboursement est un test. Indiquez une adresse du réseau de test.`,
  unsupported:
    "Ce type d’adresse ne peut pas encore recevoir de remboursement. Demandez une autre adresse de réception à votre portefeuille.",
  confirmationMissing: "Saisissez l’adresse une seconde fois dans le champ ci-dessous.",
  confirmationDiffers: "Les deux adresses diffèrent. Collez la même adresse dans les deux champs.",
};
