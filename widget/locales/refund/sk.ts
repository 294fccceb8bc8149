/** The refund mode's texts in Slovak (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Vrátenie peňazí",
  loading: "Načítava sa vrátenie peňazí…",
  heading: (shop: string) => `Vrátenie peňazí od ${shop}`,
  youReceive: "Dostanete",
  refundOf: "Vrátenie sumy:",
  addressLabel: (currency: string) => `Vaša adresa ${currency}`,
  addressHelp: (currency: string) => `Skopírujte adresu na príjem zo svojej peňaženky ${currency} a vložte ju sem.`,
  testnetHelp: "Toto je testovacie vrátenie: zadajte adresu testovacej siete.",
  confirmLabel: "Tá istá adresa znova",
  confirmHelp: "Táto adresa nemá kontrolný súčet: zadanie dvakrát odhalí preklepy.",
  next: "Pokračovať",
  confirmHeading: "Skontrolujte adresu",
  confirmQuestion: (amount: string) => `Poslať ${amount} na túto adresu?`,
  cannotChange: "Adresu potom už nemožno zmeniť.",
  send: "Áno, poslať sem",
  edit: "Zmeniť adresu",
  submitting: "Odosiela sa vaša adresa…",
  received: "Adresa prijatá",
  receivedText: (amount: string) => `Obchod pošle ${amount} na túto adresu:`,
  closed: "Toto vrátenie peňazí je uzavreté. S otázkami sa obráťte na obchod.",
  expired: "Platnosť odkazu na vrátenie peňazí vypršala. Požiadajte obchod o nový odkaz.",
  used: "Pre toto vrátenie peňazí už bola zadaná adresa. Ak je nesprávna, požiadajte obchod o nový odkaz.",
  invalid:
    "Tento odkaz na vrátenie peňazí nie je platný. Skontrolujte, či ste otvorili celý odkaz, alebo požiadajte obchod o nový.",
  rateLimited: "Príliš veľa pokusov v krátkom čase. Počkajte minútu a skúste to znova.",
  network: "Vrátenie peňazí nie je dostupné. Skontrolujte pripojenie na internet a skúste to znova.",
  failed: "Pri načítaní vrátenia peňazí sa niečo pokazilo. Skúste to znova.",
  refused: "Obchod túto adresu neprijal.",
  empty: "Zadajte adresu, na ktorú chcete dostať vrátené peniaze.",
  format: (currency: string) => `Toto nie je adresa ${currency}. Skopírujte adresu na príjem zo svojej peňaženky.`,
  checksum: "Adresa obsahuje preklep: jej kontrolný súčet nesedí. Skopírujte ju z peňaženky namiesto prepisovania.",
  networkTest: (currency: string) =>
    `Toto je adresa testovacej siete ${currency}. Zadajte adresu zo svojej bežnej peňaženky.`,
  networkMain: (currency: string) =>
    `Toto je adresa hlavnej siete ${currency}, ale ide o testovacie vrátenie. Zadajte adresu testovacej siete.`,
  unsupported:
    "Na tento typ adresy zatiaľ nemožno vracať peniaze. Nechajte si v peňaženke vytvoriť inú adresu na príjem.",
  confirmationMissing: "Zadajte adresu druhýkrát do poľa nižšie.",
  confirmationDiffers: "Adresy sa líšia. Vložte do oboch polí tú istú adresu.",
};
