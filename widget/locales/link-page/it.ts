/** The payment link page's texts in Italian (en.ts has the keys and what each says). */
import type { LinkPageMessages } from "./en.js";

export const messages: LinkPageMessages = {
  amountLabel: (currency: string) => `Importo (${currency})`,
  amountHint: (min: string, max: string, currency: string) => `Tra ${min} e ${max} ${currency}`,
  range: (min: string, max: string, currency: string) => `da ${min} a ${max} ${currency}`,
  anyAmount: (range: string) => `Importo libero ${range}`,
  optional: (label: string) => `${label} (facoltativo)`,
  payWith: "Paga con",
  continue: "Continua al pagamento",
  needsScript: "Questa pagina richiede JavaScript per ricevere il pagamento.",
  linkHeading: "Link di pagamento",
  expired: "Questo link di pagamento è scaduto.",
  disabled: "Questo link di pagamento non è più attivo.",
  used: "Questo link di pagamento è già stato pagato.",
  notFoundTitle: "Link di pagamento non trovato",
  notFound: "A questo indirizzo non c’è alcun link di pagamento. Controlla il link che hai ricevuto.",
  contactShop: "Chiedi al negozio un nuovo link.",
  amountError: (min: string, max: string, currency: string) => `Inserisci un importo tra ${min} e ${max} ${currency}.`,
  referenceError: (label: string) => `Compila «${label}».`,
  goneError: "Questo link di pagamento non può più essere pagato. Chiedi al negozio un nuovo link.",
  failedError: "Non è stato possibile avviare il pagamento. Ricarica la pagina e riprova.",
  networkError: "Non è stato possibile avviare il pagamento. Controlla la connessione e riprova.",
};
