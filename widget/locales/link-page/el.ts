/** The payment link page's texts in Greek (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Ποσό (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Από ${min} έως ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `${min} έως ${max} ${currency}`,
  anyAmount: (range: string) => `Οποιοδήποτε ποσό από ${range}`,
  optional: (label: string) => `${label} (προαιρετικό)`,
  payWith: "Πληρωμή με",
  continue: "Συνέχεια στην πληρωμή",
  needsScript: "Αυτή η σελίδα χρειάζεται JavaScript για να δεχτεί την πληρωμή.",
  linkHeading: "Σύνδεσμος πληρωμής",
  expired: "Αυτός ο σύνδεσμος πληρωμής έχει λήξει.",
  disabled: "Αυτός ο σύνδεσμος πληρωμής δεν είναι πλέον ενεργός.",
  used: "Αυτός ο σύνδεσμος πληρωμής έχει ήδη εξοφληθεί.",
  notFoundTitle: "Ο σύνδεσμος πληρωμής δεν βρέθηκε",
  notFound: "Δεν υπάρχει σύνδεσμος πληρωμής σε αυτή τη διεύθυνση. Ελέγξτε τον σύνδεσμο που λάβατε.",
  contactShop: "Ζητήστε από το κατάστημα νέο σύνδεσμο.",
  amountError: (min: string, max: string, currency: string) => `Εισαγάγετε ποσό από ${min} έως ${max} ${currency}.`,
  referenceError: (label: string) => `Συμπληρώστε το πεδίο «${label}».`,
  goneError: "Αυτός ο σύνδεσμος πληρωμής δεν μπορεί πλέον να εξοφληθεί. Ζητήστε από το κατάστημα νέο σύνδεσμο.",
  failedError: "Δεν ήταν δυνατή η έναρξη της πληρωμής. Φορτώστε ξανά τη σελίδα και δοκιμάστε πάλι.",
  networkError: "Δεν ήταν δυνατή η έναρξη της πληρωμής. Ελέγξτε τη σύνδεσή σας και δοκιμάστε πάλι.",
};
