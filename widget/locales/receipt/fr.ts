/** The receipt page's texts in French (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Chargement du reçu…",
  heading: (shop: string) => `Reçu de ${shop}`,
  documentTitle: (id: string, shop: string) => `Reçu ${id} – ${shop}`,
  testPayment: "Paiement de test : aucun argent réel n’a été transféré",
  transaction: "Transaction",
  transactions: "Transactions",
  noTransactions: "Le service de paiement n’en a indiqué aucune.",
  confirmedBy: (shop: string) => `Paiement confirmé par le service de paiement pour ${shop}.`,
  print: "Imprimer ou enregistrer dans un fichier",
  for: "Pour",
  order: "Commande",
  price: "Prix",
  amountIn: (currency: string) => `Montant en ${currency}`,
  paid: "Payé",
  exchangeRate: "Taux de change",
  confirmed: "Confirmé",
  reference: "Référence du paiement",
  transactionId: "Identifiant de transaction",
  amount: "Montant",
  state: "État",
  seen: "Détectée",
  accepted: "Confirmée",
  waiting: "En attente",
  rejected: "Rejetée",
  noReceiptTitle: "Aucun reçu pour ce paiement",
  noReceipt: (status: string, shop: string) =>
    `Ce paiement s’est terminé sans être confirmé (son statut est ${status}) ; il n’a donc pas de reçu. Si vous avez envoyé de l’argent, contactez ${shop} en indiquant la référence du paiement.`,
  notReadyTitle: "Votre reçu n’est pas encore prêt",
  notReady: (status: string) =>
    `Le reçu s’affichera ici une fois le paiement confirmé. Son statut actuel est ${status}. Rechargez cette page plus tard et conservez son adresse.`,
  notFoundTitle: "Reçu introuvable",
  notFound:
    "Aucun reçu n’a été trouvé à cette adresse. Ouvrez de nouveau le lien complet, y compris tout ce qui suit le signe # ; seul le lien que vous avez reçu ouvre le reçu.",
  errorTitle: "Le reçu n’a pas pu être chargé",
  connectionFailed: "La connexion a échoué. Vérifiez votre connexion et rechargez cette page.",
  serverError: (status: string) => `Le serveur a répondu ${status}. Rechargez cette page dans un instant.`,
};
