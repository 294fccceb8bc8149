/** Chromium for the end-to-end flows: the shared launcher, and contexts that record what the page saw. */
import type { Browser, BrowserContext } from "playwright-core";

export { launchChromium } from "../../../scripts/servers.mjs";

/**
 * A fresh browser context (its own storage) whose pages record every checkout-status event and
 * every Content-Security-Policy violation in window globals, from before any page script runs.
 */
export async function newContext(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "en-US", ...options });
  await context.addInitScript(() => {
    const w = window as unknown as { __statuses: string[]; __violations: string[] };
    w.__statuses = [];
    w.__violations = [];
    document.addEventListener("checkout-status", (event) => w.__statuses.push((event as CustomEvent<{ status: string }>).detail.status));
    document.addEventListener(
      "securitypolicyviolation",
      (event) => w.__violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      true,
    );
  });
  return context;
}
