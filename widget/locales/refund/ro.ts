/** The refund mode's texts in Romanian (en.ts has the keys and what each says). */
import type { RefundMessages } from "./en.js";

export const messages: RefundMessages = {
  title: "Rambursare",
  loading: "Se încarcă rambursarea…",
  heading: (shop: string) => `Rambursare de la ${shop}`,
  youReceive: "Veți primi",
  refundOf: "Rambursare pentru:",
  addressLabel: (currency: string) => `Adresa dvs. ${currency}`,
  addressHelp: (currency: string) => `Copiați adresa de primire din portofelul dvs. ${currency} și lipiți-o aici.`,
  testnetHelp: "Aceasta este o rambursare de test: dați o adresă din rețeaua de test.",
  confirmLabel: "Aceeași adresă încă o dată",
  confirmHelp: "Această adresă nu are sumă de control: introducerea ei de două ori prinde greșelile de tastare.",
  next: "Continuați",
  confirmHeading: "Verificați adresa",
  confirmQuestion: (amount: string) => `Trimitem ${amount} la această adresă?`,
  cannotChange: "Adresa nu mai poate fi schimbată după aceea.",
  send: "Da, trimiteți aici",
  edit: "Schimbați adresa",
  submitting: "Se trimite adresa dvs.…",
  received: "Adresă primită",
  receivedText: (amount: string) => `Magazinul va trimite ${amount} la această adresă:`,
  closed: "Această rambursare este închisă. Pentru întrebări, contactați magazinul.",
  expired: "Linkul de rambursare a expirat. Cereți magazinului un link nou.",
  used: "Pentru această rambursare a fost deja dată o adresă. Dacă este greșită, cereți magazinului un link nou.",
  invalid:
    "Acest link de rambursare nu este valid. Verificați că ați deschis linkul întreg sau cereți magazinului unul nou.",
  rateLimited: "Prea multe încercări într-un timp scurt. Așteptați un minut, apoi încercați din nou.",
  network: "Rambursarea nu poate fi accesată. Verificați conexiunea la internet, apoi încercați din nou.",
  failed: "Ceva nu a mers la încărcarea rambursării. Încercați din nou.",
  refused: "Magazinul nu a acceptat această adresă.",
  empty: "Introduceți adresa la care doriți să primiți rambursarea.",
  format: (currency: string) => `Aceasta nu este o adresă ${currency}. Copiați adresa de primire din portofelul dvs.`,
  checksum:
    "Adresa conține o greșeală de tastare: suma de control nu se potrivește. Copiați-o din portofel în loc să o tastați.",
  networkTest: (currency: string) =>
    `Aceasta este o adresă din rețeaua de test ${currency}. Dați o adresă din portofelul dvs. obișnuit.`,
  networkMain: (currency: string) =>
    `Aceasta este o adresă din rețeaua principală ${currency}, dar aceasta este o rambursare de test. Dați o adresă din rețeaua de test.`,
  unsupported: "Acest tip de adresă nu poate primi încă rambursări. Cereți portofelului o altă adresă de primire.",
  confirmationMissing: "Introduceți adresa a doua oară în câmpul de mai jos.",
  confirmationDiffers: "Cele două adrese diferă. Lipiți aceeași adresă în ambele câmpuri.",
};
