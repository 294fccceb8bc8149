/**
 * The receipt page's script (scripts/build-receipt-page.mjs bundles it into /receipt/receipt.js):
 * shows the receipt of the page's URL in its `<main>` (receipt-page.ts), and again when the
 * fragment changes (another receipt link opened in the same tab), in the browser's language as the
 * element would choose it (receipt-text.ts, `receiptLocale`).
 */
import { loadReceipt, setLanguage } from "./receipt-page.js";
import { receiptLocale } from "./receipt-text.js";

const main = document.getElementById("receipt") as HTMLElement;
const language = receiptLocale(navigator.languages);
setLanguage(main, language);
void loadReceipt(main, location, language);
addEventListener("hashchange", () => {
  delete main.dataset.state;
  void loadReceipt(main, location, language);
});
