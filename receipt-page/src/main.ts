/**
 * The receipt page's script (scripts/build-receipt-page.mjs bundles it into /receipt/receipt.js):
 * shows the receipt of the page's URL in its `<main>` (receipt-page.ts), and again when the
 * fragment changes (another receipt link opened in the same tab).
 */
import { loadReceipt } from "./receipt-page.js";

const main = document.getElementById("receipt") as HTMLElement;
void loadReceipt(main, location);
addEventListener("hashchange", () => {
  delete main.dataset.state;
  void loadReceipt(main, location);
});
