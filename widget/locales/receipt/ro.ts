/** The receipt page's texts in Romanian (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Se încarcă chitanța…",
  heading: (shop: string) => `Chitanță de la ${shop}`,
  documentTitle: (id: string, shop: string) => `Chitanța ${id} – ${shop}`,
  testPayment: "Plată de test: nu s-au transferat bani reali",
  transaction: "Tranzacție",
  transactions: "Tranzacții",
  noTransactions: "Serviciul de plată nu a indicat niciuna.",
  confirmedBy: (shop: string) => `Plată confirmată de serviciul de plată pentru ${shop}.`,
  print: "Tipărește sau salvează ca fișier",
  for: "Pentru",
  order: "Comandă",
  price: "Preț",
  amountIn: (currency: string) => `Sumă în ${currency}`,
  paid: "Plătit",
  exchangeRate: "Curs de schimb",
  confirmed: "Confirmată",
  reference: "Referința plății",
  transactionId: "ID tranzacție",
  amount: "Sumă",
  state: "Stare",
  seen: "Detectată",
  accepted: "Confirmată",
  waiting: "În așteptare",
  rejected: "Respinsă",
  noReceiptTitle: "Nu există chitanță pentru această plată",
  noReceipt: (status: string, shop: string) =>
    `Această plată s-a încheiat fără să fie confirmată (starea ei este ${status}), așa că nu are chitanță. Dacă ai trimis bani, contactează ${shop} și menționează referința plății.`,
  notReadyTitle: "Chitanța ta nu este încă gata",
  notReady: (status: string) =>
    `Chitanța apare aici după ce plata este confirmată. Starea ei acum este ${status}. Reîncarcă pagina mai târziu și păstrează-i adresa.`,
  notFoundTitle: "Chitanța nu a fost găsită",
  notFound:
    "La această adresă nu a fost găsită nicio chitanță. Deschide din nou linkul complet, inclusiv tot ce urmează după semnul #; doar linkul primit deschide chitanța.",
  errorTitle: "Chitanța nu a putut fi încărcată",
  connectionFailed: "Conexiunea a eșuat. Verifică-ți conexiunea și reîncarcă această pagină.",
  serverError: (status: string) => `Serverul a răspuns ${status}. Reîncarcă această pagină peste puțin timp.`,
};
