/**
 * The built dashboard as the checkout Worker serves it (its files from the asset layer, every deep
 * link answered with its index.html, the strict CSP of public-headers/_headers), in Chromium,
 * Firefox and WebKit: each page opened by its own URL shows, axe finds no violation, and the
 * browser reports no CSP violation. The dashboard API's answers here are fixtures served by each
 * engine's proxy (test/dashboard/support/fixtures.ts), so that what is checked is the app and how
 * it is served; dashboard-flow.test.ts runs it against the Worker's real API.
 */
import { describe, expect, inject, it } from "vitest";
import { violations } from "./support/checkout-page.js";
import { dashboardAxe, serveAxe, waitForDashboardPage } from "./support/dashboard.js";
import { ENGINES, useEngine } from "./support/engines.js";
import { DETAIL, LIST, OVERVIEW, SESSION, SETTINGS, WEBHOOKS } from "../dashboard/support/fixtures.js";

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const PAGES: [path: string, heading: string, check: string][] = [
  ["/dashboard/?shop=demo-open", "Overview", "svg[role=img] rect.seg"],
  ["/dashboard/payments?shop=demo-open&status=CONFIRMED", "Payments", "table.payments a.row-link"],
  [
    `/dashboard/payments/${DETAIL.payment.paymentId}?shop=demo-open`,
    `Payment ${DETAIL.payment.paymentId}`,
    ".timeline table.attempts",
  ],
  ["/dashboard/webhooks?shop=demo-open", "Webhooks", "section.endpoint"],
  ["/dashboard/settings?shop=demo-open", "Settings", "form.settings-form"],
  ["/dashboard/sign-in", "Sign in", "[role=alert]"],
];

describe.each(ENGINES)("the dashboard under its strict CSP [%s]", (name) => {
  const { newCustomer, engine } = useEngine(name);

  it("serves every page by its own URL with the CSP and no-store, and each shows without a violation of it or of axe", async () => {
    const origin = inject("checkoutUrl");
    const api = `${origin}/dashboard/api`;
    const json = (body: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const { proxy } = engine();
    proxy.serve(`${api}/session`, json(SESSION));
    proxy.serve(`${api}/shops/demo-open/overview`, json(OVERVIEW));
    proxy.serve(`${api}/shops/demo-open/payments`, json(LIST));
    proxy.serve(`${api}/shops/demo-open/payments/${DETAIL.payment.paymentId}`, json(DETAIL));
    proxy.serve(`${api}/shops/demo-open/webhooks`, json(WEBHOOKS));
    proxy.serve(`${api}/shops/demo-open/settings`, json(SETTINGS));
    serveAxe(engine(), origin);

    const page = await newCustomer();
    for (const [path, heading, check] of PAGES) {
      const served = await fetch(`${origin}${path}`);
      await served.arrayBuffer();
      expect(served.status, path).toBe(200);
      expect(served.headers.get("content-security-policy"), path).toBe(CSP);
      expect(served.headers.get("cache-control"), path).toBe("no-store");

      await page.goto(`${origin}${path}`);
      await waitForDashboardPage(page, heading);
      expect(await page.evaluate((selector) => document.querySelector(selector) !== null, check), path).toBe(true);
      expect(await dashboardAxe(page), path).toEqual([]);
      expect(await violations(page), path).toEqual([]);
    }
  });
});
