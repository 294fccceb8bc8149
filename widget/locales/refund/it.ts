/** The refund mode's texts in Italian (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Rimborso",
  loading: "Caricamento del rimborso…",
  heading: (shop: string) => `Rimborso da ${shop}`,
  youReceive: "Riceverai",
  refundOf: "Rimborso di:",
  addressLabel: (currency: string) => `Il tuo indirizzo ${currency}`,
  addressHelp: (currency: string) => `Copia l’indirizzo di ricezione dal tuo wallet ${currency} e incollalo qui.`,
  testnetHelp: "Questo è un rimborso di prova: indica un indirizzo della rete di test.",
  confirmLabel: "Di nuovo lo stesso indirizzo",
  confirmHelp: "Questo indirizzo non ha un checksum: inserirlo due volte fa emergere gli errori di battitura.",
  next: "Continua",
  confirmHeading: "Controlla l’indirizzo",
  confirmQuestion: (amount: string) => `Inviare ${amount} a questo indirizzo?`,
  cannotChange: "In seguito l’indirizzo non potrà più essere modificato.",
  send: "Sì, invia qui",
  edit: "Modifica l’indirizzo",
  submitting: "Invio del tuo indirizzo…",
  received: "Indirizzo ricevuto",
  receivedText: (amount: string) => `Il negozio invierà ${amount} a questo indirizzo:`,
  closed: "Questo rimborso è chiuso. Per domande, contatta il negozio.",
  expired: "Questo link di rimborso è scaduto. Chiedi al negozio un nuovo link.",
  used: "Per questo rimborso è già stato indicato un indirizzo. Se è sbagliato, chiedi al negozio un nuovo link.",
  invalid:
    "Questo link di rimborso non è valido. Controlla di aver aperto il link completo, oppure chiedine uno nuovo al negozio.",
  rateLimited: "Troppi tentativi in poco tempo. Attendi un minuto, poi riprova.",
  network: "Il rimborso non è raggiungibile. Controlla la connessione a internet, poi riprova.",
  failed: "Si è verificato un problema durante il caricamento del rimborso. Riprova.",
  refused: "Il negozio non ha accettato questo indirizzo.",
  empty: "Inserisci l’indirizzo su cui vuoi ricevere il rimborso.",
  format: (currency: string) => `Questo non è un indirizzo ${currency}. Copia l’indirizzo di ricezione dal tuo wallet.`,
  checksum:
    "Questo indirizzo contiene un errore di battitura: il checksum non corrisponde. Copialo e incollalo dal wallet invece di digitarlo.",
  networkTest: (currency: string) =>
    `Questo è un indirizzo della rete di test ${currency}. Indica un indirizzo del tuo wallet abituale.`,
  networkMain: (currency: string) =>
    `Questo è un indirizzo della rete principale ${currency}, ma questo è un rimborso di prova. Indica un indirizzo della rete di test.`,
  unsupported:
    "Questo tipo di indirizzo non può ancora ricevere rimborsi. Chiedi al tuo wallet un altro indirizzo di ricezione.",
  confirmationMissing: "Inserisci l’indirizzo una seconda volta nel campo qui sotto.",
  confirmationDiffers: "I due indirizzi sono diversi. Incolla lo stesso indirizzo in entrambi i campi.",
};
