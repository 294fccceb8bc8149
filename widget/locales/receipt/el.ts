/** The receipt page's texts in Greek (en.ts has the keys and what each says). */
import type { ReceiptMessages } from "./en.js";

export const messages: ReceiptMessages = {
  loading: "Φόρτωση της απόδειξης…",
  heading: (shop: string) => `Απόδειξη από ${shop}`,
  documentTitle: (id: string, shop: string) => `Απόδειξη ${id} – ${shop}`,
  testPayment: "Δοκιμαστική πληρωμή: δεν μεταφέρθηκαν πραγματικά χρήματα",
  transaction: "Συναλλαγή",
  transactions: "Συναλλαγές",
  noTransactions: "Η υπηρεσία πληρωμών δεν ανέφερε καμία.",
  confirmedBy: (shop: string) => `Η πληρωμή επιβεβαιώθηκε από την υπηρεσία πληρωμών για ${shop}.`,
  print: "Εκτύπωση ή αποθήκευση ως αρχείο",
  for: "Για",
  order: "Παραγγελία",
  price: "Τιμή",
  amountIn: (currency: string) => `Ποσό σε ${currency}`,
  paid: "Πληρώθηκαν",
  exchangeRate: "Συναλλαγματική ισοτιμία",
  confirmed: "Επιβεβαιώθηκε",
  reference: "Κωδικός πληρωμής",
  transactionId: "Αναγνωριστικό συναλλαγής",
  amount: "Ποσό",
  state: "Κατάσταση",
  seen: "Εντοπίστηκε",
  accepted: "Επιβεβαιώθηκε",
  waiting: "Σε αναμονή",
  rejected: "Απορρίφθηκε",
  noReceiptTitle: "Δεν υπάρχει απόδειξη για αυτή την πληρωμή",
  noReceipt: (status: string, shop: string) =>
    `Αυτή η πληρωμή ολοκληρώθηκε χωρίς επιβεβαίωση (η κατάστασή της είναι ${status}), οπότε δεν έχει απόδειξη. Αν στείλατε χρήματα, επικοινωνήστε με ${shop} αναφέροντας τον κωδικό πληρωμής.`,
  notReadyTitle: "Η απόδειξή σας δεν είναι ακόμη έτοιμη",
  notReady: (status: string) =>
    `Η απόδειξη εμφανίζεται εδώ μόλις επιβεβαιωθεί η πληρωμή. Η τρέχουσα κατάστασή της είναι ${status}. Φορτώστε ξανά αυτή τη σελίδα αργότερα και κρατήστε τη διεύθυνσή της.`,
  notFoundTitle: "Η απόδειξη δεν βρέθηκε",
  notFound:
    "Δεν βρέθηκε απόδειξη σε αυτή τη διεύθυνση. Ανοίξτε ξανά ολόκληρο τον σύνδεσμο, μαζί με ό,τι ακολουθεί το σύμβολο #· μόνο ο σύνδεσμος που λάβατε ανοίγει την απόδειξη.",
  errorTitle: "Δεν ήταν δυνατή η φόρτωση της απόδειξης",
  connectionFailed: "Η σύνδεση απέτυχε. Ελέγξτε τη σύνδεσή σας και φορτώστε ξανά αυτή τη σελίδα.",
  serverError: (status: string) => `Ο διακομιστής απάντησε ${status}. Φορτώστε ξανά αυτή τη σελίδα σε λίγο.`,
};
