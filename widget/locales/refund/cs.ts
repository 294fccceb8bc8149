/** The refund mode's texts in Czech (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Vrácení peněz",
  loading: "Načítání vrácení peněz…",
  heading: (shop: string) => `Vrácení peněz od ${shop}`,
  youReceive: "Obdržíte",
  refundOf: "Vrácení částky:",
  addressLabel: (currency: string) => `Vaše adresa ${currency}`,
  addressHelp: (currency: string) => `Zkopírujte adresu pro příjem ze své peněženky ${currency} a vložte ji sem.`,
  testnetHelp: "Toto je testovací vrácení: zadejte adresu testovací sítě.",
  confirmLabel: "Stejná adresa znovu",
  confirmHelp: "Tato adresa nemá kontrolní součet: zadání dvakrát odhalí překlepy.",
  next: "Pokračovat",
  confirmHeading: "Zkontrolujte adresu",
  confirmQuestion: (amount: string) => `Odeslat ${amount} na tuto adresu?`,
  cannotChange: "Adresu pak už nelze změnit.",
  send: "Ano, odeslat sem",
  edit: "Změnit adresu",
  submitting: "Odesílání vaší adresy…",
  received: "Adresa přijata",
  receivedText: (amount: string) => `Obchod odešle ${amount} na tuto adresu:`,
  closed: "Toto vrácení peněz je uzavřeno. S dotazy se obraťte na obchod.",
  expired: "Platnost odkazu pro vrácení peněz vypršela. Požádejte obchod o nový odkaz.",
  used: "Pro toto vrácení peněz už byla zadána adresa. Pokud je chybná, požádejte obchod o nový odkaz.",
  invalid:
    "Tento odkaz pro vrácení peněz není platný. Zkontrolujte, že jste otevřeli celý odkaz, nebo požádejte obchod o nový.",
  rateLimited: "Příliš mnoho pokusů v krátké době. Počkejte minutu a zkuste to znovu.",
  network: "Vrácení peněz není dostupné. Zkontrolujte připojení k internetu a zkuste to znovu.",
  failed: "Při načítání vrácení peněz se něco pokazilo. Zkuste to prosím znovu.",
  refused: "Obchod tuto adresu nepřijal.",
  empty: "Zadejte adresu, na kterou chcete peníze vrátit.",
  format: (currency: string) => `Toto není adresa ${currency}. Zkopírujte adresu pro příjem ze své peněženky.`,
  checksum:
    "Adresa obsahuje překlep: nesedí její kontrolní součet. Zkopírujte ji z peněženky, místo abyste ji opisovali.",
  networkTest: (currency: string) =>
    `Toto je adresa testovací sítě ${currency}. Zadejte adresu ze své běžné peněženky.`,
  networkMain: (currency: string) =>
    `Toto je adresa hlavní sítě ${currency}, ale jde o testovací vrácení. Zadejte adresu testovací sítě.`,
  unsupported: "Na tento typ adresy zatím nelze peníze vracet. Nechte si v peněžence vytvořit jinou adresu pro příjem.",
  confirmationMissing: "Zadejte adresu podruhé do pole níže.",
  confirmationDiffers: "Obě adresy se liší. Vložte do obou polí stejnou adresu.",
};
