/**
 * The entry's half of the setup warnings: a cheap look at an element's attributes and at the
 * names of its listeners, which loads setup-warnings.ts (a chunk of its own) only when something
 * looks wrong. That chunk decides whether it is a mistake and names its fix in the console.
 */
import { SHOP_ID } from "../../worker/checkout/wire.js";
import { CHECKOUT_EVENTS } from "../events.js";
import { ENDPOINT_SHAPE } from "./setup-rules.js";
import type { SetupSubject } from "./setup-rules.js";

/** Where the element's script came from. */
const SCRIPT = new URL(import.meta.url);
/** The default endpoint: the origin the script was loaded from. */
export const SCRIPT_ORIGIN = SCRIPT.origin;
/** Whether the script is the checkout Worker's widget.js (or its hashed twin), whose origin is the right default. */
const FROM_WORKER = /\/widget(\.\w+)?\.js$/.test(SCRIPT.pathname);

/** Loads the warnings (once) and hands them what looked wrong. */
const explain = (subject: SetupSubject | string, known: readonly string[] = CHECKOUT_EVENTS) =>
  void import("./setup-warnings.js").then((w) => w.explain(subject, known, FROM_WORKER));

/**
 * At the element's first update: `known` are its attributes (observedAttributes). Besides those,
 * only the most common attributes pass without a closer look (the chunk knows more).
 */
export function checkSetup(el: SetupSubject, known: readonly string[]): void {
  if (
    !SHOP_ID.test(el.shop ?? "") ||
    !(el.endpoint ? ENDPOINT_SHAPE.test(el.endpoint) : FROM_WORKER) ||
    el.getAttributeNames().some((name) => !known.includes(name) && !/^(id|class|style|(data|aria)-.*)$/.test(name))
  )
    explain(el, known);
}

/** At every addEventListener on the element (React 19 and Vue add their listeners so too). */
export function checkListener(type: string): void {
  if (/[-_A-Z]|che/.test(type) && !(CHECKOUT_EVENTS as string[]).includes(type)) explain(type);
}
