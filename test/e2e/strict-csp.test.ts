/**
 * Host pages with a strict Content-Security-Policy (no 'unsafe-inline', no 'unsafe-eval'): the
 * demo page itself, and a shop site on another origin that pastes the embed snippet (hashed
 * script with Subresource Integrity) copied from the demo. Neither may see a violation.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useChromium } from "./support/browser.js";
import { demoUrl, statusHeading, uniqueOrder, violations, waitForPayment } from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";

const newCustomer = useChromium();

function strictPolicy(...extra: string[]): string {
  const sources = ["'self'", ...extra].join(" ");
  return [
    "default-src 'none'",
    `script-src ${sources}`,
    `style-src ${sources}`,
    `connect-src ${sources}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Console messages that mention the Content Security Policy. */
function cspConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}

/** Pays the payment on screen and waits for the element to show it: the stream works under the policy. */
async function payAndSeeIt(page: Page): Promise<void> {
  const view = await waitForPayment(page, "NEW");
  await page.locator("crypto-checkout [part=qr] svg").waitFor();
  await sandbox.pay(view.paymentId, view.transferAmount);
  await waitForPayment(page, "UNCONFIRMED");
  await statusHeading(page).filter({ hasText: "Payment received, waiting for confirmation" }).waitFor();
}

describe("strict Content-Security-Policy", () => {
  it("(j) the demo page under a strict CSP header shows no violation", async () => {
    const context = await newCustomer();
    const page = await context.newPage();
    const consoleCsp = cspConsole(page);
    const url = demoUrl({ order: uniqueOrder("csp"), amount: "21.00" });
    const policy = strictPolicy();
    await page.route(url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": policy } });
    });
    const documentResponse = page.waitForResponse(url);
    await page.goto(url);
    expect((await documentResponse).headers()["content-security-policy"]).toBe(policy);

    await payAndSeeIt(page);
    await page.locator("#snippet").filter({ hasText: "integrity=" }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);

    // The policy is in force (and the listener works): an inline script is blocked and reported.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true";
      document.head.append(script);
    });
    await page.waitForFunction(() => (window as unknown as { __violations: string[] }).__violations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    expect(await violations(page)).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
    await context.close();
  });

  it("(j) a shop page on another origin embeds the copied snippet (SRI) under a strict CSP", async () => {
    const checkoutUrl = inject("checkoutUrl");
    const embedOrigin = inject("embedOrigin");
    // No extra request headers here: the shop page's requests are cross-origin and go as a browser sends them.
    const context = await newCustomer({ extraHTTPHeaders: {} });
    const demo = await context.newPage();
    await demo.goto(demoUrl({ order: uniqueOrder("embed"), amount: "9.50" }));
    const snippet = (await demo.locator("#snippet").filter({ hasText: "integrity=" }).textContent()) ?? "";
    await demo.close();
    expect(snippet).toMatch(/<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/widget\.[\w-]+\.js"\s+integrity="sha384-[A-Za-z0-9+/=]+" crossorigin="anonymous"><\/script>/);

    // The shop's own page: its own order id in the pasted element, nothing inline, a strict policy.
    const order = uniqueOrder("shop");
    const body = snippet.replace(/order-id="[^"]*"/, `order-id="${order}"`);
    const policy = strictPolicy(checkoutUrl, checkoutUrl.replace(/^http/, "ws"));
    await context.route(`${embedOrigin}/**`, (route) =>
      route.fulfill({
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": policy },
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main><h1>Checkout</h1>${body}</main></body></html>`,
      }),
    );
    // Chromium asks before a page reaches the loopback address space (the Worker here; a public host in production).
    await context.grantPermissions(["local-network-access"], { origin: embedOrigin });
    const page = await context.newPage();
    const consoleCsp = cspConsole(page);
    const scriptResponse = page.waitForResponse((response) => /\/widget\.[\w-]+\.js$/.test(response.url()));
    await page.goto(`${embedOrigin}/checkout`);
    expect((await scriptResponse).headers()["access-control-allow-origin"]).toBe("*");

    await payAndSeeIt(page);
    const view = await waitForPayment(page);
    expect(view.externalPaymentId).toBe(`demo-open:${order}`);
    expect(await violations(page)).toEqual([]);
    expect(consoleCsp).toEqual([]);
    await context.close();
  });
});
