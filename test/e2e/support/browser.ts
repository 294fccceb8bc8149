/** Chromium for the end-to-end flows: the shared launcher, and contexts that record what the page saw. */
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "../../../scripts/engines.mjs";

/**
 * One Chromium for the test file that calls this at its top: launched before its tests, closed
 * after them. Returns a function that opens a new customer (a context from newContext below).
 */
export function useChromium(): (options?: Parameters<Browser["newContext"]>[0]) => Promise<BrowserContext> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (options) => {
    if (!browser) throw new Error("Chromium is not running: call useChromium() at the top of the test file.");
    return newContext(browser, options);
  };
}

let customers = 0;

/**
 * A fresh browser context (its own storage) whose pages record every checkout-status event and
 * every Content-Security-Policy violation in window globals, from before any page script runs.
 * Each context is its own customer: it sends its own client address (CF-Connecting-IP, as
 * Cloudflare sets it), so the per-customer creation rate limit sees different customers, not
 * every test as one 127.0.0.1.
 */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  customers += 1;
  const clientAddress = `198.51.100.${(customers % 250) + 1}`;
  const context = await browser.newContext({
    viewport: { width: 1100, height: 900 },
    locale: "en-US",
    extraHTTPHeaders: { "cf-connecting-ip": clientAddress },
    ...options,
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __statuses: string[]; __violations: string[] };
    w.__statuses = [];
    w.__violations = [];
    document.addEventListener("checkout-status", (event) =>
      w.__statuses.push((event as CustomEvent<{ status: string }>).detail.status),
    );
    document.addEventListener(
      "securitypolicyviolation",
      (event) => w.__violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      true,
    );
  });
  return context;
}
