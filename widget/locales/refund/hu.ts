/** The refund mode's texts in Hungarian (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Visszatérítés",
  loading: "A visszatérítés betöltése…",
  heading: (shop: string) => `Visszatérítés – ${shop}`,
  youReceive: "Ennyit kap",
  refundOf: "Visszatérített összeg:",
  addressLabel: (currency: string) => `Az Ön ${currency}-címe`,
  addressHelp: (currency: string) => `Másolja ki a fogadási címet a(z) ${currency}-tárcájából, és illessze be ide.`,
  testnetHelp: "Ez egy teszt-visszatérítés: a tesztháló egy címét adja meg.",
  confirmLabel: "Ugyanaz a cím még egyszer",
  confirmHelp: "Ennek a címnek nincs ellenőrzőösszege: ha kétszer adja meg, kiderülnek az elgépelések.",
  next: "Tovább",
  confirmHeading: "Ellenőrizze a címet",
  confirmQuestion: (amount: string) => `Elküldjük a(z) ${amount} összeget erre a címre?`,
  cannotChange: "A cím utólag nem módosítható.",
  send: "Igen, ide küldjék",
  edit: "Cím módosítása",
  submitting: "A cím küldése…",
  received: "Cím megérkezett",
  receivedText: (amount: string) => `Az üzlet erre a címre küldi a(z) ${amount} összeget:`,
  closed: "Ez a visszatérítés lezárult. Kérdés esetén forduljon az üzlethez.",
  expired: "Ez a visszatérítési hivatkozás lejárt. Kérjen új hivatkozást az üzlettől.",
  used: "Ehhez a visszatérítéshez már megadtak egy címet. Ha hibás, kérjen új hivatkozást az üzlettől.",
  invalid:
    "Ez a visszatérítési hivatkozás érvénytelen. Ellenőrizze, hogy a teljes hivatkozást nyitotta-e meg, vagy kérjen újat az üzlettől.",
  rateLimited: "Túl sok próbálkozás rövid idő alatt. Várjon egy percet, majd próbálja újra.",
  network: "A visszatérítés nem érhető el. Ellenőrizze az internetkapcsolatot, majd próbálja újra.",
  failed: "Hiba történt a visszatérítés betöltésekor. Próbálja újra.",
  refused: "Az üzlet nem fogadta el ezt a címet.",
  empty: "Adja meg a címet, amelyre a visszatérítést kéri.",
  format: (currency: string) => `Ez nem ${currency}-cím. Másolja ki a fogadási címet a tárcájából.`,
  checksum: "A cím elgépelést tartalmaz: az ellenőrzőösszege nem egyezik. Gépelés helyett másolja be a tárcájából.",
  networkTest: (currency: string) =>
    `Ez a(z) ${currency} teszthálójának címe. Adjon meg egy címet a szokásos tárcájából.`,
  networkMain: (currency: string) =>
    `Ez a(z) ${currency} fő hálózatának címe, de ez egy teszt-visszatérítés. A tesztháló egy címét adja meg.`,
  unsupported: "Erre a címtípusra még nem lehet visszatéríteni. Kérjen másik fogadási címet a tárcájától.",
  confirmationMissing: "Írja be a címet még egyszer az alábbi mezőbe.",
  confirmationDiffers: "A két cím eltér. Ugyanazt a címet illessze be mindkét mezőbe.",
};
