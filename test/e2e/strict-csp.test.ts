/**
 * Host pages with a strict Content-Security-Policy (no 'unsafe-inline', no 'unsafe-eval'), in
 * every engine: the demo page itself, under the policy the checkout Worker serves it with, and a
 * shop site on another origin that pastes the embed snippet (hashed script with Subresource
 * Integrity) copied from the demo. Neither may see a violation.
 */
import { describe, expect, inject, it } from "vitest";
import { ENGINES, useEngine } from "./support/engines.js";
import type { EnginePage } from "./support/engines.js";
import { demoUrl, uniqueOrder, violations, waitFor, waitForPayment, waitForStatus } from "./support/checkout-page.js";
import { sandbox } from "./support/sandbox.js";

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

/** Pays the payment on screen and waits for the element to show it: the stream works under the policy. */
async function payAndSeeIt(page: EnginePage): Promise<void> {
  const view = await waitForPayment(page, "NEW");
  await waitFor(
    page,
    () => document.querySelector("crypto-checkout")?.shadowRoot?.querySelector("[part=qr] svg") != null,
    undefined,
    "the QR code",
  );
  await sandbox.pay(view.paymentId, view.transferAmount);
  await waitForPayment(page, "UNCONFIRMED");
  await waitForStatus(page, "Payment received, waiting for confirmation");
}

/** The snippet the demo page shows, once it carries the SRI hash. */
async function copiedSnippet(page: EnginePage): Promise<string> {
  await waitFor(
    page,
    () => document.querySelector("#snippet")?.textContent?.includes("integrity=") ?? false,
    undefined,
    "the embed snippet",
  );
  return page.evaluate(() => document.querySelector("#snippet")?.textContent ?? "", undefined);
}

describe.each(ENGINES)("strict Content-Security-Policy [%s]", (name) => {
  const { newCustomer, engine } = useEngine(name);

  it("(j) the demo page under a strict CSP header shows no violation", async () => {
    const url = demoUrl({ order: uniqueOrder("csp"), amount: "21.00" });
    // The policy the Worker serves the demo page with (public-headers/_headers), as the browser gets it.
    const served = await fetch(url);
    await served.arrayBuffer();
    expect(served.headers.get("content-security-policy")).toBe(strictPolicy());

    const page = await newCustomer();
    await page.goto(url);
    await payAndSeeIt(page);
    await copiedSnippet(page);
    expect(await violations(page)).toEqual([]);

    // The policy is in force (and the recorder works): an inline script is blocked and reported.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true";
      document.head.append(script);
    }, undefined);
    await waitFor(
      page,
      () => (window as unknown as { __violations: string[] }).__violations.length > 0,
      undefined,
      "the violation report",
    );
    expect(await page.evaluate(() => "__inlineRan" in window, undefined)).toBe(false);
    expect(await violations(page)).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
  });

  it("(j) a shop page on another origin embeds the copied snippet (SRI) under a strict CSP", async () => {
    const checkoutUrl = inject("checkoutUrl");
    const embedOrigin = inject("embedOrigin");
    const page = await newCustomer();
    await page.goto(demoUrl({ order: uniqueOrder("embed"), amount: "9.50" }));
    const snippet = await copiedSnippet(page);
    expect(snippet).toMatch(
      /<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/widget\.[\w-]+\.js"\s+integrity="sha384-[A-Za-z0-9+/=]+" crossorigin="anonymous"><\/script>/,
    );

    // The shop's own page: its own order id in the pasted element, nothing inline, a strict policy.
    // Only the test's proxy answers for the shop's origin: nothing listens there.
    const order = uniqueOrder("shop");
    const body = snippet.replace(/order-id="[^"]*"/, `order-id="${order}"`);
    const policy = strictPolicy(checkoutUrl, checkoutUrl.replace(/^http/, "ws"));
    const { proxy } = engine();
    proxy.serve(`${embedOrigin}/checkout`, {
      headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": policy },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title></head><body><main><h1>Checkout</h1>${body}</main></body></html>`,
    });
    const mark = proxy.requests.length;
    await page.goto(`${embedOrigin}/checkout`);
    const script = proxy.since(mark).find((request) => /\/widget\.[\w-]+\.js$/.test(request.url));
    expect(script?.url.startsWith(checkoutUrl)).toBe(true);
    const scriptResponse = await fetch(script?.url ?? "");
    await scriptResponse.arrayBuffer();
    expect(scriptResponse.headers.get("access-control-allow-origin")).toBe("*");

    await payAndSeeIt(page);
    const view = await waitForPayment(page);
    expect(view.externalPaymentId).toBe(`demo-open:${order}`);
    expect(await violations(page)).toEqual([]);
  });
});
