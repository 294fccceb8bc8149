/** The customer's side of a refund link: the hosted refund page with the element in its refund mode. */
import type { EnginePage } from "./engines.js";
import { waitFor } from "./checkout-page.js";

/** A testnet P2WPKH address from BIP-173's valid vectors: the sandbox pays to testnet. */
export const TESTNET_ADDRESS = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";

/** The refund mode's whole text, white space folded. */
export function refundPageText(page: EnginePage): Promise<string> {
  return page.evaluate(
    () => document.querySelector("crypto-checkout")?.shadowRoot?.textContent?.replace(/\s+/g, " ") ?? "",
    undefined,
  );
}

/** Opens a refund link and waits for its address field. */
export async function openRefundLink(page: EnginePage, url: string): Promise<void> {
  await page.goto(url);
  await waitFor(
    page,
    () => document.querySelector("crypto-checkout")?.shadowRoot?.querySelector("#address-input") != null,
    undefined,
    "the refund page's address field",
  );
}

/** Gives `address` on an open refund page and confirms it; waits until the page shows it received. */
export async function giveRefundAddress(page: EnginePage, address: string): Promise<void> {
  await page.evaluate((typed) => {
    const root = document.querySelector("crypto-checkout")?.shadowRoot;
    const input = root?.querySelector<HTMLInputElement>("#address-input");
    if (!input) throw new Error("no address field");
    input.value = typed;
    input.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    root?.querySelector<HTMLFormElement>("form")?.requestSubmit();
  }, address);
  await waitFor(
    page,
    (typed) =>
      (document.querySelector("crypto-checkout")?.shadowRoot?.textContent ?? "").replace(/\s+/g, "").includes(typed),
    address,
    "the confirmation showing the address",
  );
  await page.evaluate(() => {
    document.querySelector("crypto-checkout")?.shadowRoot?.querySelector<HTMLButtonElement>("button.primary")?.click();
  }, undefined);
  await waitFor(
    page,
    () => document.querySelector("crypto-checkout")?.shadowRoot?.querySelector("#address-input") == null,
    undefined,
    "the refund page's received state",
  );
}
