/** Mounting <crypto-checkout mode="refund"> against the FakeRefundWorker, and reading what it shows. */
import { expect } from "@open-wc/testing";
import "../../../widget/index.js";
import type { CryptoCheckout } from "../../../widget/index.js";
import { ENDPOINT } from "./fake-checkout.js";
import { REFUND_SHOP, TOKEN } from "./fake-refund.js";
import { textOf, until } from "./mount.js";

const holders: HTMLElement[] = [];

/** Mounts an element in refund mode against the stubbed Worker (FakeRefundWorker); removed by `unmountRefunds`. */
export function mountRefund(
  attributes: Record<string, string | null> = {},
  parent: HTMLElement = document.body,
): CryptoCheckout {
  const el = document.createElement("crypto-checkout");
  const all = {
    mode: "refund",
    endpoint: ENDPOINT,
    shop: REFUND_SHOP,
    "refund-token": TOKEN,
    locale: "en",
    ...attributes,
  };
  for (const [name, value] of Object.entries(all)) if (value !== null) el.setAttribute(name, value);
  const holder = document.createElement("div");
  holder.append(el);
  parent.append(holder);
  holders.push(holder);
  return el;
}

export const q = <T extends HTMLElement = HTMLElement>(el: CryptoCheckout, selector: string): T | null =>
  el.shadowRoot?.querySelector<T>(selector) ?? null;
export const heading = (el: CryptoCheckout) => textOf(q(el, "h2"));
export const input = (el: CryptoCheckout, name = "address") => q<HTMLInputElement>(el, `#${name}-input`);
export const button = (el: CryptoCheckout, name: string) =>
  [...(el.shadowRoot?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find((b) => textOf(b) === name) ?? null;

/** Waits until the step's heading reads `text`. */
export async function showing(el: CryptoCheckout, text: string): Promise<void> {
  await until(() => heading(el) === text, `"${text}" (shown: "${heading(el)}")`);
  await el.updateComplete;
}

/** Types `value` into a field as a paste would (one input event) and, with `leave`, leaves it. */
export async function enter(el: CryptoCheckout, value: string, name = "address", leave = true): Promise<void> {
  const field = input(el, name);
  if (!field) throw new Error(`no ${name} field`);
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
  if (leave) field.dispatchEvent(new FocusEvent("blur"));
  await el.updateComplete;
}

/** The problem shown under a field; checks that it is tied to the field (aria-describedby, aria-invalid). */
export function problemOf(el: CryptoCheckout, name = "address"): string {
  const field = input(el, name);
  const described = field?.getAttribute("aria-describedby")?.split(" ") ?? [];
  const problem = q(el, `#${name}-problem`);
  // The message is tied to its field, and the field marked invalid, exactly while it is shown.
  expect(field?.getAttribute("aria-invalid")).to.equal(problem ? "true" : "false");
  expect(described.includes(`${name}-problem`)).to.equal(problem !== null);
  return textOf(problem);
}

export function unmountRefunds(): void {
  for (const holder of holders.splice(0)) holder.remove();
}
