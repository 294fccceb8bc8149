/** Moving through the element by keyboard, as a customer does (real key presses). */
import { sendKeys } from "@web/test-runner-commands";
import { textOf } from "./mount.js";

/**
 * Focuses a button just before `el`, then presses Tab up to `presses` times; returns what `read`
 * makes of the control that had focus inside the element after each press (read while it has
 * focus), and stops early once `stop` holds for it.
 */
export async function tabThrough<T>(
  el: HTMLElement,
  presses: number,
  read: (focused: Element) => T,
  stop: (focused: Element) => boolean = () => false,
): Promise<T[]> {
  const start = document.createElement("button");
  start.textContent = "before";
  el.before(start);
  start.focus();
  const seen: T[] = [];
  try {
    for (let i = 0; i < presses; i++) {
      await sendKeys({ press: "Tab" });
      const active = el.shadowRoot?.activeElement;
      if (!active) continue;
      seen.push(read(active));
      if (stop(active)) break;
    }
  } finally {
    start.remove();
  }
  return seen;
}

/** Tabs from just before `el` to its control whose text is `name`. */
export async function tabTo(el: HTMLElement, name: string): Promise<void> {
  const seen = await tabThrough(el, 10, textOf, (focused) => textOf(focused) === name);
  if (seen.at(-1) !== name) throw new Error(`Tab never reached "${name}" (${seen.join(", ")})`);
}
