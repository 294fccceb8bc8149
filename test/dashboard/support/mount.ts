/** Puts a dashboard element on the test page with its input as properties, and takes it away after. */
import "../../../dashboard/define.js";

const mounted: HTMLElement[] = [];

/** `container`: a page goes in a <main> as the app puts it; the app itself brings its own. */
export async function mount<E extends HTMLElement & { updateComplete: Promise<boolean> }>(
  tag: string,
  properties: Record<string, unknown>,
  container: "main" | "div" = "main",
): Promise<E> {
  const el = Object.assign(document.createElement(tag), properties) as E;
  const main = document.createElement(container);
  main.append(el);
  document.body.append(main);
  mounted.push(main);
  await el.updateComplete;
  return el;
}

export function unmountAll(): void {
  for (const el of mounted.splice(0)) el.remove();
}

/** The element's text as a reader meets it: each text node's words, separated by one space. */
export function text(el: Element | null | undefined): string {
  if (!el) return "";
  const words: string[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const value = node.textContent?.replace(/\s+/g, " ").trim();
    if (value) words.push(value);
  }
  return words.join(" ");
}

/** Waits until `check` holds (each animation frame, at most `timeoutMs`). */
export async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** The element's descendant matching `selector`; throws when there is none. */
export function $<T extends Element = HTMLElement>(el: Element, selector: string): T {
  const found = el.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}
